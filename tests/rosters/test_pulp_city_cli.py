"""A Pulp City team headless: `roster validate` and `print_roster` on a team file, import and
export round trip, and `cheatsheet pulp-city`."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from rosters.handlers.transfer import import_roster
from rosters.models import Roster
from rosters.transfer import export_roster
from tests.cards.pdf_reading import read, text

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"
STARTER = EXAMPLES / "pulp-city-starter-box.json"
CLASH = EXAMPLES / "pulp-city-major-team-clash.json"

pytestmark = pytest.mark.django_db


def test_validate_reports_the_encounter_level_and_the_teams_pools():
    out = StringIO()
    call_command("roster", "validate", str(STARTER), stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[1] == "8 / 8 levels used"
    assert "  level mix: 2×L1 + 3×L2" in lines
    assert "  action pool: 18" in lines and "  resource pool: 2 / 8" in lines
    assert any(line.startswith("LEGAL") for line in lines)


def test_validate_json_of_an_off_mix_team_exits_1_with_the_nearest_mix(tmp_path):
    team = json.loads(STARTER.read_text())
    team["characters"].append({**team["characters"][3], "name": "Another Hoodoo"})
    path = tmp_path / "team.json"
    path.write_text(json.dumps(team))
    out = StringIO()
    with pytest.raises(SystemExit) as exit_status:
        call_command("roster", "validate", str(path), "--format=json", stdout=out)
    assert exit_status.value.code == 1
    report = json.loads(out.getvalue())
    assert {f["code"] for f in report["findings"] if f["severity"] == "error"} == {"levels-sum"}
    assert report["budget"]["details"]["changes_to_legal_mix"] == 1


def test_print_roster_writes_one_card_per_supreme(tmp_path, rules_data):
    out = tmp_path / "cards.pdf"
    call_command("print_roster", str(CLASH), "--out", str(out), stdout=StringIO())
    reader = read(out.read_bytes())
    assert len(reader.pages) == 1
    assert "CAPTAIN MERIDIAN" in text(reader).upper()


def test_a_team_file_imports_and_exports_unchanged(player, rules_data):
    document = json.loads(CLASH.read_text())
    import_roster(owner=player, document=document)
    exported = export_roster(roster=Roster.objects.get(owner=player, name=document["name"]))
    assert exported["budget"] == 12 and exported["choices"] == document["choices"]
    assert [c["profile"] for c in exported["characters"]] == [
        c["profile"] for c in document["characters"]
    ]


def test_the_cheatsheet_command_writes_the_two_page_quick_reference(tmp_path, rules_data):
    out = tmp_path / "sheet.pdf"
    call_command("cheatsheet", "pulp-city", "--out", str(out), stdout=StringIO())
    reader = read(out.read_bytes())
    assert len(reader.pages) == 2 and "Origins Triad" in text(reader)
