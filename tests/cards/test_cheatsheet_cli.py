"""`manage.py cheatsheet`: the quick reference or a roster file's rules reference written to
--out, and exit status 2 with one line on stderr when there is nothing to print."""

import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from cards import cheatsheets
from tests.cards.pdf_reading import read, text

SMITH = Path(settings.BASE_DIR) / "docs" / "examples" / "singapore-smith.json"


def cheatsheet(*args):
    out = StringIO()
    call_command("cheatsheet", *map(str, args), stdout=out)
    return out.getvalue()


def test_writes_the_two_page_quick_reference(tmp_path):
    sheet = tmp_path / "sheet.pdf"
    assert cheatsheet("pulp-alley", "--out", sheet).strip() == f"Wrote {sheet}"
    reader = read(sheet.read_bytes())
    assert len(reader.pages) == 2
    assert "TURN SEQUENCE" in text(reader)


@pytest.mark.django_db
def test_writes_a_roster_files_rules_reference(tmp_path):
    reference = tmp_path / "smith.pdf"
    cheatsheet("--roster", SMITH, "--out", reference)
    words = " ".join(text(read(reference.read_bytes())).split())
    assert "SINGAPORE SMITH'S LEAGUE" in words  # the masthead prints in capitals
    assert "Hardened Veteran" in words and "Commander" not in words


@pytest.fixture
def homebrew(monkeypatch):
    """A ruleset the app knows that has no quick reference."""
    names = {**cheatsheets.ruleset_names(), "homebrew": "Homebrew"}
    monkeypatch.setattr(cheatsheets, "ruleset_names", lambda: names)


@pytest.mark.parametrize(
    ("ruleset", "message"),
    [
        ("homebrew", "No quick reference for ruleset 'homebrew' yet."),
        ("bogus", "Unknown ruleset 'bogus': pick one of pulp-alley, 7tv"),
    ],
)
def test_nothing_to_print_exits_2(tmp_path, homebrew, ruleset, message):
    with pytest.raises(CommandError, match=message) as raised:
        cheatsheet(ruleset, "--out", tmp_path / "sheet.pdf")
    assert raised.value.returncode == 2
    assert not (tmp_path / "sheet.pdf").exists()


@pytest.mark.django_db
def test_an_unreadable_roster_file_exits_2(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(CommandError, match="broken.json: not JSON") as raised:
        cheatsheet("--roster", broken, "--out", tmp_path / "ref.pdf")
    assert raised.value.returncode == 2


def test_the_exit_status_and_one_line_reach_the_shell(tmp_path):
    result = subprocess.run(
        [sys.executable, "manage.py", "cheatsheet", "bogus", "--out", str(tmp_path / "x.pdf")],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("CommandError: Unknown ruleset 'bogus'")
