"""The Pulp City Super Team report (Game Guide pp.8-9, 13, 27, 29, 31): Encounter Level, level
mix, sides and Greed, Agendas, the leader's sub-faction bonus and the team's pools. Each rule has
a team that passes and one that fails. No database: the rules come from fixtures/pulp-city."""

import json
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from hypothesis import given
from hypothesis import strategies as st

from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_city.engine import (
    character_cost,
    character_findings,
    evaluate,
    printed_profile,
)
from tests.rules.ids import with_ids

TRAITS = {"strength": 4, "defense": 4, "energy": 4, "agility": 4, "mind": 4, "spirit": 4}


@pytest.fixture(scope="module")
def rules():
    return rules_book_from_fixtures("pulp-city")


def supreme(name, level, sides=("heroes",), origin="science", **profile):
    """A complete card, so only the rule under test shows in the report."""
    card = {
        "sides": list(sides),
        "origin": origin,
        "traits": TRAITS,
        "trump_traits": [],
        "damage": 8,
        "ap": 5,
        "skills": [],
        "resources": [],
    }
    return {"name": name, "type": f"level-{level}", "profile": card | profile}


def team(*characters, encounter_level=8, side="heroes", house_rules=(), **choices):
    return {
        "format": "cliffhanger-roster",
        "version": 1,
        "ruleset": "pulp-city",
        "name": "Test team",
        "budget": encounter_level,
        "choices": {"side": side, **choices},
        "house_rules": list(house_rules),
        "characters": with_ids(characters),
    }


def starter(*extra_first, **overrides):
    """EL 8: two Level 1 and three Level 2 Heroes (the starter box mix, p.9)."""
    members = [
        supreme("One", 1),
        supreme("Two", 1),
        supreme("Three", 2),
        supreme("Four", 2),
        supreme("Five", 2),
    ]
    for index, character in enumerate(extra_first):
        members[index] = character
    return team(*members, **overrides)


def codes(report, severity=None):
    return {f.code for f in report.findings if severity is None or f.severity == severity}


def test_the_starter_box_mix_is_legal_with_its_pools(rules):
    report = evaluate(starter(), rules)
    assert report.legal, report.findings
    assert report.findings == ()
    assert (report.budget.used, report.budget.total) == (8, 8)
    details = report.budget.details
    assert details["level_mix"] == "2×L1 + 3×L2"
    assert details["changes_to_legal_mix"] == 0
    assert details["resource_pool"] == {"used": 0, "total": 8}
    assert details["action_pool"] == 18
    assert details["agendas"] == {"used": 0, "total": 2}


def test_the_book_duo_has_an_action_pool_of_8(rules):
    duo = team(supreme("Ace of Wraiths", 2), supreme("Androida", 1), encounter_level=3)
    report = evaluate(duo, rules)
    assert report.legal
    assert report.budget.details["action_pool"] == 8


@pytest.mark.parametrize("encounter_level", [2, 25, None, "8"])
def test_an_encounter_level_outside_3_to_24_is_an_error(rules, encounter_level):
    report = evaluate(starter(encounter_level=encounter_level), rules)
    assert "encounter-level" in codes(report, "error")
    assert report.budget.total is None


def test_levels_must_add_up_to_exactly_the_encounter_level(rules):
    short = starter(encounter_level=9)
    report = evaluate(short, rules)
    assert "levels-sum" in codes(report, "error")
    assert "add 1" in next(f.message for f in report.findings if f.code == "levels-sum")
    assert report.budget.details["changes_to_legal_mix"] == 1


def test_level_1_and_level_2_counts_must_follow_the_rule(rules):
    lopsided = team(*(supreme(f"L1 {n}", 1) for n in range(4)), supreme("A", 2), supreme("B", 2))
    report = evaluate(lopsided, rules)
    assert codes(report, "error") == {"level-mix"}
    message = next(f.message for f in report.findings if f.code == "level-mix")
    assert "2×L1 + 3×L2" in message and "3 Supremes away" in message


def test_a_level_3_needs_a_full_12_encounter_level(rules):
    leader = supreme("Boss", 3)
    legal = team(
        *(supreme(f"a{n}", 1) for n in range(3)),
        *(supreme(f"b{n}", 2) for n in range(3)),
        leader,
        encounter_level=12,
    )
    assert evaluate(legal, rules).legal
    two_bosses = team(
        *(supreme(f"b{n}", 2) for n in range(3)),
        leader,
        supreme("Other boss", 3),
        encounter_level=12,
    )
    assert codes(evaluate(two_bosses, rules), "error") == {"level-3-limit"}
    at_11 = team(
        supreme("a", 1),
        supreme("b", 1),
        supreme("c", 2),
        supreme("d", 2),
        leader,
        encounter_level=11,
    )
    assert "level-3-limit" in codes(evaluate(at_11, rules), "error")


def test_a_side_must_be_chosen(rules):
    assert "no-side" in codes(evaluate(starter(side=None), rules), "error")


def test_supremes_fight_for_their_own_side_or_both(rules):
    both = supreme("Double Agent", 1, sides=("heroes", "villains"))
    assert evaluate(starter(both), rules).legal
    villain = supreme("Gentleman", 1, sides=("villains",))
    report = evaluate(starter(villain), rules)
    assert "wrong-side" in codes(report, "error")
    assert report.about("Gentleman")[0].code == "wrong-side"


def test_greed_hires_across_sides_from_the_resource_pool(rules):
    sellsword = supreme("Sellsword", 1, sides=("villains",), skills=[{"skill": "greed", "x": 2}])
    report = evaluate(starter(sellsword), rules)
    assert report.legal
    assert "greed-recruit" in codes(report, "info")
    assert report.budget.details["resource_pool"] == {"used": 2, "total": 8}


def test_greed_and_resources_may_not_overdraw_the_pool(rules):
    sellsword = supreme("Sellsword", 1, sides=("villains",), skills=[{"skill": "greed", "x": 3}])
    holder = supreme("Holder", 2, resources=["sirens", "hired-guns"])
    broke = team(sellsword, holder, encounter_level=3)
    report = evaluate(broke, rules)
    assert codes(report, "error") == {"resource-pool"}
    assert report.budget.details["resource_pool"] == {"used": 5, "total": 3}
    rich = supreme(
        "Holder", 2, resources=["sirens", "hired-guns"], skills=[{"skill": "resourceful", "x": 2}]
    )
    assert evaluate(team(sellsword, rich, encounter_level=3), rules).legal


def test_agendas_one_per_five_levels_rounded_up(rules):
    two = starter(agendas=["we-must-eliminate-this-one", "the-chosen-one-may-not-perish"])
    assert evaluate(two, rules).legal
    three = starter(
        agendas=[
            "we-must-eliminate-this-one",
            "the-chosen-one-may-not-perish",
            "destroy-that-building",
        ]
    )
    report = evaluate(three, rules)
    assert "too-many-agendas" in codes(report, "error")
    assert report.budget.details["agendas"] == {"used": 3, "total": 2}


def test_one_agenda_twice_is_a_warning_with_our_reading(rules):
    """The Game Guide is silent (p.31): not an error, and the report says how we read it."""
    twice = ["we-must-eliminate-this-one"] * 2
    report = evaluate(starter(agendas=twice, side="heroes"), rules)
    assert "agenda-twice" in codes(report, "warning")
    assert "agenda-twice" not in codes(report, "error") and report.legal
    (twice,) = [finding for finding in report.findings if finding.code == "agenda-twice"]
    assert twice.page == 31 and "silent" in twice.message and "scores" in twice.message


def test_an_unknown_agenda_is_an_error(rules):
    assert "unknown-agenda" in codes(evaluate(starter(agendas=["world-peace"]), rules), "error")


def test_side_only_agendas(rules):
    assert evaluate(starter(agendas=["cradle-of-evil"]), rules).legal
    assert "agenda-side" in codes(evaluate(starter(agendas=["rob-the-money"]), rules), "error")


def test_protect_the_hq_needs_encounter_level_12(rules):
    assert "agenda-encounter-level" in codes(
        evaluate(starter(agendas=["protect-the-hq"]), rules), "error"
    )
    twelve = team(
        *(supreme(f"a{n}", 1) for n in range(4)),
        *(supreme(f"b{n}", 2) for n in range(4)),
        encounter_level=12,
        agendas=["protect-the-hq"],
    )
    assert evaluate(twelve, rules).legal


def test_evil_ritual_needs_a_mystery_supreme(rules):
    villains = dict(side="villains", agendas=["evil-ritual"])
    members = [
        supreme(n, lv, sides=("villains",)) for n, lv in [("a", 1), ("b", 1), ("c", 2), ("d", 2)]
    ]
    report = evaluate(team(*members, supreme("e", 2, sides=("villains",)), **villains), rules)
    assert "agenda-prerequisite" in codes(report, "error")
    mystic = supreme("Mystic", 2, sides=("villains",), origin="mystery")
    assert evaluate(team(*members, mystic, **villains), rules).legal


def test_an_unknown_origin_leaves_an_origin_agenda_unchecked(rules):
    unsure = supreme("Unsure", 1, origin=None)
    report = evaluate(starter(unsure, agendas=["eco-warriors"]), rules)
    assert report.legal
    assert "agenda-prerequisite" in codes(report, "warning")


def test_witness_protection_needs_a_non_exclusive_minion(rules):
    assert "agenda-prerequisite" in codes(
        evaluate(starter(agendas=["witness-protection-program"]), rules), "error"
    )
    guarded = supreme("Guarded", 1, resources=["hired-guns"])
    assert evaluate(starter(guarded, agendas=["witness-protection-program"]), rules).legal


def test_defenders_of_the_innocent_never_against_heroes(rules):
    against_heroes = starter(agendas=["defenders-of-the-innocent"], opponent_side="heroes")
    assert "agenda-opponent" in codes(evaluate(against_heroes, rules), "error")
    against_villains = starter(agendas=["defenders-of-the-innocent"], opponent_side="villains")
    assert evaluate(against_villains, rules).findings == ()
    unknown = evaluate(starter(agendas=["defenders-of-the-innocent"]), rules)
    assert unknown.legal and "agenda-opponent" in codes(unknown, "info")


def twelve_with_leader(leader_faction, *factions, merc_faction=None):
    members = [supreme(f"a{n}", 1, team_allegiance=f) for n, f in enumerate(factions[:3])]
    members += [supreme(f"b{n}", 2, team_allegiance=f) for n, f in enumerate(factions[3:6])]
    if merc_faction is not None:
        members[0] = supreme("Merc", 1, team_allegiance=merc_faction, skills=[{"skill": "merc"}])
    return team(*members, supreme("Chief", 3, team_allegiance=leader_faction), encounter_level=12)


def test_the_leader_bonus_opens_for_a_team_of_one_sub_faction(rules):
    report = evaluate(twelve_with_leader("heavy-metal", *["heavy-metal"] * 6), rules)
    assert report.legal
    assert report.about("Chief")[0].code == "leader-bonus"


def test_a_merc_counts_with_the_majority(rules):
    report = evaluate(
        twelve_with_leader("heavy-metal", *["heavy-metal"] * 6, merc_faction="blood-pact"), rules
    )
    bonus = next(f for f in report.findings if f.code == "leader-bonus")
    assert "1 Merc" in bonus.message


def test_a_mixed_team_gets_no_leader_bonus(rules):
    report = evaluate(twelve_with_leader("heavy-metal", *["heavy-metal"] * 5, "blood-pact"), rules)
    assert "leader-bonus-closed" in codes(report, "info")
    assert "leader-bonus" not in codes(report)


def test_the_same_supreme_twice_is_a_warning_with_our_reading(rules):
    twins = starter(
        supreme("Androida", 1, base="androida"), supreme("Androida", 1, base="androida")
    )
    report = evaluate(twins, rules)
    assert report.legal
    warning = next(f for f in report.findings if f.code == "same-supreme-twice")
    assert warning.severity == "warning" and "neither allows nor forbids" in warning.message


def test_leaders_and_tacticians_feed_the_action_pool_and_starting_roll(rules):
    chief = supreme("Chief", 2, skills=[{"skill": "leader", "x": 2}])
    deputy = supreme(
        "Deputy", 2, skills=[{"skill": "leader", "x": 1}, {"skill": "tactician", "x": 1}]
    )
    details = evaluate(
        starter(supreme("One", 1), supreme("Two", 1), chief, deputy), rules
    ).budget.details
    assert details["action_pool"] == 18 + 2 + 1 + 1
    assert details["starting_roll_leader_bonus"] == 2


def test_a_supreme_costs_its_level(rules):
    assert character_cost(supreme("Boss", 3), rules) == 3
    assert character_cost({"name": "?", "type": "level-9"}, rules) is None


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)
SLUGS = [
    "solar",
    "androida",
    "hellstromm",
    "zombie-wolf",
    "force-field",
    "sentry-bots",
    "greed",
    "leader",
    "merc",
    "construct",
    "living-arsenal",
    "weapon-master",
    "resourceful",
    "heroes",
    "villains",
    "science",
    "mystery",
    "heavy-metal",
    "sabotage",
    "eco-warriors",
    "protect-the-hq",
]
slug_or_junk = st.sampled_from(SLUGS) | json_values
characters = st.fixed_dictionaries(
    {
        "name": st.text(max_size=8),
        "type": st.sampled_from(["level-1", "level-2", "level-3", "level-9"]) | json_values,
    },
    optional={
        "profile": st.fixed_dictionaries(
            {},
            optional={
                "base": slug_or_junk,
                "sides": st.lists(slug_or_junk, max_size=3) | json_values,
                "origin": slug_or_junk,
                "team_allegiance": slug_or_junk,
                "traits": st.dictionaries(
                    st.sampled_from(["strength", "mind", "luck"]), json_values
                )
                | json_values,
                "trump_traits": st.lists(slug_or_junk, max_size=3) | json_values,
                "skills": st.lists(
                    st.fixed_dictionaries({"skill": slug_or_junk, "x": json_values}) | slug_or_junk,
                    max_size=4,
                )
                | json_values,
                "resources": st.lists(slug_or_junk, max_size=4) | json_values,
                "exclusive_actions": st.lists(
                    st.dictionaries(
                        st.sampled_from(["name", "attack", "ap", "range", "vs", "attack_trait"]),
                        json_values,
                    ),
                    max_size=2,
                )
                | json_values,
                "damage": json_values,
                "ap": json_values,
                "team_power": json_values,
            },
        )
    },
)
rosters = st.fixed_dictionaries(
    {},
    optional={
        "budget": st.integers(-2, 30) | json_values,
        "choices": st.fixed_dictionaries(
            {},
            optional={
                "side": slug_or_junk,
                "agendas": st.lists(slug_or_junk, max_size=6) | json_values,
                "opponent_side": slug_or_junk,
            },
        )
        | json_values,
        "characters": st.lists(characters | json_values, max_size=8),
        "house_rules": st.lists(
            st.fixed_dictionaries(
                {
                    "kind": st.sampled_from(
                        [
                            "resource",
                            "skill",
                            "supreme",
                            "trait",
                            "agenda",
                            "resource-category",
                            "trump-action",
                        ]
                    ),
                    "slug": st.text(max_size=6),
                },
                optional={"level": json_values, "data": json_values, "effect": json_values},
            ),
            max_size=3,
        )
        | json_values,
    },
)


@given(roster=rosters)
def test_any_roster_file_gets_a_report_never_an_exception(rules, roster):
    report = evaluate(roster, rules)
    assert report.ruleset == "pulp-city"
    assert isinstance(report.to_dict()["legal"], bool)


@given(character=characters | json_values)
def test_any_character_prints_and_is_checked_without_an_exception(rules, character):
    printed_profile(character, rules)
    character_findings(character, rules)
    character_cost(character, rules)


EXAMPLES = Path(django_settings.BASE_DIR) / "docs" / "examples"


def test_the_example_starter_box_is_a_legal_encounter_level_8_team(rules):
    roster = json.loads((EXAMPLES / "pulp-city-starter-box.json").read_text())
    report = evaluate(roster, rules)
    assert report.legal
    assert report.budget.details["level_mix"] == "2×L1 + 3×L2"
    assert (report.budget.used, report.budget.total) == (8, 8)


def test_the_example_major_clash_is_a_legal_encounter_level_12_team_with_a_leader(rules):
    roster = json.loads((EXAMPLES / "pulp-city-major-team-clash.json").read_text())
    report = evaluate(roster, rules)
    assert report.legal
    assert report.budget.details["level_mix"] == "3×L1 + 3×L2 + 1×L3"
    assert report.budget.details["starting_roll_leader_bonus"] == 2
    assert report.budget.details["action_pool"] == 2 * 12 + 2 + 2


def test_the_sheet_counts_the_citizens_the_encounter_level_puts_on_the_table(rules):
    """With Agendas, as many Citizens as the Encounter Level (p.31); none without them."""
    with_agendas = evaluate(starter(agendas=["we-must-eliminate-this-one"]), rules).budget
    assert with_agendas.details["citizens"] == 8
    assert "citizens: 8" in with_agendas.detail_lines
    assert "citizens" not in evaluate(starter(), rules).budget.details
