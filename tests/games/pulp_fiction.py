"""Pulp Fiction's test parts: its roster-file strategies and where a roster uses each house rule."""

from hypothesis import strategies as st

from tests.rosters.roster_strategies import (
    RulesetParts,
    count,
    maybe,
    slug_of,
    slugs,
    text,
    type_slug,
)

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

PARTS = RulesetParts(
    profile=pulp_fiction_profile,
    choices=st.just({}),
    house_rule_kinds=("trait", "weapon", "equipment"),
    character_type=type_slug("pulp-fiction"),
)

# Where a roster uses a house rule of each kind players may add: (character type, the
# character's profile with the house rule's slug, the roster's choice key naming it).
HOUSE_RULE_USES = {
    "trait": ("main-character", lambda slug: {"traits": [slug]}, ""),
    "weapon": (
        "main-character",
        lambda slug: {"weapons": [{"weapon": slug}]},
        "",
    ),
    "equipment": ("main-character", lambda slug: {"equipment": [slug]}, ""),
}
