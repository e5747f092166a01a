"""Dice notation as the pulp games print it: a pool "3d8" (three eight-sided dice), a bare die
type "d10" (Health), and "—" or null for a skill a character does not have."""

from __future__ import annotations

import re
from dataclasses import dataclass

POOL = re.compile(r"([1-9][0-9]*)d([1-9][0-9]*)")
DIE = re.compile(r"d([1-9][0-9]*)")
ABSENT = "—"


class DiceError(ValueError):
    pass


@dataclass(frozen=True)
class Dice:
    count: int
    sides: int

    @property
    def die(self):
        return f"d{self.sides}"

    def plus(self, count):
        return Dice(self.count + count, self.sides)

    def with_die(self, die):
        return Dice(self.count, parse_die(die))

    def __str__(self):
        return f"{self.count}{self.die}"


def is_absent(value):
    """True for a skill printed as a dash (the character does not have it) or left blank."""
    return value is None or (isinstance(value, str) and value.strip() in ("", ABSENT))


def parse_dice(value) -> Dice:
    match = POOL.fullmatch(value.strip().lower()) if isinstance(value, str) else None
    if match is None:
        raise DiceError(f"{value!r} is not dice notation such as 3d8")
    return Dice(int(match[1]), int(match[2]))


def parse_die(value) -> int:
    """The number of sides of a bare die type such as "d10"."""
    match = DIE.fullmatch(value.strip().lower()) if isinstance(value, str) else None
    if match is None:
        raise DiceError(f"{value!r} is not a die type such as d10")
    return int(match[1])
