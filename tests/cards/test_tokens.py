"""Token sheets: discs laid out inside the printable margin, each kind on rows of its own,
spilling onto more pages; the Pulp Fiction band's counters; the PDF read back."""

import json
import math
from pathlib import Path

import pytest
from django.conf import settings

from cards.games.pulp_fiction.faces import TOKEN_KINDS, band_tokens
from cards.printing import tokens
from cards.printing.geometry import paper
from rules.fixture_book import rules_book_from_fixtures
from tests.cards import pdf_reading as pdf

A4 = paper("a4")
AP, WOUND, AMMO = TOKEN_KINDS
EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"


def test_every_disc_lies_inside_the_margin_and_they_never_overlap():
    for sheet_paper in (A4, paper("letter")):
        spots = tokens.grid(sheet_paper)
        radius = tokens.DIAMETER / 2
        for x, y in spots:
            assert x - radius >= tokens.MARGIN and x + radius <= sheet_paper.width - tokens.MARGIN
            assert y - radius >= tokens.MARGIN and y + radius <= sheet_paper.height - tokens.MARGIN
        gaps = {
            round(b[0] - a[0], 2) for a, b in zip(spots, spots[1:], strict=False) if a[1] == b[1]
        }
        assert gaps == {tokens.PITCH} and tokens.PITCH > tokens.DIAMETER


def test_each_kind_starts_a_row_of_its_own():
    sheet = tokens.lay_out("T", [(AP, 3), (WOUND, 4)], A4)
    [page] = sheet.pages
    rows = {kind: {token.y for token in page.tokens if token.kind == kind} for kind in (AP, WOUND)}
    assert len(rows[AP]) == len(rows[WOUND]) == 1 and rows[AP] != rows[WOUND]
    assert sum(token.kind == WOUND for token in page.tokens) == 4


def test_more_tokens_than_a_page_holds_spill_onto_another_page():
    per_page = len(tokens.grid(A4))
    sheet = tokens.lay_out("T", [(WOUND, per_page + 5)], A4)
    assert [len(page.tokens) for page in sheet.pages] == [per_page, 5]


def test_a_band_needs_an_ap_token_per_lesser_figure_its_wounds_and_its_ammo():
    rules = rules_book_from_fixtures("pulp-fiction")
    heroes = json.loads((EXAMPLES / "pulp-fiction-heroes.json").read_text(encoding="utf-8"))
    sheet = band_tokens(heroes, rules, A4)
    # three Secondary Characters; Doc Thunder is Tough as Nails; his gun and the shared marker
    assert sheet.counts == ((AP, 3), (WOUND, 4), (AMMO, 2))
    assert sheet.count_line == "3 activation points · 4 wounds · 2 spare ammo markers"


@pytest.mark.parametrize("size", ["a4", "letter"])
def test_the_pdf_is_the_paper_size_with_one_labelled_disc_per_token(size):
    sheet = tokens.lay_out("Doc's band: tokens", [(AP, 3), (WOUND, 4), (AMMO, 2)], paper(size))
    reader = pdf.read(tokens.token_sheet_pdf(sheet))
    [page] = reader.pages
    width, height = pdf.size_mm(page)
    assert (round(width, 1), round(height, 1)) == (paper(size).width, paper(size).height)
    text = page.extract_text().split()
    assert (text.count("AP"), text.count("W"), text.count("AMMO")) == (3, 4, 2)
    assert "DOC'S BAND: TOKENS" in " ".join(text)


@pytest.fixture(scope="module")
def band_sheet_page():
    """The first page of a token sheet with every Pulp Fiction counter on it, read back."""
    sheet = tokens.lay_out("Tokens", [(AP, 3), (WOUND, 4), (AMMO, 2)], A4)
    return sheet, pdf.read(tokens.token_sheet_pdf(sheet)).pages[0]


def test_each_disc_is_its_size_across_the_ring_with_the_pitch_gap_to_cut_along(band_sheet_page):
    """Measured on the outside of the printed ring, stroke included: that is where the
    scissors go, so that is where the 15 mm and the 3 mm between discs hold."""
    sheet, page = band_sheet_page
    rings = pdf.rings(page)
    assert len(rings) == sum(len(p.tokens) for p in sheet.pages[:1])
    assert {round(outer * 2, 2) for _, _, outer, _ in rings} == {tokens.DIAMETER}
    rows = {}
    for x, y, outer, _ in rings:
        rows.setdefault(round(y, 2), []).append((x, outer))
    gaps = {
        round((b[0] - b[1]) - (a[0] + a[1]), 2)
        for row in rows.values()
        for a, b in zip(sorted(row), sorted(row)[1:], strict=False)
    }
    assert gaps == {round(tokens.PITCH - tokens.DIAMETER, 2)} == {3.0}


def test_every_label_and_caption_prints_inside_its_ring(band_sheet_page):
    """Each glyph's ink, read from the PDF, lies within the inner edge of the ring it sits
    in: no caption runs over the ring, however long its name (the Spare Ammo marker's)."""
    sheet, page = band_sheet_page
    rings = pdf.rings(page)
    inside = {index: "" for index in range(len(rings))}
    for char, (left, top, right, bottom) in pdf.glyph_boxes(page):
        centre_x, centre_y = (left + right) / 2, (top + bottom) / 2
        near = [
            index
            for index, (x, y, outer, _) in enumerate(rings)
            if abs(centre_x - x) < outer and abs(centre_y - y) < outer
        ]
        if not near:
            continue  # the sheet's title and count line
        x, y, _, inner = rings[near[0]]
        corners = [(cx, cy) for cx in (left, right) for cy in (top, bottom)]
        farthest = max(math.hypot(cx - x, cy - y) for cx, cy in corners)
        assert farthest < inner, f"{char!r} at {farthest:.2f} mm, ring inside {inner:.2f} mm"
        inside[near[0]] += char
    printed = sorted(inside.values())
    expected = sorted(
        (token.kind.label + token.kind.caption).replace(" ", "") for token in sheet.pages[0].tokens
    )
    assert [sorted(text) for text in printed] == [sorted(text) for text in expected]


def test_a_caption_no_disc_can_hold_is_refused_with_its_name():
    kind = tokens.TokenKind("long", "L", "an extraordinarily verbose counter name", "#1f5f61")
    with pytest.raises(ValueError, match="an extraordinarily verbose counter name"):
        tokens.disc_lines(kind)
