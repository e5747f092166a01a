"""`manage.py roster validate`: the report on stdout, and an exit status scripts can trust
(0 legal, 1 not legal, 2 unreadable file)."""

import json
import os
import subprocess
import sys
import time
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from config.limits import ROSTER_FILE_MAX_ENTRIES
from rosters.handlers.transfer import import_roster
from rosters.models import Character, Roster
from rules.engines import evaluate
from rules.fixture_book import rules_book_from_fixtures
from rules.models import LibraryEntry
from tests.rosters.hostile_files import HOSTILE_FILES, write_fifteen_million_zeros

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"
SMITH = EXAMPLES / "singapore-smith.json"
WOLF = EXAMPLES / "captain-wolf.json"

pytestmark = pytest.mark.django_db


def validate(*args):
    out = StringIO()
    call_command("roster", "validate", *map(str, args), stdout=out)
    return out.getvalue()


def write(tmp_path, document, name="league.json"):
    path = tmp_path / name
    path.write_text(json.dumps(document) if not isinstance(document, str) else document)
    return path


def over_budget(tmp_path):
    league = json.loads(SMITH.read_text())
    league["characters"].append({**league["characters"][2], "name": "Hwang"})
    return write(tmp_path, league)


def test_a_legal_league_prints_the_meter_and_legal():
    text = validate(SMITH)
    assert "Singapore Smith's League" in text
    assert "10 / 10 slots used" in text
    assert "\nLEGAL" in text and "NOT LEGAL" not in text


def test_advice_is_listed_with_its_page_but_stays_legal():
    text = validate(WOLF)
    assert "LEGAL: 1 warning" in text
    assert "4 to 6" in text and "(p.6)" in text and "[first-league-size]" in text


def test_json_output_is_exactly_the_report():
    data = json.loads(validate(WOLF, "--format", "json"))
    rules = rules_book_from_fixtures("pulp-alley")
    assert data == evaluate(json.loads(WOLF.read_text()), rules).to_dict()


def test_an_illegal_league_exits_1_after_printing_why(tmp_path):
    out = StringIO()
    with pytest.raises(SystemExit) as exit_status:
        call_command("roster", "validate", str(over_budget(tmp_path)), stdout=out)
    assert exit_status.value.code == 1
    assert "NOT LEGAL: 1 error" in out.getvalue()
    assert "12 of 10 slots used: remove 2 slots" in out.getvalue()


def test_json_output_of_an_illegal_league_says_so(tmp_path):
    out = StringIO()
    with pytest.raises(SystemExit):
        call_command("roster", "validate", str(over_budget(tmp_path)), "--format=json", stdout=out)
    report = json.loads(out.getvalue())
    assert report["legal"] is False
    assert report["budget"] == {"used": 12, "total": 10, "unit": "slots"}
    assert report["findings"][0]["code"] == "over-budget"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read the file"),
        ("{ not json", "not JSON"),
        (
            '{"format": "cliffhanger-roster", "version": 1, "ruleset": "pulp-alley",'
            ' "name": "X", "characters": [{"name": "Y", "type": "ally",'
            ' "profile": {"skills": {"brawl": "3x8"}}}]}',
            "characters[0].profile.skills.brawl: '3x8' is not dice notation",
        ),
        (
            '{"format": "cliffhanger-roster", "version": 1, "ruleset": "chess",'
            ' "name": "X", "characters": []}',
            "No roster engine for ruleset 'chess'",
        ),
    ],
    ids=["missing", "not-json", "schema", "unknown-ruleset"],
)
def test_unreadable_files_exit_2_with_one_clear_message(tmp_path, content, message):
    path = tmp_path / "league.json" if content is None else write(tmp_path, content)
    with pytest.raises(CommandError) as error:
        validate(path)
    assert error.value.returncode == 2
    assert message in str(error.value)
    assert str(path) in str(error.value)


def test_the_loaded_database_rules_are_used_when_present(rules_data):
    # A club that re-levelled Crafty in its database sees its own rules, not the files'.
    LibraryEntry.objects.filter(kind="ability", slug="crafty", owner=None).update(level=3)
    out = StringIO()
    with pytest.raises(SystemExit):
        call_command("roster", "validate", str(SMITH), "--format=json", stdout=out)
    (finding,) = json.loads(out.getvalue())["findings"]
    assert (finding["code"], finding["subject"]) == ("ability-level-too-high", "Little Skeet")


def test_house_rules_in_the_file_are_applied_and_marked(tmp_path):
    league = json.loads(WOLF.read_text())
    league["house_rules"] = [
        {"kind": "ability", "slug": "house-sea-legs", "name": "Sea Legs", "level": 1}
    ]
    league["characters"][0]["profile"]["abilities"][2] = "house-sea-legs"
    text = validate(write(tmp_path, league))
    assert "Sea Legs is a house rule" in text and "[house rule]" in text
    assert "\nLEGAL" in text


def command_line(*args, database):
    """The validate command as a shell runs it, on a database that never had the rules loaded."""
    return {
        "args": [sys.executable, "manage.py", "roster", "validate", *map(str, args)],
        "cwd": settings.BASE_DIR,
        "env": {**os.environ, "DATABASE_URL": f"sqlite:///{database}"},
    }


def run(*args, database):
    return subprocess.run(
        **command_line(*args, database=database), capture_output=True, text=True, timeout=60
    )


def test_exit_statuses_from_a_real_shell(tmp_path):
    database = tmp_path / "empty.sqlite3"
    legal = run(SMITH, database=database)
    assert (legal.returncode, legal.stderr) == (0, "")
    assert "10 / 10 slots used" in legal.stdout
    assert run(WOLF, "--format", "json", database=database).returncode == 0
    assert run(over_budget(tmp_path), database=database).returncode == 1
    broken = run(write(tmp_path, "{", "broken.json"), database=database)
    assert broken.returncode == 2
    assert len(broken.stderr.strip().splitlines()) == 1
    assert "Traceback" not in broken.stderr


def roster_command(*args):
    out = StringIO()
    call_command("roster", *map(str, args), stdout=out)
    return out.getvalue()


def test_import_creates_the_league_for_the_named_user(player, pulp_alley, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    text = roster_command("import", SMITH, "--user", "player")
    roster = Roster.objects.get(owner=player)
    assert text.startswith(f'Imported "Singapore Smith\'s League" as roster {roster.pk} for player')
    assert "6 characters" in text
    assert Character.objects.filter(owner=player).count() == 6


def test_import_for_an_unknown_user_exits_2_with_one_line(pulp_alley):
    with pytest.raises(CommandError) as error:
        roster_command("import", SMITH, "--user", "nobody")
    assert error.value.returncode == 2
    assert str(error.value) == "no user named 'nobody'"
    assert not Roster.objects.exists()


def test_import_of_a_broken_file_exits_2_and_saves_nothing(player, pulp_alley, tmp_path):
    league = json.loads(SMITH.read_text())
    league["characters"][5]["profile"]["skills"]["dodge"] = "3x8"
    path = write(tmp_path, league)
    with pytest.raises(CommandError) as error:
        roster_command("import", path, "--user", "player")
    assert error.value.returncode == 2
    assert "characters[5].profile.skills.dodge: '3x8'" in str(error.value)
    assert "\n" not in str(error.value)
    assert (Roster.objects.count(), Character.objects.count()) == (0, 0)


def test_export_prints_a_file_that_validate_accepts(player, pulp_alley, tmp_path):
    roster = import_roster(owner=player, document=json.loads(SMITH.read_text())).roster
    path = write(tmp_path, roster_command("export", roster.pk), "exported.json")
    assert json.loads(path.read_text())["name"] == "Singapore Smith's League"
    assert "10 / 10 slots used" in validate(path)  # exit 0: readable and legal


def test_export_writes_to_a_file_with_out(player, pulp_alley, tmp_path):
    roster = import_roster(owner=player, document=json.loads(WOLF.read_text())).roster
    out = tmp_path / "wolf.json"
    assert roster_command("export", roster.pk, "--out", out) == ""
    assert json.loads(out.read_text())["characters"][0]["name"] == "Captain Wolf"


def test_export_of_an_unknown_roster_exits_2(rules_data):
    with pytest.raises(CommandError) as error:
        roster_command("export", 999999)
    assert error.value.returncode == 2
    assert str(error.value) == "no roster with id 999999"


# 7TV casts --------------------------------------------------------------------------------

SEVEN_TV_TOTALS = {"claire": 23, "shaun": 36, "simon": 35, "georgia": 29, "luca": 29}


@pytest.mark.parametrize(("name", "used"), SEVEN_TV_TOTALS.items())
def test_the_books_7tv_casts_validate_as_legal(name, used):
    text = validate(EXAMPLES / f"7tv-{name}.json")
    assert f"{used} / " in text and "ratings used" in text
    assert "\nLEGAL" in text and "NOT LEGAL" not in text
    assert "plot points per turn: " in text


def test_a_7tv_report_names_what_the_book_text_could_not_settle():
    text = validate(EXAMPLES / "7tv-shaun.json")
    assert "36 / 40 ratings used" in text and "plot points per turn: 7" in text
    assert "Warriors: The book text lacks the Warrior's genres" in text
    assert "[genres-unknown]" in text and "[fellowship-unused]" in text


def test_an_illegal_7tv_cast_exits_1_after_printing_why(tmp_path):
    cast = json.loads((EXAMPLES / "7tv-claire.json").read_text())
    cast["choices"]["affiliation"] = "heroic"  # an Evil Overlord leading heroes
    out = StringIO()
    with pytest.raises(SystemExit) as exit_status:
        call_command("roster", "validate", str(write(tmp_path, cast)), stdout=out)
    assert exit_status.value.code == 1
    assert "NOT LEGAL" in out.getvalue()
    assert "Evil Overlord: The Evil Overlord is villainous" in out.getvalue()


def test_7tv_json_output_is_exactly_the_report():
    path = EXAMPLES / "7tv-luca.json"
    data = json.loads(validate(path, "--format", "json"))
    assert data == evaluate(json.loads(path.read_text()), rules_book_from_fixtures("7tv")).to_dict()
    assert data["budget"]["details"]["plot_points_per_turn"] == 7


def test_7tv_casts_validate_from_a_real_shell_without_loaded_rules(tmp_path):
    legal = run(EXAMPLES / "7tv-simon.json", database=tmp_path / "empty.sqlite3")
    assert (legal.returncode, legal.stderr) == (0, "")
    assert "35 / 40 ratings used" in legal.stdout


@pytest.mark.parametrize(("content", "path", "words"), HOSTILE_FILES.values(), ids=HOSTILE_FILES)
def test_importing_a_hostile_file_exits_2_with_one_line_and_saves_nothing(
    player, pulp_alley, tmp_path, content, path, words
):
    file = tmp_path / "hostile.json"
    file.write_bytes(content)
    with pytest.raises(CommandError) as error:
        roster_command("import", file, "--user", "player")
    assert error.value.returncode == 2
    assert str(error.value).startswith(f"{file}: {path}") and words in str(error.value)
    assert "\n" not in str(error.value)
    assert (Roster.objects.count(), Character.objects.count()) == (0, 0)


@pytest.mark.parametrize("name", ["nested-100000-deep", "lone-surrogate"])
def test_a_hostile_file_exits_2_from_a_real_shell_without_a_traceback(tmp_path, name):
    content, _, words = HOSTILE_FILES[name]
    file = tmp_path / "hostile.json"
    file.write_bytes(content)
    result = run(file, database=tmp_path / "empty.sqlite3")
    assert result.returncode == 2
    (line,) = result.stderr.strip().splitlines()
    assert words in line and "Traceback" not in result.stderr


# Runs a command as its own child and prints that child's peak memory (kB) from the kernel
# (wait4). A child forked straight from the test run would start as big as the test process
# (its pages count until exec), so the command is started from this small process instead.
PEAK_OF_CHILD = """
import os, subprocess, sys
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
print(usage.ru_maxrss)
sys.exit(os.waitstatus_to_exitcode(status))
"""


def test_fifteen_million_zeros_exit_2_in_bounded_memory_and_time(tmp_path):
    """Issue 22: json.loads built the whole list first (2.6 GB, half a minute). The command's
    own peak memory comes from the kernel (wait4), so nothing in it is trusted to report it."""
    file = write_fifteen_million_zeros(tmp_path / "zeros.json")
    command = command_line(file, database=tmp_path / "empty.sqlite3")
    started = time.monotonic()
    process = subprocess.run(
        [sys.executable, "-c", PEAK_OF_CHILD, *command["args"]],
        cwd=command["cwd"],
        env=command["env"],
        capture_output=True,
        text=True,
    )
    elapsed, peak_mb = time.monotonic() - started, int(process.stdout) / 1024
    assert process.returncode == 2
    (line,) = process.stderr.strip().splitlines()
    assert line.endswith(
        f"A roster file may hold at most {ROSTER_FILE_MAX_ENTRIES} entries in one list;"
        " this one has more."
    )
    # Django and the app take about 100 MB, the file and its text twice 29 MB.
    assert peak_mb < 400, f"{peak_mb:.0f} MB"
    assert elapsed < 30, f"{elapsed:.0f} s"


def test_json_output_states_each_pool_the_slots_split_into(tmp_path):
    """A Commander's extra slots pay only for Allies and Followers: the JSON report names the
    two pools it split the limit into, as the meter reads each against its own."""
    league = json.loads(SMITH.read_text())
    league["characters"][0]["profile"]["abilities"][-1] = "commander"
    out = StringIO()
    call_command("roster", "validate", str(write(tmp_path, league)), "--format=json", stdout=out)
    budget = json.loads(out.getvalue())["budget"]
    assert budget["split_into"] == ["general", "restricted"]
    assert [budget["details"][pool] for pool in budget["split_into"]] == [
        {"used": 6, "total": 10},
        {"used": 4, "total": 4},
    ]
