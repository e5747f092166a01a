"""Every game's quick reference uses its page: two A4 pages, three columns on each with
text in all three, and nothing (a table, a line of text) running out of its column into
the gap beside it, where it would print over the next column. Read from the PDF: each
glyph's ink and each filled rectangle, against the columns static/css/cheatsheet.css sets."""

import pytest

from cards import cheatsheets
from tests.cards import pdf_reading as pdf

# static/css/cheatsheet.css: the @page margins and .flow's columns.
PAGE_MARGIN = 9.0
COLUMNS = 3
GAP = 5.0
# How far ink may reach past a column's edge: an italic's overhang, a rounding.
SLACK = 0.3

GAMES = [name for name in cheatsheets.ruleset_names() if cheatsheets.has_quick_reference(name)]


def columns(page):
    """(left, right) of each column in mm."""
    width, _ = pdf.size_mm(page)
    column = (width - 2 * PAGE_MARGIN - (COLUMNS - 1) * GAP) / COLUMNS
    return [
        (PAGE_MARGIN + n * (column + GAP), PAGE_MARGIN + n * (column + GAP) + column)
        for n in range(COLUMNS)
    ]


def flow_height(page, spans):
    """(top, bottom) of the columns, from the rules drawn down the gaps between them (a
    rule is drawn only between two columns that both hold something)."""
    gaps = [(a[1], b[0]) for a, b in zip(spans, spans[1:], strict=False)]  # (right, next left)
    rules = [
        (min(y1, y2), max(y1, y2))
        for (x1, y1, x2, y2) in pdf.segments(page)
        if abs(x1 - x2) < 0.01
        and abs(y1 - y2) > 10
        and any(left < x1 < right for left, right in gaps)
    ]
    return (min(top for top, _ in rules), max(bottom for _, bottom in rules)) if rules else None


@pytest.fixture(scope="module", params=GAMES)
def quick_reference(request):
    """The game and, for each page of its quick reference, its columns, how far down the
    page they run, and every glyph's ink."""
    pages = []
    for page in pdf.read(cheatsheets.quick_reference_pdf(request.param)).pages:
        spans = columns(page)
        pages.append((page, spans, flow_height(page, spans), pdf.glyph_boxes(page)))
    return request.param, pages


def test_the_quick_reference_is_two_pages_with_text_in_every_column(quick_reference):
    game, pages = quick_reference
    assert len(pages) == 2, game
    for number, (_, spans, height, glyphs) in enumerate(pages, start=1):
        assert height, f"{game} page {number}: no column rules, so a column is empty"
        top, bottom = height
        filled = [
            sum(
                1
                for _, (left, glyph_top, right, _) in glyphs
                if top <= glyph_top <= bottom and start <= left and right <= end
            )
            for start, end in spans
        ]
        assert all(filled), f"{game} page {number}: glyphs per column {filled}"


def test_nothing_runs_out_of_its_column(quick_reference):
    game, pages = quick_reference
    for number, (page, spans, (top, bottom), glyphs) in enumerate(pages, start=1):
        drawn = glyphs + [
            ("a filled rectangle", (x, y, x + width, y + height))
            for x, y, width, height in pdf.rectangles(page)
            if width > SLACK  # not the column rules themselves
        ]
        for what, (left, box_top, right, box_bottom) in drawn:
            if box_top < top - SLACK or box_bottom > bottom + SLACK:
                continue  # the masthead, the edition note and the footer span the page
            assert any(start - SLACK <= left and right <= end + SLACK for start, end in spans), (
                f"{game} page {number}: {what!r} from {left:.1f} to {right:.1f} mm crosses a gap"
            )
