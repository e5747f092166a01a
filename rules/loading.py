"""Load the rules data in fixtures/ into the database. Idempotent: rows are matched by their
natural keys and updated in place, so loading twice changes nothing. See fixtures/README.md."""

from dataclasses import dataclass, field

from django.db import transaction
from django.dispatch import Signal

from rules.data_versions import record_versions
from rules.fixture_folder import DECK, FIXTURES_DIR, TYPES, documents, ruleset_rows
from rules.load_lock import one_load_at_a_time
from rules.models import (
    ENTRY_RULES,
    TYPE_RULES,
    CharacterType,
    Deck,
    DeckCard,
    LibraryEntry,
    Ruleset,
)

# The rules books' fields, and what the library and the type pages show besides.
ENTRY_FIELDS = (*ENTRY_RULES, "note")
TYPE_FIELDS = (*TYPE_RULES, "summary")


# Sent by `manage.py load_rules` once the rules data is in: whatever is drawn from it for
# every player may then be drawn ahead (the cards app listens). Not sent by load_rules()
# itself, which tests call all the time.
rules_loaded = Signal()


@dataclass
class LoadResult:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    files: list[str] = field(default_factory=list)
    versions: list = field(default_factory=list)  # the DataVersions this load made

    def count(self, created, changed):
        if created:
            self.created += 1
        elif changed:
            self.updated += 1
        else:
            self.unchanged += 1


def sync(model, lookup, values, result):
    """update_or_create that only writes when something differs, so a reload is a no-op."""
    row = model.objects.filter(**lookup).first()
    if row is None:
        model.objects.create(**lookup, **values)
        result.count(created=True, changed=False)
        return
    changed = [name for name, value in values.items() if getattr(row, name) != value]
    if changed:
        for name in changed:
            setattr(row, name, values[name])
        row.save(update_fields=changed)
    result.count(created=False, changed=bool(changed))


def pick(item, names, defaults):
    return {name: item.get(name, defaults.get(name)) for name in names}


ENTRY_DEFAULTS = {
    "edition": "core",
    "effect": {},
    "data": {},
    "note": "",
    "summary": "",
    "section": "",
}
TYPE_DEFAULTS = {
    "min_per_roster": 0,
    "profile": {},
    "summary": "",
    "section": "",
    "edition": "core",
}


def load_ruleset_folder(ruleset, folder, result):
    loaded_types, loaded_entries, loaded_decks = set(), set(), set()
    for document in documents(folder):
        result.files.append(str(document.path.relative_to(folder.parent)))
        if document.form == TYPES:
            for order, item in enumerate(document.items, start=1):
                values = pick(item, TYPE_FIELDS, TYPE_DEFAULTS)
                values["order"] = item.get("order", order)
                sync(CharacterType, {"ruleset": ruleset, "slug": item["slug"]}, values, result)
                loaded_types.add(item["slug"])
        elif document.form == DECK:
            load_deck(ruleset, document, result)
            loaded_decks.add(document.deck["slug"])
        else:
            load_entries(ruleset, document.kind, document.items, result)
            loaded_entries |= {(document.kind, item["slug"]) for item in document.items}
    prune(ruleset, loaded_types, loaded_entries, loaded_decks, result)


def prune(ruleset, loaded_types, loaded_entries, loaded_decks, result):
    """Built-in types, entries and decks the fixtures no longer hold go: the rules data is
    what the files say. Rosters name types and entries by slug, so none is lost: the version
    that removed them keeps them (rules/data_versions.py) and a roster picking one keeps it
    as a legacy entry; a deck's file gone, its Print page goes with it."""
    gone_decks = Deck.objects.filter(ruleset=ruleset).exclude(slug__in=loaded_decks)
    result.removed += gone_decks.count()
    gone_decks.delete()
    gone_types = CharacterType.objects.filter(ruleset=ruleset).exclude(slug__in=loaded_types)
    gone = [
        entry.pk
        for entry in LibraryEntry.objects.filter(ruleset=ruleset, owner__isnull=True).only(
            "kind", "slug"
        )
        if (entry.kind, entry.slug) not in loaded_entries
    ]
    result.removed += len(gone) + gone_types.count()
    gone_types.delete()
    LibraryEntry.objects.filter(pk__in=gone).delete()


def load_entries(ruleset, kind, items, result):
    for order, item in enumerate(items, start=1):
        values = pick(item, ENTRY_FIELDS, ENTRY_DEFAULTS)
        values |= {"uncertain": bool(item.get("uncertain", False)), "order": order}
        if kind == "skill":
            values["data"] = {**values["data"], "group": item.get("group", "")}
            values["order"] = item.get("order", order)
        lookup = {"ruleset": ruleset, "kind": kind, "slug": item["slug"], "owner": None}
        sync(LibraryEntry, lookup, values, result)


def load_deck(ruleset, document, result):
    meta = document.deck
    values = {
        "name": meta["name"],
        "summary": meta.get("summary", ""),
        "back_label": meta.get("back_label", ""),
        "page": meta.get("page"),
        "edition": meta.get("edition", "core"),
        "order": meta.get("order", 0),
    }
    sync(Deck, {"ruleset": ruleset, "slug": meta["slug"]}, values, result)
    deck = Deck.objects.get(ruleset=ruleset, slug=meta["slug"])
    card_fields = {"number", "name", "copies", "page", "uncertain", "note"}
    for order, card in enumerate(document.items, start=1):
        values = {
            "name": card.get("name", ""),
            "copies": card.get("copies", 1),
            "page": card.get("page"),
            "uncertain": bool(card.get("uncertain", False)),
            "note": card.get("note", ""),
            "data": {key: value for key, value in card.items() if key not in card_fields},
            "order": order,
        }
        sync(DeckCard, {"deck": deck, "number": str(card["number"])}, values, result)
    # A card the file no longer holds leaves the deck, as prune() does for entries, so the
    # version that follows names it gone rather than printing it on.
    numbers = [str(card["number"]) for card in document.items]
    gone, _ = DeckCard.objects.filter(deck=deck).exclude(number__in=numbers).delete()
    result.removed += gone


# The key of the PostgreSQL advisory lock one load of the rules data holds (any fixed number
# no other lock of ours uses).
@transaction.atomic
def load_rules(fixtures_dir=FIXTURES_DIR):
    """Load the fixtures; a game whose data this changes gets a new numbered version."""
    one_load_at_a_time()
    result = LoadResult()
    rows = ruleset_rows(fixtures_dir)
    for order, item in enumerate(rows, start=1):
        values = {
            "name": item["name"],
            "edition": item["edition"],
            "source_book": item["source_book"],
            "force_name": item["force_name"],
            "budget_unit": item.get("budget_unit", ""),
            "default_budget": item.get("default_budget"),
            "summary": item.get("summary", ""),
            "order": order,
        }
        sync(Ruleset, {"slug": item["slug"]}, values, result)
        folder = fixtures_dir / item["slug"]
        if folder.is_dir():
            load_ruleset_folder(Ruleset.objects.get(slug=item["slug"]), folder, result)
    result.versions = record_versions([row["slug"] for row in rows], fixtures_dir)
    return result
