"""The Pulp City Card Designer form writes a Supreme as the roster format's character: what
the player types, no more, so a named Supreme's book values fill the blanks."""

import pytest

from cards.games.pulp_city.designer import PulpCityCharacterForm
from rosters.models import Character
from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_city.engine import character_findings, printed_profile
from rules.games.pulp_city.skills import parse_skills


@pytest.fixture(scope="module")
def rules():
    return rules_book_from_fixtures("pulp-city")


def posted(rules, **fields):
    data = {"character_type": "level-2", "name": "Blaze", **fields}
    form = PulpCityCharacterForm(data, rules=rules)
    form.is_valid()
    return form


def test_a_designed_supreme_becomes_a_complete_card(rules):
    form = posted(
        rules,
        sides=["heroes"],
        origin="science",
        strength="3",
        defense="4",
        energy="7",
        agility="5",
        mind="2",
        spirit="3",
        trump_traits=["energy"],
        damage="9",
        ap="6",
        skills="Blitzer 2, Mechanical, Super Duo Stalk",
        action_1_name="Plasma Lance",
        action_1_type="r",
        action_1_attack_trait="energy",
        action_1_defense_trait="agility",
        action_1_range="10",
        action_1_ap="3",
        action_1_summary="A white-hot beam.",
        team_power_name="Spark",
        team_power_summary="Friends within 3 inches add 1 to Energy.",
        resources=["force-field"],
    )
    character = form.character_data()
    assert character["type"] == "level-2"
    assert character["profile"]["skills"] == [
        {"skill": "blitzer", "x": 2},
        {"skill": "mechanical", "x": None},
        {"skill": "super-duo", "x": "Stalk"},
    ]
    assert character_findings(character, rules) == []
    printed = printed_profile(character, rules).game
    assert printed.exclusive_actions[0]["notation"] == "(R Energy vs. Agility / rng 10 / AP 3)"
    assert printed.missing == []


def test_blank_fields_leave_the_named_supremes_values(rules):
    character = posted(rules, base="solar", origin="nature").character_data()
    assert character["profile"] == {"base": "solar", "origin": "nature"}
    assert printed_profile(character, rules).game.ap == 6


def test_a_saved_supreme_opens_with_its_values(rules):
    form = posted(rules, base="androida", skills="Blitzer 1", action_1_name="Zip", action_1_ap="1")
    saved = form.character_data()
    initial = PulpCityCharacterForm.initial_for(rules=rules, character_type=None, character=saved)
    again = PulpCityCharacterForm({k: v for k, v in initial.items() if v is not None}, rules=rules)
    again.is_valid()
    assert again.character_data() == saved


def test_an_unknown_skill_is_kept_for_the_report_to_name(rules):
    assert parse_skills("Laser Vision 3", rules) == [{"skill": "laser-vision-3", "x": None}]


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("Blitzer " + "9" * 40, "at most 99"),
        ("!!!", "'!!!' is not a skill name"),
        ("x" * 81, "at most 80 characters"),
        ("Super Duo " + "y" * 81, "at most 80 characters"),
    ],
)
def test_a_skill_line_a_roster_file_cannot_hold_is_refused_by_name(rules, typed, words):
    """What the designer saves, the export writes and the import takes back: a skill line
    outside the file format's limits is a form error, never a card that cannot travel."""
    form = posted(rules, skills=typed)
    assert not form.is_valid()
    (error,) = form.errors["skills"]
    assert words in error
    form.character_data()  # the live preview still follows what was typed


def test_an_unknown_skill_is_kept_as_a_slug_the_file_format_takes(rules):
    assert parse_skills("Laser_Vision", rules) == [{"skill": "laser-vision", "x": None}]


def test_a_superscript_value_is_kept_as_typed_not_a_crash(rules):
    # "²" is a digit to str.isdigit but not to int(): it is the value's name, as typed.
    assert parse_skills("Blitzer ²", rules) == [{"skill": "blitzer", "x": "²"}]


@pytest.mark.django_db
def test_the_designer_page_names_the_skill_it_cannot_save(client, rules_data):
    data = {"ruleset": "pulp-city", "character_type": "level-1", "name": "Blaze"}
    response = client.post("/cards/designer/", data | {"skills": "Blitzer " + "9" * 40})
    assert response.status_code == 400
    assert "a skill&#x27;s value is at most 99" in response.content.decode()
    assert not Character.objects.exists()


def test_starting_from_a_named_supreme_takes_its_level(rules):
    """'Start from Solar' with Level left at 1 used to make a Level 1 card the report refused."""
    character = posted(rules, character_type="level-1", base="solar").character_data()
    assert character["type"] == "level-2"
    assert not [f for f in character_findings(character, rules) if f.code == "level-mismatch"]
    own = posted(rules, character_type="level-3").character_data()
    assert own["type"] == "level-3"  # a Supreme of the player's own keeps the Level chosen
