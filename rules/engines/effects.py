"""The machine-readable `effect` of a library entry (vocabulary in fixtures/README.md).

House rules come from players, so an effect may be malformed; engines read effects only
through `effect_of`, which drops any key whose value has the wrong shape rather than let a
typo crash a report. The shapes are JSON Schema, in shapes.schema.json beside this module:
the roster schema takes its copy of them from there, and the start-up checks hold the
fixtures to them."""

import json
from functools import cache, lru_cache
from pathlib import Path

from rules.shapes import ShapeValidator, schema_file

SHAPES_PATH = Path(__file__).with_name("shapes.schema.json")


def is_count(value):
    return isinstance(value, int) and not isinstance(value, bool)


def shapes() -> dict:
    return schema_file(SHAPES_PATH)


@cache
def effect_validator():
    """Every effect key's shape. Keys it does not name are left alone: the start-up checks
    catch those in the fixtures, and a roster file cannot carry them."""
    defs = shapes()["$defs"]
    return ShapeValidator(
        {"$defs": defs, "type": "object", **defs["effect"]} | {"additionalProperties": True}
    )


@lru_cache(maxsize=2048)
def misshapen_keys(effect_json):
    """The keys of an effect (as JSON text) whose values break their shape. Effects repeat
    (every card with the same ability), and jsonschema is slow next to a report's budget,
    so each distinct effect is judged once."""
    errors = effect_validator().iter_errors(json.loads(effect_json))
    return frozenset(error.absolute_path[0] for error in errors if error.absolute_path)


def effect_of(entry) -> dict:
    effect = entry.get("effect") if isinstance(entry, dict) else None
    if not isinstance(effect, dict):
        return {}
    # A value JSON cannot hold (a date YAML read) is judged as its repr, so it never fits.
    misshapen = misshapen_keys(json.dumps(effect, default=repr, skipkeys=True))
    return {key: value for key, value in effect.items() if key not in misshapen}


def number(value, default=0):
    """A cost or level as a whole number, or `default` when it is missing or malformed."""
    return value if is_count(value) else default
