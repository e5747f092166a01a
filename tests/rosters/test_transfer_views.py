"""The export downloads, the import page and the sample forces, as a player meets them."""

import base64
import json
import time
import tracemalloc
from io import BytesIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils.html import escape
from PIL import Image

from config.limits import MIB, ROSTER_FILE_MAX_ENTRIES
from rosters.format import VERSION, too_big_message, validate_roster
from rosters.handlers.transfer import import_roster
from rosters.models import Character, Roster, RosterMember
from rosters.samples import sample_document
from rules.models import LibraryEntry
from tests.rosters.hostile_files import EXAMPLES, HOSTILE_FILES, write_fifteen_million_zeros

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def league(player, pulp_alley):
    document = sample_document("singapore-smith")
    out = BytesIO()
    Image.new("RGB", (300, 400), (30, 90, 160)).save(out, "PNG")
    document["characters"][0]["portrait"] = {
        "media_type": "image/png",
        "data": base64.b64encode(out.getvalue()).decode(),
        "crop": {"x": 0.5, "y": 0.25, "zoom": 1.2},
    }
    return import_roster(owner=player, document=document).roster


def upload(document, name="league.json"):
    content = document if isinstance(document, bytes) else json.dumps(document).encode()
    return SimpleUploadedFile(name, content, content_type="application/json")


def row_counts():
    return [m.objects.count() for m in (Roster, Character, RosterMember, LibraryEntry)]


def test_the_json_download_is_a_roster_file_with_its_portraits(
    player_client, league, django_assert_num_queries
):
    # Session, user, roster, members with their cards, its game's latest data version (the
    # roster is read by the one it is checked against), the owner (whose house rules count),
    # character types, library entries: the same for any number of characters.
    with django_assert_num_queries(8):
        response = player_client.get(f"/rosters/{league.pk}/export.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == (
        'attachment; filename="singapore-smiths-league.json"'
    )
    document = validate_roster(json.loads(response.content))
    assert len(document["characters"]) == 6
    portrait = document["characters"][0]["portrait"]
    image = Image.open(BytesIO(base64.b64decode(portrait["data"])))
    assert (image.format, image.size) == ("JPEG", (300, 400))
    assert portrait["crop"] == {"x": 0.5, "y": 0.25, "zoom": 1.2}


def test_the_text_download_is_ready_to_paste(player_client, league):
    response = player_client.get(f"/rosters/{league.pk}/export.txt")
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    text = response.content.decode()
    assert text.startswith("Singapore Smith's League\nPulp Alley · 10 / 10 slots used · legal")
    assert "Chu-Chu · Follower" in text


@pytest.mark.parametrize("kind", ["json", "txt"])
def test_somebody_elses_roster_cannot_be_exported(client, rival, league, kind):
    assert client.get(f"/rosters/{league.pk}/export.{kind}").status_code == 404
    client.force_login(rival)
    assert client.get(f"/rosters/{league.pk}/export.{kind}").status_code == 404


def test_the_builder_and_the_list_link_to_the_exports(player_client, league):
    page = player_client.get(f"/rosters/{league.pk}/").content.decode()
    assert f"/rosters/{league.pk}/export.json" in page
    assert f"/rosters/{league.pk}/export.txt" in page
    listing = player_client.get("/rosters/").content.decode()
    assert "/rosters/import/" in listing and "/rosters/samples/" in listing


def test_an_uploaded_roster_opens_in_the_builder(player_client, player, pulp_alley):
    response = player_client.post(
        "/rosters/import/", {"file": upload(sample_document("singapore-smith"))}, follow=True
    )
    roster = Roster.objects.get(owner=player)
    assert response.redirect_chain[-1][0] == f"/rosters/{roster.pk}/"
    page = response.content.decode()
    assert "6 characters added to My Cards" in page
    assert "10 / 10 slots used" in page and "stamp legal" in page


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            {**sample_document("captain-wolf"), "version": VERSION + 1},
            "update Cliffhanger to open it",
        ),
        (b"{ not json", "not JSON"),
        (b"\xff\xfe\x00", "not a text file"),
    ],
    ids=["newer-version", "not-json", "binary"],
)
def test_a_bad_file_is_explained_and_nothing_is_saved(player_client, pulp_alley, content, message):
    before = row_counts()
    response = player_client.post("/rosters/import/", {"file": upload(content)})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert "Nothing was imported" in response.content.decode()
    assert row_counts() == before


def test_a_broken_character_is_named_by_its_place_in_the_file(player_client, pulp_alley):
    document = sample_document("singapore-smith")
    document["characters"][2]["profile"]["skills"]["brawl"] = "3x8"
    before = row_counts()
    response = player_client.post("/rosters/import/", {"file": upload(document)})
    assert response.status_code == 400
    assert "characters[2].profile.skills.brawl: &#x27;3x8&#x27; is not dice notation" in (
        response.content.decode()
    )
    assert row_counts() == before


def test_a_bad_portrait_is_named_by_its_character(player_client, pulp_alley):
    document = sample_document("singapore-smith")
    document["characters"][1]["portrait"] = {
        "media_type": "image/jpeg",
        "data": base64.b64encode(b"just some text").decode(),
    }
    before = row_counts()
    response = player_client.post("/rosters/import/", {"file": upload(document)})
    assert response.status_code == 400
    assert "the portrait of Arge cannot be used" in response.content.decode()
    assert row_counts() == before


def test_the_import_page_asks_for_a_file(player_client):
    response = player_client.get("/rosters/import/")
    assert response.status_code == 200
    assert 'type="file"' in response.content.decode()
    assert player_client.post("/rosters/import/", {}).status_code == 400


def test_samples_are_browsable_by_anonymous_visitors(client, pulp_alley, django_assert_num_queries):
    with django_assert_num_queries(1):  # the games' names
        response = client.get("/rosters/samples/")
    page = response.content.decode()
    assert "Singapore Smith&#x27;s League" in page and "Captain Wolf and the SS Vento" in page
    assert "Pulp Alley · 6 characters" in page


def test_a_sample_page_shows_its_report_and_saves_nothing(client, pulp_alley):
    before = row_counts()
    response = client.get("/rosters/samples/singapore-smith/")
    page = response.content.decode()
    assert "10 / 10 slots used" in page and "stamp legal" in page
    assert "Brawl 4d8" in page  # Arge's Fierce, as printed on his card
    assert "Animal (Dodge, Finesse)" in page
    assert row_counts() == before
    assert client.get("/rosters/samples/nobody/").status_code == 404


def test_a_sample_page_shows_each_figures_role_as_its_game_names_it(client, rules_data):
    page = client.get("/rosters/samples/pulp-fiction-heroes/").content.decode()
    assert page.count('<span class="tag">Serves Doc Thunder</span>') == 3


def test_a_guest_can_start_from_a_sample(client, pulp_alley):
    response = client.post("/rosters/samples/captain-wolf/start/", follow=True)
    roster = Roster.objects.get(name="Captain Wolf and the SS Vento")
    assert roster.owner.is_guest
    assert response.redirect_chain[-1][0] == f"/rosters/{roster.pk}/"
    assert "1 character added to My Cards" in response.content.decode()
    assert client.get("/cards/").content.decode().count("Captain Wolf") >= 1


def test_starting_from_a_sample_twice_gives_two_rosters(player_client, player, pulp_alley):
    for _ in range(2):
        player_client.post("/rosters/samples/singapore-smith/start/")
    assert Roster.objects.filter(owner=player).count() == 2
    assert Character.objects.filter(owner=player).count() == 12


@pytest.mark.parametrize(
    "path", ["/rosters/import/", "/rosters/samples/singapore-smith/start/"], ids=["import", "start"]
)
def test_posts_need_the_csrf_token(player, pulp_alley, path):
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    data = {"file": upload(sample_document("captain-wolf"))} if "import" in path else {}
    before = row_counts()
    assert client.post(path, data).status_code == 403
    assert row_counts() == before


def test_a_7tv_sample_page_shows_each_lines_card_and_ratings(client, rules_data):
    page = client.get("/rosters/samples/7tv-shaun/").content.decode()
    assert "36 / 40 ratings used" in page
    assert "Defence 10" in page and "10 ratings a model" in page
    assert "4 models · Fight 3" in page  # the Warriors' line
    assert "Big Heart" in page and "Magic User (2)" in page


def test_the_text_download_of_a_7tv_cast_names_its_choices(player_client, player, rules_data):
    cast = import_roster(owner=player, document=sample_document("7tv-luca")).roster
    text = player_client.get(f"/rosters/{cast.pk}/export.txt").content.decode()
    assert text.startswith("Luca's Sci-Fi Cast\n7TV · 29 / 30 ratings used · legal")
    assert "6 models · Fight" in text
    assert "Affiliation: villainous" in text and "Genre: Sci-Fi" in text


@pytest.mark.parametrize(("content", "path", "words"), HOSTILE_FILES.values(), ids=HOSTILE_FILES)
def test_a_hostile_file_gets_a_400_with_its_one_sentence_on_the_page(
    player_client, pulp_alley, content, path, words
):
    before = row_counts()
    response = player_client.post("/rosters/import/", {"file": upload(content)})
    assert response.status_code == 400
    (error,) = response.context["form"].errors["file"]
    assert words in error and error.startswith(path)
    assert escape(error) in response.content.decode()
    assert row_counts() == before


def test_a_file_over_the_size_limit_is_refused_with_the_limit(player_client, monkeypatch):
    content = json.dumps(sample_document("singapore-smith")).encode()
    monkeypatch.setattr("rosters.transfer_views.MAX_FILE_BYTES", len(content) - 1)
    response = player_client.post("/rosters/import/", {"file": upload(content)})
    assert response.status_code == 400
    assert response.context["form"].errors["file"] == [too_big_message()]
    assert not Roster.objects.exists()


@pytest.mark.parametrize(
    "choices",
    [{"affiliation": None, "genre": None}, {"affiliation": "", "genre": ""}],
    ids=["null", "empty"],
)
def test_a_cast_without_affiliation_or_genre_renders_and_comes_back(
    player_client, rules_data, choices
):
    """Null is the format's "not chosen"; empty text is what the builder stores when a player
    clears the choice, so an export of such a cast must import again."""
    cast = json.loads((EXAMPLES / "7tv-claire.json").read_text())
    cast["choices"] = choices
    response = player_client.post("/rosters/import/", {"file": upload(cast)})
    assert response.status_code == 302
    detail = response["Location"]
    for url in ("", "export.txt", "export.json"):
        assert player_client.get(f"{detail}{url}").status_code == 200
    exported = json.loads(player_client.get(f"{detail}export.json").content)
    assert validate_roster(exported)["choices"] == choices


def test_fifteen_million_zeros_are_refused_in_bounded_memory_and_nothing_is_saved(
    player_client, pulp_alley, tmp_path
):
    """Issue 22: json.loads built the whole list first (2.6 GB, half a minute)."""
    content = write_fifteen_million_zeros(tmp_path / "zeros.json").read_bytes()
    tracemalloc.start()
    started = time.monotonic()
    try:
        response = player_client.post("/rosters/import/", {"file": upload(content)})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    elapsed = time.monotonic() - started
    assert response.status_code == 400
    assert response.context["form"].errors["file"] == [
        f"A roster file may hold at most {ROSTER_FILE_MAX_ENTRIES} entries in one list;"
        " this one has more."
    ]
    # The upload itself is held a few times over (the test client's body, the file, its text);
    # past that the reader adds next to nothing.
    assert peak < 6 * len(content), f"{peak / MIB:.0f} MB"
    assert elapsed < 30, f"{elapsed:.0f} s"
    assert not Roster.objects.exists()
