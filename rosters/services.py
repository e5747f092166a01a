"""Changes to rosters. Keyword-only, atomic, no request in sight."""

from dataclasses import dataclass

from django.db import transaction

from rosters.models import Roster


@dataclass(frozen=True)
class RosterResult:
    roster: Roster


@transaction.atomic
def create_roster(*, owner, ruleset, name):
    roster = Roster.objects.create(owner=owner, ruleset=ruleset, name=name.strip())
    return RosterResult(roster=roster)
