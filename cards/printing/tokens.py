"""Token sheets: the counters a game puts beside its figures (Pulp Fiction's activation point,
wound and Spare Ammo markers), printed as labelled discs to cut out. A disc is 15 mm across so
it sits beside a 25 mm base without hiding it; discs fill the page in rows inside a margin
every printer reaches, and more tokens spill onto more pages. Positions are in mm from the
page's top-left corner, so tests can measure the PDF against them."""

from __future__ import annotations

from dataclasses import dataclass

from cards.pdf import PRINT_STYLESHEETS, render_pdf
from cards.printing.geometry import Paper
from rules.engines.plain import counted

TEMPLATE = "cards/print/tokens.html"
DIAMETER = 15.0
PITCH = 18.0  # centre to centre: 3 mm between discs to cut along
MARGIN = 12.0
HEADER = 14.0  # the title line above the discs


@dataclass(frozen=True)
class TokenKind:
    slug: str
    label: str  # printed large in the disc
    caption: str  # printed small under the label
    colour: str  # the disc's ring, a palette colour
    size: float = 4.6  # the label's height in mm; a long label needs less


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
    def radius(self):
        return DIAMETER / 2

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
