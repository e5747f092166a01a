"""Quick references on US Letter too (issue 27), from the Cheat Sheets page and the command
line; the conformance suite holds every game's to exactly two pages of either paper."""

from io import StringIO

import pytest
from django.core.management import call_command

from tests.cards import pdf_reading as pdf

pytestmark = pytest.mark.django_db

LETTER_MM = (215.9, 279.4)


def sizes(data):
    return [tuple(round(v, 1) for v in pdf.size_mm(page)) for page in pdf.read(data).pages]


def test_the_cheat_sheets_page_offers_both_papers_and_letter_downloads_as_letter(
    client, rules_data
):
    page = client.get("/cheat-sheets/").content.decode()
    assert 'href="/cheat-sheets/pulp-city/quick-reference.pdf?paper=letter"' in page
    assert 'href="/cheat-sheets/pulp-city/quick-reference.pdf"' in page
    response = client.get("/cheat-sheets/pulp-city/quick-reference.pdf", {"paper": "letter"})
    assert "pulp-city-quick-reference-letter.pdf" in response["Content-Disposition"]
    assert sizes(response.content) == [LETTER_MM] * 2
    assert client.get("/cheat-sheets/pulp-city/quick-reference.pdf?paper=a3").status_code == 404


def test_the_command_writes_the_letter_sheet(tmp_path, rules_data):
    out = tmp_path / "sheet.pdf"
    call_command(
        "cheatsheet", "pulp-city", "--out", str(out), "--paper", "letter", stdout=StringIO()
    )
    assert sizes(out.read_bytes()) == [LETTER_MM] * 2
