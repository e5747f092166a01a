"""Printer profiles, as a player uses them: kept by name, bounded with clear messages, their
own only, and followed by every sheet they print: backs moved by the offset and mirrored for
the edge the sheet flips on, and everything drawn 100 / (what the ruler measured) times true
size, so that the printer puts it back at true size. Positions are read from the PDFs."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from accounts.models import PrinterProfile
from cards import services
from cards.printing import calibration, geometry
from cards.printing.sheets import PrintOptions, print_cards
from config.limits import PRINT_PROFILES_PER_PLAYER
from tests.cards import pdf_reading as pdf
from tests.cards.sample_faces import crew
from tests.cards.test_calibration import is_horizontal, is_vertical, of_length
from tests.cards.test_print_views import card, pdf_of
from tests.concurrency import postgres_only, together

A4 = geometry.paper("a4")
SCALE = 100 / 99  # the ruler came out at 99.0 mm
OFFSET = (1.5, -0.8)


def cards_sized(page, scale=1.0):
    """The trim boxes of the cards on the page drawn `scale` times true size, top to
    bottom, left to right."""
    width, height = geometry.CARD_WIDTH * scale, geometry.CARD_HEIGHT * scale
    return sorted(
        (
            rect
            for rect in pdf.rectangles(page)
            if abs(rect[2] - width) < 0.01 and abs(rect[3] - height) < 0.01
        ),
        key=lambda rect: (round(rect[1]), rect[0]),
    )


def near(rect, x, y, places=0.01):
    return abs(rect[0] - x) < places and abs(rect[1] - y) < places


# The engine: plain options in, a PDF out (no database).


@pytest.fixture(scope="module")
def short_edge():
    options = PrintOptions(paper="a4", backs=True, offset=OFFSET, flip=geometry.SHORT_EDGE)
    return pdf.read(print_cards(crew(4), options).pdf)


def test_a_short_edge_flip_swaps_the_rows_and_keeps_the_columns(short_edge):
    fronts, backs = short_edge.pages
    assert len(pdf.card_rects(fronts)) == 4
    found = pdf.card_rects(backs)
    assert len(found) == 4
    for index in range(4):  # the back of front slot 0 sits in the bottom row, same column
        front = geometry.slot(A4, index)
        x, y = front.x + OFFSET[0], A4.height - front.bottom + OFFSET[1]
        assert any(near(rect, x, y) for rect in found), (index, x, y, found)
    assert "flipping on the short edge" in backs.extract_text()


def test_a_long_edge_flip_swaps_the_columns_as_before():
    back = geometry.back_slot(A4, 0, offset=OFFSET)
    assert (back.x, back.y) == pytest.approx((geometry.slot(A4, 2).x + 1.5, 15.15 - 0.8))
    short = geometry.back_slot(A4, 0, offset=OFFSET, flip=geometry.SHORT_EDGE)
    assert (short.x, short.y) == pytest.approx((9.75 + 1.5, geometry.slot(A4, 6).y - 0.8))


@pytest.fixture(scope="module")
def scaled_sheet():
    options = PrintOptions(paper="a4", backs=True, offset=OFFSET, scale=SCALE)
    return pdf.read(print_cards(crew(4), options).pdf)


def test_a_99_mm_ruler_draws_cards_and_their_pitch_100_99_larger(scaled_sheet):
    """The printer prints 99 %: cards, pitch and marks are drawn 100/99 about the page's
    middle, so on paper they come out at true size where an ideal printer puts them."""
    fronts, backs = scaled_sheet.pages
    middle = geometry.centre(A4)
    found = cards_sized(fronts, SCALE)
    assert len(found) == 4
    for index, rect in enumerate(found):
        want = geometry.scaled(geometry.slot(A4, index), SCALE, middle)
        assert near(rect, want.x, want.y), (index, rect, want)
    assert found[1][0] - found[0][0] == pytest.approx(geometry.CARD_WIDTH * SCALE, abs=0.01)
    assert found[3][1] - found[0][1] == pytest.approx(geometry.CARD_HEIGHT * SCALE, abs=0.01)
    # The offset is measured on paper, so it is drawn at the same scale as the rest.
    for index, rect in enumerate(sorted(cards_sized(backs, SCALE))):
        assert any(
            near(rect, want.x, want.y)
            for want in (
                geometry.scaled(geometry.back_slot(A4, i, offset=OFFSET), SCALE, middle)
                for i in range(4)
            )
        ), (index, rect)
    marks = {tuple(round(v, 2) for v in line) for line in pdf.segments(fronts)}
    for mark in geometry.crop_marks(A4)[:4]:
        drawn = geometry.scaled_segment(mark, SCALE, middle)
        assert tuple(round(v, 2) for v in (drawn.x1, drawn.y1, drawn.x2, drawn.y2)) in marks


def test_bleed_pages_follow_the_profile_and_a_shop_preset_does_not():
    options = PrintOptions(bleed=True, backs=True, offset=(1.0, 0.5), scale=SCALE)
    front, back = pdf.read(print_cards(crew(1), options).pdf).pages
    (on_front,) = cards_sized(front, SCALE)
    (on_back,) = cards_sized(back, SCALE)
    assert on_back[0] - on_front[0] == pytest.approx(1.0 * SCALE, abs=0.01)
    assert on_back[1] - on_front[1] == pytest.approx(0.5 * SCALE, abs=0.01)
    # The card's middle stays the page's: the scale grows it evenly into the bleed.
    width, height = pdf.size_mm(front)
    assert on_front[0] + on_front[2] / 2 == pytest.approx(width / 2, abs=0.01)
    assert on_front[1] + on_front[3] / 2 == pytest.approx(height / 2, abs=0.01)
    shop = PrintOptions(shop="drivethrucards", offset=(1.0, 0.5), scale=SCALE)
    assert shop.setup == geometry.Setup()


def profile(**numbers):
    """A profile as the print check draws it (nothing stored)."""
    fields = {"name": "Office laser", "ruler_mm": Decimal("99.0")} | numbers
    return PrinterProfile(**fields)


def test_the_print_check_through_a_profile_scales_its_ruler_and_moves_its_back():
    """Drawn through a right profile, the check reads 100 mm and 0, 0 on paper: its ruler is
    drawn 100/99 long, and its back's scales moved by the offset before that scale."""
    checked = profile(back_offset_x_mm=Decimal("2.0"), back_offset_y_mm=Decimal("-1.0"))
    through = pdf.read(calibration.calibration_pdf("a4", profile=checked))
    rulers = of_length(pdf.segments(through.pages[0]), 100 * SCALE)
    assert any(map(is_horizontal, rulers)) and any(map(is_vertical, rulers))
    assert not of_length(pdf.segments(through.pages[0]), 100)
    middle = geometry.centre(A4)
    plain = calibration.pages(A4)[1]["lines"]
    drawn = {tuple(round(v, 2) for v in line) for line in pdf.segments(through.pages[1])}
    for line in plain:
        x1, y1 = geometry.scaled_point(line.x1 + 2.0, line.y1 - 1.0, SCALE, middle)
        x2, y2 = geometry.scaled_point(line.x2 + 2.0, line.y2 - 1.0, SCALE, middle)
        assert (round(x1, 2), round(y1, 2), round(x2, 2), round(y2, 2)) in drawn
    assert "Office laser" in pdf.text(through)


# The pages and the database.

on_db = pytest.mark.django_db

FORM = {
    "name": "Office laser",
    "printer": "Brother HL-L2350",
    "tray": "Manual feed",
    "paper": "a4",
    "back_offset_x_mm": "1.5",
    "back_offset_y_mm": "-0.5",
    "ruler_mm": "99.4",
    "flip": geometry.SHORT_EDGE,
}


@on_db
def test_a_saved_profile_is_used_and_moves_the_backs(player_client, player, pulp_alley):
    card(player, pulp_alley, "Singapore Smith")
    response = player_client.post(reverse("printing:profiles"), FORM)
    assert response.status_code == 302
    player.refresh_from_db()
    saved = player.print_profile
    assert (saved.name, saved.back_offset_x_mm, saved.ruler_mm, saved.flip) == (
        "Office laser",
        Decimal("1.5"),
        Decimal("99.4"),
        geometry.SHORT_EDGE,
    )
    reader = pdf_of(player_client.get(reverse("printing:pdf"), {"source": "cards", "backs": "on"}))
    scale = 100 / 99.4
    backs = cards_sized(reader.pages[1], scale)
    middle = geometry.centre(A4)
    for index in range(1):
        want = geometry.scaled(
            geometry.back_slot(A4, index, (1.5, -0.5), geometry.SHORT_EDGE), scale, middle
        )
        assert any(near(rect, want.x, want.y) for rect in backs), (index, backs)


@on_db
@pytest.mark.parametrize(
    ("field", "typed", "said"),
    [
        ("back_offset_x_mm", "25", "at most 20 mm either way"),
        ("back_offset_y_mm", "-20.5", "at most 20 mm either way"),
        ("back_offset_x_mm", "1.25", "one decimal place"),
        ("ruler_mm", "97.9", "between 98 and 102 mm"),
        ("ruler_mm", "103", "switch off Fit to page"),
        ("ruler_mm", "", "100 if it is exact"),
        ("flip", "diagonal", "Select a valid choice"),
        ("name", "x" * 61, "at most 60 characters"),
    ],
)
def test_a_number_out_of_bounds_is_refused_saying_why_and_keeps_what_was_typed(
    player_client, player, field, typed, said
):
    response = player_client.post(reverse("printing:profiles"), FORM | {field: typed})
    assert response.status_code == 400
    page = response.content.decode()
    assert said in page
    assert 'value="Brother HL-L2350"' in page and 'value="Manual feed"' in page
    assert not PrinterProfile.objects.exists()


@on_db
def test_the_database_holds_the_same_bounds(player):
    for wrong in ({"ruler_mm": 97}, {"back_offset_y_mm": Decimal("20.1")}, {"paper": "a3"}):
        with pytest.raises(IntegrityError), transaction.atomic():
            PrinterProfile.objects.create(owner=player, name="Bad", **wrong)


@on_db
def test_a_mistake_while_editing_keeps_the_profile_and_what_was_typed(player_client, player):
    kept = PrinterProfile.objects.create(owner=player, name="Inkjet", ruler_mm=Decimal("100.5"))
    url = reverse("printing:profile", args=[kept.pk])
    response = player_client.post(url, FORM | {"name": "Inkjet 2", "ruler_mm": "150"})
    assert response.status_code == 400 and 'value="Inkjet 2"' in response.content.decode()
    kept.refresh_from_db()
    assert (kept.name, kept.ruler_mm) == ("Inkjet", Decimal("100.5"))
    assert player_client.post(url, FORM | {"name": "Inkjet 2"}).status_code == 302
    kept.refresh_from_db()
    assert (kept.name, kept.ruler_mm) == ("Inkjet 2", Decimal("99.4"))


@on_db
def test_a_player_keeps_a_bounded_number_of_differently_named_profiles(player_client, player):
    PrinterProfile.objects.create(owner=player, name="Office laser")
    response = player_client.post(reverse("printing:profiles"), FORM | {"name": "office LASER"})
    assert response.status_code == 400 and "profile of that name" in response.content.decode()
    PrinterProfile.objects.bulk_create(
        PrinterProfile(owner=player, name=f"Printer {n}")
        for n in range(PRINT_PROFILES_PER_PLAYER - 1)
    )
    response = player_client.post(reverse("printing:profiles"), FORM | {"name": "One more"})
    assert response.status_code == 400
    assert f"You have {PRINT_PROFILES_PER_PLAYER} printer profiles" in response.content.decode()
    assert PrinterProfile.objects.filter(owner=player).count() == PRINT_PROFILES_PER_PLAYER


@on_db
def test_choosing_a_profile_is_remembered_and_deleting_it_forgets_it(player_client, player):
    first = PrinterProfile.objects.create(owner=player, name="Laser")
    second = PrinterProfile.objects.create(owner=player, name="Inkjet")
    response = player_client.post(
        reverse("printing:use_profile"), {"profile": second.pk, "next": "/print/?paper=a4"}
    )
    assert response["Location"] == "/print/?paper=a4"
    player.refresh_from_db()
    assert player.print_profile == second
    page = player_client.get(reverse("printing:page")).content.decode()  # nothing to draw
    assert "Laid out for “Inkjet”" in page and f'value="{second.pk}" selected' in page
    offsite = {"profile": first.pk, "next": "https://evil.example/"}
    response = player_client.post(reverse("printing:use_profile"), offsite)
    assert response["Location"] == reverse("printing:page")
    player.refresh_from_db()
    assert player.print_profile == first
    player_client.post(reverse("printing:delete_profile", args=[first.pk]))
    player.refresh_from_db()
    assert player.print_profile is None and list(player.printer_profiles.all()) == [second]


@on_db
def test_only_the_owner_reaches_a_profile(client, player, rival):
    theirs = PrinterProfile.objects.create(owner=rival, name="Rival's laser")
    client.force_login(player)
    for response in (
        client.get(reverse("printing:profile", args=[theirs.pk])),
        client.post(reverse("printing:profile", args=[theirs.pk]), FORM),
        client.post(reverse("printing:delete_profile", args=[theirs.pk])),
        client.post(reverse("printing:use_profile"), {"profile": theirs.pk}),
        client.post(reverse("printing:use_profile"), {"profile": "nonsense"}),
        client.get(reverse("printing:calibration"), {"profile": theirs.pk}),
    ):
        assert response.status_code == 404
    theirs.refresh_from_db()
    assert theirs.name == "Rival's laser"
    assert "Rival's laser" not in client.get(reverse("printing:profiles")).content.decode()
    player.refresh_from_db()
    assert player.print_profile is None


@on_db
def test_every_change_needs_the_csrf_token(player):
    mine = PrinterProfile.objects.create(owner=player, name="Laser")
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    for url, data in (
        (reverse("printing:profiles"), FORM),
        (reverse("printing:profile", args=[mine.pk]), FORM),
        (reverse("printing:delete_profile", args=[mine.pk]), {}),
        (reverse("printing:use_profile"), {"profile": mine.pk}),
    ):
        assert client.post(url, data).status_code == 403
    mine.refresh_from_db()
    assert mine.name == "Laser"


@on_db
def test_a_visitor_who_saves_a_profile_keeps_it_as_a_guest(client):
    assert client.post(reverse("printing:profiles"), FORM).status_code == 302
    (saved,) = PrinterProfile.objects.all()
    assert saved.owner.is_guest and saved.owner.print_profile == saved
    assert "Office laser" in client.get(reverse("printing:profiles")).content.decode()


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_saves_at_the_last_place_keep_the_limit(player):
    """Two profiles saved at the same instant into the last free place: one is kept, the
    other told why, never one over the limit."""
    PrinterProfile.objects.bulk_create(
        PrinterProfile(owner=player, name=f"Printer {n}")
        for n in range(PRINT_PROFILES_PER_PLAYER - 1)
    )

    def save(name):
        try:
            return services.save_printer_profile(owner=player, name=name).profile.name
        except services.TooManyProfiles:
            return "refused"

    results = together(lambda: save("Left"), lambda: save("Right"))
    assert results.count("refused") == 1
    assert PrinterProfile.objects.filter(owner=player).count() == PRINT_PROFILES_PER_PLAYER
