"""The roster sheet PDF: the force, its budget, its report, and the stamp only when legal."""

import re

import pytest

from cards.roster_sheet import roster_sheet_pdf
from rosters.format import read_roster
from rosters.handlers.transfer import import_roster
from rosters.models import Roster
from rosters.samples import samples_dir
from rules.fixture_book import rules_book_from_fixtures
from tests.cards.pdf_reading import embedded_fonts, read, text

RULES = rules_book_from_fixtures("pulp-alley")


def smith():
    return read_roster(samples_dir("pulp-alley") / "singapore-smith.json")


def words(pdf):
    return re.sub(r"\s+", " ", text(read(pdf))).upper()


def test_a_legal_league_gets_the_stamp_its_budget_and_every_profile():
    pdf = roster_sheet_pdf(smith(), RULES)
    reader = read(pdf)
    assert len(reader.pages) == 1
    assert [
        round(float(v), 2)
        for v in (reader.pages[0].mediabox.width, reader.pages[0].mediabox.height)
    ] == [595.28, 841.89]
    found = words(pdf)
    assert "10 / 10 SLOTS USED" in found
    assert "LEGAL" in found and "NOT LEGAL" not in found
    for name in ("SINGAPORE SMITH", "ARGE", "ENKI", "KAZAK", "LITTLE SKEET", "CHU-CHU"):
        assert name in found
    assert "4D8" in found  # Arge's Brawl: base 3d8 plus Fierce, as the book prints it
    assert "HARDENED VETERAN" in found
    assert any("Oswald" in font for font in embedded_fonts(reader))


def test_a_league_over_budget_has_no_stamp_and_lists_why():
    league = smith()
    league["choices"]["perks"] = ["company-of-heroes", "stealthy-agents"]
    found = words(roster_sheet_pdf(league, RULES))
    assert "15 / 10 SLOTS USED" in found
    assert "NOT LEGAL" in found
    assert found.count("LEGAL") == 1  # only in "not legal": no stamp
    assert "COMPANY OF HEROES" in found and "STEALTHY AGENTS" in found
    assert "15 OF 10 SLOTS USED" in found  # the over-budget finding itself


def test_names_with_markup_print_as_text():
    league = smith()
    league["name"] = '<img src="file:///etc/passwd">'
    found = words(roster_sheet_pdf(league, RULES))
    assert '<IMG SRC="FILE:///ETC/PASSWD">' in found


@pytest.mark.django_db
def test_the_roster_sheet_downloads_for_its_owner_only(client, player, rival, rules_data):
    league = import_roster(owner=player, document=smith()).roster
    client.force_login(player)
    response = client.get(f"/cheat-sheets/rosters/{league.pk}/roster-sheet.pdf")
    assert response["Content-Type"] == "application/pdf"
    assert "singapore-smiths-league-roster-sheet.pdf" in response["Content-Disposition"]
    assert "10 / 10 SLOTS USED" in words(response.content)
    client.force_login(rival)
    assert client.get(f"/cheat-sheets/rosters/{league.pk}/roster-sheet.pdf").status_code == 404
    assert Roster.objects.filter(pk=league.pk).exists()
