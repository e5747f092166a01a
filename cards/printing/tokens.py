"""Token sheets: the counters a game puts beside its figures (Pulp Fiction's activation point,
wound and Spare Ammo markers), printed as labelled discs to cut out. A disc is 15 mm across so
it sits beside a 25 mm base without hiding it; discs fill the page in rows inside a margin
every printer reaches, and more tokens spill onto more pages. Positions are in mm from the
page's top-left corner, so tests can measure the PDF against them."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from cards.pdf import PRINT_STYLESHEETS, render_pdf
from cards.printing import fitting
from cards.printing.geometry import MM_PER_PT, Paper
from rules.engines.plain import counted

TEMPLATE = "cards/print/tokens.html"
DIAMETER = 15.0  # across the outside of the ring, where the scissors go
PITCH = 18.0  # centre to centre: 3 mm between discs to cut along
RING = 1.2  # the ring's width, drawn inside the disc's edge so it never eats into the gap
CLEARANCE = 0.4  # the least room between a disc's text and its ring
CAPTION_SIZE = round(fitting.MIN_TYPE_PT * MM_PER_PT, 2)  # mm: the smallest type we print
CAPTION_LEADING = 1.1  # caption baseline to baseline, in em
CAPTION_GAP = 0.5  # mm from the label's baseline to the top of the caption
MARGIN = 12.0
HEADER = 14.0  # the title line above the discs


@dataclass(frozen=True)
class DiscLine:
    """One line of a disc's text: its baseline `dy` mm below the disc's centre."""

    text: str
    dy: float
    size: float  # mm
    bold: bool


@dataclass(frozen=True)
class TokenKind:
    slug: str
    label: str  # printed large in the disc
    caption: str  # printed small under the label, on as many lines as the disc needs
    colour: str  # the disc's ring, a palette colour
    size: float = 4.6  # the label's height in mm; a long label needs less

    @property
    def lines(self) -> tuple[DiscLine, ...]:
        return disc_lines(self)


def chord(inner, top, bottom):
    """How wide the disc is, inside the ring, everywhere between two heights (mm from the
    centre, downward): its width at whichever of them lies farther from the centre."""
    farthest = max(abs(top), abs(bottom))
    return 2 * math.sqrt(inner**2 - farthest**2) if farthest < inner else 0.0


def caption_width(words):
    return fitting.width_em(" ".join(words), "heading") * CAPTION_SIZE


@cache
def disc_lines(kind: TokenKind) -> tuple[DiscLine, ...]:
    """The label and its caption, the caption wrapped onto the fewest lines that each fit
    inside the ring where they sit, the whole block centred up and down: a caption as long
    as "spare ammo marker" takes two lines at the smallest type rather than run over."""
    inner = DIAMETER / 2 - RING - CLEARANCE
    words = kind.caption.split()
    label_top, _ = fitting.ink_em(kind.label, "heading-bold")
    label_width = fitting.width_em(kind.label, "heading-bold") * kind.size
    caption_top, caption_bottom = fitting.ink_em(kind.caption, "heading")
    first = CAPTION_GAP + caption_top * CAPTION_SIZE  # its baseline below the label's
    step = CAPTION_LEADING * CAPTION_SIZE
    top = -label_top * kind.size
    for count in range(1, len(words) + 1):
        bottom = first + (count - 1) * step - caption_bottom * CAPTION_SIZE
        shift = -(top + bottom) / 2  # centres the block in the disc
        lines = [DiscLine(kind.label, round(shift, 2), kind.size, bold=True)]
        fits = chord(inner, top + shift, shift) >= label_width
        remaining = list(words)
        for line in range(count):
            baseline = shift + first + line * step
            room = (
                chord(
                    inner,
                    baseline - caption_top * CAPTION_SIZE,
                    baseline - caption_bottom * CAPTION_SIZE,
                )
                * fitting.WIDTH_SAFETY
            )
            taken = []
            while remaining and caption_width([*taken, remaining[0]]) <= room:
                taken.append(remaining.pop(0))
            lines.append(DiscLine(" ".join(taken), round(baseline, 2), CAPTION_SIZE, bold=False))
        if fits and not remaining and all(line.text for line in lines):
            return tuple(lines)
    raise ValueError(f"{kind.label} ({kind.caption}): too long for a {DIAMETER:g} mm disc")


@dataclass(frozen=True)
class Token:
    kind: TokenKind
    x: float  # centre
    y: float


@dataclass(frozen=True)
class TokenPage:
    tokens: tuple[Token, ...]


@dataclass(frozen=True)
class TokenSheet:
    title: str
    paper: Paper
    pages: tuple[TokenPage, ...]
    counts: tuple[tuple[TokenKind, int], ...]

    @property
    def ring_radius(self):
        """The ring's path: half its width inside the disc's edge, so its outside is the
        disc's diameter."""
        return DIAMETER / 2 - RING / 2

    @property
    def ring_width(self):
        return RING

    @property
    def count_line(self):
        """ "3 activation points · 4 wounds · 2 spare ammos" for the sheet's heading."""
        return " · ".join(counted(count, kind.caption) for kind, count in self.counts)


def grid(paper: Paper):
    """Centres of every disc on one page, row by row, centred across the paper."""
    columns = int((paper.width - 2 * MARGIN) // PITCH)
    rows = int((paper.height - 2 * MARGIN - HEADER) // PITCH)
    left = (paper.width - columns * PITCH) / 2 + PITCH / 2
    top = MARGIN + HEADER + PITCH / 2
    return [
        (round(left + column * PITCH, 2), round(top + row * PITCH, 2))
        for row in range(rows)
        for column in range(columns)
    ]


def lay_out(title, counts, paper: Paper) -> TokenSheet:
    """Each kind's tokens in order, a new row for each kind, spilling onto more pages."""
    spots = grid(paper)
    columns = int((paper.width - 2 * MARGIN) // PITCH)
    pages, current, index = [], [], 0
    for kind, count in counts:
        if index % columns:
            index += columns - index % columns  # each kind starts a new row
        for _ in range(max(0, count)):
            if index >= len(spots):
                pages.append(TokenPage(tuple(current)))
                current, index = [], 0
            x, y = spots[index]
            current.append(Token(kind, x, y))
            index += 1
    if current or not pages:
        pages.append(TokenPage(tuple(current)))
    return TokenSheet(title, paper, tuple(pages), tuple(counts))


def token_sheet_pdf(sheet: TokenSheet) -> bytes:
    return render_pdf(TEMPLATE, {"sheet": sheet, "title": sheet.title}, PRINT_STYLESHEETS)
