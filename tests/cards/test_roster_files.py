"""cards/printing/roster_files.py: `print_roster` of a file it printed before, read by the same
rules with the same options, writes that print without building a card; anything that
decides the print (a byte of the file, the rules, an option) makes it build the cards again."""

import json
from dataclasses import replace
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from cards.management.commands import print_roster
from cards.printing import cache
from cards.printing.faces import forget_fits
from rosters.samples import sample_document
from rosters.updates import file_reading


@pytest.fixture
def built(monkeypatch):
    """How many times the command built a file's cards."""
    calls = []
    build = print_roster.roster_file_faces

    def counted(*args, **kwargs):
        calls.append(1)
        return build(*args, **kwargs)

    monkeypatch.setattr(print_roster, "roster_file_faces", counted)
    return calls


@pytest.fixture
def league(tmp_path):
    path = tmp_path / "league.json"
    path.write_text(json.dumps(sample_document("singapore-smith")))
    return path


def printed(path, *options):
    """What a new process running the command writes: the file, what it says, its status."""
    forget_fits()
    out, stdout, stderr = path.with_suffix(".pdf"), StringIO(), StringIO()
    try:
        call_command(
            "print_roster", str(path), "--out", str(out), *options, stdout=stdout, stderr=stderr
        )
        status = 0
    except CommandError as error:
        status, stderr = error.returncode, StringIO(stderr.getvalue() + str(error))
    return out.read_bytes(), stdout.getvalue(), stderr.getvalue(), status


pytestmark = pytest.mark.django_db


def test_an_unchanged_file_is_printed_again_without_building_a_card(
    rules_data, empty_print_cache, league, built
):
    first = printed(league)
    assert built == [1]
    assert printed(league) == first and built == [1]


def test_text_cut_off_is_still_reported_with_its_exit_status(
    rules_data, empty_print_cache, league, built
):
    document = json.loads(league.read_text())
    document["characters"][0]["name"] = "Professor Bartholomew Fitzwilliam-Hargreaves of Mudford"
    league.write_text(json.dumps(document))
    first = printed(league)
    _, _, said, status = first
    assert status == print_roster.TEXT_CUT and "Name: too long for the card" in said
    assert printed(league) == first and built == [1]


def test_a_changed_byte_an_option_or_the_rules_print_the_cards_anew(
    rules_data, empty_print_cache, league, built, monkeypatch
):
    first, *_ = printed(league)
    league.write_text(league.read_text().replace("Singapore Smith", "Singapore Smythe"))
    renamed, *_ = printed(league)
    assert built == [1, 1] and renamed != first
    backs, *_ = printed(league, "--backs")
    assert built == [1, 1, 1] and backs != renamed

    def edited_rules(document):
        reading = file_reading(document)
        sharp = reading.rules.entry("ability", "sharp")
        entries = {**reading.rules.entries, ("ability", "sharp"): {**sharp, "page": 99}}
        return replace(reading, rules=replace(reading.rules, entries=entries))

    monkeypatch.setattr(print_roster, "file_reading", edited_rules)
    edited, *_ = printed(league)
    assert built == [1, 1, 1, 1] and edited != renamed


def test_a_print_gone_from_the_cache_is_drawn_again(rules_data, empty_print_cache, league, built):
    first, *said = printed(league)
    for drawn in (empty_print_cache / cache.PRINTS).rglob("*.pdf"):
        drawn.unlink()
    again, *said_again = printed(league)
    # Drawn anew, the very same file: its ID comes from its content, not the time it was saved.
    assert built == [1, 1] and said_again == said and again == first
