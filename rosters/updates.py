"""A saved roster through its game's rules-data updates (rules/data_versions.py): which
version it is read by, what a newer version changes for it, and the picks it keeps that the
data has lost. Reads only; accepting or putting off an update is rosters/handlers/updates.py.

A roster is read by the version it was last checked against until its player accepts a
newer one, so nothing about it changes before they have seen the update report; a version
whose snapshot this install lacks cannot be read, and then the roster is read by today's."""

from dataclasses import dataclass

from django.db import DatabaseError

from rosters import selectors
from rules import data_versions
from rules.engines.base import RulesBook
from rules.engines.updates import PickUpdate, UpdateReport, legacy_picks, update_report
from rules.models import Ruleset
from rules.selectors import rules_book, rules_for, snapshot_book


class UnknownVersion(LookupError):
    """No version of that number of the game's rules data is kept here."""


@dataclass(frozen=True)
class RosterReading:
    """`rules`: the book the roster is read by. `checked`: the version it is checked
    against, `latest`: the game's newest (None before any was recorded). `update`: what
    the newest changes for it, while it is behind. `put_off`: the player chose to keep the
    old reading of this update for now. `legacy`: its picks the data it is read by lacks."""

    rules: RulesBook
    checked: int | None = None
    latest: int | None = None
    update: UpdateReport | None = None
    put_off: bool = False
    legacy: tuple[PickUpdate, ...] = ()


def reading(roster, members, owner) -> RosterReading:
    ruleset = roster.ruleset
    known = data_versions.history(ruleset)
    latest = known.latest
    checked = roster.rules_version or latest
    today = rules_book(ruleset, owner)
    old = selectors.kept_version(roster, latest)
    if old is None:
        document = selectors.roster_data(roster, members, today)
        legacy = legacy_picks(document, today, known.removed_in())
        return RosterReading(rules=today, checked=latest, latest=latest, legacy=legacy)
    before = rules_book(ruleset, owner, version=old)
    document = selectors.roster_data(roster, members, before)
    newest = data_versions.version_of(ruleset, latest)
    update = update_report(
        document,
        before,
        today,
        since=checked,
        to=latest,
        changes=data_versions.changes_between(old.snapshot, newest.snapshot),
        removed=known.removed_in(since=checked),
    )
    return RosterReading(
        rules=before,
        checked=checked,
        latest=latest,
        update=update,
        put_off=roster.update_put_off == latest,
        legacy=legacy_picks(document, before, known.removed_in()),
    )


def file_update(document, since) -> UpdateReport:
    """What the latest rules data changes for a roster file read by version `since` (the
    command line's `roster validate --since`): the file's own house rules over both."""
    try:
        ruleset = Ruleset.objects.filter(slug=document["ruleset"]).first()
    except DatabaseError:
        ruleset = None  # no database set up: no versions kept either
    old = data_versions.version_of(ruleset, since) if ruleset else None
    if old is None:
        latest = data_versions.latest_number(ruleset) if ruleset else None
        kept = f"the latest is {latest}" if latest else "none is recorded: run load_rules"
        raise UnknownVersion(
            f"no version {since} of the {document['ruleset']} rules data is kept here ({kept})"
        )
    known = data_versions.history(ruleset)
    newest = data_versions.version_of(ruleset, known.latest)
    types, entries = snapshot_book(old)
    return update_report(
        document,
        RulesBook(ruleset=ruleset.slug, character_types=types, entries=entries),
        rules_for(ruleset.slug),
        since=since,
        to=known.latest,
        changes=data_versions.changes_between(old.snapshot, newest.snapshot),
        removed=known.removed_in(since=since),
    )
