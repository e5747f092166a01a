"""Numbered versions of each game's built-in rules data, and their changelog.

load_rules() ends by recording them (record_versions): when the game's built-in data (its
character types, its library entries without an owner, and its card decks with their cards)
differs from its latest version's snapshot, that is the next version. Loading the same
fixtures again finds no difference and makes none. What changed is counted from the two
snapshots (entries added, removed and changed, by kind and slug, with the fields; a deck is
one row of kind "deck" whose fields name its cards, "card 07 effect"); why it changed and
where the book says so only a person can tell: those are the game folder's changelog.yaml
notes, each with an `id`, and a version takes the notes no earlier version took.

Versions recorded before decks were part of the data kept no decks in their snapshot, so
what their decks were is not known. Two snapshots are compared only in what both recorded,
and the first load that finds the latest version without decks writes today's decks into
that version's snapshot instead of making a version: otherwise every deck would read as
added in a version no fixture change made. Decks count from that load on; a deck change
deployed in the same load as this is taken as that baseline, not as a version.

A player's completions and house rules, a data pack's included, make no version of the
game's. They are one player's, written by that player after a preview listing each of them
(rosters/data_packs.py), and a number every player of the game shares cannot count one
player's change. A roster's update report reads both versions with the player's own rules
laid over each (rules.selectors.rules_book), so it shows what the game's data changed and
nothing the player did themselves.
"""

from dataclasses import dataclass

from django.db.models import Max

from rules.engines.updates import DECK_KIND, TYPE_KIND
from rules.fixture_folder import CHANGELOG_FILE, FIXTURES_DIR, FixtureError, read_yaml
from rules.models import DataVersion, Deck, Ruleset

NOTE_FIELDS = ("id", "what", "why", "page", "section")


def snapshot_of(ruleset) -> dict:
    """The game's built-in types and entries as the engines read them, and its decks as they
    print, as plain JSON."""
    from rules.selectors import character_types, entry_as_data, type_as_data

    entries = ruleset.entries.filter(owner__isnull=True).order_by("kind", "slug")
    return {
        "types": {t.slug: type_as_data(t) for t in character_types(ruleset)},
        "entries": [entry_as_data(entry) for entry in entries],
        "decks": {deck.slug: deck_as_data(deck) for deck in decks_of(ruleset)},
    }


def decks_of(ruleset):
    return Deck.objects.filter(ruleset=ruleset).prefetch_related("cards").order_by("slug")


DECK_FIELDS = ("name", "summary", "back_label", "page", "edition")
CARD_FIELDS = ("name", "copies", "page", "uncertain", "note")


def deck_as_data(deck) -> dict:
    """A deck and its cards by number; a card's faces (`data`) spread beside its own fields,
    so a change names the face that changed ("card 07 effect")."""
    cards = {
        card.number: {name: getattr(card, name) for name in CARD_FIELDS} | dict(card.data or {})
        for card in deck.cards.all()
    }
    return {name: getattr(deck, name) for name in DECK_FIELDS} | {"cards": cards}


def keyed(snapshot, decks=True) -> dict:
    """{(kind, slug): row} of a snapshot's types, entries and (with `decks`) decks together."""
    rows = {(TYPE_KIND, slug): row for slug, row in (snapshot.get("types") or {}).items()}
    rows |= {(row["kind"], row["slug"]): row for row in snapshot.get("entries") or []}
    if decks:
        rows |= {(DECK_KIND, slug): row for slug, row in (snapshot.get("decks") or {}).items()}
    return rows


def differing(before: dict, after: dict) -> list[str]:
    """The names of the fields that differ between two rows, sorted."""
    return sorted(
        name for name in before.keys() | after.keys() if before.get(name) != after.get(name)
    )


def deck_fields(before: dict, after: dict) -> list[str]:
    """What differs between two readings of a deck: its own fields, then each card that
    came, went or reads differently, by number and face."""
    fields = differing(
        {k: v for k, v in before.items() if k != "cards"},
        {k: v for k, v in after.items() if k != "cards"},
    )
    old, new = before.get("cards") or {}, after.get("cards") or {}
    for number in sorted(old.keys() | new.keys()):
        if number not in old:
            fields.append(f"card {number} (new)")
        elif number not in new:
            fields.append(f"card {number} (gone)")
        else:
            fields += [f"card {number} {name}" for name in differing(old[number], new[number])]
    return fields


def named(key, row, **more):
    return {"kind": key[0], "slug": key[1], "name": row.get("name") or key[1], **more}


def changes_between(old: dict, new: dict) -> dict:
    """What differs from one snapshot to the next: {"added", "removed", "changed"}, each a
    list of {kind, slug, name}, a changed one with the `fields` that differ. Decks count only
    when both snapshots recorded them (see the module's docstring)."""
    decks = "decks" in old and "decks" in new
    before, after = keyed(old, decks), keyed(new, decks)
    changed = []
    for key in sorted(before.keys() & after.keys()):
        compare = deck_fields if key[0] == DECK_KIND else differing
        fields = compare(before[key], after[key])
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
        if latest is not None and "decks" not in latest.snapshot:
            # Recorded before decks counted: today's decks are its baseline, not a change.
            latest.snapshot = {**latest.snapshot, "decks": snapshot["decks"]}
            latest.save(update_fields=["snapshot"])
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
