"""Dice notation as printed on the cards: pools like 3d8, Health like d10, a dash for none."""

import pytest

from rules.engines.dice import Dice, DiceError, is_absent, parse_dice, parse_die


def test_a_pool_reads_count_then_die_type():
    assert parse_dice("3d8") == Dice(count=3, sides=8)
    assert parse_dice(" 12D10 ") == Dice(12, 10)


@pytest.mark.parametrize("text", ["3x8", "d8", "0d6", "3d", "three d8", "3d8+1", None, 3])
def test_anything_else_is_not_a_pool(text):
    with pytest.raises(DiceError, match="is not dice notation"):
        parse_dice(text)


def test_a_pool_prints_back_as_written_and_grows_or_changes_die():
    pool = parse_dice("2d8")
    assert str(pool) == "2d8"
    assert str(pool.plus(1)) == "3d8"
    assert str(pool.with_die("d10")) == "2d10"
    assert pool.die == "d8"


def test_health_is_a_bare_die_type():
    assert parse_die("d10") == 10
    with pytest.raises(DiceError, match="is not a die type"):
        parse_die("1d10")


@pytest.mark.parametrize("value", [None, "—", "", " "])
def test_a_dash_or_blank_means_the_character_lacks_the_skill(value):
    assert is_absent(value)


def test_real_dice_are_not_absent():
    assert not is_absent("1d6")
