"""The JSON roster format (docs/roster-format.md): read a roster file, check it against
its JSON Schema (rosters/schema.py), and say exactly where a bad one goes wrong. Only the shape is
checked here; whether the force is legal is the engine's Report."""

import base64
import binascii
import itertools
import json
import math
from collections import Counter
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from config.limits import IMPORT_MAX_BYTES, MIB, ROSTER_FILE_MAX_DEPTH
from rosters.reader import TooMuch, read_json
from rosters.schema import roster_schema
from rules.engines import boss_roles
from rules.engines.plain import recharactered, repointed
from rules.shapes import ShapeValidator, describe, location, shown

FORMAT = "cliffhanger-roster"
# 3: characters carry ids, and a role naming another character names its id; 2: the campaign
# block (between-game progress). Older files still read (with_character_ids).
VERSION = 3
# A league with a large portrait on every card fits with room to spare (base64 adds a third);
# more than this is not a roster, and parsing it would tie up a server for no one.
MAX_FILE_BYTES = IMPORT_MAX_BYTES
MAX_DEPTH = ROSTER_FILE_MAX_DEPTH


def choice_kind(key):
    """The library kind a roster choice list holds: "reputation_perks" → "reputation-perk"."""
    return key.removesuffix("s").replace("_", "-")


class RosterFormatError(ValueError):
    """A file that is not a roster this version can read. `path` points into the document,
    e.g. "characters[2].profile.skills.brawl"."""

    def __init__(self, message, path=""):
        self.message = message
        self.path = path
        super().__init__(f"{path}: {message}" if path else message)


@cache
def schema():
    return roster_schema()


@cache
def validator():
    Draft202012Validator.check_schema(schema())
    return ShapeValidator(schema())


def read_roster(path) -> dict:
    return load_roster(file_content(path))


def file_content(path) -> bytes:
    """A roster file's bytes, as load_roster takes them (one byte over the limit at most)."""
    try:
        with Path(path).open("rb") as file:
            return file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise RosterFormatError(f"cannot read the file: {error.strerror or error}") from error


def too_big_message():
    return f"the file is over {MAX_FILE_BYTES // MIB} MB, too big for a roster"


def load_roster(content: str | bytes) -> dict:
    if len(content) > MAX_FILE_BYTES:
        raise RosterFormatError(too_big_message())
    try:
        document = read_json(content)
    except UnicodeDecodeError as error:
        raise RosterFormatError("not a text file (expected UTF-8 JSON)") from error
    except json.JSONDecodeError as error:
        raise RosterFormatError(
            f"not JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from error
    except TooMuch as error:
        raise RosterFormatError(str(error)) from error
    return validate_roster(document)


def validate_roster(document) -> dict:
    if not isinstance(document, dict):
        raise RosterFormatError("a roster file holds one JSON object")
    if document.get("format") != FORMAT:
        raise RosterFormatError(f"not a Cliffhanger roster: expected {FORMAT!r}", "format")
    version = document.get("version")
    # Checked before the schema: a newer file may have a shape this schema cannot know.
    if isinstance(version, int) and version > VERSION:
        raise RosterFormatError(
            f"the file uses roster format version {version}, but this Cliffhanger reads up to"
            f" version {VERSION}: update Cliffhanger to open it",
            "version",
        )
    check_values(document)
    error = best_match(validator().iter_errors(document))
    if error is not None:
        raise RosterFormatError(describe(error), location(error.absolute_path))
    check_portraits(document)
    return with_character_ids(document)


def with_character_ids(document) -> dict:
    """The document with an id on every character: its own ids stay (each must be unique in
    the file); a character without one (files before version 3) gets the lowest free number.
    A role or a campaign record that names a character by name, as those files do, then
    names it by id."""
    seen = {}
    for index, character in enumerate(document["characters"]):
        if "id" in character:
            if character["id"] in seen:
                raise RosterFormatError(
                    f"the id {shown(character['id'])} is characters[{seen[character['id']]}]'s"
                    " already; each character needs its own",
                    f"characters[{index}].id",
                )
            seen[character["id"]] = index
    free = (str(number) for number in itertools.count(1) if str(number) not in seen)
    characters = [
        character if "id" in character else {"id": next(free), **character}
        for character in document["characters"]
    ]
    ids = {character["id"] for character in characters}
    names = Counter(character["name"] for character in characters)
    # Only a name no other character shares, and that is no id, can stand for its character.
    by_name = {
        character["name"]: character["id"]
        for character in characters
        if names[character["name"]] == 1 and character["name"] not in ids
    }
    prefixes = boss_roles(document["ruleset"])
    if "campaign" in document:
        # Older files' campaign records name characters as their roles did.
        document = {**document, "campaign": recharactered(document["campaign"], by_name)}
    return {
        **document,
        "characters": [
            {**c, "role": repointed(c["role"], prefixes, by_name)} if "role" in c else c
            for c in characters
        ],
    }


def check_values(document):
    """What JSON Schema cannot say: no nesting past MAX_DEPTH, no text a database or a PDF
    cannot hold (NUL, lone UTF-16 surrogates), no NaN or infinity. Walked without recursion,
    so a hostile file cannot exhaust the stack here either."""
    stack = [(document, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise RosterFormatError(
                f"lists and objects nest deeper than {MAX_DEPTH} levels", location(path)
            )
        if isinstance(value, dict):
            for key, item in value.items():
                check_text(key, path)
                stack.append((item, (*path, key)))
        elif isinstance(value, list):
            stack.extend((item, (*path, index)) for index, item in enumerate(value))
        elif isinstance(value, str):
            check_text(value, path)
        elif isinstance(value, float) and not math.isfinite(value):
            raise RosterFormatError(f"{value} is not a number JSON allows", location(path))


def check_text(text, path):
    if "\x00" in text:
        raise RosterFormatError("text holds a NUL character (\\u0000)", location(path))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise RosterFormatError(
            "text holds a lone UTF-16 surrogate (such as \\ud800), which is not a character",
            location(path),
        ) from error


def check_portraits(document):
    for index, character in enumerate(document["characters"]):
        portrait = character.get("portrait")
        if portrait is None:
            continue
        try:
            base64.b64decode(portrait["data"], validate=True)
        except binascii.Error as error:
            raise RosterFormatError(
                "the picture is not valid base64", f"characters[{index}].portrait.data"
            ) from error
