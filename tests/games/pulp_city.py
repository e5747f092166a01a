"""Pulp City's test parts: its roster-file strategies and where a roster uses each house rule."""

from hypothesis import strategies as st

from tests.rosters.roster_strategies import (
    RulesetParts,
    count,
    made_up_slug,
    maybe,
    slug_of,
    slugs,
    text,
    type_slug,
)

PULP_CITY_TRAITS = ("strength", "defense", "energy", "agility", "mind", "spirit")


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
# A Supreme's card: a roster profile holds it, and so does a house Supreme's data.
card_fields = {
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
}
pulp_city_profile = st.fixed_dictionaries(
    {},
    optional={
        "base": maybe(slug_of("pulp-city", "supreme")),
        **card_fields,
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

# What a house Resource or Supreme carries for the checks (pulp_city_house_rule_data).
pulp_city_house_data = st.fixed_dictionaries(
    {},
    optional={
        "category": st.sampled_from(["minion", "weapon", "artifact", "device", "misc", None]),
        "usage": st.sampled_from(["personal", "one-use", "personal-one-use", None]),
        "models": maybe(count(1, 99)),
        "shield": maybe(count()),
        "exclusive_to": maybe(slug_of("pulp-city", "supreme")),
        **card_fields,
    },
)

PARTS = RulesetParts(
    profile=pulp_city_profile,
    choices=pulp_city_choices,
    house_rule_kinds=("supreme", "resource", "skill", "sub-faction"),
    character_type=type_slug("pulp-city"),
    house_rule_fields={
        "resource": {"data": pulp_city_house_data},
        "supreme": {"data": pulp_city_house_data},
    },
)

# Where a roster uses a house rule of each kind players may add: (character type, the
# character's profile with the house rule's slug, the roster's choice key naming it).
HOUSE_RULE_USES = {
    "supreme": ("level-2", lambda slug: {"base": slug}, ""),
    "resource": ("level-1", lambda slug: {"resources": [slug]}, ""),
    "skill": ("level-1", lambda slug: {"skills": [{"skill": slug, "x": 2}]}, ""),
    "sub-faction": ("level-1", lambda slug: {"team_allegiance": slug}, ""),
}
