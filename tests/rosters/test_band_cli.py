"""Pulp Fiction bands on the command line: validate (sections cited, no limit), a broken band
exits 1, an unreadable profile exits 2, import and export round-trip with whom each figure
serves, and the plain-text export reads like the stat cards."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from rosters.handlers.transfer import import_roster
from rosters.transfer import roster_as_text
from rules.engines import evaluate
from rules.fixture_book import rules_book_from_fixtures

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"
HEROES = EXAMPLES / "pulp-fiction-heroes.json"

pytestmark = pytest.mark.django_db


def roster_command(*args):
    out = StringIO()
    call_command("roster", *map(str, args), stdout=out)
    return out.getvalue()


def test_a_legal_band_prints_its_count_and_cites_sections():
    text = roster_command("validate", HEROES)
    assert "Doc Thunder's Irregulars (pulp-fiction)" in text
    assert "\n4 figures\n" in text and " / " not in text.splitlines()[1]
    assert "(§ Game Set-up) [no-points]" in text and "\nLEGAL" in text


def test_a_band_breaking_the_rules_exits_1(tmp_path):
    band = json.loads(HEROES.read_text())
    band["characters"][1]["profile"]["wounds"] = 3  # a sidekick with three wounds
    path = tmp_path / "band.json"
    path.write_text(json.dumps(band))
    out = StringIO()
    with pytest.raises(SystemExit) as exit_status:
        call_command("roster", "validate", str(path), stdout=out)
    assert exit_status.value.code == 1
    assert "Sparky: 3 wounds, but a Secondary Character has one" in out.getvalue()


def test_a_profile_of_the_wrong_shape_exits_2_naming_the_place(tmp_path):
    band = json.loads(HEROES.read_text())
    band["characters"][0]["profile"]["weapons"][0]["to_hit"] = "four"
    path = tmp_path / "band.json"
    path.write_text(json.dumps(band))
    with pytest.raises(CommandError) as error:
        roster_command("validate", path)
    assert error.value.returncode == 2
    assert "characters[0].profile.weapons[0].to_hit" in str(error.value)


def test_import_and_export_keep_the_band_and_whom_each_figure_serves(player, rules_data):
    document = json.loads(HEROES.read_text())
    roster = import_roster(owner=player, document=document).roster
    exported = json.loads(roster_command("export", roster.pk))
    doc_thunder = exported["characters"][0]["id"]
    assert [c["role"] for c in exported["characters"]] == [
        c["role"].replace("doc-thunder", doc_thunder) for c in document["characters"]
    ]
    assert [c["profile"] for c in exported["characters"]] == [
        c["profile"] for c in document["characters"]
    ]


def test_the_plain_text_export_reads_like_the_stat_cards():
    document = json.loads(HEROES.read_text())
    rules = rules_book_from_fixtures("pulp-fiction")
    report = evaluate(document, rules)
    text = roster_as_text(document=document, report=report, rules=rules, game="Pulp Fiction")
    assert "Pulp Fiction · 4 figures · legal" in text
    assert 'Main Character · Side Good · Move 6" · Wounds 4 · Save — · AP 1D6' in text
