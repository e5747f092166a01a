"""How the rules fixtures are read, in one place for the loader (rules/loading.py), the
integrity checks (rules/integrity.py) and the database-free RulesBook (rules/fixture_book.py).
Each YAML file beside a ruleset's character-types.yaml is one of three documents: the character
types, a deck, or library entries of one kind (skills.yaml: a bare list of skills). See
fixtures/README.md."""

from dataclasses import dataclass, field, replace
from pathlib import Path

import yaml
from django.conf import settings

FIXTURES_DIR = Path(settings.RULES_DATA_DIR)
# Each game folder's own row in the list of games (name, edition, force name, its place in the
# list): a game's folder is all of its data, so adding one edits no shared list.
RULESET_FILE = "ruleset.yaml"
# What changed in the game's data, why and where the book says so (rules/data_versions.py).
CHANGELOG_FILE = "changelog.yaml"
TYPES, DECK, ENTRIES = "types", "deck", "entries"
# libyaml's C parser when PyYAML has it: several times faster on the larger rulesets.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class FixtureError(ValueError):
    pass


def read_yaml(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return yaml.load(handle, Loader=SAFE_LOADER)  # noqa: S506 (a safe loader)
    except yaml.YAMLError as error:
        raise FixtureError(f"{path}: not valid YAML ({error})") from error


@dataclass(frozen=True)
class FixtureDocument:
    path: Path
    form: str  # TYPES, DECK or ENTRIES
    items: list  # the character types, the deck's cards or the library entries
    kind: str = ""  # the library kind of ENTRIES
    deck: dict = field(default_factory=dict)  # a DECK's own fields (slug, name, back_label…)
    cards_from: str = ""  # a DECK printed from the entries of this library kind


def yaml_paths(folder: Path):
    """The rules documents of a game folder (its ruleset.yaml row and its changelog are not)."""
    found = folder.glob("*.yaml") if folder.is_dir() else ()
    return sorted(path for path in found if path.name not in (RULESET_FILE, CHANGELOG_FILE))


def ruleset_rows(fixtures_dir: Path = FIXTURES_DIR) -> list[dict]:
    """Every game folder's ruleset.yaml as a row with its `slug` (the folder's name), in the
    order the rows give; FixtureError names a file that is no mapping with a whole `order`."""
    rows = []
    for path in sorted(fixtures_dir.glob(f"*/{RULESET_FILE}")):
        row = read_yaml(path)
        if not isinstance(row, dict) or not isinstance(row.get("order"), int):
            raise FixtureError(f"{path}: expected a mapping with a whole-number `order`")
        rows.append({**row, "slug": path.parent.name})
    return sorted(rows, key=lambda row: (row["order"], row["slug"]))


def classify(path: Path, document) -> FixtureDocument:
    """What a fixture file holds; FixtureError for a file that is none of the three."""
    if path.name == "character-types.yaml" and isinstance(document, list):
        return FixtureDocument(path, TYPES, document)
    if isinstance(document, dict) and isinstance(document.get("deck"), dict):
        return FixtureDocument(
            path,
            DECK,
            document.get("cards") or [],
            deck=document["deck"],
            cards_from=str(document.get("cards_from") or ""),
        )
    if isinstance(document, dict) and "kind" in document:
        return FixtureDocument(path, ENTRIES, document.get("entries") or [], kind=document["kind"])
    if isinstance(document, list) and path.stem == "skills":
        return FixtureDocument(path, ENTRIES, document, kind="skill")
    raise FixtureError(f"{path}: expected character types, a deck or library entries")


def documents(folder: Path):
    """Every document of a ruleset folder, in file-name order; raises FixtureError at the first
    file that cannot be read. A deck with `cards_from` gets its cards from those entries."""
    found = [classify(path, read_yaml(path)) for path in yaml_paths(folder)]
    return [with_cards_from(document, found) for document in found]


def with_cards_from(document: FixtureDocument, found) -> FixtureDocument:
    """A deck whose cards are the library entries the engine reads (Pulp City's Agendas and
    Resources): one card per entry of that kind, in file order, so what prints and what is
    checked are one entry. Entries with `data.printed_card: false` (named in the book, no card
    printed) are left out."""
    if document.form != DECK or not document.cards_from:
        return document
    entries = [
        entry
        for other in found
        if other.form == ENTRIES and other.kind == document.cards_from
        for entry in other.items
        if (entry.get("data") or {}).get("printed_card", True)
    ]
    cards = [
        {
            "number": f"{number:02d}",
            "name": entry["name"],
            "page": entry.get("page"),
            "uncertain": entry.get("uncertain", False),
            "note": entry.get("note", ""),
            "slug": entry["slug"],
            "level": entry.get("level"),
            "summary": entry.get("summary", ""),
            **(entry.get("data") or {}),
        }
        for number, entry in enumerate(entries, start=1)
    ]
    return replace(document, items=cards)
