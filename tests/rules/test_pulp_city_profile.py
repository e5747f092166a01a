"""The Pulp City card a Supreme prints (Game Guide p.8, trump actions pp.15-17) and what is
wrong with a card on its own."""

import pytest

from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_city.engine import character_findings, printed_profile
from tests.rules.test_pulp_city_engine import supreme


@pytest.fixture(scope="module")
def rules():
    return rules_book_from_fixtures("pulp-city")


def codes(character, rules):
    return {finding.code for finding in character_findings(character, rules)}


def test_a_card_marks_its_trump_traits_and_lists_skill_values(rules):
    printed = printed_profile(
        supreme(
            "Blaze", 2, trump_traits=["energy"], skills=[{"skill": "blitzer", "x": 2}, "mechanical"]
        ),
        rules,
    )
    card = printed.game
    energy = next(row for row in card.traits if row["slug"] == "energy")
    assert energy == {
        "slug": "energy",
        "name": "Energy",
        "abbreviation": "Ene",
        "value": 4,
        "trump": True,
    }
    assert [row["name"] for row in card.traits] == [
        "Strength",
        "Defense",
        "Energy",
        "Agility",
        "Mind",
        "Spirit",
    ]
    assert printed.ability_names == ("Blitzer 2", "Mechanical")
    assert (printed.level, card.damage, card.ap, card.sides, card.origin) == (
        2,
        8,
        5,
        ["Heroes"],
        "Science",
    )
    assert card.missing == []


@pytest.mark.parametrize(
    ("level", "expected"),
    [(1, ["Power-up*"]), (2, ["Power-up*", "Throw"]), (3, ["Power-up*", "Throw", "Headbutt"])],
)
def test_trump_actions_open_by_level(rules, level, expected):
    card = printed_profile(supreme("Brute", level, trump_traits=["strength"]), rules).game
    assert [action["name"] for action in card.trump_actions] == expected


def test_exclusive_actions_print_in_the_books_notation(rules):
    action = {
        "name": "Laser Gaze",
        "attack": {"type": "pr"},
        "attack_trait": "energy",
        "defense_trait": "agility",
        "range": 12,
        "ap": "3",
        "summary": "A searing look.",
    }
    blast = {"name": "Nova", "attack": {"type": "sbl", "radius": 2}, "ap": "3"}
    card = printed_profile(supreme("Blaze", 2, exclusive_actions=[action, blast]), rules).game
    assert [row["notation"] for row in card.exclusive_actions] == [
        "(Pr Energy vs. Agility / rng 12 / AP 3)",
        "(SBl2 / AP 3)",
    ]


def test_a_book_supreme_fills_in_what_the_player_leaves_out(rules):
    solar = {
        "name": "Solar",
        "type": "level-2",
        "profile": {"base": "solar", "origin": "nature", "damage": 9},
    }
    card = printed_profile(solar, rules).game
    assert (card.ap, card.origin, card.damage) == (6, "Nature", 9)
    assert card.exclusive_actions[0]["notation"] == "(SBl2 / AP 3)"
    assert [action["name"] for action in card.trump_actions] == ["Power-up*", "Leech*"]
    assert card.missing == ["traits"]
    findings = character_findings(solar, rules)
    assert [f.code for f in findings] == ["card-incomplete"]
    assert findings[0].message.startswith("6 values the Game Guide does not give print empty")
    assert "Strength" in findings[0].message and findings[0].fill_in[1:] == ("supreme", "solar")


def test_a_book_supremes_level_is_kept(rules):
    wrong = {"name": "Solar", "type": "level-1", "profile": {"base": "solar"}}
    assert "level-mismatch" in codes(wrong, rules)


def test_traits_run_from_0_to_10(rules):
    assert "trait-range" in codes(supreme("Huge", 2, traits={"strength": 11}), rules)
    assert "unknown-trait" in codes(supreme("Odd", 2, traits={"luck": 3}), rules)
    assert "unknown-trait" in codes(supreme("Odd", 2, trump_traits=["luck"]), rules)


def test_skills_are_checked_against_the_book(rules):
    assert "unknown-skill" in codes(supreme("A", 1, skills=[{"skill": "laser-vision"}]), rules)
    assert "skill-value" in codes(
        supreme("A", 1, skills=[{"skill": "blitzer", "x": "fast"}]), rules
    )
    assert "skill-value-missing" in codes(supreme("A", 1, skills=[{"skill": "blitzer"}]), rules)
    assert codes(supreme("A", 1, skills=[{"skill": "hatred", "x": "Guerilla"}]), rules) == set()


def test_unknown_type_origin_and_side(rules):
    assert "unknown-type" in codes({"name": "X", "type": "level-4", "profile": {}}, rules)
    assert "unknown-origin" in codes(supreme("X", 1, origin="magic"), rules)
    assert "bad-side" in codes(supreme("X", 1, sides=["neutral"]), rules)
    assert "unknown-supreme" in codes(
        {"name": "X", "type": "level-1", "profile": {"base": "batman"}}, rules
    )
