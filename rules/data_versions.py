"""Numbered versions of each game's built-in rules data, and their changelog.

load_rules() ends by recording them (record_versions): when what the engines read of a game
(its character types and its library entries without an owner) differs from its latest
version's snapshot, that is the next version. Loading the same fixtures again finds no
difference and makes none. What changed is counted from the two snapshots (entries added,
removed and changed, by kind and slug, with the fields); why it changed and where the book
says so only a person can tell: those are the game folder's changelog.yaml notes, each with
an `id`, and a version takes the notes no earlier version took.

A player's completions and house rules, a data pack's included, make no version of the
game's. They are one player's, written by that player after a preview listing each of them
(rosters/data_packs.py), and a number every player of the game shares cannot count one
player's change. A roster's update report reads both versions with the player's own rules
laid over each (rules.selectors.rules_book), so it shows what the game's data changed and
nothing the player did themselves.
"""

from dataclasses import dataclass

from django.db.models import Max

from rules.fixture_folder import CHANGELOG_FILE, FIXTURES_DIR, FixtureError, read_yaml
from rules.models import DataVersion, Ruleset

TYPE_KIND = "character-type"  # how a character type is named among the changes
NOTE_FIELDS = ("id", "what", "why", "page", "section")


def snapshot_of(ruleset) -> dict:
    """The game's built-in types and entries as the engines read them, as plain JSON."""
    from rules.selectors import character_types, entry_as_data, type_as_data

    entries = ruleset.entries.filter(owner__isnull=True).order_by("kind", "slug")
    return {
        "types": {t.slug: type_as_data(t) for t in character_types(ruleset)},
        "entries": [entry_as_data(entry) for entry in entries],
    }


def keyed(snapshot) -> dict:
    """{(kind, slug): row} of a snapshot's types and entries together."""
    rows = {(TYPE_KIND, slug): row for slug, row in (snapshot.get("types") or {}).items()}
    rows |= {(row["kind"], row["slug"]): row for row in snapshot.get("entries") or []}
    return rows


def named(key, row, **more):
    return {"kind": key[0], "slug": key[1], "name": row.get("name") or key[1], **more}


def changes_between(old: dict, new: dict) -> dict:
    """What differs from one snapshot to the next: {"added", "removed", "changed"}, each a
    list of {kind, slug, name}, a changed one with the `fields` that differ."""
    before, after = keyed(old), keyed(new)
    changed = []
    for key in sorted(before.keys() & after.keys()):
        fields = sorted(
            name
            for name in before[key].keys() | after[key].keys()
            if before[key].get(name) != after[key].get(name)
        )
        if fields:
            changed.append(named(key, after[key], fields=fields))
    return {
        "added": [named(key, after[key]) for key in sorted(after.keys() - before.keys())],
        "removed": [named(key, before[key]) for key in sorted(before.keys() - after.keys())],
        "changed": changed,
    }


def changelog(folder) -> list[dict]:
    """The game folder's changelog notes, oldest first; FixtureError for a malformed file."""
    path = folder / CHANGELOG_FILE
    if not path.is_file():
        return []
    notes = read_yaml(path) or []
    if not isinstance(notes, list) or not all(
        isinstance(note, dict) and note.get("id") and note.get("what") for note in notes
    ):
        raise FixtureError(f"{path}: expected a list of notes, each with an `id` and `what`")
    return [{name: note.get(name) for name in NOTE_FIELDS if note.get(name)} for note in notes]


def record_versions(slugs, fixtures_dir=FIXTURES_DIR) -> list[DataVersion]:
    """A new version of each of these games whose built-in data differs from its latest."""
    made = []
    for ruleset in Ruleset.objects.filter(slug__in=slugs):
        snapshot = snapshot_of(ruleset)
        latest = ruleset.data_versions.first()
        if latest is not None and latest.snapshot == snapshot:
            continue
        taken = {
            note.get("id")
            for notes in ruleset.data_versions.values_list("notes", flat=True)
            for note in notes
        }
        folder = fixtures_dir / ruleset.slug
        notes = [note for note in changelog(folder) if note["id"] not in taken]
        made.append(
            DataVersion.objects.create(
                ruleset=ruleset,
                number=latest.number + 1 if latest else 1,
                notes=notes,
                # The first version is the data as it came: all of it is new, none changed.
                changes=changes_between(latest.snapshot, snapshot) if latest else {},
                snapshot=snapshot,
            )
        )
    return made


def latest_number(ruleset) -> int | None:
    return ruleset.data_versions.values_list("number", flat=True).first()


def latest_numbers() -> dict:
    """{ruleset id: its latest version's number} for every game, in one query."""
    rows = DataVersion.objects.values("ruleset").annotate(latest=Max("number"))
    return {row["ruleset"]: row["latest"] for row in rows.order_by()}


def version_of(ruleset, number):
    return ruleset.data_versions.filter(number=number).first()


@dataclass(frozen=True)
class History:
    """A game's versions in brief, read in one query: the newest number, and what each
    version removed."""

    latest: int | None
    removals: tuple[tuple[int, tuple[dict, ...], tuple[dict, ...]], ...]  # number, removed, added

    def removed_in(self, since=0) -> dict:
        """{(kind, slug): (the number of the version that removed it, its name)} for what
        versions after `since` removed (the last removal counts, for an entry that came back
        and went again)."""
        found = {}
        for number, removed, added in self.removals:
            if number <= since:
                continue
            for row in removed:
                found[(row["kind"], row["slug"])] = (number, row["name"])
            for row in added:
                found.pop((row["kind"], row["slug"]), None)
        return found


def history(ruleset) -> History:
    rows = ruleset.data_versions.order_by("number").values_list("number", "changes")
    removals = tuple(
        (number, tuple(changes.get("removed", ())), tuple(changes.get("added", ())))
        for number, changes in rows
        if changes
    )
    numbers = [number for number, _ in rows]
    return History(latest=max(numbers, default=None), removals=removals)


def whats_new(ruleset) -> list[DataVersion]:
    """The game's versions, newest first, without their snapshots (a page shows none)."""
    return list(ruleset.data_versions.defer("snapshot"))
