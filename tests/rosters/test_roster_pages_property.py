"""Whatever the import accepts, every page and PDF of that roster renders: the property that
the format's stated limits (docs/roster.schema.json) are the right ones. Rosters of every game
in roster_strategies.PARTS are generated at and inside those limits, imported through the web
page, and then every view of the roster is fetched. Then the same with whatever the campaign
forms accept on top (hostile posts included): the roster's export imports again unchanged."""

import json
import re

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils.html import escape
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from rosters.format import validate_roster
from rosters.models import Roster
from rosters.samples import sample_document
from rules.engines import boss_roles
from rules.engines.plain import recharactered, repointed
from rules.rulesets import REGISTRY
from tests.cards.pdf_reading import read
from tests.properties import REUSES_FUNCTION_FIXTURES
from tests.rosters.roster_strategies import PARTS, book, rosters, slug_of, text
from tests.rosters.test_form_bounds import designer_form, number_fields

pytestmark = pytest.mark.django_db

# Each example renders two PDFs and the card sheet: a handful per game keeps the suite quick,
# and Hypothesis's database replays any failure it ever found first.
EXAMPLES_PER_GAME = 6


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def import_file(client, document):
    content = json.dumps(document, ensure_ascii=False).encode()
    upload = SimpleUploadedFile("roster.json", content, content_type="application/json")
    response = client.post("/rosters/import/", {"file": upload})
    errors = response.context["form"].errors if response.status_code == 400 else None
    assert response.status_code == 302, errors
    return int(re.fullmatch(r"/rosters/(\d+)/", response["Location"]).group(1))


def fetch(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return response


def pdf(client, url):
    response = fetch(client, url)
    assert response["Content-Type"] == "application/pdf"
    return read(response.content)


def pdf_pages(client, url):
    return len(pdf(client, url).pages)


def renders_everywhere(client, pk):
    roster = Roster.objects.get(pk=pk)
    page = fetch(client, f"/rosters/{pk}/").content.decode()
    assert escape(roster.name) in page
    exported = json.loads(fetch(client, f"/rosters/{pk}/export.json").content)
    validate_roster(exported)  # what the export writes, the import takes back
    assert fetch(client, f"/rosters/{pk}/export.txt").content.decode().startswith(roster.name)
    assert pdf_pages(client, f"/cheat-sheets/rosters/{pk}/roster-sheet.pdf") >= 1
    assert pdf_pages(client, f"/cheat-sheets/rosters/{pk}/reference.pdf") >= 1
    for member in roster.members.all():
        fetch(client, f"/cards/{member.character_id}/edit/")
    if roster.members.exists():
        assert pdf_pages(client, f"/print/cards.pdf?source=roster-{pk}") >= 1


@pytest.mark.parametrize("ruleset", sorted(PARTS))
def test_every_page_of_an_imported_roster_renders(player_client, rules_data, ruleset):
    @hypothesis_settings(max_examples=EXAMPLES_PER_GAME)
    @given(document=rosters(ruleset))
    def check(document):
        cache.clear()  # each roster's PDFs start a fresh rate-limit count, however many run
        renders_everywhere(player_client, import_file(player_client, document))

    check()


# What a player, a careless one or an attacker types into a number field.
typed_number = st.one_of(
    st.integers(-2, 1200).map(str),
    st.sampled_from(["0", "1", "6", "7", "99", "100", "990", "991", "1000", "-1"]),
    st.sampled_from(["1e20", "1e2", "²", "Ⅻ", "9" * 5000, "", "x", "1.5", " 7 ", "0x10"]),
)
# A member of the roster by its place in the line-up (the ids are known only once imported),
# or anything at all.
member = st.one_of(st.integers(0, 3), typed_number)
REWARDS = ["tips", "backup", "contacts", "gear", "experience"]
rewards = st.lists(st.one_of(st.sampled_from(REWARDS), text(12)), max_size=12)
campaign_post = st.one_of(
    st.tuples(
        st.just("result"),
        st.fixed_dictionaries(
            {"scenario": text(80, min_size=1), "victory_points": typed_number, "rewards": rewards}
        ),
    ),
    st.tuples(
        st.just("escape"), st.fixed_dictionaries({"character_id": member, "roll": typed_number})
    ),
    st.tuples(
        st.just("spend"),
        st.fixed_dictionaries(
            {"bank": st.one_of(st.sampled_from(REWARDS), text(20)), "points": typed_number}
        ),
    ),
    st.tuples(
        st.just("learn"),
        st.fixed_dictionaries({"character": member, "ability": slug_of("pulp-alley", "ability")}),
    ),
    st.tuples(
        st.just("society"),
        st.fixed_dictionaries(
            {
                "society": slug_of("pulp-alley", "secret-society"),
                "perk": slug_of("pulp-alley", "society-perk"),
            }
        ),
    ),
    st.tuples(st.just("reorganise"), st.fixed_dictionaries({"drop": st.lists(member, max_size=2)})),
    st.tuples(st.just("undo"), st.just({})),
)


def resolved(value, ids):
    """A member's place as its card's id; anything else as typed."""
    return str(ids[value % len(ids)]) if isinstance(value, int) and ids else str(value)


def post_campaign(client, pk, action, data):
    ids = list(Roster.objects.get(pk=pk).members.values_list("character_id", flat=True))
    data = {
        key: [resolved(v, ids) for v in value] if isinstance(value, list) else resolved(value, ids)
        for key, value in data.items()
    }
    response = client.post(f"/rosters/{pk}/campaign/{action}/", data)
    assert response.status_code == 302, (action, data)


def renumbered(document, ids):
    """The document with its characters' ids replaced, in order, by `ids`, and every role and
    campaign record naming them: two imports of one file differ by their cards' ids alone."""
    new = dict(zip((c["id"] for c in document["characters"]), ids, strict=True))
    prefixes = boss_roles(document["ruleset"])
    return {
        **document,
        "characters": [
            {**c, "id": new[c["id"]], "role": repointed(c.get("role", ""), prefixes, new)}
            for c in document["characters"]
        ],
        **(
            {"campaign": recharactered(document["campaign"], new)} if "campaign" in document else {}
        ),
    }


def imports_again_unchanged(client, pk):
    exported = json.loads(fetch(client, f"/rosters/{pk}/export.json").content)
    again = json.loads(
        fetch(client, f"/rosters/{import_file(client, exported)}/export.json").content
    )
    assert renumbered(again, [c["id"] for c in exported["characters"]]) == exported


CAMPAIGN_EXAMPLES_PER_GAME = 5


@pytest.mark.parametrize("ruleset", sorted(PARTS))
def test_whatever_the_campaign_forms_accept_the_roster_still_exports_and_renders(
    player_client, rules_data, ruleset
):
    book("pulp-alley")  # the posts name the one book with campaign rules

    @hypothesis_settings(
        max_examples=CAMPAIGN_EXAMPLES_PER_GAME, suppress_health_check=REUSES_FUNCTION_FIXTURES
    )
    @given(document=rosters(ruleset), posts=st.lists(campaign_post, max_size=6))
    def check(document, posts):
        cache.clear()
        pk = import_file(player_client, document)
        for action, data in posts:
            post_campaign(player_client, pk, action, data)
        timeline = player_client.get(f"/rosters/{pk}/campaign/", headers={"HX-Request": "true"})
        assert timeline.status_code == 200
        imports_again_unchanged(player_client, pk)
        renders_everywhere(player_client, pk)

    check()


def typed_within(field):
    """What a player types into a designer's number field and the form takes: its bounds
    (often one of them), or nothing where the field may stay blank."""
    least, most = field.min_value, field.max_value
    typed = st.one_of(st.sampled_from([least, most]), st.integers(least, most)).map(str)
    return typed if field.required else st.one_of(typed, st.just(""))


def designer_numbers(ruleset):
    fields = number_fields(designer_form(ruleset, book(ruleset), {}))
    return st.fixed_dictionaries({name: typed_within(field) for name, field in fields.items()})


def reopened(ruleset, card):
    """What the designer writes when it opens `card` and the player saves it untouched."""
    form_class = type(designer_form(ruleset, book(ruleset), {}))
    initial = form_class.initial_for(rules=book(ruleset), character_type=None, character=card)
    data = {name: value for name, value in initial.items() if value is not None}
    return designer_form(ruleset, book(ruleset), data).character_data()


DESIGNER_EXAMPLES_PER_GAME = 2


@pytest.mark.parametrize("ruleset", sorted(REGISTRY))
def test_whatever_a_designer_takes_imports_back_unchanged_opens_again_and_prints(
    player_client, rules_data, ruleset
):
    """Every number each designer field takes, in any mix: the card it makes goes into a
    roster file, imports, exports and imports again the same, opens in the designer as it
    was, and prints with its name on it."""
    example = sample_document(REGISTRY[ruleset].example.removesuffix(".json"))

    @hypothesis_settings(
        max_examples=DESIGNER_EXAMPLES_PER_GAME, suppress_health_check=REUSES_FUNCTION_FIXTURES
    )
    @given(numbers=designer_numbers(ruleset))
    def check(numbers):
        cache.clear()
        form = designer_form(ruleset, book(ruleset), numbers)
        assert form.is_valid(), form.errors
        character = form.character_data()
        pk = import_file(player_client, {**example, "characters": [character]})
        imports_again_unchanged(player_client, pk)
        exported = json.loads(fetch(player_client, f"/rosters/{pk}/export.json").content)
        (card,) = exported["characters"]
        assert {key: card[key] for key in character} == character
        assert reopened(ruleset, card) == character
        (member,) = Roster.objects.get(pk=pk).members.all()
        fetch(player_client, f"/cards/{member.character_id}/edit/")
        printed = pdf(player_client, f"/print/cards.pdf?source=roster-{pk}")
        assert "BLAZE" in printed.pages[0].extract_text().upper()  # some faces print capitals

    check()
