"""`manage.py roster schema --check` tells an operator or CI when the readers' copy of the
roster file's schema (docs/roster.schema.json) no longer matches the one the app checks files
against, and `--write` brings it up to date (after adding a game or changing a part)."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from rosters.schema import roster_schema


def schema_command(*flags):
    out, err = StringIO(), StringIO()
    try:
        call_command("roster", "schema", *flags, stdout=out, stderr=err)
    except SystemExit as exit:
        return exit.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def test_the_shipped_copy_is_current():
    assert schema_command("--check") == (0, "docs/roster.schema.json is current.\n", "")


def test_a_stale_copy_fails_the_check_with_its_diff_and_write_brings_it_up_to_date(
    settings, tmp_path
):
    settings.BASE_DIR = tmp_path
    (tmp_path / "docs").mkdir()
    stale = {**roster_schema(), "title": "An older roster format"}
    copy = tmp_path / "docs" / "roster.schema.json"
    copy.write_text(json.dumps(stale, indent=2), encoding="utf-8")
    code, _, err = schema_command("--check")
    assert code == 1
    assert '-  "title": "An older roster format",' in err
    assert "run `manage.py roster schema --write`" in err
    assert schema_command("--write")[:2] == (0, "Wrote docs/roster.schema.json.\n")
    assert json.loads(copy.read_text(encoding="utf-8")) == roster_schema()
    assert schema_command("--check")[0] == 0


def test_a_missing_copy_fails_the_check(settings, tmp_path):
    settings.BASE_DIR = tmp_path
    assert schema_command("--check")[0] == 1


def test_without_a_flag_it_prints_the_schema():
    code, out, _ = schema_command()
    assert code == 0 and json.loads(out) == roster_schema()


def test_check_and_write_are_one_or_the_other():
    with pytest.raises(CommandError, match="not allowed with"):
        call_command("roster", "schema", "--check", "--write")
