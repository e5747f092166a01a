"""Pulp Alley's test parts: its roster-file strategies and where a roster uses each house rule."""

from hypothesis import strategies as st

from tests.rosters.roster_strategies import RulesetParts, count, slug_of, slugs, type_slug

DICE = ("d6", "d8", "d10", "d12")
PULP_ALLEY_SKILLS = ("brawl", "shoot", "dodge", "might", "finesse", "cunning")

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

PARTS = RulesetParts(
    profile=pulp_alley_profile,
    choices=pulp_alley_choices,
    house_rule_kinds=("ability", "perk", "reputation-perk"),
    character_type=type_slug("pulp-alley"),
)

# Where a roster uses a house rule of each kind players may add: (character type, the
# character's profile with the house rule's slug, the roster's choice key naming it).
HOUSE_RULE_USES = {
    "ability": ("leader", lambda slug: {"abilities": [slug]}, ""),
    "perk": ("leader", lambda slug: {}, "perks"),
}
