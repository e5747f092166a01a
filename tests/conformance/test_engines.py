"""Every registered engine's entry points survive any roster or character a file, a form or a
house rule could hand them: hypothesis builds them from the game's own vocabulary (its types,
library slugs, profile keys, effect keys) mixed with values of the wrong shape, and each entry
point must answer in its documented form without raising."""

from dataclasses import is_dataclass
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rosters.schema import ruleset_part
from rules.engines.base import Budget, Finding, PrintedAbility, PrintedProfile, Report
from rules.fixture_book import rules_book_from_fixtures
from rules.rulesets import REGISTRY

DICE = ["d6", "d8", "d10", "d12", "2d8", "3d10", "1d6", "0d6", "d7", "9d12", "—"]
CHARACTER_KEYS = ["name", "type", "role", "profile", "flavour", "portrait"]
IDS = ["0", "1", "1"]
# One run per game and property; 40 examples each keeps the whole conformance run quick.
RUN = settings(max_examples=40)


@cache
def rules(slug):
    return rules_book_from_fixtures(slug)


def schema_words(node):
    """Every property name the game's roster-schema part mentions: the keys a profile or
    choices dict may hold."""
    if isinstance(node, dict):
        found = set(node.get("properties", {}))
        for value in node.values():
            found |= schema_words(value)
        return found
    if isinstance(node, list):
        return set().union(*map(schema_words, node)) if node else set()
    return set()


@cache
def vocabulary(slug):
    book = rules(slug)
    engine = REGISTRY[slug].engine_module
    words = sorted(book.character_types) + [slug for _, slug in book.entries]
    words += [f"{kind}/{slug}" for kind, slug in book.entries] + DICE
    words += ["fellowship", "acting-leader", "sidekick-of:Anyone", "heroic", "villainous"]
    # Roles naming another character by id, as roster data holds them.
    words += [f"{prefix}{n}" for prefix in engine.BOSS_ROLES for n in IDS]
    keys = sorted(schema_words(ruleset_part(slug)) | set(engine.EFFECT_KEYS))
    kinds = sorted({kind for kind, _ in book.entries})
    return words, keys, kinds


def values(slug):
    words, keys, _ = vocabulary(slug)
    leaves = (
        st.none()
        | st.booleans()
        | st.integers(min_value=-3, max_value=40)
        | st.sampled_from(words)
        | st.text(max_size=6)
    )
    return st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(st.sampled_from(keys) | st.text(max_size=4), inner, max_size=5)
        ),
        max_leaves=12,
    )


def characters(slug):
    words, keys, _ = vocabulary(slug)
    anything = values(slug)
    return st.one_of(
        st.fixed_dictionaries(
            {"name": st.sampled_from(["Arge", "Thug", "Thug", ""]), "type": anything},
            optional={
                # Ids repeat here: engines must not trust a file's ids to be unique.
                "id": st.sampled_from(IDS) | anything,
                "role": anything,
                "profile": st.dictionaries(st.sampled_from(keys), anything, max_size=6),
            },
        ),
        anything,
    )


def rosters(slug):
    words, keys, kinds = vocabulary(slug)
    anything = values(slug)
    house_rule = st.fixed_dictionaries(
        {
            "kind": st.sampled_from(kinds),
            "slug": st.sampled_from(words),
            "name": st.text(max_size=5),
        },
        optional={"effect": anything, "level": anything, "cost": anything},
    )
    return st.fixed_dictionaries(
        {"ruleset": st.just(slug), "name": st.text(max_size=8)},
        optional={
            "budget": anything,
            "choices": st.dictionaries(st.sampled_from(keys) | st.text(max_size=3), anything),
            "characters": st.lists(characters(slug), max_size=6),
            "house_rules": st.lists(house_rule | anything, max_size=3),
        },
    )


def roster_and_character(slug):
    return st.tuples(rosters(slug), characters(slug))


@pytest.mark.parametrize("slug", list(REGISTRY))
def test_evaluate_always_answers_with_a_report(slug):
    engine = REGISTRY[slug].engine_module

    @RUN
    @given(rosters(slug))
    def check(roster):
        report = engine.evaluate(roster, rules(slug))
        assert isinstance(report, Report) and isinstance(report.budget, Budget)
        assert all(isinstance(finding, Finding) for finding in report.findings)
        report.to_dict()

    check()


@pytest.mark.parametrize("slug", list(REGISTRY))
def test_every_character_entry_point_survives_any_character(slug):
    engine = REGISTRY[slug].engine_module

    @RUN
    @given(roster_and_character(slug))
    def check(pair):
        roster, character = pair
        book = rules(slug)
        printed = engine.printed_profile(character, book)
        assert isinstance(printed, PrintedProfile) and isinstance(printed.line, str)
        assert isinstance(printed.name, str) and isinstance(printed.type_name, str)
        assert printed.cost is None or isinstance(printed.cost, int)
        assert all(isinstance(label, str) for label, _ in printed.cells)
        assert all(isinstance(ability, PrintedAbility) for ability in printed.abilities)
        assert all(isinstance(name, str) for name in printed.ability_names)
        assert all(isinstance(note, str) for note in printed.notes)
        # The game's own part is a frozen dataclass too: nothing downstream guesses keys.
        assert is_dataclass(printed.game) and printed.game.__dataclass_params__.frozen
        assert all(isinstance(f, Finding) for f in engine.character_findings(character, book))
        assert engine.character_cost(character, book) == printed.cost
        roles = engine.role_choices(character, printed, roster, book)
        assert all(isinstance(value, str) and isinstance(label, str) for value, label in roles)

    check()
