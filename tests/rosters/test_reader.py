"""The bounded roster file reader (rosters/reader.py): it reads exactly what json.loads reads,
and refuses a file past a limit while reading it, in one sentence naming the limit."""

import base64
import json
import random
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from hypothesis import given, settings
from hypothesis import strategies as st

from config.limits import (
    IMPORT_MAX_BYTES,
    ROSTER_FILE_MAX_DEPTH,
    ROSTER_FILE_MAX_ENTRIES,
    ROSTER_FILE_MAX_TEXT,
    ROSTER_FILE_MAX_VALUES,
    ROSTER_MAX_CHARACTERS,
)
from rosters.format import RosterFormatError, load_roster
from rosters.reader import TooMuch, read_json
from rules.fixture_folder import FIXTURES_DIR

EXAMPLES = Path(django_settings.BASE_DIR) / "docs" / "examples"
ROSTER_FILES = sorted(FIXTURES_DIR.glob("*/samples/*.json")) + sorted(EXAMPLES.glob("*.json"))

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12) + 1, 10**12 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
# Text made of JSON's own pieces, so most examples are almost JSON and fail somewhere inside.
json_ish = st.lists(
    st.sampled_from(
        [
            "[",
            "]",
            "{",
            "}",
            ",",
            ":",
            '"',
            '"a"',
            "\\",
            "\\u00e9",
            "0",
            "-",
            "1.5",
            "e9",
            "01",
            "true",
            "nul",
            "null",
            "NaN",
            "-Infinity",
            " ",
            "\n",
            "\t",
            "\x00",
            "\ufeff",
            "é",
            "9" * 13,
        ]
    ),
    max_size=30,
).map("".join)


@pytest.mark.parametrize("path", ROSTER_FILES, ids=lambda path: path.name)
def test_every_shipped_roster_file_reads_exactly_as_json_loads_reads_it(path):
    content = path.read_bytes()
    assert read_json(content) == json.loads(content)


@settings(max_examples=300)
@given(value=json_values, indent=st.sampled_from([None, 2]))
def test_any_json_value_within_the_limits_reads_as_json_loads_reads_it(value, indent):
    text = json.dumps(value, indent=indent, ensure_ascii=False)
    assert read_json(text.encode()) == json.loads(text) == read_json(text)


@settings(max_examples=500)
@given(text=json_ish | st.binary(max_size=40).map(lambda data: data.decode("latin-1")))
def test_almost_json_is_read_as_json_loads_reads_it_or_refused_in_one_sentence(text):
    try:
        accepted = read_json(text)
    except TooMuch as refusal:
        assert "\n" not in str(refusal)
    except json.JSONDecodeError:
        with pytest.raises(ValueError):
            json.loads(text)
    else:
        assert accepted == json.loads(text)


@settings(max_examples=300)
@given(content=json_ish.map(str.encode) | st.binary(max_size=60))
def test_any_file_is_a_roster_or_refused_with_a_format_error(content):
    try:
        load_roster(content)
    except RosterFormatError as refusal:
        assert "\n" not in str(refusal)


def nested(depth):
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        (
            "[" + "0," * ROSTER_FILE_MAX_ENTRIES + "0]",
            f"A roster file may hold at most {ROSTER_FILE_MAX_ENTRIES} entries in one list;"
            " this one has more.",
        ),
        (
            "{" + ",".join(f'"{n}": 0' for n in range(ROSTER_FILE_MAX_ENTRIES + 1)) + "}",
            f"A roster file may hold at most {ROSTER_FILE_MAX_ENTRIES} fields in one object;"
            " this one has more.",
        ),
        (
            # Duplicate keys count too: json.loads keeps one, but reads them all.
            "{" + '"a": 0,' * ROSTER_FILE_MAX_ENTRIES + '"a": 0}',
            f"A roster file may hold at most {ROSTER_FILE_MAX_ENTRIES} fields in one object;"
            " this one has more.",
        ),
        (
            "[" + ",".join(["[" + "0," * 99 + "0]"] * (ROSTER_FILE_MAX_VALUES // 100)) + "]",
            f"A roster file may hold at most {ROSTER_FILE_MAX_VALUES} values in all;"
            " this one has more.",
        ),
        (
            '["' + "x" * (ROSTER_FILE_MAX_TEXT + 1) + '"]',
            "A roster file may hold at most 14 MB of text in one place; this one has more.",
        ),
        (nested(ROSTER_FILE_MAX_DEPTH + 2), "lists and objects nest deeper than 16 levels"),
    ],
    ids=["list", "object", "duplicate-keys", "values", "text", "depth"],
)
def test_a_file_past_a_limit_is_refused_with_the_limit_in_plain_words(text, sentence):
    with pytest.raises(TooMuch) as refusal:
        read_json(text)
    assert str(refusal.value) == sentence


def test_a_file_at_every_limit_still_reads():
    assert read_json(nested(ROSTER_FILE_MAX_DEPTH + 1)) == json.loads(
        nested(ROSTER_FILE_MAX_DEPTH + 1)
    )
    at_most = "[" + "0," * (ROSTER_FILE_MAX_ENTRIES - 1) + "0]"
    assert len(read_json(at_most)) == ROSTER_FILE_MAX_ENTRIES
    text = "x" * ROSTER_FILE_MAX_TEXT
    assert read_json(json.dumps([text])) == [text]


def test_a_full_cast_with_a_portrait_on_every_card_reads_as_before():
    """The largest ordinary file: 100 characters, each with a 300 KB picture, near the 32 MB
    upload limit."""
    document = json.loads((EXAMPLES / "7tv-claire.json").read_text())
    character = document["characters"][0]
    picture = base64.b64encode(random.Random(22).randbytes(225_000)).decode()
    document["characters"] = [
        {**character, "id": str(n), "portrait": {"media_type": "image/jpeg", "data": picture}}
        for n in range(ROSTER_MAX_CHARACTERS)
    ]
    content = json.dumps(document, indent=2).encode()
    assert len(content) > IMPORT_MAX_BYTES * 7 // 8
    assert read_json(content) == json.loads(content)
    assert len(load_roster(content)["characters"]) == ROSTER_MAX_CHARACTERS
