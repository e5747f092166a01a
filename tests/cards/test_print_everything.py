"""One "Print everything" for a roster (issue 27): its cards with their backs on the chosen
paper, its roster sheet, rules reference, its game's quick reference and (Pulp Fiction) its
token sheet, in one PDF; a roster too big to draw while the player waits goes through the
print queue from the Print page instead, and nothing is drawn in the request."""

import pytest

from rosters.handlers.transfer import start_from_sample
from tests.cards import pdf_reading as pdf

pytestmark = pytest.mark.django_db


def test_a_bands_everything_is_one_pdf_in_table_order(player, player_client, rules_data):
    band = start_from_sample(owner=player, slug="pulp-fiction-heroes").roster
    page = player_client.get("/print/", {"source": f"roster-{band.pk}", "paper": "letter"})
    everything = f"/print/rosters/{band.pk}/everything.pdf?paper=letter"
    assert f'href="{everything}"' in page.content.decode()
    response = player_client.get(everything)
    assert response["Content-Type"] == "application/pdf"
    assert "everything-letter.pdf" in response["Content-Disposition"]
    pages = pdf.read(response.content).pages
    texts = [" ".join(p.extract_text().split()).upper() for p in pages]
    name = band.name.upper()
    parts = [
        ("SHEET 1 OF 1", "DOC THUNDER"),  # the card fronts
        ("BACKS:",),  # their backs, on the sheet after
        (f"{name} ROSTER SHEET",),
        ("PULP FICTION QUICK REFERENCE",),
        (f"{name}: TOKENS", "AP"),
    ]
    found = [
        next(i for i, text in enumerate(texts) if all(w in text for w in part)) for part in parts
    ]
    assert found == sorted(found) and found[0] == 0 and found[-1] == len(pages) - 1
    # Every page is on the paper asked for: cards, roster sheet, references and tokens.
    sizes = [tuple(round(v) for v in pdf.size_mm(page)) for page in pages]
    assert sizes == [(216, 279)] * len(pages)


def test_a_big_roster_goes_to_the_queue_and_nothing_is_drawn(
    player, player_client, rules_data, monkeypatch, no_drawing
):
    monkeypatch.setattr("cards.print_requests.PRINT_INTERACTIVE_CARDS", 2)
    league = start_from_sample(owner=player, slug="singapore-smith").roster
    response = player_client.get(f"/print/rosters/{league.pk}/everything.pdf")
    assert response.status_code == 302
    assert response["Location"].startswith("/print/?")
    assert (
        f"source=roster-{league.pk}" in response["Location"] and "backs=on" in response["Location"]
    )


def test_only_the_owner_prints_everything(client, rival, player, rules_data):
    league = start_from_sample(owner=player, slug="singapore-smith").roster
    client.force_login(rival)
    assert client.get(f"/print/rosters/{league.pk}/everything.pdf").status_code == 404
    assert client.get(f"/print/rosters/{league.pk}/everything.pdf?paper=a3").status_code == 404
