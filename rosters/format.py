"""The JSON roster format (docs/roster-format.md): read a roster file, check it against
its JSON Schema (rosters/schema.py), and say exactly where a bad one goes wrong. Only the shape is
checked here; whether the force is legal is the engine's Report."""

import base64
import binascii
import json
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from rosters.schema import roster_schema

FORMAT = "cliffhanger-roster"
VERSION = 1
TYPE_WORDS = {
    "object": "an object",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "boolean": "true or false",
    "null": "null",
}


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
    return Draft202012Validator(schema())


def read_roster(path) -> dict:
    try:
        content = Path(path).read_bytes()
    except OSError as error:
        raise RosterFormatError(f"cannot read the file: {error.strerror or error}") from error
    return load_roster(content)


def load_roster(content: str | bytes) -> dict:
    try:
        document = json.loads(content)
    except UnicodeDecodeError as error:
        raise RosterFormatError("not a text file (expected UTF-8 JSON)") from error
    except json.JSONDecodeError as error:
        raise RosterFormatError(
            f"not JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from error
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
    error = best_match(validator().iter_errors(document))
    if error is not None:
        raise RosterFormatError(describe(error), location(error.absolute_path))
    check_portraits(document)
    return document


def location(path):
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text


def describe(error):
    """jsonschema's messages, reworded for a player who typed the file by hand."""
    value, expected = error.instance, error.validator_value
    match error.validator:
        case "pattern":
            return f"{value!r} is not {error.schema.get('description', 'in the expected form')}"
        case "required":
            missing = next(name for name in expected if name not in value)
            return f"{missing!r} is missing"
        case "additionalProperties":
            extra = next(name for name in value if name not in error.schema.get("properties", {}))
            return f"unexpected field {extra!r}"
        case "type":
            wanted = [expected] if isinstance(expected, str) else expected
            return f"{value!r} should be {' or '.join(TYPE_WORDS.get(w, w) for w in wanted)}"
        case "const":
            return f"{value!r} should be {expected!r}"
        case "enum":
            return f"{value!r} is not one of {', '.join(map(repr, expected))}"
        case "minLength" if expected == 1:
            return "must not be empty"
    return error.message


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
