"""Pulp City's level-mix rule (Game Guide p.9) as arithmetic: which mixes of Level 1, 2 and 3
Supremes make a legal Super Team at a given Encounter Level, and how far a team is from one.

The book: Levels add up to exactly the Encounter Level; as many Level 1 as Level 2 Supremes,
or one more of either when the Encounter Level rules out an equal split; one Level 3 per
complete 12 Encounter Level. Once the number of Level 3s is chosen, the remainder R fixes the
Level 1/Level 2 split (R = 3n: n and n; 3n+1: n+1 and n; 3n+2: n and n+1), so each Encounter
Level has one legal mix per allowed number of Level 3s."""

from typing import NamedTuple

MIN_ENCOUNTER_LEVEL = 3
MAX_ENCOUNTER_LEVEL = 24
LEVELS_PER_LEVEL_3 = 12
LEVELS = (1, 2, 3)


class Mix(NamedTuple):
    """How many Supremes of each Level a team fields."""

    level_1: int
    level_2: int
    level_3: int

    @property
    def levels(self):
        return self.level_1 + 2 * self.level_2 + 3 * self.level_3

    @property
    def models(self):
        return self.level_1 + self.level_2 + self.level_3

    @property
    def label(self):
        """The builder's words: '3×L1 + 3×L2 + 1×L3' (counts of zero are left out)."""
        parts = [f"{count}×L{level}" for level, count in zip(LEVELS, self, strict=True) if count]
        return " + ".join(parts) or "no Supremes"

    def changes_to(self, other: "Mix"):
        """Supremes to add or remove to turn this mix into the other one."""
        return sum(abs(mine - theirs) for mine, theirs in zip(self, other, strict=True))


def is_encounter_level(value):
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and MIN_ENCOUNTER_LEVEL <= value <= MAX_ENCOUNTER_LEVEL
    )


def max_level_3(encounter_level):
    return encounter_level // LEVELS_PER_LEVEL_3


def split(remainder) -> tuple[int, int]:
    """The one Level 1/Level 2 split of `remainder` levels the book allows."""
    third, rest = divmod(remainder, 3)
    return {0: (third, third), 1: (third + 1, third), 2: (third, third + 1)}[rest]


def legal_mixes(encounter_level) -> list[Mix]:
    """Every legal mix for the Encounter Level, fewest Level 3s first; [] outside 3-24."""
    if not is_encounter_level(encounter_level):
        return []
    return [
        Mix(*split(encounter_level - 3 * level_3), level_3)
        for level_3 in range(max_level_3(encounter_level) + 1)
    ]


def nearest(mix: Mix, encounter_level) -> tuple[Mix | None, int]:
    """The legal mix needing the fewest Supremes added or removed, and how many."""
    options = legal_mixes(encounter_level)
    if not options:
        return None, 0
    best = min(options, key=mix.changes_to)
    return best, mix.changes_to(best)


def mixes_label(encounter_level):
    return " or ".join(mix.label for mix in legal_mixes(encounter_level))
