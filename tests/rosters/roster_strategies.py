"""Hypothesis strategies for roster files of every game (a Pulp Alley league, a 7TV cast, a
Pulp City team, a Pulp Fiction band) as a player, a careless editor or an attacker might
write them: every value inside the limits docs/roster.schema.json states, often at those
limits, with real slugs from the books mixed with made-up ones.

The envelope, characters and house rules are shared; what differs per game is one
RulesetParts, the PARTS of the game's own module in tests/games/ (found through the registry),
so the property test that imports and renders every page of a roster picks up a new game."""

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from types import MappingProxyType

from hypothesis import strategies as st

from rules.fixture_book import rules_book_from_fixtures
from rules.rulesets import PACKAGES, REGISTRY

# Names a Pulp Fiction figure may serve (role attached-to:<name>), so some bands have bosses.
BOSSES = ("Doc Thunder", "Baron Samedi")

# Any character but the two the format refuses (NUL, lone surrogates): markup, quotes,
# right-to-left text, emoji and combining marks are all welcome in a name.
characters_allowed = st.characters(codec="utf-8", exclude_characters="\x00")
markup = st.sampled_from(["<b>", "</td>", "&amp;", "{{ x }}", "{% y %}", '"', "'", "\\", "—"])


def text(max_size, min_size=0):
    """Text up to a field's limit, sometimes exactly at it."""
    pieces = st.one_of(st.text(characters_allowed, max_size=12), markup)
    joined = st.lists(pieces, max_size=8).map("".join)
    at_limit = st.text(characters_allowed, min_size=max_size, max_size=max_size)
    return (
        st.one_of(joined, at_limit)
        .map(lambda value: value[:max_size])
        .filter(lambda value: len(value) >= min_size)
    )


made_up_slug = st.from_regex(r"\A[a-z0-9]{1,12}(-[a-z0-9]{1,12}){0,3}\Z")  # up to 51
made_up_kind = st.from_regex(r"\A[a-z0-9]{1,9}(-[a-z0-9]{1,9}){0,3}\Z")  # up to 39
longest_slug = st.just("x" * 80)
# Slugs the house rules and the cards both draw from, so cards use the file's house rules.
house_slug = st.sampled_from(["house-ray-gun", "house-" + "x" * 74])


@cache
def book(ruleset):
    return rules_book_from_fixtures(ruleset)


def slug_of(ruleset, *kinds):
    """A slug of the book's entries of these kinds, or one nobody has."""
    known = sorted(slug for kind, slug in book(ruleset).entries if kind in kinds)
    return st.one_of(st.sampled_from(known), made_up_slug, longest_slug, house_slug)


def slugs(ruleset, *kinds, max_size=6):
    return st.lists(slug_of(ruleset, *kinds), max_size=max_size)


def type_slug(ruleset):
    known = sorted(book(ruleset).character_types) or ["x"]
    return st.one_of(st.sampled_from(known), made_up_kind, st.just("x" * 40))


def count(low=0, high=99):
    return st.integers(low, high)


@dataclass(frozen=True)
class RulesetParts:
    profile: st.SearchStrategy
    choices: st.SearchStrategy
    # The kinds players make on the house-rules page first, then others a file may carry.
    house_rule_kinds: tuple[str, ...]
    character_type: st.SearchStrategy
    # kind → its own `slug` or `data` (the game's house_rule_data); other kinds have no data.
    house_rule_fields: Mapping[str, Mapping[str, st.SearchStrategy]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    # The file's campaign block (a game with campaign rules sets its own).
    campaign: st.SearchStrategy | None = None


def maybe(strategy):
    return st.one_of(st.none(), strategy)


def bounded(low, high):
    """Whole numbers of a range, often at its ends."""
    return st.one_of(st.sampled_from([low, high]), st.integers(low, high))


# What a game without campaign rules keeps of a file's campaign block: tallies by slug.
campaign_tallies = st.dictionaries(made_up_slug, bounded(0, 99), max_size=3)


def game_tests(slug):
    """The game's own test module (tests/games/<game package>.py), or None without one."""
    name = f"tests.games.{PACKAGES[slug].rpartition('.')[2]}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None


class GameParts(Mapping):
    """Slug → RulesetParts for every registered game whose tests/games/ module has PARTS,
    read on first use (the game modules build on the helpers above)."""

    @cached_property
    def parts(self):
        found = {slug: getattr(game_tests(slug), "PARTS", None) for slug in REGISTRY}
        return {slug: parts for slug, parts in found.items() if parts is not None}

    def __getitem__(self, slug):
        return self.parts[slug]

    def __iter__(self):
        return iter(self.parts)

    def __len__(self):
        return len(self.parts)


PARTS = GameParts()


# --- Shared by every ruleset -----------------------------------------------------------------

effect = st.fixed_dictionaries(
    {},
    optional={
        "add_dice": st.dictionaries(made_up_slug, count(), max_size=2),
        "no_shoot": st.booleans(),
        "slots": count(),
        "restricted_slots": count(),
        "no_leader": st.booleans(),
        "acting_leader": made_up_slug,
        "acting_leader_cost": count(),
        "max_per_roster": st.dictionaries(made_up_slug, count(), max_size=2),
        "set_price": st.dictionaries(made_up_slug, count(), max_size=2),
        "vehicle_discount": count(),
        "free_extra": st.fixed_dictionaries(
            {"max_ratings": count()}, optional={"pp_per_turn": count()}
        ),
        "prop_cards": count(),
        "run_inches": count(),
    },
)


def house_rule(ruleset):
    """A house rule of one of the game's kinds, with every field the format allows it."""
    parts = PARTS[ruleset]
    return st.sampled_from(parts.house_rule_kinds).flatmap(
        lambda kind: house_rule_of_kind(ruleset, kind, parts.house_rule_fields.get(kind, {}))
    )


def house_rule_of_kind(ruleset, kind, own):
    return st.fixed_dictionaries(
        {
            "kind": st.just(kind),
            "slug": own.get("slug", st.one_of(slug_of(ruleset, kind), made_up_slug)),
            "name": text(120, min_size=1),
        },
        optional={
            "level": st.one_of(st.none(), count(0, 99)),
            "cost": st.one_of(st.none(), count(0, 999)),
            "summary": text(400),
            "page": st.one_of(st.none(), count(1, 9999)),
            "section": text(120),
            "edition": text(40),
            "effect": effect,
            "data": own.get("data", st.just({})),
        },
    )


def character(ruleset):
    parts = PARTS[ruleset]
    return st.fixed_dictionaries(
        {
            "name": st.one_of(text(80, min_size=1), st.sampled_from(BOSSES)),
            "type": parts.character_type,
        },
        optional={
            "role": st.one_of(
                st.sampled_from(["", "acting-leader", "fellowship"]),
                text(100).map("sidekick-of:".__add__),
                st.sampled_from(BOSSES).map("attached-to:".__add__),
                text(120),
            ),
            "profile": parts.profile,
            "flavour": text(600),
            "portrait": st.none(),
        },
    )


def rosters(ruleset, max_characters=3):
    """Whole roster files of one ruleset, each a dict ready for json.dumps."""
    parts = PARTS[ruleset]
    return st.fixed_dictionaries(
        {
            "format": st.just("cliffhanger-roster"),
            "version": st.just(1),
            "ruleset": st.just(ruleset),
            "name": text(100, min_size=1),
            "characters": st.lists(character(ruleset), max_size=max_characters),
        },
        optional={
            "budget": st.one_of(st.none(), count(0, 10_000)),
            "choices": parts.choices,
            "house_rules": st.lists(house_rule(ruleset), max_size=3),
            "campaign": parts.campaign or campaign_tallies,
        },
    )
