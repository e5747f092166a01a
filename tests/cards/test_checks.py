"""The start-up checks for what `cards` adds to each ruleset: a designer, card faces with
their templates, the cheat-sheet reading, and cheat-sheet data of the right shape."""

import dataclasses
import re
import shutil

import pytest

from cards import cheatsheets, checks
from rules.fixture_folder import FIXTURES_DIR
from rules.rulesets import REGISTRY


@pytest.fixture
def registry(monkeypatch):
    copy = dict(REGISTRY)
    monkeypatch.setattr(checks, "REGISTRY", copy)
    return copy


def messages():
    return [error.msg for error in checks.registered_rulesets_print(None)]


def test_the_shipped_rulesets_have_every_print_part():
    assert messages() == []


def test_a_misnamed_designer_face_or_reading_is_reported(registry):
    registry["7tv"] = dataclasses.replace(
        REGISTRY["7tv"],
        designer="cards.games.seven_tv.designer.NoSuchForm",
        character_face="cards.printing.faces.BACK_TITLE",
        deck_faces={"script": "cards.printing.faces.NOTHING_HERE"},
        cheatsheet_reading="cards.cheatsheets.readings.nobody",
    )
    assert messages() == [
        "Ruleset '7tv': its designer 'cards.games.seven_tv.designer.NoSuchForm'"
        " is not a DesignerForm.",
        "Ruleset '7tv': character face 'cards.printing.faces.BACK_TITLE' is not a FaceKind.",
        "Ruleset '7tv': script deck face 'cards.printing.faces.NOTHING_HERE' is not a FaceKind.",
        "Ruleset '7tv': its cheat-sheet reading 'cards.cheatsheets.readings.nobody' is missing.",
    ]


@pytest.fixture
def sheets(tmp_path, monkeypatch):
    """A copy of the cheat-sheet data a test may break (its Pulp Alley part)."""
    for slug in REGISTRY:
        shutil.copytree(FIXTURES_DIR / slug / "cheatsheet", tmp_path / slug / "cheatsheet")
    monkeypatch.setattr(cheatsheets, "FIXTURES_DIR", tmp_path)
    cheatsheets.quick_reference.cache_clear()
    yield tmp_path / "pulp-alley" / "cheatsheet"
    cheatsheets.quick_reference.cache_clear()


def test_a_cheat_sheet_block_with_an_unknown_key_fails_at_start_up(sheets):
    path = sheets / "quick-reference.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("      - remember:\n", "      - remmeber:\n", 1), encoding="utf-8")
    (message,) = messages()
    # The file, and the block in it, to open and fix.
    assert re.fullmatch(
        rf"Ruleset 'pulp-alley' cheat sheet: {re.escape(str(path))}, at pages\[\d\]\.blocks"
        r"\[\d+\]: unexpected field 'remmeber'\.",
        message,
    )


def test_a_cheat_sheet_page_without_blocks_fails_at_start_up(sheets):
    path = sheets / "quick-reference.yaml"
    path.write_text("title: Pulp Alley\npages:\n  - title: Turn\n", encoding="utf-8")
    assert messages() == [
        f"Ruleset 'pulp-alley' cheat sheet: {path}, at pages[0]: 'blocks' is missing."
    ]


def test_a_roster_reference_without_its_groups_fails_at_start_up(sheets):
    path = sheets / "roster-reference.yaml"
    path.write_text("groups: abilities\n", encoding="utf-8")
    assert messages() == [
        f"Ruleset 'pulp-alley' cheat sheet: {path}, at groups: 'abilities' should be a list."
    ]


def test_every_problem_in_a_sheet_is_named_at_once(sheets):
    path = sheets / "roster-reference.yaml"
    path.write_text(
        "groups:\n  - {title: Perks, kind: perk, from_choices: perks}\n  - {title: Gear}\n",
        encoding="utf-8",
    )
    assert messages() == [
        f"Ruleset 'pulp-alley' cheat sheet: {path}, at groups[0].from_choices:"
        " 'perks' should be a list.",
        f"Ruleset 'pulp-alley' cheat sheet: {path}, at groups[1]: 'kind' is missing.",
    ]


def test_a_broken_sheet_schema_is_named_at_start_up(tmp_path, monkeypatch):
    schema = tmp_path / "sheets.schema.json"
    schema.write_text('{"$defs": {"quick_reference": {"type": "sheet"}}}', encoding="utf-8")
    monkeypatch.setattr(cheatsheets, "SCHEMA_PATH", schema)
    cheatsheets.sheet_validator.cache_clear()
    cheatsheets.quick_reference.cache_clear()
    try:
        found = messages()
    finally:
        cheatsheets.sheet_validator.cache_clear()
        cheatsheets.quick_reference.cache_clear()
    assert found
    assert all(f"{schema}, at $defs.quick_reference.type:" in message for message in found)
