"""A game is its own folders: the template game (tests/template_game/), copied into a
temporary folder with nothing else changed, registers through the CLIFFHANGER_EXTRA_GAMES
setting, loads its data and passes the start-up checks, the conformance suite and the command
line. Anything a new game would need to edit in shared code (a list of games, a test table, a
settings entry) makes one of these steps fail."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from rules.fixture_folder import FIXTURES_DIR

TEMPLATE = Path(__file__).resolve().parent.parent / "template_game"
SLUG, SAMPLE = "dime-novel", "dime-novel-posse.json"


@pytest.fixture(scope="module")
def copied_game(tmp_path_factory):
    """The shipped rules data plus the template game's folder, its two packages on the path,
    a database of its own: the environment a game's own folders are all it needs."""
    root = tmp_path_factory.mktemp("template-game")
    fixtures = shutil.copytree(FIXTURES_DIR, root / "fixtures")
    shutil.copytree(TEMPLATE / "data" / SLUG, fixtures / SLUG)
    for package in ("dime_novel", "dime_novel_cards"):
        shutil.copytree(TEMPLATE / package, root / "games" / package)
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in {"REDIS_URL", "CACHE_URL", "DATABASE_URL"}
    }
    environment |= {
        "CLIFFHANGER_EXTRA_GAMES": "dime_novel",
        "CLIFFHANGER_RULES_DATA": str(fixtures),
        "PYTHONPATH": str(root / "games"),
        "DATABASE_URL": f"sqlite:///{root / 'db.sqlite3'}",
    }
    return root, environment


def run(environment, *arguments):
    return subprocess.run(
        [sys.executable, *arguments],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def manage(environment, *arguments):
    return run(environment, "manage.py", *arguments)


def test_the_copied_game_passes_the_start_up_checks(copied_game):
    _, environment = copied_game
    checked = manage(environment, "check")
    assert checked.returncode == 0, checked.stderr
    assert "no issues" in checked.stdout


def test_the_copied_game_loads_and_validates_and_prints_from_the_command_line(copied_game):
    root, environment = copied_game
    sample = root / "fixtures" / SLUG / "samples" / SAMPLE
    for step in (("migrate", "-v", "0"), ("load_rules",)):
        done = manage(environment, *step)
        assert done.returncode == 0, done.stderr
    validated = manage(environment, "roster", "validate", str(sample), "--format", "json")
    assert validated.returncode == 0, validated.stdout + validated.stderr
    report = json.loads(validated.stdout)
    assert (report["ruleset"], report["legal"], report["budget"]["used"]) == (SLUG, True, 12)
    printed = manage(environment, "print_roster", str(sample), "--out", str(root / "posse.pdf"))
    assert printed.returncode == 0, printed.stderr
    assert (root / "posse.pdf").read_bytes().startswith(b"%PDF")


def test_the_copied_game_passes_the_conformance_suite(copied_game):
    _, environment = copied_game
    suite = run(
        environment,
        *("-m", "pytest", "tests/conformance", "-k", SLUG, "-q", "-p", "no:cacheprovider"),
    )
    assert suite.returncode == 0, suite.stdout[-3000:]
    assert " passed" in suite.stdout and " failed" not in suite.stdout
