"""Where cards, backs and crop marks sit on the paper: the spec's print geometry to 0.1 mm."""

import pytest

from cards.printing import geometry
from cards.printing.geometry import CARD_HEIGHT, CARD_WIDTH

A4 = geometry.paper("a4")
LETTER = geometry.paper("letter")


def test_the_grid_is_centred_with_the_specs_margins():
    assert geometry.grid(A4).x == pytest.approx(9.75)
    assert geometry.grid(A4).y == pytest.approx(15.15)
    assert geometry.grid(LETTER).x == pytest.approx(12.7)
    assert geometry.grid(LETTER).y == pytest.approx(6.35)


@pytest.mark.parametrize(
    ("sheet", "index", "x", "y"),
    [
        (A4, 0, 9.75, 15.15),
        (A4, 2, 136.75, 15.15),
        (A4, 4, 73.25, 104.05),
        (A4, 8, 136.75, 192.95),
        (LETTER, 0, 12.7, 6.35),
        (LETTER, 8, 139.7, 184.15),
    ],
)
def test_slots_are_true_size_and_read_left_to_right(sheet, index, x, y):
    slot = geometry.slot(sheet, index)
    assert (slot.x, slot.y) == (pytest.approx(x), pytest.approx(y))
    assert (slot.width, slot.height) == (CARD_WIDTH, CARD_HEIGHT)


def test_a_sheet_has_nine_slots():
    with pytest.raises(ValueError):
        geometry.slot(A4, 9)


def test_backs_swap_columns_for_a_long_edge_flip():
    assert geometry.back_slot(A4, 0) == geometry.slot(A4, 2)
    assert geometry.back_slot(A4, 2) == geometry.slot(A4, 0)
    assert geometry.back_slot(A4, 4) == geometry.slot(A4, 4)
    assert geometry.back_slot(LETTER, 6) == geometry.slot(LETTER, 8)


def test_backs_move_by_the_players_offset():
    back = geometry.back_slot(A4, 3, offset=(1.5, -0.5))
    mirrored = geometry.slot(A4, 5)
    assert (back.x, back.y) == (pytest.approx(mirrored.x + 1.5), pytest.approx(mirrored.y - 0.5))


def overlaps(mark, rect):
    left, right = sorted((mark.x1, mark.x2))
    top, bottom = sorted((mark.y1, mark.y2))
    return left <= rect.right and right >= rect.x and top <= rect.bottom and bottom >= rect.y


@pytest.mark.parametrize("sheet", [A4, LETTER])
def test_crop_marks_line_up_with_every_cut_and_never_touch_a_card(sheet):
    marks = geometry.crop_marks(sheet)
    xs, ys = geometry.cut_lines(sheet)
    vertical = [m for m in marks if m.x1 == m.x2]
    horizontal = [m for m in marks if m.y1 == m.y2]
    # Every cut line gets a mark at each end.
    assert sorted(m.x1 for m in vertical) == sorted(xs * 2)
    assert sorted(m.y1 for m in horizontal) == sorted(ys * 2)
    cards = [geometry.slot(sheet, index) for index in range(geometry.PER_SHEET)]
    assert not any(overlaps(mark, card) for mark in marks for card in cards)


@pytest.mark.parametrize("sheet", [A4, LETTER])
def test_crop_marks_stay_inside_the_printable_area(sheet):
    for mark in geometry.crop_marks(sheet):
        for x in (mark.x1, mark.x2):
            assert geometry.SAFE_EDGE <= x <= sheet.width - geometry.SAFE_EDGE
        for y in (mark.y1, mark.y2):
            assert geometry.SAFE_EDGE <= y <= sheet.height - geometry.SAFE_EDGE


def apart(ink, rect):
    """Whether two rectangles share no point, not even an edge."""
    return ink.right < rect.x or ink.x > rect.right or ink.bottom < rect.y or ink.y > rect.bottom


def test_crop_marks_are_twice_a_hairline_thick():
    # 0.25 pt, a hairline, fades in a print shop's scan.
    assert geometry.MARK_WIDTH_PT >= 0.5
    ink = geometry.mark_ink(geometry.Segment(10, 0, 10, 5))
    assert ink.width == pytest.approx(0.5 * 25.4 / 72)
    assert (ink.y, ink.height) == (0, 5)  # square ends: no longer than the mark


@pytest.mark.parametrize("sheet", [A4, LETTER])
def test_the_ink_of_every_crop_mark_stays_printable_and_off_every_card(sheet):
    cards = [geometry.slot(sheet, index) for index in range(geometry.PER_SHEET)]
    for mark in geometry.crop_marks(sheet):
        ink = geometry.mark_ink(mark)
        assert ink.x >= geometry.SAFE_EDGE and ink.right <= sheet.width - geometry.SAFE_EDGE
        assert ink.y >= geometry.SAFE_EDGE and ink.bottom <= sheet.height - geometry.SAFE_EDGE
        assert all(apart(ink, card) for card in cards)


def test_the_ink_of_every_bleed_mark_stays_off_the_card():
    card = geometry.Rect(0, 0, CARD_WIDTH, CARD_HEIGHT)
    for mark in geometry.bleed_marks():
        ink = geometry.mark_ink(mark)
        assert apart(ink, card)
        # Even its white halo (three times as wide) leaves the card alone.
        assert apart(geometry.mark_ink(mark, 3 * geometry.MARK_WIDTH_PT), card)


def test_letters_narrow_top_margin_gets_short_marks():
    top_marks = [m for m in geometry.crop_marks(LETTER) if m.x1 == m.x2 and m.y2 < 10]
    assert {round(m.y2 - m.y1, 3) for m in top_marks} == {1.35}
    a4_top = [m for m in geometry.crop_marks(A4) if m.x1 == m.x2 and m.y2 < 20]
    assert {round(m.y2 - m.y1, 3) for m in a4_top} == {geometry.MARK_LENGTH}


def test_marks_assume_nothing_prints_within_four_mm_of_the_edge():
    assert geometry.SAFE_EDGE == 4.0


def test_letter_marks_its_rows_in_the_wide_side_margins():
    side = [m for m in geometry.crop_marks(LETTER) if m.y1 == m.y2]
    assert len(side) == 8
    assert {round(abs(m.x2 - m.x1), 2) for m in side} == {geometry.MARK_LENGTH}
    assert min(min(m.x1, m.x2) for m in side) == pytest.approx(12.7 - 1.0 - 5.0, abs=0.01)


def test_the_reminder_strip_sits_under_the_grid_on_a4():
    note = geometry.footer(A4)
    assert note.turn == 0
    assert note.box.y > geometry.grid(A4).bottom + geometry.MARK_GAP + geometry.MARK_LENGTH
    assert note.box.bottom <= A4.height - geometry.SAFE_EDGE


def test_on_letter_the_reminder_runs_up_the_left_margin_clear_of_every_mark():
    note = geometry.footer(LETTER)
    box, block = note.box, geometry.grid(LETTER)
    assert note.turn == -90
    assert box.x == pytest.approx(geometry.SAFE_EDGE, abs=0.01)
    assert box.right <= block.x
    assert block.y + geometry.CARD_HEIGHT < box.y < box.bottom < block.y + 2 * geometry.CARD_HEIGHT
    assert not any(overlaps(mark, box) for mark in geometry.crop_marks(LETTER))


def test_a_bleed_page_is_the_card_plus_three_mm_each_side():
    page = geometry.bleed_page()
    assert (page.width, page.height) == (pytest.approx(69.5), pytest.approx(94.9))
    assert (page.x, page.y) == (-3.0, -3.0)


def test_bleed_marks_sit_in_the_bleed_and_off_the_card():
    card = geometry.Rect(0, 0, CARD_WIDTH, CARD_HEIGHT)
    marks = geometry.bleed_marks()
    assert len(marks) == 8
    assert not any(overlaps(mark, card) for mark in marks)
    for mark in marks:
        for x in (mark.x1, mark.x2):
            assert -geometry.BLEED <= x <= CARD_WIDTH + geometry.BLEED
        for y in (mark.y1, mark.y2):
            assert -geometry.BLEED <= y <= CARD_HEIGHT + geometry.BLEED


def test_unknown_paper_is_refused():
    with pytest.raises(geometry.UnknownPaper):
        geometry.paper("a3")
