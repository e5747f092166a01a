"""Hypothesis strategies for roster files of every game (a Pulp Alley league, a 7TV cast, a
Pulp City team, a Pulp Fiction band) as a player, a careless editor or an attacker might
write them: every value inside the limits docs/roster.schema.json states, often at those
limits, with real slugs from the books mixed with made-up ones.

The envelope, characters and house rules are shared; what differs per game is one
RulesetParts in PARTS. A new ruleset adds its parts there, and the property test that
imports and renders every page of a roster picks it up."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType

from hypothesis import strategies as st

from config.limits import CAMPAIGN_MAX_GAMES
from rules.fixture_book import rules_book_from_fixtures
from rules.rulesets import pulp_alley

DICE = ("d6", "d8", "d10", "d12")
PULP_ALLEY_SKILLS = ("brawl", "shoot", "dodge", "might", "finesse", "cunning")
SEVEN_TV_STATS = ("fight", "shoot", "defence", "mind", "body", "spirit", "health")
PULP_CITY_TRAITS = ("strength", "defense", "energy", "agility", "mind", "spirit")
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


def maybe(strategy):
    return st.one_of(st.none(), strategy)


def bounded(low, high):
    """Whole numbers of a range, often at its ends."""
    return st.one_of(st.sampled_from([low, high]), st.integers(low, high))


# What a game without campaign rules keeps of a file's campaign block: tallies by slug.
campaign_tallies = st.dictionaries(made_up_slug, bounded(0, 99), max_size=3)


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
    campaign: st.SearchStrategy = campaign_tallies


# --- Pulp Alley ------------------------------------------------------------------------------

dice = st.builds(lambda n, die: f"{n}{die}", count(1, 99), st.sampled_from(DICE))
pulp_alley_skills = st.fixed_dictionaries(
    {},
    optional={
        **{skill: dice for skill in PULP_ALLEY_SKILLS},
        "shoot": st.one_of(dice, st.just("—"), st.none()),
    },
)
pulp_alley_profile = st.fixed_dictionaries(
    {},
    optional={
        "health": st.sampled_from(DICE),
        "skills": pulp_alley_skills,
        "abilities": slugs("pulp-alley", "ability"),
        "learned_abilities": slugs("pulp-alley", "ability", max_size=3),
        "ability_choices": st.dictionaries(
            slug_of("pulp-alley", "ability"),
            st.lists(st.sampled_from(PULP_ALLEY_SKILLS), max_size=6),
            max_size=3,
        ),
    },
)
pulp_alley_choices = st.fixed_dictionaries(
    {},
    optional={
        "perks": slugs("pulp-alley", "perk"),
        "reputation_perks": slugs("pulp-alley", "reputation-perk", max_size=3),
    },
)

# A campaign record names a character by the id the file gives it (the lowest free numbers),
# by a name, or by anyone at all.
record_character = st.one_of(st.sampled_from(["1", "2", "3"]), st.sampled_from(BOSSES), text(80))
banked = bounded(0, pulp_alley.BANKED_MOST)
pulp_alley_campaign = st.fixed_dictionaries(
    {},
    optional={
        "games": bounded(0, CAMPAIGN_MAX_GAMES),
        "reputation": bounded(0, pulp_alley.REPUTATION_MOST),
        "experience": banked,
        "banks": st.fixed_dictionaries(
            {}, optional={bank: banked for bank in ("tips", "backup", "contacts", "gear")}
        ),
        "society": maybe(slug_of("pulp-alley", "secret-society")),
        "learned": st.lists(
            st.fixed_dictionaries(
                {
                    "character": record_character,
                    "ability": slug_of("pulp-alley", "ability"),
                    "game": bounded(0, CAMPAIGN_MAX_GAMES),
                }
            ),
            max_size=3,
        ),
        "pending": st.lists(
            st.fixed_dictionaries(
                {"character": record_character, "roll": bounded(*pulp_alley.ESCAPE_ROLL)}
            ),
            max_size=3,
        ),
    },
)

# --- 7TV -------------------------------------------------------------------------------------

effect_ref = st.builds(
    lambda kind, slug: f"{kind}/{slug}",
    st.sampled_from(["special-effect", "profile-effect", "star-quality", "weapon-effect"]),
    st.one_of(slug_of("7tv", "special-effect", "profile-effect"), made_up_slug),
)
seven_tv_effect = st.one_of(
    effect_ref,
    st.fixed_dictionaries({"ref": effect_ref}, optional={"x": st.one_of(count(-99, 99), text(20))}),
)
attack = st.fixed_dictionaries(
    {"name": text(80, min_size=1), "type": st.sampled_from(["fight", "shoot", "presence"])},
    optional={
        "range_in": st.one_of(st.none(), count(0, 999)),
        "strike": st.one_of(st.none(), count(-99, 99)),
        "effects": st.lists(text(80), max_size=4),
    },
)
customisation = st.fixed_dictionaries(
    {},
    optional={
        "stats": st.fixed_dictionaries(
            {}, optional={stat: count(-9, 9) for stat in SEVEN_TV_STATS}
        ),
        "genre_swap": st.one_of(
            st.none(),
            st.fixed_dictionaries({"from": slug_of("7tv", "genre"), "to": slug_of("7tv", "genre")}),
        ),
        "move": st.one_of(st.none(), count(1, 99)),
        "add_effects": st.lists(seven_tv_effect, max_size=3),
        "remove_effects": st.lists(seven_tv_effect, max_size=2),
        "swap_effects": st.lists(
            st.fixed_dictionaries({"from": seven_tv_effect, "to": seven_tv_effect}), max_size=2
        ),
        "magic_user": st.one_of(st.none(), count(0, 9)),
        "add_attacks": st.lists(attack, max_size=2),
        "swap_attacks": st.lists(
            st.fixed_dictionaries({"from": text(80), "to": attack}), max_size=2
        ),
    },
)
# Profiles the book leaves without genres, which a player's profile-genres house rule fills.
genreless_profile = st.sampled_from(["warrior", "wise-mentor", "mythic-champion"])
seven_tv_profile = st.fixed_dictionaries(
    {},
    optional={
        "base": st.one_of(slug_of("7tv", "profile"), genreless_profile),
        "count": count(1, 99),
        "customisation": customisation,
    },
)
seven_tv_choices = st.fixed_dictionaries(
    {},
    optional={
        "affiliation": st.sampled_from(["heroic", "villainous", "neutral", "", None]),
        "genre": st.one_of(slug_of("7tv", "genre"), st.sampled_from(["", None])),
    },
)

# --- Pulp City ------------------------------------------------------------------------------


# A card value is a slug of the book, one nobody has, or any text up to its limit.
def pulp_city_word(*kinds):
    return maybe(st.one_of(slug_of("pulp-city", *kinds), text(80)))


pulp_city_action = st.fixed_dictionaries(
    {},
    optional={
        "name": text(80),
        "attack": maybe(
            st.fixed_dictionaries(
                {},
                optional={
                    "type": st.sampled_from(["close", "pr", "r", "bl", "sbl", "au", None]),
                    "radius": maybe(count()),
                },
            )
        ),
        "attack_trait": pulp_city_word("trait"),
        "defense_trait": pulp_city_word("trait"),
        "vs": maybe(count()),
        "range": maybe(count(0, 999)),
        "ap": st.one_of(st.none(), count(), text(12)),
        "combinable": st.booleans(),
        "summary": text(600),
    },
)
pulp_city_profile = st.fixed_dictionaries(
    {},
    optional={
        "base": maybe(slug_of("pulp-city", "supreme")),
        "sides": st.lists(st.sampled_from(["heroes", "villains"]), max_size=2),
        "origin": pulp_city_word("origin"),
        "team_allegiance": pulp_city_word("sub-faction"),
        "traits": st.fixed_dictionaries(
            {}, optional={trait: maybe(count()) for trait in PULP_CITY_TRAITS}
        ),
        "trump_traits": st.lists(st.sampled_from(PULP_CITY_TRAITS), max_size=6),
        "damage": maybe(count()),
        "ap": maybe(count()),
        "skills": st.lists(
            st.fixed_dictionaries(
                {"skill": slug_of("pulp-city", "skill")},
                optional={"x": st.one_of(st.none(), count(), text(80))},
            ),
            max_size=4,
        ),
        "exclusive_actions": st.lists(pulp_city_action, max_size=3),
        "team_power": maybe(
            st.fixed_dictionaries({}, optional={"name": text(80), "summary": text(600)})
        ),
        "resources": slugs("pulp-city", "resource", max_size=4),
    },
)
pulp_city_side = st.one_of(st.sampled_from(["heroes", "villains", "", None]), made_up_slug)
pulp_city_choices = st.fixed_dictionaries(
    {},
    optional={
        "side": pulp_city_side,
        "opponent_side": pulp_city_side,
        "agendas": slugs("pulp-city", "agenda", max_size=4),
    },
)

# --- Pulp Fiction ----------------------------------------------------------------------------

pulp_fiction_weapon = st.fixed_dictionaries(
    {"weapon": slug_of("pulp-fiction", "weapon")},
    optional={
        "name": text(80),
        "to_hit": maybe(count(1, 99)),
        "range_inches": maybe(count(0, 999)),
        "attacks": maybe(count(1, 99)),
        "weight": st.sampled_from(["light", "heavy", None]),
        "holstered": st.booleans(),
    },
)
pulp_fiction_profile = st.fixed_dictionaries(
    {},
    optional={
        "side": st.sampled_from(["good", "bad", "monsters", ""]),
        "wounds": maybe(count(1, 99)),
        "move": maybe(count()),
        "traits": slugs("pulp-fiction", "trait"),
        "weapons": st.lists(pulp_fiction_weapon, max_size=5),
        "armour": st.lists(
            st.fixed_dictionaries(
                {"armour": slug_of("pulp-fiction", "armour")},
                optional={"save": maybe(count(1, 6))},
            ),
            max_size=2,
        ),
        "equipment": slugs("pulp-fiction", "equipment"),
        "dual_wielding": st.booleans(),
    },
)

PARTS = {
    "pulp-alley": RulesetParts(
        profile=pulp_alley_profile,
        choices=pulp_alley_choices,
        house_rule_kinds=("ability", "perk", "reputation-perk"),
        character_type=type_slug("pulp-alley"),
        campaign=pulp_alley_campaign,
    ),
    "7tv": RulesetParts(
        profile=seven_tv_profile,
        choices=seven_tv_choices,
        house_rule_kinds=("profile-genres", "profile", "special-effect", "genre"),
        character_type=st.one_of(
            st.sampled_from(["star", "co-star", "extra", "vehicle"]), type_slug("7tv")
        ),
        house_rule_fields={
            "profile-genres": {
                "slug": genreless_profile,
                "data": st.fixed_dictionaries(
                    {}, optional={"genres": slugs("7tv", "genre", max_size=20)}
                ),
            }
        },
    ),
    "pulp-city": RulesetParts(
        profile=pulp_city_profile,
        choices=pulp_city_choices,
        house_rule_kinds=("supreme", "resource", "skill", "sub-faction"),
        character_type=type_slug("pulp-city"),
    ),
    "pulp-fiction": RulesetParts(
        profile=pulp_fiction_profile,
        choices=st.just({}),
        house_rule_kinds=("trait", "weapon", "equipment"),
        character_type=type_slug("pulp-fiction"),
    ),
}

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
            "campaign": parts.campaign,
        },
    )
