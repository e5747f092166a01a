"""The Print page and its PDFs, as a player uses them: what gets printed, and for whom
(printer profiles: tests/cards/test_printer_profiles.py)."""

import json
import re
from io import BytesIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.base import ContentFile
from django.test import Client
from django.urls import reverse
from PIL import Image

from cards.printing.sources import roster_cards
from rosters.models import Character, Roster, RosterMember
from rosters.portraits import PORTRAIT_BOX_MM, PORTRAIT_PIXELS
from tests.cards import pdf_reading as pdf

pytestmark = pytest.mark.django_db

EXAMPLE = Path(settings.BASE_DIR) / "docs" / "examples" / "singapore-smith.json"
LEAGUE = {c["name"]: c for c in json.loads(EXAMPLE.read_text())["characters"]}


def card(owner, ruleset, name, *, marked=True, flavour=""):
    data = LEAGUE[name]
    return Character.objects.create(
        owner=owner,
        ruleset=ruleset,
        character_type=data["type"],
        name=name,
        profile=data["profile"],
        flavour=flavour,
        marked_for_print=marked,
    )


@pytest.fixture
def ticked(player, pulp_alley):
    return [card(player, pulp_alley, name) for name in ("Singapore Smith", "Arge", "Enki")]


@pytest.fixture
def league(player, pulp_alley):
    roster = Roster.objects.create(owner=player, ruleset=pulp_alley, name="Smith's League")
    for position, name in enumerate(("Singapore Smith", "Kazak", "Chu-Chu")):
        character = card(player, pulp_alley, name, marked=False)
        RosterMember.objects.create(roster=roster, character=character, position=position)
    return roster


def pdf_of(response):
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return pdf.read(
        b"".join(response.streaming_content) if response.streaming else response.content
    )


def test_the_print_page_reminds_to_print_at_actual_size(client):
    page = client.get(reverse("printing:page")).content.decode()
    assert "Print at 100 % (Actual size)" in page
    assert "Fit to page" in page


def test_the_print_page_previews_my_ticked_cards(player_client, ticked, django_assert_num_queries):
    # session, user, rosters menu, decks menu, ticked cards, rules book (types, entries),
    # printer profiles
    with django_assert_num_queries(8):
        response = player_client.get(reverse("printing:page"), {"source": "cards"})
    page = response.content.decode()
    assert "Singapore Smith" in page and "Enki" in page
    assert page.count('src="data:image/png;base64,') == 1  # one sheet, one preview
    assert reverse("printing:pdf") in page


def test_the_pdf_holds_only_my_ticked_cards(player_client, player, rival, pulp_alley, ticked):
    card(player, pulp_alley, "Kazak", marked=False)
    card(rival, pulp_alley, "Little Skeet")
    reader = pdf_of(player_client.get(reverse("printing:pdf"), {"source": "cards"}))
    text = pdf.text(reader)
    assert "SINGAPORE SMITH" in text and "ENKI" in text
    assert "KAZAK" not in text and "LITTLE SKEET" not in text
    assert len(pdf.card_rects(reader.pages[0])) == 3


def test_copies_per_card(player_client, ticked):
    smith = ticked[0]
    query = {"source": "cards", f"copies-{smith.pk}": 8, "paper": "letter"}
    reader = pdf_of(player_client.get(reverse("printing:pdf"), query))
    assert len(reader.pages) == 2  # 8 + 1 + 1 cards
    assert pdf.size_pt(reader.pages[0]) == (
        pytest.approx(612, abs=0.01),
        pytest.approx(792, abs=0.01),
    )


def test_a_roster_prints_its_members(player_client, league):
    reader = pdf_of(
        player_client.get(reverse("printing:pdf"), {"source": f"roster-{league.pk}", "backs": "on"})
    )
    text = pdf.text(reader)
    assert all(name in text for name in ("SINGAPORE SMITH", "KAZAK", "CHU-CHU"))
    assert len(reader.pages) == 2  # fronts, then backs


def test_somebody_elses_roster_is_not_found(client, rival, league):
    client.force_login(rival)
    query = {"source": f"roster-{league.pk}"}
    assert client.get(reverse("printing:page"), query).status_code == 404
    assert client.get(reverse("printing:pdf"), query).status_code == 404


def test_anonymous_visitors_can_print_a_deck_but_no_roster(client, league):
    deck = client.get(reverse("printing:pdf"), {"source": "deck-pulp-alley/plot-point-rewards"})
    assert "+1 Experience" in pdf.text(pdf_of(deck))
    assert client.get(reverse("printing:pdf"), {"source": f"roster-{league.pk}"}).status_code == 404


def test_bleed_download_is_one_card_per_page(player_client, ticked):
    reader = pdf_of(player_client.get(reverse("printing:pdf"), {"source": "cards", "bleed": "on"}))
    assert len(reader.pages) == 3
    assert pdf.size_mm(reader.pages[0]) == (
        pytest.approx(69.5, abs=0.05),
        pytest.approx(94.9, abs=0.05),
    )


def test_the_print_page_reports_text_that_does_not_fit(player_client, player, pulp_alley):
    card(player, pulp_alley, "Arge", flavour="Arge lifts crates, ships and grudges. " * 15)
    page = player_client.get(reverse("printing:page")).content.decode()
    assert "Check before printing" in page
    assert "Arge: Abilities and flavour text: too long for the card" in page


def test_nothing_ticked_means_nothing_to_download(player_client):
    page = player_client.get(reverse("printing:page")).content.decode()
    assert "Nothing to print yet" in page
    assert player_client.get(reverse("printing:pdf")).status_code == 404


def test_the_print_check_pdf(client):
    reader = pdf_of(client.get(reverse("printing:calibration"), {"paper": "letter"}))
    assert len(reader.pages) == 2
    assert client.get(reverse("printing:calibration"), {"paper": "a0"}).status_code == 404


def jpeg(size, colour=(168, 50, 30)):
    out = BytesIO()
    Image.new("RGB", size, colour).save(out, "JPEG")
    return out.getvalue()


def test_portraits_print_at_300_dpi_in_their_box(
    player_client, player, pulp_alley, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    smith = card(player, pulp_alley, "Singapore Smith")
    smith.portrait_print.save("smith.jpg", ContentFile(jpeg(PORTRAIT_PIXELS)))
    reader = pdf_of(player_client.get(reverse("printing:pdf"), {"source": "cards"}))
    (image,) = pdf.images(reader)
    assert (image["/Width"], image["/Height"]) == PORTRAIT_PIXELS
    (placed,) = pdf.image_placements(reader.pages[0])
    assert placed == (
        pytest.approx(PORTRAIT_BOX_MM[0], abs=0.1),
        pytest.approx(PORTRAIT_BOX_MM[1], abs=0.1),
    )
    assert image["/Width"] / (placed[0] / 25.4) == pytest.approx(300, abs=5)


def test_the_print_page_for_a_roster_in_a_fixed_number_of_queries(
    player_client, league, django_assert_num_queries
):
    # session, user, rosters menu, decks menu, roster, members, their rulesets, its game's
    # latest data version (which the roster prints by), rules book (types, entries), printer
    # profiles: the same however many members the roster has
    with django_assert_num_queries(11):
        response = player_client.get(reverse("printing:page"), {"source": f"roster-{league.pk}"})
    assert "Chu-Chu" in response.content.decode()


@pytest.mark.parametrize("members", [1, 20])
def test_a_campaigning_league_prints_with_its_rules_book_read_once(
    player_client, player, pulp_alley, django_assert_num_queries, members
):
    # The league's standing on each card and the cards themselves share one rules book: a
    # league that has played costs what a new one does, however big it is.
    roster = Roster.objects.create(
        owner=player,
        ruleset=pulp_alley,
        name="Veterans",
        campaign={"games": 2, "reputation": 41, "experience": 3},
    )
    for position in range(members):
        character = card(player, pulp_alley, "Kazak", marked=False)
        character.name = f"Member {position}"
        character.save()
        RosterMember.objects.create(roster=roster, character=character, position=position)
    with django_assert_num_queries(11):
        response = player_client.get(reverse("printing:page"), {"source": f"roster-{roster.pk}"})
    assert f"Member {members - 1}" in response.content.decode()
    # and the one book still gives every card the league's standing
    made = roster_cards(player, roster.pk, {}).faces
    assert all("League: Reputation 41" in " ".join(face.data["campaign"]) for face in made)


def test_the_print_page_for_a_deck_in_a_fixed_number_of_queries(
    client, rules_data, django_assert_num_queries
):
    # decks menu, ruleset, deck, its cards
    with django_assert_num_queries(4):
        response = client.get(
            reverse("printing:page"), {"source": "deck-pulp-alley/plot-point-rewards"}
        )
    assert "Plot Point Reward cards" in response.content.decode()


def test_cards_with_rules_on_their_backs_print_them_unless_unticked(
    client, player, league, rules_data
):
    from rosters.handlers.transfer import import_roster
    from rosters.samples import sample_document

    cast = import_roster(owner=player, document=sample_document("7tv-claire")).roster
    client.force_login(player)
    backs_box = re.compile(r'<input type="checkbox" name="backs"[^>]*>')
    # From the roster's Print link: the 7TV design's backs hold its Star Qualities, so the
    # box starts ticked and says why beside it; the sheets are followed by their backs.
    first = client.get("/print/", {"source": f"roster-{cast.pk}"}).content.decode()
    assert "checked" in backs_box.search(first).group()
    assert "On because these cards carry rules on their backs" in first
    assert "each sheet followed by its backs" in first
    # The player unticks it and updates the preview: no backs, and the note says what to do.
    unticked = client.get("/print/", {"source": f"roster-{cast.pk}", "chosen": "1"})
    page = unticked.content.decode()
    assert "checked" not in backs_box.search(page).group()
    assert "These cards carry rules on their backs: tick to print them" in page
    assert "each sheet followed by its backs" not in page
    # A design with a plain back (Pulp Alley) leaves the box as it was, with no note.
    plain = client.get("/print/", {"source": f"roster-{league.pk}"}).content.decode()
    assert "checked" not in backs_box.search(plain).group()
    assert "carry rules on their backs" not in plain


def test_a_big_job_previews_only_its_first_sheet_and_counts_every_page(
    player_client, ticked, drawn
):
    smith, arge, enki = ticked
    query = {"source": "cards", f"copies-{smith.pk}": 9, f"copies-{arge.pk}": 9}
    query |= {f"copies-{enki.pk}": 9, "backs": "on"}
    page = player_client.get(reverse("printing:page"), query).content.decode()
    assert page.count('src="data:image/png;base64,') == 2  # the first sheet and its backs
    assert "the PDF has all 6" in page
    # Only what the preview shows: the first card (nine copies fill the sheet) and the back.
    (first,) = set(drawn["faces"]) - {"Card back"}
    assert sorted(drawn["faces"]) == sorted([first, "Card back"])


def test_without_backs_the_print_page_previews_the_first_sheet_alone(player_client, ticked, drawn):
    smith, arge, enki = ticked
    query = {"source": "cards", f"copies-{smith.pk}": 9, f"copies-{arge.pk}": 9}
    query |= {f"copies-{enki.pk}": 9}
    page = player_client.get(reverse("printing:page"), query).content.decode()
    assert page.count('src="data:image/png;base64,') == 1  # the first sheet, nothing more
    assert "the PDF has all 3" in page
    assert len(drawn["faces"]) == 1  # the first card, whose nine copies fill the sheet


def many_ticked(player, ruleset, count):
    return [
        Character.objects.create(
            owner=player,
            ruleset=ruleset,
            character_type=LEAGUE["Arge"]["type"],
            name=f"Arge {number}",
            profile=LEAGUE["Arge"]["profile"],
            marked_for_print=True,
        )
        for number in range(count)
    ]


def test_a_print_job_over_the_card_limit_is_refused_with_the_numbers(
    player_client, player, pulp_alley
):
    from config.limits import PRINT_MAX_CARDS

    cards = many_ticked(player, pulp_alley, 20)
    query = {"source": "cards", **{f"copies-{c.pk}": "50" for c in cards}}
    for url in (reverse("printing:page"), reverse("printing:pdf")):
        response = player_client.get(url, query)
        assert response.status_code == 400
        assert response["Content-Type"].startswith("text/html")
        page = response.content.decode()
        assert "1000 cards" in page and f"at most {PRINT_MAX_CARDS}" in page
        assert "Download PDF" not in page


def test_a_print_job_at_the_card_limit_still_prints(player_client, player, pulp_alley):
    from config.limits import PRINT_INTERACTIVE_CARDS, PRINT_MAX_COPIES

    cards = many_ticked(player, pulp_alley, 2)
    copies = PRINT_INTERACTIVE_CARDS // 2
    assert copies <= PRINT_MAX_COPIES
    query = {"source": "cards", **{f"copies-{c.pk}": str(copies) for c in cards}}
    document = pdf_of(player_client.get(reverse("printing:pdf"), query))
    assert len(document.pages) == -(-PRINT_INTERACTIVE_CARDS // 9)


def test_copies_above_the_limit_print_the_limit_and_the_page_says_so(player_client, ticked):
    from config.limits import PRINT_MAX_COPIES

    query = {"source": "cards", f"copies-{ticked[0].pk}": "5000"}
    page = player_client.get(reverse("printing:page"), query).content.decode()
    assert f'value="{PRINT_MAX_COPIES}"' in page
    assert f'max="{PRINT_MAX_COPIES}"' in page
    assert f"at most {PRINT_MAX_COPIES} copies" in page
    # Said beside that card's own field, not only in the general legend.
    note = f"5000 asked: a card prints at most {PRINT_MAX_COPIES} times, so {PRINT_MAX_COPIES}"
    assert note in page
    assert f'aria-describedby="note_copies-{ticked[0].pk}"' in page


def test_pdf_renders_past_the_rate_get_a_wait_page_counted_per_player(
    player_client, rival, monkeypatch
):
    from config import limits

    monkeypatch.setattr(limits, "PDF_RATE", "2/m")
    url = reverse("printing:calibration")
    for _ in range(2):
        assert player_client.get(url).status_code == 200
    response = player_client.get(url)
    assert response.status_code == 429
    assert "Too many tries" in response.content.decode()
    # The print page and the cheat sheets render PDFs too: the same count holds there.
    assert player_client.get(reverse("printing:page")).status_code == 429
    assert player_client.get("/cheat-sheets/pulp-alley/quick-reference.pdf").status_code == 429
    other = Client()
    other.force_login(rival)
    assert other.get(url).status_code == 200


def test_a_roster_print_link_marks_no_choice_invalid(player_client, league):
    """A roster's Print link names only the source: no other choice is wrong, and a screen
    reader must not hear that the Paper select is invalid with no error to read."""
    page = player_client.get(f"/print/?source=roster-{league.pk}").content.decode()
    assert "aria-invalid" not in page


def test_an_unknown_paper_is_flagged_with_the_error_it_points_at(player_client, league):
    page = player_client.get(f"/print/?source=roster-{league.pk}&paper=a3").content.decode()
    select = re.search(r'<select name="paper"[^>]*>', page).group(0)
    assert 'aria-invalid="true"' in select
    described_by = re.search(r'aria-describedby="([^"]+)"', select).group(1)
    error = re.search(rf'id="{described_by}"[^>]*>(.*?)</ul>', page, re.S)
    assert error and "a3 is not one of the available choices" in error.group(1)
