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


def ruleset_of(document):
    try:
        return Ruleset.objects.filter(slug=document["ruleset"]).first()
    except DatabaseError:
        return None  # no database set up: no versions kept either


@dataclass(frozen=True)
class FileReading:
    """The rules a roster file is read by. `version`: the number of the version they are
    (None: no version is recorded here), `latest`: the game's newest."""

    rules: RulesBook
    version: int | None
    latest: int | None

    def words(self, game) -> str:
        if self.version is None:
            return f"Read by today's {game} rules data (no version of it is recorded here)."
        if self.version == self.latest:
            return f"Read by version {self.version} of the {game} rules data, the latest."
        return (
            f"Read by version {self.version} of the {game} rules data, as the file names; "
            f"the latest is {self.latest} (`roster validate FILE --since {self.version}` "
            "says what it changes)."
        )


def file_reading(document) -> FileReading:
    """A roster file is read by the version its `rules_version` names when this install keeps
    it, as importing it reads it (rosters/handlers/transfer.checked_version), so the command
    line prints the cards the site would: a player's file from before an update prints as it
    did. Any other number, or none, is read by today's data."""
    ruleset = ruleset_of(document)
    latest = data_versions.latest_number(ruleset) if ruleset else None
    number = document.get("rules_version")
    kept = ruleset is not None and isinstance(number, int)
    named = data_versions.version_of(ruleset, number) if kept else None
    if named is None or named.number == latest:
        return FileReading(rules=rules_for(document["ruleset"]), version=latest, latest=latest)
    return FileReading(
        rules=rules_book(ruleset, version=named), version=named.number, latest=latest
    )


def file_update(document, since) -> UpdateReport:
    """What the latest rules data changes for a roster file read by version `since` (the
    command line's `roster validate --since`): the file's own house rules over both."""
    ruleset = ruleset_of(document)
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
