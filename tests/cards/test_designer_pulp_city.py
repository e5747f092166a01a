"""The Pulp City Card Designer form writes a Supreme as the roster format's character: what
the player types, no more, so a named Supreme's book values fill the blanks."""

import pytest

from cards.designers.pulp_city import PulpCityCharacterForm, parse_skills
from rules.engines.pulp_city import character_findings, printed_profile
from rules.fixture_book import rules_book_from_fixtures


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
    printed = printed_profile(character, rules)
    assert printed["exclusive_actions"][0]["notation"] == "(R Energy vs. Agility / rng 10 / AP 3)"
    assert printed["missing"] == []


def test_blank_fields_leave_the_named_supremes_values(rules):
    character = posted(rules, base="solar", origin="nature").character_data()
    assert character["profile"] == {"base": "solar", "origin": "nature"}
    assert printed_profile(character, rules)["ap"] == 6


def test_a_saved_supreme_opens_with_its_values(rules):
    form = posted(rules, base="androida", skills="Blitzer 1", action_1_name="Zip", action_1_ap="1")
    saved = form.character_data()
    initial = PulpCityCharacterForm.initial_for(rules=rules, character_type=None, character=saved)
    again = PulpCityCharacterForm({k: v for k, v in initial.items() if v is not None}, rules=rules)
    again.is_valid()
    assert again.character_data() == saved


def test_an_unknown_skill_is_kept_for_the_report_to_name(rules):
    assert parse_skills("Laser Vision 3", rules) == [{"skill": "laser-vision-3", "x": None}]
