"""Band files come from players: whatever a file holds, the Pulp Fiction engine answers with a
report (or a card) and never raises. Hypothesis writes the files, half of them close to real
bands (with house rules whose effects hold anything) so the checks themselves run, half junk."""

import json
from dataclasses import asdict

from hypothesis import example, given
from hypothesis import strategies as st

from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_fiction.engine import (
    character_cost,
    character_findings,
    evaluate,
    printed_profile,
    role_choices,
    token_counts,
)

RULES = rules_book_from_fixtures("pulp-fiction")
HOUSE = "house-x"  # the slug the generated house rules use


def slugs(kind, *unknown):
    return [slug for entry_kind, slug in RULES.entries if entry_kind == kind] + list(unknown)


TYPES = list(RULES.character_types) + ["sidekick", ""]
TRAITS = slugs("trait", "telepath", *[HOUSE] * 6)
WEAPONS = slugs("weapon", "ray-gun", *[HOUSE] * 3)
ARMOUR = slugs("armour", "chainmail", HOUSE)
EQUIPMENT = slugs("equipment", "jetpack", *[HOUSE] * 3)
NAMES = ["Doc", "Kid", "Boss", "Thug", "", "Doc"]
ROLES = ["", "attached-to:Doc", "attached-to:Boss", "attached-to:", "boss"]
# Every effect key the rules data uses; a house rule may put anything under them.
EFFECT_KEYS = sorted({key for entry in RULES.entries.values() for key in entry["effect"]})

junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10) | st.text(max_size=8) | st.floats(),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


def maybe(strategy):
    """Mostly the real shape, sometimes anything at all."""
    return st.one_of(strategy, strategy, strategy, junk)


def some(values, size):
    return maybe(st.lists(maybe(st.sampled_from(values)), max_size=size))


weapon = st.fixed_dictionaries(
    {"weapon": maybe(st.sampled_from(WEAPONS))},
    optional={
        "to_hit": maybe(st.integers(1, 6)),
        "attacks": maybe(st.integers(1, 4)),
        "range_inches": maybe(st.integers(0, 24)),
        "holstered": maybe(st.booleans()),
        "weight": maybe(st.sampled_from(["light", "heavy"])),
    },
)
armour = st.fixed_dictionaries(
    {"armour": maybe(st.sampled_from(ARMOUR))}, optional={"save": maybe(st.integers(1, 6))}
)
profile = st.fixed_dictionaries(
    {},
    optional={
        "side": maybe(st.sampled_from(["good", "bad", "monsters"])),
        "wounds": maybe(st.integers(0, 6)),
        "move": maybe(st.integers(0, 8)),
        "traits": some(TRAITS, 5),
        "weapons": maybe(st.lists(maybe(weapon), max_size=4)),
        "armour": maybe(st.lists(maybe(armour), max_size=2)),
        "equipment": some(EQUIPMENT, 6),
        "dual_wielding": maybe(st.booleans()),
    },
)
character = st.fixed_dictionaries(
    {
        "name": maybe(st.sampled_from(NAMES)),
        "type": maybe(st.sampled_from(TYPES)),
        "role": maybe(st.sampled_from(ROLES)),
        "profile": maybe(profile),
    }
)
house_rule = st.fixed_dictionaries(
    {
        "kind": st.sampled_from(["trait", "trait", "weapon", "equipment", "armour"]),
        "slug": st.sampled_from([HOUSE, HOUSE, "leader", "backpack"]),
        "effect": maybe(
            st.dictionaries(
                st.sampled_from(EFFECT_KEYS),
                st.lists(junk, min_size=1, max_size=2) | junk,
                min_size=1,
                max_size=8,
            )
        ),
    },
    optional={"name": maybe(st.text(max_size=8)), "data": junk},
)
roster = st.fixed_dictionaries(
    {"ruleset": st.just("pulp-fiction"), "name": st.text(max_size=10)},
    optional={
        "characters": maybe(st.lists(maybe(character), max_size=6)),
        "house_rules": st.lists(house_rule, min_size=1, max_size=3) | junk,
        "choices": junk,
        "budget": junk,
    },
)


@given(roster | junk)
@example(
    {
        "characters": [{"name": "A", "type": "villain", "profile": {"traits": [HOUSE]}}],
        "house_rules": [{"kind": "trait", "slug": HOUSE, "effect": {"excludes": [{}]}}],
    }
)
def test_evaluate_never_raises_and_reports_plain_data(data):
    report = evaluate(data, RULES)
    assert report.budget.total is None
    characters = data.get("characters") if isinstance(data, dict) else None
    assert report.budget.used == (len(characters) if isinstance(characters, list) else 0)
    json.dumps(report.to_dict())
    assert isinstance(report.budget.detail_lines, list)
    assert all(count >= 0 for count in token_counts(data, RULES).values())


@given(character | junk, roster | junk)
def test_a_single_figure_always_prints_a_card(data, band):
    printed = printed_profile(data, RULES)
    card = printed.game
    json.dumps(asdict(printed))
    assert all(isinstance(value, str) for _, value in printed.cells)
    assert all(isinstance(value, str) for value, _ in role_choices(data, printed, band, RULES))
    # No wounds where nothing gives them: the rules have no standard number to print.
    assert card.wounds is None or card.wounds >= 1
    # A vehicle moves at the vehicle rules' top speed; a figure 4, 6 or under 4 inches.
    assert card.move is None or card.move in (4, 6) or card.move < 4 or card.vehicle_speeds
    for finding in character_findings(data, RULES):
        assert finding.section or finding.custom
    assert character_cost(data, RULES) is None
