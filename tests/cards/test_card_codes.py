"""The code on every printed roster card: stable while the card shows the same, new the
moment anything it prints changes; its QR code opens the card's page; the app remembers
what was printed, reprints only what changed (backs still behind their fronts) and says
which old cards to throw away."""

import re
from dataclasses import replace

import pypdfium2
import pytest
import segno
from django.test import Client
from django.urls import resolve, reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from cards import reprints, services
from cards.models import PrintedCard
from cards.printing import codes, geometry
from cards.printing.sources import roster_cards
from rosters.models import Roster, RosterMember
from tests.cards import pdf_reading as pdf
from tests.cards.sample_faces import character
from tests.cards.test_print_views import card

A4 = geometry.paper("a4")
CODE_TOP = 86.4  # the ink frame under the panel, where the code's text sits (print.css)
QR = (26.25, 69.0, 11.0)  # the QR code's left, top and side on the plain back, in mm

# A value a card prints: names, dice, ability text. Printable letters only, so the face
# fits its boxes as it would for a player.
words = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghij 0123456789-'", max_size=24)
PRINTED = {
    "name": lambda value: character(value or "X"),
    "flavour": lambda value: character("Crew", flavour=value),
    "skill": lambda value: character(
        "Crew", skills=[("Brawl", value or "d"), *character("x").data["skills"][1:]]
    ),
    "ability": lambda value: character(
        "Crew", abilities=[{"name": "Marksman", "level": 1, "summary": value, "page": 9}]
    ),
}


@settings(max_examples=25)
@given(field=st.sampled_from(sorted(PRINTED)), old=words, new=words, copies=st.integers(1, 5))
def test_a_code_changes_exactly_when_what_the_card_prints_changes(field, old, new, copies):
    before = PRINTED[field](old)
    # Printed again later: built afresh, in another number of copies, already stamped.
    again = codes.stamped(replace(PRINTED[field](old), copies=copies), roster_pk=3, card_pk=7)
    assert codes.printed_hash(again) == codes.printed_hash(before)
    assert codes.code_of(again) == f"3-7-{codes.printed_hash(before)}"
    after = PRINTED[field](new)
    shows_the_same = after.data == before.data and after.layout == before.layout
    assert (codes.printed_hash(after) == codes.printed_hash(before)) == shows_the_same


@settings(max_examples=25)
@given(
    box=st.sampled_from(["name", "flavour", "body"]),
    size=st.floats(5, 12, allow_nan=False),
    other=st.floats(5, 12, allow_nan=False),
)
def test_a_fitted_size_or_another_design_changes_the_code_and_nothing_unprinted_does(
    box, size, other
):
    """Printed differences beyond the values: a text box fitted to another font size, the
    card drawn by another design. The stamp and the copies are not printed differences."""
    face = character("Crew")
    sized = replace(face, layout={**face.layout, box: size})
    resized = replace(face, layout={**face.layout, box: other})
    assert (codes.printed_hash(sized) == codes.printed_hash(resized)) == (size == other)
    redrawn = replace(face, template=codes.BACK.template)
    assert codes.printed_hash(redrawn) != codes.printed_hash(face)
    stamped = codes.stamped(replace(sized, copies=4), roster_pk=1, card_pk=2)
    assert codes.printed_hash(stamped) == codes.printed_hash(sized)


def test_a_code_reads_back_whatever_its_case_and_nothing_else_does():
    assert codes.parse(" 12-345-k3qx7m2a ") == (12, 345, "K3QX7M2A")
    for wrong in ("12-345", "0-1-K3QX7M2A", "12-345-K3QX7M2", "12-345-K3QX7M2A1", "a-b-c"):
        assert codes.parse(wrong) is None


@pytest.fixture
def league(player, pulp_alley):
    roster = Roster.objects.create(owner=player, ruleset=pulp_alley, name="Smith's League")
    for position, name in enumerate(("Singapore Smith", "Kazak", "Chu-Chu")):
        member = card(player, pulp_alley, name, marked=False)
        RosterMember.objects.create(roster=roster, character=member, position=position)
    return roster


def roster_query(roster, **extra):
    """The Print page's query for the roster's cards with their backs."""
    return {"source": f"roster-{roster.pk}", "backs": "on", "chosen": "1", **extra}


def remember(client, roster, **extra):
    query = "&".join(f"{key}={value}" for key, value in roster_query(roster, **extra).items())
    return client.post(f"{reverse('printing:remember')}?{query}")


def codes_now(player, roster):
    printable = roster_cards(player, roster.pk, {})
    return {face.title: face for face in printable.faces}


def text_box(made, page_index, text):
    """Where `text` is printed on the page: (left, top, right, bottom) in mm from the page's
    top-left corner, from pdfium's character boxes. pdfium reads a gap between spaced-out
    letters as a space of its own making (a code's letter spacing, when the face's font
    has no space to compare with), so such a space may sit between any two of them."""
    page = pypdfium2.PdfDocument(made)[page_index]
    textpage = page.get_textpage()
    found = re.search(" ?".join(map(re.escape, text)), textpage.get_text_range())
    assert found, f"{text} is not printed on page {page_index + 1}"
    boxes = [textpage.get_charbox(i) for i in range(found.start(), found.end())]
    boxes = [box for box in boxes if box[2] > box[0]]  # pdfium's own spaces have no box
    height = page.get_height()
    return (
        min(box[0] for box in boxes) * pdf.MM_PER_PT,
        (height - max(box[3] for box in boxes)) * pdf.MM_PER_PT,
        max(box[2] for box in boxes) * pdf.MM_PER_PT,
        (height - min(box[1] for box in boxes)) * pdf.MM_PER_PT,
    )


def qr_modules(made, page_index, left, top, count, border=2):
    """The dark modules of the QR code printed with its top-left corner at (left, top) mm,
    read from that square of the page drawn at 600 dpi."""
    page = pypdfium2.PdfDocument(made)[page_index]
    width, height = page.get_size()
    x0, y0, side = (value / pdf.MM_PER_PT for value in (left, top, QR[2]))
    crop = (x0, height - y0 - side, width - x0 - side, y0)
    picture = page.render(scale=600 / 72, crop=crop, grayscale=True).to_pil()
    module = picture.width / (count + 2 * border)
    return [
        [
            picture.getpixel((int((border + x + 0.5) * module), int((border + y + 0.5) * module)))
            < 128
            for x in range(count)
        ]
        for y in range(count)
    ]


@pytest.mark.django_db
def test_only_the_changed_cards_reprint_backs_behind_them_and_the_old_ones_are_named(
    player_client, player, league
):
    assert remember(player_client, league).status_code == 302
    before = codes_now(player, league)
    held = PrintedCard.objects.filter(printing__roster=league).order_by("slot")
    assert [(c.name, c.code, c.sheet, c.slot) for c in held] == [
        (name, codes.code_of(before[name]), 1, slot)
        for slot, name in enumerate(("Singapore Smith", "Kazak", "Chu-Chu"))
    ]
    kazak = league.characters.get(name="Kazak")
    kazak.flavour = "Never without his fez."
    kazak.save()
    old_code = codes.code_of(before["Kazak"])
    assert [
        (s.name, s.code, s.slot, s.changes) for s in reprints.stale_printed_cards(player, league.pk)
    ] == [("Kazak", old_code, 1, ("flavour",))]

    page = player_client.get(reverse("printing:page"), roster_query(league, changed="on"))
    text = page.content.decode()
    assert "1 card changed" in text and f"Kazak, code <code>{old_code}</code>" in text

    response = player_client.get(reverse("printing:pdf"), roster_query(league, changed="on"))
    assert response.status_code == 200
    made = b"".join(response.streaming_content) if response.streaming else response.content
    fronts, backs = pdf.read(made).pages
    new = codes_now(player, league)["Kazak"]
    assert "KAZAK" in fronts.extract_text() and "SMITH" not in fronts.extract_text().upper()
    # The one card in the first slot, its back exactly behind it (mirrored, to 0.01 mm).
    slot, behind = geometry.slot(A4, 0), geometry.back_slot(A4, 0, (0.0, 0.0))
    for page_of, where in ((fronts, slot), (backs, behind)):
        ((x, y, _, _),) = pdf.card_rects(page_of)
        assert (x, y) == (pytest.approx(where.x, abs=0.01), pytest.approx(where.y, abs=0.01))
    # Each side's code in the ink frame under its panel, the back's QR opening its page.
    for index, where, face in ((0, slot, new), (1, behind, new.back)):
        left, top, right, bottom = text_box(made, index, codes.code_of(face))
        assert where.x < left < right < where.right
        assert where.y + CODE_TOP < top < bottom < where.bottom
    url = codes.card_url(codes.code_of(new.back))
    qr = segno.make(url, error="m", micro=False)
    read = qr_modules(made, 1, behind.x + QR[0], behind.y + QR[1], len(qr.matrix))
    assert read == [[bool(module) for module in row] for row in qr.matrix]
    assert resolve(url.removeprefix("http://127.0.0.1:8000")).url_name == "card"

    # Printed and remembered: the physical set is the new Kazak and the two cards kept.
    assert remember(player_client, league, changed="on").status_code == 302
    assert reprints.stale_printed_cards(player, league.pk) == []
    held = {c.name: (c.code, c.fresh) for c in reprints.held_cards(league)}
    assert held == {
        "Singapore Smith": (codes.code_of(before["Singapore Smith"]), False),
        "Kazak": (codes.code_of(new), True),
        "Chu-Chu": (codes.code_of(before["Chu-Chu"]), False),
    }
    page = player_client.get(reverse("printing:page"), roster_query(league, changed="on"))
    assert "Nothing changed since your last print" in page.content.decode()


@pytest.mark.django_db
def test_a_cards_page_tells_its_owner_current_or_stale_and_others_only_that(
    player_client, player, rival, league
):
    remember(player_client, league)
    printed = codes.code_of(codes_now(player, league)["Kazak"])
    page = player_client.get(reverse("printing:card", args=[printed])).content.decode()
    assert "Current" in page and "Kazak" in page
    kazak = league.characters.get(name="Kazak")
    kazak.flavour = "Never without his fez."
    kazak.save()
    page = player_client.get(reverse("printing:card", args=[printed.lower()])).content.decode()
    assert "Stale" in page and "changed: flavour" in page
    assert codes.code_of(codes_now(player, league)["Kazak"]) in page

    opponent = Client()
    opponent.force_login(rival)
    for visitor in (opponent, Client()):
        page = visitor.get(reverse("printing:card", args=[printed]))
        assert page.status_code == 200
        assert "Stale" in page.content.decode()
        assert "Kazak" not in page.content.decode() and league.name not in page.content.decode()
        # A code nobody printed (a guess, or the card's current one) says nothing at all.
        current = codes.code_of(codes_now(player, league)["Kazak"])
        assert visitor.get(reverse("printing:card", args=[current])).status_code == 404
    assert player_client.get(reverse("printing:card", args=["1-2-3"])).status_code == 404


@pytest.mark.django_db
def test_only_the_owner_remembers_a_print_and_only_with_the_csrf_token(player, rival, league):
    opponent = Client()
    opponent.force_login(rival)
    assert remember(opponent, league).status_code == 404
    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(player)
    assert remember(guarded, league).status_code == 403
    assert not PrintedCard.objects.exists()


@pytest.mark.django_db
def test_a_rosters_oldest_printings_are_forgotten_past_the_limit(
    monkeypatch, player_client, league
):
    monkeypatch.setattr(services, "PRINTS_KEPT_PER_ROSTER", 2)
    for _ in range(3):
        remember(player_client, league)
    assert league.prints.count() == 2
    assert PrintedCard.objects.count() == 2 * 3  # three cards held after each


@pytest.mark.django_db
def test_a_changed_only_print_on_a_chosen_profile_puts_each_changed_card_and_back_in_place(
    player_client, player, league
):
    """Two of three cards changed, printed through a saved profile (offset, short-edge flip,
    ruler scale): the PDF holds exactly those two, in slots 0 and 1 in the roster's order,
    each back where the profile puts the back of its slot, all drawn at the ruler's scale."""
    from tests.cards.test_printer_profiles import FORM, cards_sized, near

    assert player_client.post(reverse("printing:profiles"), FORM).status_code == 302
    assert remember(player_client, league).status_code == 302
    for name in ("Singapore Smith", "Chu-Chu"):
        changed = league.characters.get(name=name)
        changed.flavour = f"{name} has a new line."
        changed.save()
    page = player_client.get(reverse("printing:page"), roster_query(league, changed="on"))
    assert "2 cards changed" in page.content.decode()

    response = player_client.get(reverse("printing:pdf"), roster_query(league, changed="on"))
    made = b"".join(response.streaming_content) if response.streaming else response.content
    fronts, backs = pdf.read(made).pages
    assert "KAZAK" not in fronts.extract_text().upper()
    scale, middle = 100 / float(FORM["ruler_mm"]), geometry.centre(A4)
    offset = (float(FORM["back_offset_x_mm"]), float(FORM["back_offset_y_mm"]))
    new = codes_now(player, league)
    for index, name in enumerate(("Singapore Smith", "Chu-Chu")):
        front = geometry.scaled(geometry.slot(A4, index), scale, middle)
        back = geometry.scaled(geometry.back_slot(A4, index, offset, FORM["flip"]), scale, middle)
        assert any(near(rect, front.x, front.y) for rect in cards_sized(fronts, scale))
        assert any(near(rect, back.x, back.y) for rect in cards_sized(backs, scale))
        # The card in the slot is this one: its code is printed inside that slot's box.
        for side, where, face in ((0, front, new[name]), (1, back, new[name].back)):
            left, top, right, bottom = text_box(made, side, codes.code_of(face))
            assert where.x < left < right < where.right and where.y < top < where.bottom
    assert len(cards_sized(fronts, scale)) == len(cards_sized(backs, scale)) == 2
