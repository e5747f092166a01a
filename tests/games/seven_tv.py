"""7TV's test parts: its roster-file strategies and where a roster uses each house rule."""

from hypothesis import strategies as st

from tests.rosters.roster_strategies import (
    RulesetParts,
    count,
    made_up_slug,
    slug_of,
    slugs,
    text,
    type_slug,
)

SEVEN_TV_STATS = ("fight", "shoot", "defence", "mind", "body", "spirit", "health")

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

PARTS = RulesetParts(
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
)

# Where a roster uses a house rule of each kind players may add: (character type, the
# character's profile with the house rule's slug, the roster's choice key naming it).
HOUSE_RULE_USES = {}
