"""Fixtures shared by the roster tests."""

import pytest

from rosters.models import Character, Roster, RosterMember


@pytest.fixture
def full_roster(db):
    """A roster filled to ROSTER_MAX_CHARACTERS."""

    def fill(owner, ruleset):
        from config.limits import ROSTER_MAX_CHARACTERS

        roster = Roster.objects.create(owner=owner, ruleset=ruleset, name="Full")
        cards = Character.objects.bulk_create(
            Character(owner=owner, ruleset=ruleset, character_type="ally", name=f"Ally {n}")
            for n in range(ROSTER_MAX_CHARACTERS)
        )
        RosterMember.objects.bulk_create(
            RosterMember(roster=roster, character=c, position=n) for n, c in enumerate(cards)
        )
        return roster

    return fill
