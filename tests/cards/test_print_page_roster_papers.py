"""The Print page of a roster offers the roster's other papers (issue 27): its roster sheet and
rules reference, and for a Pulp Fiction band its token sheet on the paper chosen."""

import html
import re

import pytest

from rosters.handlers.transfer import start_from_sample
from tests.cards import pdf_reading as pdf

pytestmark = pytest.mark.django_db


def links(page):
    return [html.unescape(href) for href in re.findall(r'href="([^"]+\.pdf[^"]*)"', page)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_bands_print_page_offers_its_token_sheet_on_the_chosen_paper(
    player, player_client, rules_data, paper
):
    band = start_from_sample(owner=player, slug="pulp-fiction-heroes").roster
    page = player_client.get("/print/", {"source": f"roster-{band.pk}", "paper": paper})
    offered = links(page.content.decode())
    token_sheet = f"/print/rosters/{band.pk}/tokens.pdf?paper={paper}"
    assert token_sheet in offered
    assert f"/cheat-sheets/rosters/{band.pk}/roster-sheet.pdf" in offered
    sheet = pdf.read(player_client.get(token_sheet).content)
    width, height = pdf.size_mm(sheet.pages[0])
    assert (round(width), round(height)) == {"a4": (210, 297), "letter": (216, 279)}[paper]
    assert "AP" in sheet.pages[0].extract_text().split()


def test_a_game_without_tokens_offers_its_sheets_and_no_token_sheet(
    player, player_client, rules_data
):
    league = start_from_sample(owner=player, slug="singapore-smith").roster
    page = player_client.get("/print/", {"source": f"roster-{league.pk}"}).content.decode()
    offered = links(page)
    assert f"/cheat-sheets/rosters/{league.pk}/reference.pdf" in offered
    assert not any("tokens.pdf" in link for link in offered)
    # Ticked cards are no roster: nothing of a roster is offered.
    cards = player_client.get("/print/", {"source": "cards"}).content.decode()
    assert "roster-sheet.pdf" not in cards
