"""What a player may print: only their own things, every deck, and roster files with their
portraits."""

import base64
import json
from io import BytesIO
from pathlib import Path

import pytest
from django.conf import settings
from PIL import Image

from cards.printing import sources
from rosters.handlers.cards import save_card
from rosters.handlers.transfer import import_roster
from rosters.models import Character, Roster
from rosters.portraits import PORTRAIT_PIXELS
from rules.fixture_book import rules_book_from_fixtures
from rules.models import Ruleset

EXAMPLE = Path(settings.BASE_DIR) / "docs" / "examples" / "singapore-smith.json"


@pytest.mark.django_db
def test_the_menu_offers_my_rosters_and_every_deck(player, rival, pulp_alley):
    mine = Roster.objects.create(owner=player, ruleset=pulp_alley, name="Mine")
    Roster.objects.create(owner=rival, ruleset=pulp_alley, name="Theirs")
    values = [value for value, _ in sources.source_choices(player)]
    assert values[0] == sources.CARDS
    assert f"roster-{mine.pk}" in values
    assert not any("Theirs" in label for _, label in sources.source_choices(player))
    assert "deck-pulp-alley/fortune" in values and "deck-pulp-alley/plot-point-rewards" in values


@pytest.mark.django_db
def test_anonymous_visitors_get_no_rosters(rules_data):
    values = [value for value, _ in sources.source_choices(None)]
    assert not any(value.startswith("roster-") for value in values)


@pytest.mark.django_db
def test_cards_of_a_ruleset_without_a_design_are_named_not_dropped(player, pulp_alley):
    # A game listed with its books but not registered (all four shipped games are).
    dime_novel = Ruleset.objects.create(
        slug="dime-novel", name="Dime Novel", edition="1", source_book="Rules", force_name="gang"
    )
    Character.objects.create(
        owner=player,
        ruleset=dime_novel,
        character_type="hero",
        name="Red Riot",
        marked_for_print=True,
    )
    printable = sources.marked_cards(player, {})
    assert printable.faces == []
    assert printable.skipped == ["Red Riot: There is no card design for Dime Novel characters yet."]


def test_a_roster_file_prints_with_its_portrait_cut_to_the_box():
    roster = json.loads(EXAMPLE.read_text())
    picture = BytesIO()
    Image.new("RGB", (1200, 900), (31, 95, 97)).save(picture, "PNG")
    roster["characters"][0]["portrait"] = {
        "media_type": "image/png",
        "data": base64.b64encode(picture.getvalue()).decode(),
        "crop": {"x": 0.5, "y": 0.5, "zoom": 1.5},
    }
    made = sources.roster_file_faces(
        roster, rules_book_from_fixtures("pulp-alley"), ruleset_name="Pulp Alley"
    )
    assert [face.title for face in made] == [c["name"] for c in roster["characters"]]
    uri = made[0].data["portrait_uri"]
    assert uri.startswith("data:image/jpeg;base64,")
    cropped = Image.open(BytesIO(base64.b64decode(uri.split(",", 1)[1])))
    assert cropped.size == PORTRAIT_PIXELS
    assert made[1].data["portrait_uri"] is None


HEROES = Path(settings.BASE_DIR) / "docs" / "examples" / "pulp-fiction-heroes.json"


def test_a_band_file_prints_whom_each_figure_serves_by_name():
    roster = json.loads(HEROES.read_text())
    made = sources.roster_file_faces(
        roster, rules_book_from_fixtures("pulp-fiction"), ruleset_name="Pulp Fiction"
    )
    assert [face.data["serves"] for face in made] == [""] + ["Serves Doc Thunder"] * 3


@pytest.mark.django_db
def test_a_saved_band_prints_whom_each_figure_serves_by_its_name_now(player, rules_data):
    roster = import_roster(owner=player, document=json.loads(HEROES.read_text())).roster
    doc = roster.members.get(position=0).character
    renamed = {"type": doc.character_type, "name": "Doc Lightning", "profile": doc.profile}
    save_card(owner=player, ruleset=doc.ruleset, data=renamed, character=doc)
    made = sources.roster_cards(player, roster.pk, {}).faces
    assert [face.data["serves"] for face in made] == [""] + ["Serves Doc Lightning"] * 3
