"""Consistency checks over the rules fixtures, run as a Django system check and in tests.
They read the YAML directly, so a broken data edit is caught before it reaches a database."""

from collections import Counter
from pathlib import Path

from rules.data_versions import changelog
from rules.engines.house_rules import top_ability_level
from rules.fixture_folder import (
    CHANGELOG_FILE,
    DECK,
    FIXTURES_DIR,
    TYPES,
    FixtureError,
    classify,
    read_yaml,
    ruleset_rows,
    yaml_paths,
)
from rules.rulesets import find

COSTED_KINDS = {"perk", "tip", "contact", "gear", "backup"}


def duplicates(values):
    return sorted(value for value, count in Counter(values).items() if count > 1)


def entry_problems(ruleset, path, kind, entries, top=None):
    """`top`: the highest ability level the ruleset's character types allow (None: unchecked)."""
    where = f"{ruleset}/{path.name}"
    problems = [
        f"{where}: {kind} named {name!r} twice" for name in duplicates(e["name"] for e in entries)
    ]
    problems += [f"{where}: slug {slug!r} twice" for slug in duplicates(e["slug"] for e in entries)]
    for entry in entries:
        label = f"{where}: {entry.get('name', entry.get('slug'))!r}"
        if not str(entry.get("summary") or "").strip():
            problems.append(f"{label} has no summary")
        if entry.get("page") is None and not entry.get("section") and kind != "skill":
            problems.append(f"{label} has no page or section")
        level = entry.get("level")
        if kind == "ability" and (level is None or level < 1 or (top is not None and level > top)):
            problems.append(f"{label} has level {level}, outside 1–{top or '?'}")
        if kind in COSTED_KINDS and entry.get("cost") is None:
            problems.append(f"{label} is a {kind} without a cost")
    return problems


def deck_problems(ruleset, path, document):
    deck = document.deck
    cards = document.items
    where = f"{ruleset}/{path.name}"
    problems = [
        f"{where}: card #{number} twice" for number in duplicates(str(c["number"]) for c in cards)
    ]
    # What a card of each deck must carry to be playable, as the ruleset's definition says.
    definition = find(ruleset)
    needs = definition.deck_card_needs.get(deck["slug"], ()) if definition else ()
    for card in cards:
        missing = [field for field in needs if not card.get(field)]
        if missing:
            problems.append(f"{where}: card #{card['number']} has no {', '.join(missing)}")
        challenge = card.get("challenge")
        if "challenge" in needs and challenge and not challenge.get("skills"):
            problems.append(f"{where}: card #{card['number']} challenge names no skills")
    return problems


def type_problems(ruleset, path, types):
    names = duplicates(t["name"] for t in types)
    return [f"{ruleset}/{path.name}: character type {name!r} twice" for name in names]


def changelog_problems(folder):
    """A changelog a load could not read, or with a note id twice (a version takes the notes
    no earlier one took, by id, so a repeated id would be lost)."""
    try:
        notes = changelog(folder)
    except FixtureError as error:
        return [str(error)]
    return [
        f"{folder.name}/{CHANGELOG_FILE}: note {note_id!r} twice"
        for note_id in duplicates(note["id"] for note in notes)
    ]


def fixture_problems(fixtures_dir: Path = FIXTURES_DIR):
    """Every inconsistency in the rules data, as readable lines (empty when all is well)."""
    problems = []
    try:
        rulesets = ruleset_rows(fixtures_dir)
    except (FixtureError, OSError) as error:
        return [str(error)]
    for slug in (item["slug"] for item in rulesets):
        problems += changelog_problems(fixtures_dir / slug)
        found = []
        for path in yaml_paths(fixtures_dir / slug):
            try:
                found.append((path, classify(path, read_yaml(path))))
            except FixtureError as error:
                problems.append(str(error))
        top = top_ability_level(
            item.get("profile")
            for _, document in found
            if document.form == TYPES
            for item in document.items
        )
        for path, document in found:
            if document.form == TYPES:
                problems += type_problems(slug, path, document.items)
            elif document.form == DECK:
                problems += deck_problems(slug, path, document)
            else:
                problems += entry_problems(slug, path, document.kind, document.items, top)
    return problems
