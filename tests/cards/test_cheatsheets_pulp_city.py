"""The Pulp City quick reference (two A4 pages) and how a Supreme reads in a team's own rules
reference."""

import json
from pathlib import Path

import pytest
from django.conf import settings

from cards import cheatsheets
from cards.games.pulp_city.cheatsheet import reading as pulp_city
from cards.roster_sheet import roster_sheet_pdf
from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_city.engine import printed_profile
from tests.cards.pdf_reading import read, size_mm, text

EXAMPLE = Path(settings.BASE_DIR) / "docs" / "examples" / "pulp-city-major-team-clash.json"


def test_the_quick_reference_is_two_a4_pages_with_its_index():
    sheet = cheatsheets.quick_reference("pulp-city")
    titles = [section.title for section in sheet.sections]
    assert "Building a Super Team" in titles and "Trump Trait Actions" in titles
    assert {entry.section for entry in sheet.index} <= set(titles)
    reader = read(cheatsheets.quick_reference_pdf("pulp-city"))
    assert len(reader.pages) == 2
    assert size_mm(reader.pages[0]) == pytest.approx((210, 297), abs=0.1)
    assert "Origins Triad" in text(reader)


def test_a_supreme_reads_as_level_traits_damage_and_ap():
    rules = rules_book_from_fixtures("pulp-city")
    leader = json.loads(EXAMPLE.read_text())["characters"][0]
    reading = pulp_city(leader, printed_profile(leader, rules), rules)
    assert reading.columns == ("Level", "Str", "Def", "Ene", "Agi", "Mnd", "Spi", "Damage", "AP")
    assert reading.cells == ("3", "6", "6 T", "5", "3", "4", "7 T", "14", "7")
    assert reading.columns[reading.health] == "Damage"
    assert reading.type_name == "Level 3 Supreme · Heroes · Science · Heavy Metal"
    assert reading.uses["skills"] == ["Leader", "Immovable"]
    assert "Inspire" in reading.uses["trump_actions"]
    assert (
        reading.uses["exclusive_actions"][0]["name"] == "Shield Bash (Strength vs. Defense / AP 2)"
    )


def test_the_roster_sheet_shows_the_teams_pools_and_starting_roll_bonus():
    rules = rules_book_from_fixtures("pulp-city")
    team = json.loads(EXAMPLE.read_text())
    words = " ".join(text(read(roster_sheet_pdf(team, rules))).split()).lower()
    assert "12 / 12 levels used" in words
    assert "level mix: 3×l1 + 3×l2 + 1×l3" in words
    assert "action pool: 28" in words and "resource pool: 5 / 12" in words
    assert "starting roll leader bonus: 2" in words


def test_the_teams_reference_lists_each_team_power_with_who_has_it():
    rules = rules_book_from_fixtures("pulp-city")
    team = json.loads(EXAMPLE.read_text())
    powered = [c for c in team["characters"] if c["profile"].get("team_power")]
    assert powered, "the example team shows a Team Power"
    reference = cheatsheets.roster_reference(team, rules)
    (group,) = [group for group in reference.groups if group.title == "Team Powers"]
    power = powered[0]["profile"]["team_power"]
    (entry,) = [entry for entry in group.items if entry.name == power["name"]]
    assert entry.summary == power["summary"] and powered[0]["name"] in entry.users
    words = " ".join(text(read(cheatsheets.roster_reference_pdf(team, rules))).split())
    assert "team powers" in words.lower() and power["name"] in words


def test_the_roster_sheet_counts_the_citizens_of_a_team_with_agendas():
    rules = rules_book_from_fixtures("pulp-city")
    words = " ".join(text(read(roster_sheet_pdf(json.loads(EXAMPLE.read_text()), rules))).split())
    assert "citizens: 12" in words.lower()
