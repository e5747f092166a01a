"""Data packs (docs/data-pack.md): one game's completions and house rules in one versioned
JSON file, so a club fills in a book once and every member imports it. The file is read
with the roster file's counting reader and checked against a closed schema built from the
roster file's own (its house rules' shapes and bounds, rosters/schema.py), so what a pack
carries a roster file carries too."""

import json
from dataclasses import dataclass
from functools import cache

from jsonschema.exceptions import best_match

from config.limits import DATA_PACK_MAX_BYTES, DATA_PACK_MAX_RULES, MIB
from rosters.format import RosterFormatError, check_values
from rosters.reader import TooMuch, read_json
from rosters.schema import house_rule_of, roster_schema, ruleset_part
from rosters.transfer import house_rule_fields, same_rule
from rules.models import LibraryEntry
from rules.rulesets import playable_slugs
from rules.selectors import entry_as_data
from rules.shapes import ShapeValidator, describe, location

FORMAT = "cliffhanger-data-pack"
VERSION = 1
SCHEMA_COPY = "docs/data-pack.schema.json"
# What a pack's house rule holds: the fields the roster file's house rules carry.
RULE_FIELDS = ("kind", "slug", "name", "level", "cost", "summary", "page", "section", "edition")


class DataPackError(ValueError):
    """A file that is not a data pack this version can read, in one sentence."""


def data_pack_schema() -> dict:
    roster = roster_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://cliffhanger.example/data-pack.schema.json",
        "title": "Cliffhanger data pack",
        "description": "One game's completions (kind <kind>-completion: a player's values for"
        " what the book leaves empty) and house rules, as a roster file's house_rules hold them.",
        "type": "object",
        "required": ["format", "version", "ruleset", "house_rules"],
        "additionalProperties": False,
        "properties": {
            "format": {"const": FORMAT},
            "version": {"type": "integer", "minimum": 1, "maximum": VERSION},
            "ruleset": {"enum": sorted(playable_slugs())},
            "name": {"type": "string", "maxLength": 120},
            "house_rules": {
                "type": "array",
                "maxItems": DATA_PACK_MAX_RULES,
                "items": {"$ref": "#/$defs/house_rule"},
            },
        },
        "allOf": [
            {
                "if": {"required": ["ruleset"], "properties": {"ruleset": {"const": slug}}},
                "then": {
                    "properties": {
                        "house_rules": {"items": house_rule_of(slug, ruleset_part(slug))}
                    }
                },
            }
            for slug in sorted(playable_slugs())
        ],
        "$defs": roster["$defs"],
    }


@cache
def validator():
    ShapeValidator.check_schema(data_pack_schema())
    return ShapeValidator(data_pack_schema())


def too_big():
    return f"A data pack is at most {DATA_PACK_MAX_BYTES // MIB} MB; this one is more."


def load_pack(content: str | bytes) -> dict:
    """The pack in `content`, or DataPackError saying in one sentence why not."""
    if len(content) > DATA_PACK_MAX_BYTES:
        raise DataPackError(
            f"A data pack is at most {DATA_PACK_MAX_BYTES // MIB} MB; this is more."
        )
    try:
        document = read_json(content)
    except UnicodeDecodeError:
        raise DataPackError("This is not a text file (a data pack is UTF-8 JSON).") from None
    except json.JSONDecodeError as error:
        raise DataPackError(f"This is not JSON ({error.msg}, line {error.lineno}).") from None
    except TooMuch as error:
        raise DataPackError(str(error).replace("roster file", "data pack")) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise DataPackError(f"This is not a Cliffhanger data pack (format {FORMAT!r}).")
    version = document.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise DataPackError(
            f"This pack is version {version}; this Cliffhanger reads up to {VERSION}."
        )
    try:
        check_values(document)
    except RosterFormatError as error:
        raise DataPackError(f"At {error.path or 'the top'}: {error.message}.") from None
    error = best_match(validator().iter_errors(document))
    if error is not None:
        where = location(error.absolute_path) or "the top"
        raise DataPackError(f"At {where}: {describe(error)}.")
    return document


def export_pack(owner, ruleset) -> dict:
    """The owner's completions and house rules of this game, as a pack."""
    rules = LibraryEntry.objects.filter(owner=owner, ruleset=ruleset).order_by("kind", "slug")
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": ruleset.slug,
        "name": f"{ruleset.name}: {owner.get_username()}'s library",
        "house_rules": [pack_rule(entry) for entry in rules],
    }


def pack_rule(entry) -> dict:
    data = entry_as_data(entry)
    rule = {name: data[name] for name in RULE_FIELDS}
    if data["effect"]:
        rule["effect"] = data["effect"]
    if data["data"]:
        rule["data"] = data["data"]
    return rule


@dataclass(frozen=True)
class PackLine:
    """What importing one of the pack's rules does: adds, replaces (the player's own rule of
    that kind and slug), keeps (the same rule is there) or skips (a book entry's slug)."""

    action: str
    kind: str
    slug: str
    name: str


def preview(owner, ruleset, pack) -> list[PackLine]:
    mine = {}
    if owner is not None and owner.is_authenticated:
        rows = LibraryEntry.objects.filter(owner=owner, ruleset=ruleset)
        mine = {(row.kind, row.slug): row for row in rows}
    book = set(
        LibraryEntry.objects.filter(ruleset=ruleset, owner__isnull=True).values_list("kind", "slug")
    )
    lines, seen = [], set()
    for rule in pack["house_rules"]:
        key = (rule["kind"], rule["slug"])
        existing = mine.get(key)
        if key in book or key in seen:
            action = "skips"
        elif existing is None:
            action = "adds"
        elif same_rule(existing, house_rule_fields(rule)):
            action = "keeps"
        else:
            action = "replaces"
        seen.add(key)
        lines.append(PackLine(action, rule["kind"], rule["slug"], rule["name"]))
    return lines
