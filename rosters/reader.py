"""The one JSON reader for roster files (the import page, `manage.py roster`, `print_roster`,
the sample forces): it reads like json.loads, but counts while it reads and stops at the first
limit a file passes (config/limits.py, "A roster file"), so a hostile file costs the server
no more than a legitimate one before it is refused.

json.loads cannot do this: it builds a whole list before any hook sees it, so a 28 MB list
of 15 million zeros took 2.6 GB and half a minute before a check could run
(docs/security.md). Here each value is counted as it is read, without recursion; strings
are read by json's own C scanstring, so a portrait costs what it costs json.loads."""

import json
import re
from json.decoder import scanstring

from config.limits import (
    MIB,
    ROSTER_FILE_MAX_DEPTH,
    ROSTER_FILE_MAX_ENTRIES,
    ROSTER_FILE_MAX_TEXT,
    ROSTER_FILE_MAX_VALUES,
)

# More digits than any whole number the schema allows; int() of thousands of digits is slow.
MAX_NUMBER_DIGITS = 12

WHITESPACE = re.compile(r"[ \t\n\r]*")
# JSON's number, with ASCII digits only (json.scanner's NUMBER_RE, without \d's other scripts).
NUMBER = re.compile(r"(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?")
# Each literal by its first letter, as json's scanner tells them apart.
LITERALS = {"n": ("null", None), "t": ("true", True), "f": ("false", False)}
# json.loads reads these, but they are no JSON numbers.
NOT_NUMBERS = ("NaN", "Infinity", "-Infinity")


def skip(text, index):
    """Where the whitespace at `index` ends."""
    return WHITESPACE.match(text, index).end()


class TooMuch(ValueError):
    """A file past one of the reader's limits (or holding what JSON does not allow), in one
    sentence for the player."""


def read_json(content: str | bytes):
    """The value json.loads would return for `content`, or TooMuch as soon as the file passes
    a limit; json.JSONDecodeError for what is not JSON, UnicodeDecodeError for what is not
    text, as json.loads raises them."""
    if isinstance(content, bytes | bytearray):
        content = content.decode(json.detect_encoding(content), "surrogatepass")
    if content.startswith("\ufeff"):
        raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", content, 0)
    document, end = Reading(content).value_and_end()
    end = skip(content, end)
    if end != len(content):
        raise json.JSONDecodeError("Extra data", content, end)
    return document


def more_than(limit, what):
    return TooMuch(f"A roster file may hold at most {limit} {what}; this one has more.")


class Reading:
    """One pass over one text. `open` holds the lists and objects being read, innermost
    last, each as [container, the key its next value goes under (None in a list), entries]."""

    def __init__(self, text):
        self.text = text
        self.open = []
        self.values = 0

    def value_and_end(self):
        index = skip(self.text, 0)
        while True:
            value, index = self.value_at(index)
            while value is not NEXT:
                if not self.open:
                    return value, index
                index, closed = self.after_entry(value, index)
                value = self.open.pop()[0] if closed else NEXT

    def value_at(self, index):
        """The scalar at `index` and where it ends, or NEXT after opening a list or object
        (its first value comes next)."""
        self.values += 1
        if self.values > ROSTER_FILE_MAX_VALUES:
            raise more_than(ROSTER_FILE_MAX_VALUES, "values in all")
        if len(self.open) > ROSTER_FILE_MAX_DEPTH:
            raise TooMuch(f"lists and objects nest deeper than {ROSTER_FILE_MAX_DEPTH} levels")
        text = self.text
        char = text[index : index + 1]
        if char == "{":
            index = skip(self.text, index + 1)
            if text[index : index + 1] == "}":
                return {}, index + 1
            key, index = self.key_at(index)
            self.open.append([{}, key, 1])
            return NEXT, index
        if char == "[":
            index = skip(self.text, index + 1)
            if text[index : index + 1] == "]":
                return [], index + 1
            self.open.append([[], None, 1])
            return NEXT, index
        if char == '"':
            return self.string_at(index)
        number = NUMBER.match(text, index)
        if number is not None:
            return self.number(number), number.end()
        name, literal = LITERALS.get(char, ("", None))
        if name and text.startswith(name, index):
            return literal, index + len(name)
        for name in NOT_NUMBERS:
            if text.startswith(name, index):
                raise TooMuch(f"{name} is not a number JSON allows")
        raise json.JSONDecodeError("Expecting value", text, index)

    def after_entry(self, value, index):
        """Puts `value` into the innermost open container and reads on: where its next value
        starts, or where it ends if it closes here, and whether it closed."""
        entry = self.open[-1]
        container, key, entries = entry
        if key is None:
            container.append(value)
        else:
            container[key] = value
        index = skip(self.text, index)
        char = self.text[index : index + 1]
        if char == ",":
            entry[2] = entries = entries + 1
            if entries > ROSTER_FILE_MAX_ENTRIES:
                what = "entries in one list" if key is None else "fields in one object"
                raise more_than(ROSTER_FILE_MAX_ENTRIES, what)
            index = skip(self.text, index + 1)
            if key is not None:
                entry[1], index = self.key_at(index)
            return index, False
        if char == ("]" if key is None else "}"):
            return index + 1, True
        raise json.JSONDecodeError("Expecting ',' delimiter", self.text, index)

    def key_at(self, index):
        """An object's key and where its value starts."""
        if self.text[index : index + 1] != '"':
            raise json.JSONDecodeError(
                "Expecting property name enclosed in double quotes", self.text, index
            )
        key, index = self.string_at(index)
        index = skip(self.text, index)
        if self.text[index : index + 1] != ":":
            raise json.JSONDecodeError("Expecting ':' delimiter", self.text, index)
        return key, skip(self.text, index + 1)

    def string_at(self, index):
        string, end = scanstring(self.text, index + 1, True)
        if len(string) > ROSTER_FILE_MAX_TEXT:
            raise more_than(f"{ROSTER_FILE_MAX_TEXT // MIB} MB", "of text in one place")
        return string, end

    @staticmethod
    def number(match):
        whole, fraction, exponent = match.groups()
        if fraction or exponent:
            return float(match.group())
        digits = len(whole.lstrip("-"))
        if digits > MAX_NUMBER_DIGITS:
            raise TooMuch(f"a number of {digits} digits is far beyond any a roster uses")
        return int(whole)


# "A value comes next": value_at opened a list or object, or a container read on past a comma.
NEXT = object()
