"""A roster's answer to an update of its game's rules data (rosters/updates.py): take it,
or keep reading the roster by the version it was checked against."""

from rosters.handlers import _writes
from rosters.handlers.base import RosterResult, handler
from rules import data_versions


class NoSuchUpdate(ValueError):
    """The version asked for is not one this roster can move to."""


@handler
def accept_update(*, roster, to) -> RosterResult:
    """Check the roster against version `to` from now on: the one whose report the player
    saw, so a version loaded since is shown before it is taken too."""
    roster = _writes.locked(roster)
    latest = data_versions.latest_number(roster.ruleset)
    if latest is None or not isinstance(to, int) or not (roster.rules_version or 0) < to <= latest:
        raise NoSuchUpdate("That update is not one this roster can take: see the page again.")
    roster.rules_version = to
    roster.update_put_off = None
    roster.save(update_fields=["rules_version", "update_put_off", "updated_at"])
    return RosterResult(roster=roster)


@handler
def put_off_update(*, roster) -> RosterResult:
    """Keep the old reading: the roster stays checked against its version, and the newest
    update's report folds away until a newer version comes."""
    roster = _writes.locked(roster)
    roster.update_put_off = data_versions.latest_number(roster.ruleset)
    roster.save(update_fields=["update_put_off", "updated_at"])
    return RosterResult(roster=roster)
