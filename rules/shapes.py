"""Shapes of data as JSON Schema files, checked with jsonschema: a roster file
(rosters/format.py), the effects of library entries and house rules
(rules/engines/shapes.schema.json), the cheat-sheet data (cards/cheatsheets/sheets.schema.json).
One validator and one way of saying where a document goes wrong, for a player's file and for
our own fixtures alike."""

import json
from functools import cache
from pathlib import Path

from django.conf import settings
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError
from jsonschema.validators import extend

TYPE_WORDS = {
    "object": "an object",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "boolean": "true or false",
    "null": "null",
}


class SchemaFileError(ValueError):
    """One of our own schema files cannot be read or is not a JSON Schema."""


def whole_number_type(checker, instance):
    """JSON Schema counts 2.0 as an integer; the pages and engines do not, so neither do we."""
    return isinstance(instance, int) and not isinstance(instance, bool)


# Draft 2020-12, except that an "integer" is written as one.
ShapeValidator = extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", whole_number_type),
)


def shown_path(path):
    """A file of ours as a message names it: relative to the project."""
    path = Path(path)
    return (
        str(path.relative_to(settings.BASE_DIR))
        if path.is_relative_to(settings.BASE_DIR)
        else str(path)
    )


@cache
def schema_file(path) -> dict:
    """The JSON Schema in `path`, checked to be one. Raises SchemaFileError naming the file
    and the place in it that is wrong."""
    try:
        schema = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise SchemaFileError(f"{shown_path(path)}: {error}") from error
    try:
        ShapeValidator.check_schema(schema)
    except SchemaError as error:
        at = location(error.absolute_path) or "the top"
        raise SchemaFileError(f"{shown_path(path)}, at {at}: {error.message}") from error
    return schema


def problems(validator, document):
    """(where, what) for every place the document breaks its schema, in document order."""
    errors = sorted(
        validator.iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path]
    )
    return [(location(error.absolute_path), describe(error)) for error in errors]


def location(path):
    """A place in a document: "characters[2].profile.skills.brawl"."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            part = part if part.isprintable() and len(part) <= 40 else shown(part)
            text += f".{part}" if text else part
    return text


def shown(value):
    """A value as a message quotes it: repr escapes what is not printable, and a long one is
    cut, so a hostile file cannot make its own error message huge or unprintable."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}…"


def describe(error):
    """jsonschema's messages, reworded for a person who typed the file by hand."""
    value, expected = error.instance, error.validator_value
    match error.validator:
        case "pattern" | "anyOf" | "oneOf":
            return (
                f"{shown(value)} is not {error.schema.get('description', 'in the expected form')}"
            )
        case "required":
            missing = next(name for name in expected if name not in value)
            return f"{missing!r} is missing"
        case "additionalProperties":
            extra = next(name for name in value if name not in error.schema.get("properties", {}))
            return f"unexpected field {shown(extra)}"
        case "type":
            wanted = [expected] if isinstance(expected, str) else expected
            return f"{shown(value)} should be {' or '.join(TYPE_WORDS.get(w, w) for w in wanted)}"
        case "const":
            return f"{shown(value)} should be {expected!r}"
        case "enum":
            return f"{shown(value)} is not one of {', '.join(map(repr, expected))}"
        case "minLength" if expected == 1:
            return "must not be empty"
        case "maxLength":
            return f"is {len(value)} characters long; at most {expected} fit"
        case "maximum":
            return f"{value} is more than {expected}, the most this field allows"
        case "minimum":
            return f"{value} is less than {expected}, the least this field allows"
        case "maxItems":
            return f"has {len(value)} entries; at most {expected} are allowed"
        case "maxProperties":
            return f"has {len(value)} fields; at most {expected} are allowed"
    # jsonschema quotes the whole value; a hostile one must not make the message huge.
    return error.message if len(error.message) <= 200 else f"{error.message[:197]}…"
