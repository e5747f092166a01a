"""Card sheets read back from the PDF: paper size, page count, where every card's trim box
and every crop mark really is, backs behind their fronts, bleed pages, fonts and text."""

from dataclasses import replace

import pytest

from cards.printing import geometry
from cards.printing.sheets import NothingToPrint, PrintOptions, layout, print_cards
from cards.printing.sources import deck_cards
from tests.cards import pdf_reading as pdf
from tests.cards.sample_faces import character, crew

A4_PT = (595.28, 841.89)
LETTER_PT = (612.0, 792.0)


@pytest.fixture(scope="module")
def ten_on_a4():
    return print_cards(crew(10), PrintOptions(paper="a4"))


@pytest.fixture(scope="module")
def backs_on_letter():
    cards = crew(4)
    return print_cards(cards, PrintOptions(paper="letter", backs=True, offset=(1.5, -0.8)))


def test_a4_pages_are_exactly_a4(ten_on_a4):
    for page in pdf.read(ten_on_a4.pdf).pages:
        assert pdf.size_pt(page) == (
            pytest.approx(A4_PT[0], abs=0.01),
            pytest.approx(A4_PT[1], abs=0.01),
        )


def test_letter_pages_are_exactly_letter(backs_on_letter):
    for page in pdf.read(backs_on_letter.pdf).pages:
        assert pdf.size_pt(page) == (
            pytest.approx(LETTER_PT[0], abs=0.01),
            pytest.approx(LETTER_PT[1], abs=0.01),
        )


def test_ten_cards_spill_onto_a_second_sheet(ten_on_a4):
    reader = pdf.read(ten_on_a4.pdf)
    assert ten_on_a4.pages == len(reader.pages) == 2
    assert len(pdf.card_rects(reader.pages[0])) == 9
    assert len(pdf.card_rects(reader.pages[1])) == 1


def test_every_card_sits_on_its_slot_to_a_tenth_of_a_millimetre(ten_on_a4):
    first, second = pdf.read(ten_on_a4.pdf).pages
    a4 = geometry.paper("a4")
    for index, (x, y, width, height) in enumerate(pdf.card_rects(first)):
        slot = geometry.slot(a4, index)
        assert abs(x - slot.x) < 0.1 and abs(y - slot.y) < 0.1
        assert abs(width - 63.5) < 0.1 and abs(height - 88.9) < 0.1
    ((x, y, _, _),) = pdf.card_rects(second)
    assert (abs(x - 9.75) < 0.1, abs(y - 15.15) < 0.1) == (True, True)


def test_crop_marks_are_drawn_where_geometry_puts_them_and_never_on_a_card(ten_on_a4):
    page = pdf.read(ten_on_a4.pdf).pages[0]
    drawn = pdf.segments(page)
    cards = pdf.card_rects(page)
    for mark in geometry.crop_marks(geometry.paper("a4")):
        assert any(
            max(abs(a - b) for a, b in zip(line, (mark.x1, mark.y1, mark.x2, mark.y2), strict=True))
            < 0.1
            for line in drawn
        ), mark
        for x, y, width, height in cards:
            inside_x = x < (mark.x1 + mark.x2) / 2 < x + width
            inside_y = y < (mark.y1 + mark.y2) / 2 < y + height
            assert not (inside_x and inside_y)


SAFE_EDGE = 4.0  # the spec: assume nothing prints within about 4 mm of the paper's edge


def inside(rect, x, y, slack=0.0):
    left, top, width, height = rect
    return left - slack <= x <= left + width + slack and top - slack <= y <= top + height + slack


@pytest.fixture(scope="module", params=["a4", "letter"])
def sheets_with_backs(request):
    result = print_cards(crew(10), PrintOptions(paper=request.param, backs=True))
    return request.param, pdf.read(result.pdf)


def test_every_crop_mark_is_printable_and_off_every_card(sheets_with_backs):
    paper, reader = sheets_with_backs
    width, height = geometry.PAPERS[paper].width, geometry.PAPERS[paper].height
    assert len(reader.pages) == 4  # fronts, backs, fronts, backs
    for number, page in enumerate(reader.pages):
        cards = pdf.card_rects(page)
        # Lines inside a card are its art; every other line is a crop mark.
        marks = [
            line
            for line in pdf.segments(page)
            if not any(inside(card, *line[:2]) and inside(card, *line[2:]) for card in cards)
        ]
        if number % 2 == 0:
            assert len(marks) == 16, f"page {number + 1}: two marks for each of 8 cut lines"
        for x1, y1, x2, y2 in marks:
            assert min(x1, x2) >= SAFE_EDGE - 0.01 and max(x1, x2) <= width - SAFE_EDGE + 0.01
            assert min(y1, y2) >= SAFE_EDGE - 0.01 and max(y1, y2) <= height - SAFE_EDGE + 0.01
            for left, top, card_width, card_height in cards:
                apart = (
                    max(x1, x2) <= left + 0.01
                    or min(x1, x2) >= left + card_width - 0.01
                    or max(y1, y2) <= top + 0.01
                    or min(y1, y2) >= top + card_height - 0.01
                )
                assert apart, (number + 1, (x1, y1, x2, y2))


@pytest.mark.parametrize("bleed", [False, True])
def test_crop_marks_print_twice_a_hairline_thick_with_square_ends(bleed):
    reader = pdf.read(print_cards(crew(1), PrintOptions(bleed=bleed)).pdf)
    page = reader.pages[0]
    (card,) = pdf.card_rects(page)
    marks = [
        (width, cap)
        for line, width, cap in pdf.stroked_lines(page)
        if not (inside(card, *line[:2]) and inside(card, *line[2:]))
    ]
    assert len(marks) == (8 if bleed else 16) * (2 if bleed else 1)  # bleed: halo and mark
    black = {round(width, 3) for width, _ in marks} - {round(3 * geometry.MARK_WIDTH_PT, 3)}
    assert black == {geometry.MARK_WIDTH_PT} and geometry.MARK_WIDTH_PT >= 0.5
    assert {cap for _, cap in marks} == {0}  # butt: a mark is no longer than its segment


def test_marks_match_the_geometry_to_a_hundredth_of_a_millimetre(sheets_with_backs):
    paper, reader = sheets_with_backs
    drawn = pdf.segments(reader.pages[0])
    for mark in geometry.crop_marks(geometry.paper(paper)):
        want = (mark.x1, mark.y1, mark.x2, mark.y2)
        assert any(
            max(abs(a - b) for a, b in zip(line, want, strict=True)) < 0.01 for line in drawn
        ), mark


def test_both_papers_carry_the_reminders_inside_the_printable_area(sheets_with_backs):
    paper, reader = sheets_with_backs
    width, height = geometry.PAPERS[paper].width, geometry.PAPERS[paper].height
    fronts, backs = (" ".join(page.extract_text().split()) for page in reader.pages[:2])
    assert "Print at 100 % (Actual size)" in fronts and "Sheet 1 of 2" in fronts
    assert "4 mm unprintable edge" in fronts
    assert "Backs: print on the reverse" in backs and "long edge" in backs
    note_words = ("Print at", "Backs:", "Sheet", "unprintable")
    for page in reader.pages[:2]:
        notes = [
            (x, y) for text, x, y in pdf.text_origins(page) if any(w in text for w in note_words)
        ]
        assert notes
        for x, y in notes:
            assert SAFE_EDGE <= x <= width - SAFE_EDGE and SAFE_EDGE <= y <= height - SAFE_EDGE


def test_names_are_real_text_in_embedded_fonts(ten_on_a4):
    reader = pdf.read(ten_on_a4.pdf)
    text = pdf.text(reader)
    assert "CREW 1" in text and "CREW 10" in text  # the name band prints in capitals
    assert "Marksman" in text
    fonts = pdf.embedded_fonts(reader)
    assert fonts and all(fonts.values())
    names = " ".join(fonts).replace("-", "")
    assert "Oswald" in names and "AlegreyaSans" in names


def test_each_sheet_of_fronts_is_followed_by_its_backs(backs_on_letter):
    reader = pdf.read(backs_on_letter.pdf)
    assert len(reader.pages) == 2
    assert "PULP ALLEY" in reader.pages[1].extract_text()
    assert "CREW 1" not in reader.pages[1].extract_text()


def test_backs_are_mirrored_and_moved_by_the_offset(backs_on_letter):
    fronts, backs = pdf.read(backs_on_letter.pdf).pages
    letter = geometry.paper("letter")
    expected = sorted(
        (
            round(geometry.slot(letter, mirror).x + 1.5, 2),
            round(geometry.slot(letter, mirror).y - 0.8, 2),
        )
        for mirror in (2, 1, 0, 5)  # fronts in slots 0, 1, 2, 3
    )
    found = sorted((x, y) for x, y, _, _ in pdf.card_rects(backs))
    assert len(found) == 4
    for (x, y), (want_x, want_y) in zip(found, expected, strict=True):
        assert abs(x - want_x) < 0.1 and abs(y - want_y) < 0.1
    # The card in column 0 has its back in column 2.
    assert pdf.card_rects(fronts)[0][0] == pytest.approx(12.7, abs=0.1)
    assert max(x for x, _ in found) == pytest.approx(139.7 + 1.5, abs=0.1)


def test_bleed_pages_are_one_card_with_three_mm_round_it():
    result = print_cards(crew(2), PrintOptions(bleed=True, backs=True))
    reader = pdf.read(result.pdf)
    assert len(reader.pages) == 4  # front, back, front, back
    for page in reader.pages:
        width, height = pdf.size_pt(page)
        # 69.5 × 94.9 mm is 197.01 × 269.01 pt.
        assert (width, height) == (
            pytest.approx(69.5 / pdf.MM_PER_PT, abs=0.01),
            pytest.approx(94.9 / pdf.MM_PER_PT, abs=0.01),
        )
        trim = page.trimbox
        assert float(trim.width) == pytest.approx(180, abs=0.01)  # 63.5 mm
        assert float(trim.height) == pytest.approx(252, abs=0.01)  # 88.9 mm
        assert float(trim.left) - float(page.mediabox.left) == pytest.approx(8.5, abs=0.01)
        ((x, y, _, _),) = pdf.card_rects(page)
        assert (round(x, 1), round(y, 1)) == (3.0, 3.0)
    # The art runs out to the page edge: something is painted over the whole bleed page.
    assert any(
        (round(x, 1), round(y, 1), round(w, 1), round(h, 1)) == (0.0, 0.0, 69.5, 94.9)
        for x, y, w, h in pdf.rectangles(reader.pages[0])
    )


def test_copies_repeat_a_card_and_zero_copies_leave_it_out():
    one, two = crew(2)
    pages = layout([replace(one, copies=10), replace(two, copies=0)], PrintOptions())
    assert [len(page.cards) for page in pages] == [9, 1]
    assert {placed.face.title for page in pages for placed in page.cards} == {"Crew 1"}
    with pytest.raises(NothingToPrint):
        layout([replace(one, copies=0)], PrintOptions())


def test_fit_problems_come_back_with_the_pdf():
    long_flavour = character("Talker", flavour="On and on and on. " * 120)
    result = print_cards([long_flavour, character("Quiet")], PrintOptions())
    assert len(result.problems) == 1 and result.problems[0].startswith("Talker: ")


@pytest.mark.django_db
def test_the_whole_fortune_deck_prints_45_cards_on_5_sheets(rules_data):
    deck = deck_cards("pulp-alley", "fortune")
    assert sum(face.copies for face in deck.faces) == 45
    result = print_cards(deck.faces, PrintOptions(paper="a4"))
    reader = pdf.read(result.pdf)
    assert result.pages == len(reader.pages) == 5
    assert [len(pdf.card_rects(page)) for page in reader.pages] == [9, 9, 9, 9, 9]
    text = pdf.text(reader)
    assert "#01 / x2" in text and "#45 / x1" in text
    assert not result.problems


@pytest.mark.django_db
def test_reward_cards_print_with_their_backs(rules_data):
    deck = deck_cards("pulp-alley", "plot-point-rewards")
    layout_pages = layout(deck.faces, PrintOptions(backs=True))
    assert [page.side for page in layout_pages] == ["front", "back"]
    assert {placed.face.data["title"] for placed in layout_pages[1].cards} == {"Reward"}
