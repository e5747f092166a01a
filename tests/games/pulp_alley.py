"""Pulp Alley's test parts: its roster-file strategies and where a roster uses each house rule."""

from hypothesis import strategies as st

from config.limits import CAMPAIGN_MAX_GAMES
from rules.games.pulp_alley import definition as pulp_alley
from tests.rosters.roster_strategies import (
    BOSSES,
    RulesetParts,
    bounded,
    count,
    maybe,
    slug_of,
    slugs,
    text,
    type_slug,
)

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

PARTS = RulesetParts(
    profile=pulp_alley_profile,
    choices=pulp_alley_choices,
    house_rule_kinds=("ability", "perk", "reputation-perk"),
    character_type=type_slug("pulp-alley"),
    campaign=pulp_alley_campaign,
)

# Where a roster uses a house rule of each kind players may add: (character type, the
# character's profile with the house rule's slug, the roster's choice key naming it).
HOUSE_RULE_USES = {
    "ability": ("leader", lambda slug: {"abilities": [slug]}, ""),
    "perk": ("leader", lambda slug: {}, "perks"),
}
