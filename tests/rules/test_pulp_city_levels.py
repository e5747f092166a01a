"""The level-mix rule of the Game Guide (p.9) for every Encounter Level from 3 to 24: the
mixes the builder offers are exactly the legal ones, and every mix one Supreme away is not."""

import pytest

from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_city.levels import Mix, legal_mixes, mixes_label, nearest

ENCOUNTER_LEVELS = range(3, 25)


def book_rule_allows(mix: Mix, encounter_level):
    """The rule as the book words it, checked directly rather than derived."""
    return (
        mix.levels == encounter_level
        and mix.level_3 <= encounter_level // 12
        and abs(mix.level_1 - mix.level_2) <= 1
    )


def every_mix(encounter_level):
    return [
        Mix(one, two, three)
        for one in range(encounter_level + 1)
        for two in range(encounter_level // 2 + 1)
        for three in range(encounter_level // 3 + 1)
    ]


@pytest.mark.parametrize("encounter_level", ENCOUNTER_LEVELS)
def test_the_offered_mixes_are_exactly_the_legal_ones(encounter_level):
    legal = {mix for mix in every_mix(encounter_level) if book_rule_allows(mix, encounter_level)}
    assert set(legal_mixes(encounter_level)) == legal
    assert len(legal) == encounter_level // 12 + 1


@pytest.mark.parametrize("encounter_level", ENCOUNTER_LEVELS)
def test_one_supreme_more_or_less_breaks_every_legal_mix(encounter_level):
    for mix in legal_mixes(encounter_level):
        for index in range(3):
            for step in (1, -1):
                counts = list(mix)
                counts[index] += step
                if counts[index] < 0:
                    continue
                off = Mix(*counts)
                assert not book_rule_allows(off, encounter_level)
                assert off not in legal_mixes(encounter_level)
                assert nearest(off, encounter_level)[1] == 1


def test_the_books_worked_examples_come_out_of_the_rule():
    rules = rules_book_from_fixtures("pulp-city")
    examples = [
        example for band in rules.of_kind("encounter-band") for example in band["data"]["examples"]
    ]
    assert len(examples) == 10
    for example in examples:
        assert sorted(legal_mixes(example["encounter_level"])) == sorted(
            Mix(*mix) for mix in example["mixes"]
        )


def test_the_builder_words_a_mix_as_the_spec_does():
    assert Mix(2, 3, 0).label == "2×L1 + 3×L2"
    assert mixes_label(12) == "4×L1 + 4×L2 or 3×L1 + 3×L2 + 1×L3"
    assert mixes_label(24) == "8×L1 + 8×L2 or 7×L1 + 7×L2 + 1×L3 or 6×L1 + 6×L2 + 2×L3"


@pytest.mark.parametrize("outside", [2, 25, 0, -3, None, "8", True])
def test_no_mix_is_legal_outside_encounter_levels_3_to_24(outside):
    assert legal_mixes(outside) == []
    assert nearest(Mix(1, 1, 0), outside) == (None, 0)
