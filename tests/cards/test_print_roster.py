"""`manage.py roster print` (and its older name `print_roster`): a roster file's cards as a
true-size PDF from the command line, and exit status 2 when the file cannot be printed."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"
SMITH = EXAMPLES / "singapore-smith.json"
WOLF = EXAMPLES / "captain-wolf.json"

# The spec's verb and the older command: one command under two names.
VERBS = pytest.mark.parametrize("verb", [["roster", "print"], ["print_roster"]], ids=" ".join)


def pdf_pages(path):
    from pypdf import PdfReader

    return PdfReader(path).pages


@VERBS
@pytest.mark.django_db
def test_print_roster_writes_the_leagues_cards_true_size(tmp_path, rules_data, verb):
    out = tmp_path / "cards.pdf"
    stdout = StringIO()
    call_command(*verb, str(SMITH), "--out", str(out), stdout=stdout)
    pages = pdf_pages(out)
    assert len(pages) == 1  # six cards fit on one A4 sheet of nine
    assert [round(float(v), 2) for v in (pages[0].mediabox.width, pages[0].mediabox.height)] == [
        595.28,
        841.89,
    ]
    text = pages[0].extract_text()
    for name in ("Singapore Smith", "Arge", "Enki", "Kazak", "Little Skeet", "Chu-Chu"):
        assert name.upper() in text.upper()
    assert "1 page, a4" in stdout.getvalue()


@pytest.mark.django_db
def test_print_roster_on_letter_with_backs_and_bleed(tmp_path, rules_data):
    backs = tmp_path / "backs.pdf"
    call_command("print_roster", str(SMITH), "--out", str(backs), "--paper", "letter", "--backs")
    pages = pdf_pages(backs)
    assert len(pages) == 2
    assert [round(float(v), 2) for v in (pages[0].mediabox.width, pages[0].mediabox.height)] == [
        612.0,
        792.0,
    ]
    bleed = tmp_path / "bleed.pdf"
    call_command("print_roster", str(WOLF), "--out", str(bleed), "--bleed")
    (page,) = pdf_pages(bleed)
    width_mm, height_mm = (
        float(v) / 72 * 25.4 for v in (page.mediabox.width, page.mediabox.height)
    )
    assert (round(width_mm, 1), round(height_mm, 1)) == (69.5, 94.9)


@VERBS
def test_print_roster_of_an_unreadable_file_exits_2(tmp_path, verb):
    with pytest.raises(CommandError) as error:
        call_command(*verb, str(tmp_path / "missing.json"), "--out", "x.pdf")
    assert error.value.returncode == 2


@VERBS
@pytest.mark.django_db
def test_print_roster_writes_the_pdf_but_exits_3_when_text_was_cut(tmp_path, rules_data, verb):
    """A script can tell a card whose text is cut off from a clean print."""
    league = json.loads(SMITH.read_text())
    league["characters"][0]["name"] = "Professor Bartholomew Fitzwilliam-Hargreaves of Mudford"
    source, out, stderr = tmp_path / "league.json", tmp_path / "cards.pdf", StringIO()
    source.write_text(json.dumps(league))
    with pytest.raises(CommandError) as error:
        call_command(*verb, str(source), "--out", str(out), stderr=stderr)
    assert error.value.returncode == 3
    assert "text cut off in 1 place" in str(error.value)
    assert "Name: too long for the card" in stderr.getvalue()
    assert len(pdf_pages(out)) == 1  # the cards print all the same


@pytest.mark.parametrize("verb", ["roster print", "print_roster"])
def test_print_roster_help_names_every_exit_status(verb, capsys):
    with pytest.raises(SystemExit):
        call_command(*verb.split(), "--help")
    help_text = " ".join(capsys.readouterr().out.lower().split())
    assert "--paper" in help_text and "--shop" in help_text
    assert "exit status 0" in help_text and "2 " in help_text and "3 some text" in help_text
