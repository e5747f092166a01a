"""Which of a player's house rules a roster names, so its export carries them: any word of
its characters' profiles or its choices may name one, however the file nests it."""

from hypothesis import given
from hypothesis import strategies as st

from rosters.selectors import used_house_rules
from rules.engines.base import RulesBook

HOUSE = {
    ("ability", "house-sea-legs"): {"kind": "ability", "slug": "house-sea-legs", "custom": True},
    ("perk", "house-airship"): {"kind": "perk", "slug": "house-airship", "custom": True},
    ("profile-genres", "warrior"): {"kind": "profile-genres", "slug": "warrior", "custom": True},
    ("ability", "crafty"): {"kind": "ability", "slug": "crafty"},
}
RULES = RulesBook("pulp-alley", {}, HOUSE)


def roster(profile=None, choices=None):
    return {"choices": choices or {}, "characters": [{"profile": profile or {}}]}


def slugs(data):
    return {rule["slug"] for rule in used_house_rules(RULES, data)}


def test_creation_and_learned_abilities_perks_profiles_and_effect_refs_all_count():
    assert slugs(roster({"abilities": ["house-sea-legs"]})) == {"house-sea-legs"}
    assert slugs(roster({"learned_abilities": ["house-sea-legs"]})) == {"house-sea-legs"}
    assert slugs(roster(choices={"perks": ["house-airship"]})) == {"house-airship"}
    assert slugs(roster({"base": "warrior"})) == {"warrior"}
    assert slugs(roster({"customisation": {"add_effects": ["ability/house-sea-legs"]}})) == {
        "house-sea-legs"
    }


def test_built_in_entries_and_unnamed_house_rules_stay_out():
    assert slugs(roster({"abilities": ["crafty"]})) == set()
    exported = used_house_rules(RULES, roster({"abilities": ["house-sea-legs"]}))
    assert exported == [{"kind": "ability", "slug": "house-sea-legs"}]  # no "custom" flag


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.sampled_from(["house-sea-legs", "x", "warrior"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(profile=st.dictionaries(st.text(max_size=12), json_values, max_size=5))
def test_any_profile_shape_is_read_without_error_and_finds_what_it_names(profile):
    found = slugs(roster(profile))
    text = repr(profile)
    assert found <= {"house-sea-legs", "warrior"}
    for slug in found:
        assert slug in text
