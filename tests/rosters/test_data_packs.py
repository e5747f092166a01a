"""Data packs: a player's completions and house rules leave one account as a file and arrive
in another exactly, with a preview first; a bad pack is refused in one sentence and writes
nothing."""

import json

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from rosters.data_packs import DataPackError, data_pack_schema, export_pack, load_pack, preview
from rosters.handlers.completions import complete_entry, import_pack
from rules.models import LibraryEntry, Ruleset
from rules.selectors import rules_book
from rules.services import create_house_rule
from tests.properties import REUSES_FUNCTION_FIXTURES

pytestmark = pytest.mark.django_db

SOLAR = {"origin": "science", "damage": 10, "traits": {"strength": 4}}


@pytest.fixture
def pulp_city(rules_data):
    return Ruleset.objects.get(slug="pulp-city")


def club_library(player, pulp_city):
    complete_entry(owner=player, ruleset=pulp_city, kind="supreme", slug="solar", data=SOLAR)
    create_house_rule(
        owner=player,
        ruleset=pulp_city,
        kind="resource",
        name="Rocket Pack",
        summary="Fly 8 inches once a round.",
        level=1,
    )
    return json.dumps(export_pack(player, pulp_city)).encode()


def import_all(owner, ruleset, content):
    pack = load_pack(content)
    lines = preview(owner, ruleset, pack)
    return lines, import_pack(owner=owner, ruleset=ruleset, pack=pack, lines=lines)


def test_a_pack_round_trips_into_another_account(player, rival, pulp_city):
    content = club_library(player, pulp_city)
    lines, _ = import_all(rival, pulp_city, content)
    assert sorted(line.action for line in lines) == ["adds", "adds"]
    solar = rules_book(pulp_city, rival).entry("supreme", "solar")
    assert solar["data"]["damage"] == 10 and "data.damage" in solar["completed"]
    assert rules_book(pulp_city, rival).entry("resource", "house-rocket-pack")["level"] == 1
    again = json.loads(json.dumps(export_pack(rival, pulp_city)))
    assert again["house_rules"] == json.loads(content)["house_rules"]
    # Importing it a second time changes nothing; a changed value would replace.
    assert {line.action for line in import_all(rival, pulp_city, content)[0]} == {"keeps"}
    changed = json.loads(content)
    next(r for r in changed["house_rules"] if r["slug"] == "solar")["data"]["damage"] = 11
    lines = preview(rival, pulp_city, load_pack(json.dumps(changed)))
    assert [line.action for line in lines if line.slug == "solar"] == ["replaces"]


def test_a_pack_that_would_overwrite_the_book_writes_nothing(player, rival, pulp_city):
    pack = json.loads(club_library(player, pulp_city))
    pack["house_rules"].append(
        {"kind": "supreme-completion", "slug": "androida", "name": "Androida", "data": {"ap": 9}}
    )
    with pytest.raises(Exception, match="gives Androida's ap already"):
        import_all(rival, pulp_city, json.dumps(pack).encode())
    assert not LibraryEntry.objects.filter(owner=rival).exists()


def test_the_import_page_previews_then_writes(player, rival, client, pulp_city):
    content = club_library(player, pulp_city)
    client.force_login(rival)
    upload = {"file": _upload(content)}
    page = client.post("/rosters/library/pulp-city/pack/", upload).content.decode()
    assert "<strong>Adds</strong> Solar" in page and not LibraryEntry.objects.filter(owner=rival)
    response = client.post(
        "/rosters/library/pulp-city/pack/", {"pack": content.decode(), "confirm": "1"}
    )
    assert response.status_code == 302 and LibraryEntry.objects.filter(owner=rival).count() == 2
    wrong = client.post("/rosters/library/7tv/pack/", {"file": _upload(content)})
    assert (
        wrong.status_code == 400
        and "This pack is for pulp-city, not 7TV." in wrong.content.decode()
    )


def _upload(content):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("pack.json", content, content_type="application/json")


HOSTILE = [
    (b"[]", "not a Cliffhanger data pack"),
    (b'{"format": "cliffhanger-data-pack", "version": 9}', "version 9"),
    (b"{" * 40, "not JSON"),
    (b'{"format": "cliffhanger-data-pack", "version": 1, "ruleset": "pulp-city"}', "missing"),
    (
        b'{"format": "cliffhanger-data-pack", "version": 1, "ruleset": "pulp-city",'
        b' "house_rules": [{"kind": "supreme-completion", "slug": "solar", "name": "S",'
        b' "data": {"damage": 1e9}}]}',
        r"house_rules\[0\]\.data\.damage: 1000000000.0 should be a whole number",
    ),
    (b'{"format": "cliffhanger-data-pack", "x": "\\u0000"}', "NUL"),
]


@pytest.mark.parametrize(("content", "words"), HOSTILE)
def test_a_hostile_pack_is_refused_in_one_sentence(content, words):
    with pytest.raises(DataPackError, match=words) as refusal:
        load_pack(content)
    assert str(refusal.value).count(". ") == 0 and len(str(refusal.value)) < 300


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@hypothesis_settings(suppress_health_check=REUSES_FUNCTION_FIXTURES)
@given(rule=st.dictionaries(st.sampled_from(["kind", "slug", "name", "data", "level"]), JSONISH))
def test_any_pack_is_read_or_refused_never_crashes(rule):
    document = {"format": "cliffhanger-data-pack", "version": 1, "ruleset": "pulp-city"}
    content = json.dumps({**document, "house_rules": [rule]}, allow_nan=True)
    try:
        pack = load_pack(content)
    except DataPackError as refusal:
        assert str(refusal)
    else:
        assert data_pack_schema()["properties"]["format"]["const"] == pack["format"]
