"""Where everything sits on a printed page, in millimetres from the page's top-left corner.
Pure arithmetic: no Django, no PDF. The spec's print geometry must hold to 0.1 mm, so every
number the templates draw comes from here and the tests measure the PDFs against it.

Sheets are 3 × 3 cards butted edge to edge and centred on the paper. Crop marks are short
lines in the margin, one at each end of every cut line. They start MARK_GAP from the grid,
so they never touch a card, and stop SAFE_EDGE short of the paper's edge: we assume nothing
prints within about 4 mm of it. US Letter has only 6.35 mm above and below the grid, so its
column marks there are 1.35 mm stubs; its rows are marked in the wide side margins, and its
reminder runs up the left margin beside the middle row, where no mark crosses.

A printer profile (Setup) meets the player's printer: backs are mirrored for the edge the
sheet flips on and moved by the offset measured on the print check, then every page is drawn
`scale` times true size about its centre, so that a printer found printing 100 mm as 99 mm
(scale 100/99) puts cards, marks and pitch back at true size on paper.
"""

from __future__ import annotations

from dataclasses import dataclass

CARD_WIDTH = 63.5
CARD_HEIGHT = 88.9
COLUMNS = 3
ROWS = 3
PER_SHEET = COLUMNS * ROWS
BLEED = 3.0  # print-shop bleed on every side of a one-card page
MARK_GAP = 1.0  # space between a crop mark and the card it marks
MARK_LENGTH = 5.0  # longest crop mark
SAFE_EDGE = 4.0  # outer band of the paper left empty: most printers cannot print there
NOTE_HEIGHT = 3.0  # the least room a one-line reminder needs
# Twice a hairline, so a mark survives a print shop's scan and a cheap printer's toner. A
# mark is drawn with butt ends: its thickness spreads across it, never along it, so it
# reaches no nearer the paper's edge or a card than its segment (mark_ink).
MARK_WIDTH_PT = 0.5
MM_PER_PT = 25.4 / 72
LONG_EDGE = "long"  # the sheet turns like a book's page: the backs' columns swap
SHORT_EDGE = "short"  # it turns like a wall calendar's: the backs' rows swap
RULER_MM = 100  # the print check's ruler, which a profile's scale is measured on


@dataclass(frozen=True)
class Setup:
    """A printer profile as the engine sees it: the backs moved by `offset` (mm, x right, y
    down, as seen on the back) after the `flip`, and every page drawn `scale` times true size
    about its centre. The default is an ideal printer."""

    offset: tuple[float, float] = (0.0, 0.0)
    flip: str = LONG_EDGE
    scale: float = 1.0


@dataclass(frozen=True)
class Paper:
    slug: str
    name: str
    width: float
    height: float


PAPERS = {
    "a4": Paper("a4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "US Letter", 215.9, 279.4),
}


class UnknownPaper(LookupError):
    pass


def paper(slug) -> Paper:
    try:
        return PAPERS[slug]
    except KeyError:
        raise UnknownPaper(f"unknown paper {slug!r}; choose one of {', '.join(PAPERS)}") from None


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self):
        return self.x + self.width

    @property
    def bottom(self):
        return self.y + self.height

    def shifted(self, dx, dy):
        return Rect(self.x + dx, self.y + dy, self.width, self.height)


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float


def grid(sheet: Paper) -> Rect:
    """The 3 × 3 block of cards, centred on the paper."""
    width, height = COLUMNS * CARD_WIDTH, ROWS * CARD_HEIGHT
    return Rect((sheet.width - width) / 2, (sheet.height - height) / 2, width, height)


def slot(sheet: Paper, index: int) -> Rect:
    """The trim box of the card in slot 0–8, read left to right, top to bottom."""
    if not 0 <= index < PER_SHEET:
        raise ValueError(f"a sheet has slots 0 to {PER_SHEET - 1}, not {index}")
    row, column = divmod(index, COLUMNS)
    block = grid(sheet)
    return Rect(block.x + column * CARD_WIDTH, block.y + row * CARD_HEIGHT, CARD_WIDTH, CARD_HEIGHT)


def mirror_x(sheet: Paper, x: float) -> float:
    """Where a point at x on the front lands on the back after a long-edge flip, measured
    on the back: left and right swap, top and bottom stay."""
    return sheet.width - x


def mirror(sheet: Paper, x: float, y: float, flip=LONG_EDGE) -> tuple[float, float]:
    """Where a point of the front lands on the back, measured on the back: after a long-edge
    flip left and right swap, after a short-edge flip top and bottom do."""
    if flip == SHORT_EDGE:
        return x, sheet.height - y
    return mirror_x(sheet, x), y


def back_slot(sheet: Paper, index: int, offset=(0.0, 0.0), flip=LONG_EDGE) -> Rect:
    """Where the back of the card in front slot `index` goes on the backs sheet: mirrored
    (after a long-edge flip column 0's back is in column 2; after a short-edge flip row 0's
    is in row 2), then moved by the player's calibrated offset (x right, y down, in mm, as
    seen on the back)."""
    front = slot(sheet, index)
    if flip == SHORT_EDGE:
        left, top = front.x, sheet.height - front.bottom
    else:
        left, top = mirror_x(sheet, front.right), front.y
    return Rect(left, top, front.width, front.height).shifted(*offset)


def centre(sheet: Paper) -> tuple[float, float]:
    return sheet.width / 2, sheet.height / 2


def scaled_point(x, y, scale, about):
    cx, cy = about
    return cx + (x - cx) * scale, cy + (y - cy) * scale


def scaled(rect: Rect, scale: float, about: tuple[float, float]) -> Rect:
    """The rect drawn `scale` times its size, seen from the point `about`."""
    x, y = scaled_point(rect.x, rect.y, scale, about)
    return Rect(x, y, rect.width * scale, rect.height * scale)


def scaled_segment(mark: Segment, scale: float, about: tuple[float, float]) -> Segment:
    return Segment(
        *scaled_point(mark.x1, mark.y1, scale, about), *scaled_point(mark.x2, mark.y2, scale, about)
    )


def cut_lines(sheet: Paper) -> tuple[list[float], list[float]]:
    """x of every vertical cut and y of every horizontal cut."""
    block = grid(sheet)
    xs = [block.x + column * CARD_WIDTH for column in range(COLUMNS + 1)]
    ys = [block.y + row * CARD_HEIGHT for row in range(ROWS + 1)]
    return xs, ys


def mark_length(margin):
    """As long as the margin allows once the gap and the unprintable edge are kept clear."""
    return max(0.0, min(MARK_LENGTH, margin - MARK_GAP - SAFE_EDGE))


def crop_marks(sheet: Paper) -> list[Segment]:
    """Two marks per cut line, one in each margin it runs into."""
    block = grid(sheet)
    xs, ys = cut_lines(sheet)
    vertical = mark_length(block.y)
    horizontal = mark_length(block.x)
    marks = []
    for x in xs:
        top = block.y - MARK_GAP
        bottom = block.bottom + MARK_GAP
        marks.append(Segment(x, top - vertical, x, top))
        marks.append(Segment(x, bottom, x, bottom + vertical))
    for y in ys:
        left = block.x - MARK_GAP
        right = block.right + MARK_GAP
        marks.append(Segment(left - horizontal, y, left, y))
        marks.append(Segment(right, y, right + horizontal, y))
    return marks


def mark_ink(mark: Segment, width_pt=MARK_WIDTH_PT) -> Rect:
    """The area a mark inks: its segment widened by its thickness on either side, ends cut
    square where the segment ends."""
    half = width_pt * MM_PER_PT / 2
    left, right = sorted((mark.x1, mark.x2))
    top, bottom = sorted((mark.y1, mark.y2))
    if left == right:  # a vertical mark spreads sideways
        return Rect(left - half, top, 2 * half, bottom - top)
    return Rect(left, top - half, right - left, 2 * half)


@dataclass(frozen=True)
class Note:
    """Where the sheet's reminder goes: `box` on the paper, its text turned by `turn`
    degrees (-90 reads upwards along a side margin)."""

    box: Rect
    turn: int = 0


def footer(sheet: Paper) -> Note | None:
    """A strip under the bottom crop marks for the reminder; where that margin is too narrow
    (US Letter), the left margin beside the middle row, clear of every mark."""
    block = grid(sheet)
    top = block.bottom + MARK_GAP + mark_length(sheet.height - block.bottom) + 1.0
    bottom = sheet.height - SAFE_EDGE
    if bottom - top >= NOTE_HEIGHT:
        return Note(Rect(block.x, top, block.width, bottom - top))
    left, right = SAFE_EDGE, block.x - MARK_GAP
    first, last = block.y + CARD_HEIGHT + MARK_GAP, block.y + 2 * CARD_HEIGHT - MARK_GAP
    if right - left < NOTE_HEIGHT:
        return None
    return Note(Rect(left, first, right - left, last - first), turn=-90)


# One card per page for print shops: the page is the card plus BLEED on every side. The
# PDF's TrimBox is the card; its art runs out to the page edge and is cut off at the trim.
# A print shop's preset (shops.py) asks for its own bleed.
def bleed_page(bleed=BLEED) -> Rect:
    return Rect(-bleed, -bleed, CARD_WIDTH + 2 * bleed, CARD_HEIGHT + 2 * bleed)


def bleed_marks(bleed=BLEED) -> list[Segment]:
    """Crop marks for a one-card page, in card coordinates (0, 0 is the trim corner): in the
    bleed, from the page edge to MARK_GAP short of the trim, two at each corner."""
    marks = []
    for x in (0.0, CARD_WIDTH):
        marks.append(Segment(x, -bleed, x, -MARK_GAP))
        marks.append(Segment(x, CARD_HEIGHT + MARK_GAP, x, CARD_HEIGHT + bleed))
    for y in (0.0, CARD_HEIGHT):
        marks.append(Segment(-bleed, y, -MARK_GAP, y))
        marks.append(Segment(CARD_WIDTH + MARK_GAP, y, CARD_WIDTH + bleed, y))
    return marks
