"""A script fed on standard input (`python - <<EOF`) that prints a roster file: helper
processes are spawned by importing the parent's main module again, which such a script does
not have, so its faces are drawn in its own process instead."""

import json
import subprocess
import sys

import pytest
from django.conf import settings

from tests.cards.test_print_jobs import database_url
from tests.cards.test_print_roster import SMITH

SCRIPT = """
import django
django.setup()
from django.core.management import call_command
call_command("print_roster", {file!r}, "--out", {out!r})
"""


@pytest.mark.django_db(transaction=True)
def test_a_script_on_standard_input_prints_a_big_roster_file(tmp_path, rules_data):
    roster = json.loads(SMITH.read_text())
    first = roster["characters"][0]
    # More cards than a print fans out to helper processes for (rendering.FAN_OUT_MIN).
    roster["characters"] = [
        {**first, "id": str(number), "name": f"Recruit {number}"} for number in range(1, 21)
    ]
    file, out = tmp_path / "club.json", tmp_path / "cards.pdf"
    file.write_text(json.dumps(roster))
    env = {
        "PATH": "/usr/bin:/bin",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url(),
        "PRINT_CACHE_ROOT": str(tmp_path / "print-cache"),
        "PRINT_PROCESSES": "2",
    }
    finished = subprocess.run(
        [sys.executable, "-"],
        input=SCRIPT.format(file=str(file), out=str(out)),
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
        env=env,
        timeout=300,
    )
    assert finished.returncode == 0, finished.stderr
    assert "Wrote" in finished.stdout and "3 pages" in finished.stdout
    assert out.read_bytes().startswith(b"%PDF")
    assert "Traceback" not in finished.stderr  # no helper died on the way
