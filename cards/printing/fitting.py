"""Shrink-to-fit for card text, decided before rendering. Text is measured with the real
advance widths of the vendored fonts and wrapped word by word the way the browser engine
does; the largest size step at which every line fits the box wins. When even the smallest
step is too long the result says so, and the print page reports it: the card still prints,
with the end of the text cut off by its box, but never silently.

The templates must lay the box out as measured: fixed width and height, `line-height` equal
to Box.line_height, PARAGRAPH_GAP em between paragraphs, no padding, and letter-spacing
only where a Run's tracking says so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from fontTools.ttLib import TTFont

from cards.printing.geometry import MM_PER_PT

FONT_FILES = {
    "body": "alegreya-sans/alegreya-sans-latin-400-normal.woff2",
    "body-bold": "alegreya-sans/alegreya-sans-latin-700-normal.woff2",
    "body-italic": "alegreya-sans/alegreya-sans-latin-400-italic.woff2",
    "heading": "oswald/oswald-latin-400-normal.woff2",
    "heading-bold": "oswald/oswald-latin-700-normal.woff2",
}
PARAGRAPH_GAP = 0.3  # em, the space between paragraphs in a fitted box
# The smallest type on a card: below it a print shop's press and a player's eyes lose it.
MIN_TYPE_PT = 5.5
# Kerning and rounding are not modelled; measuring lines a little short keeps the guess safe.
WIDTH_SAFETY = 0.96


@dataclass(frozen=True)
class Run:
    """A stretch of text in one font, e.g. an ability's bold name. `tracking` is CSS
    letter-spacing in em."""

    text: str
    font: str = "body"
    tracking: float = 0.0

    def width(self, text):
        return width_em(text, self.font) + self.tracking * len(text)


@dataclass(frozen=True)
class Box:
    width_mm: float
    height_mm: float
    sizes_pt: tuple[float, ...]  # largest first
    line_height: float = 1.2

    def __post_init__(self):
        if min(self.sizes_pt) < MIN_TYPE_PT:
            raise ValueError(f"{self}: nothing on a card prints under {MIN_TYPE_PT} pt")


@dataclass(frozen=True)
class Fit:
    size_pt: float
    lines: int  # lines the text needs at that size, gaps between paragraphs included
    lines_room: int
    overflow: bool

    def note(self, what):
        """A sentence for the print page when the text does not fit, else None."""
        if not self.overflow:
            return None
        return (
            f"{what}: too long for the card even at {self.size_pt:g} pt (about {self.lines} "
            f"lines for a space of {self.lines_room}), so the end is cut off. Shorten it to "
            "print it whole."
        )


def _lining_figures(tt):
    """{default glyph: its lining figure} from the font's `lnum` feature, which print.css
    turns on (font-variant-numeric: lining-nums), so figures are measured as printed."""
    if "GSUB" not in tt:
        return {}
    table = tt["GSUB"].table
    swaps = {}
    for record in table.FeatureList.FeatureRecord:
        if record.FeatureTag == "lnum":
            for index in record.Feature.LookupListIndex:
                for subtable in table.LookupList.Lookup[index].SubTable:
                    swaps.update(getattr(subtable, "mapping", {}))
    return swaps


@cache
def _metrics(font):
    """Advance width in em of every character the font maps, plus a fallback width."""
    path = Path(settings.STATICFILES_DIRS[0]) / "fonts" / FONT_FILES[font]
    tt = TTFont(path)
    per_em = tt["head"].unitsPerEm
    advances, lining = tt["hmtx"].metrics, _lining_figures(tt)
    widths = {
        code: advances[lining.get(glyph, glyph)][0] / per_em
        for code, glyph in tt.getBestCmap().items()
    }
    return widths, widths.get(ord("M"), 0.8)


def width_em(text, font="body"):
    widths, fallback = _metrics(font)
    return sum(widths.get(ord(char), fallback) for char in text)


@cache
def _heights(font):
    """(top, bottom) of the ink of every character the font maps, in em above the baseline."""
    tt = TTFont(Path(settings.STATICFILES_DIRS[0]) / "fonts" / FONT_FILES[font])
    per_em, glyphs = tt["head"].unitsPerEm, tt["glyf"]
    return {
        code: (
            getattr(glyphs[glyph], "yMax", 0) / per_em,
            getattr(glyphs[glyph], "yMin", 0) / per_em,
        )
        for code, glyph in tt.getBestCmap().items()
    }


def ink_em(text, font="body"):
    """(highest, lowest) the text's ink reaches, in em above its baseline (lowest is below
    zero when a letter descends), for text placed where only its ink must fit."""
    heights = [_heights(font).get(ord(char), (0.0, 0.0)) for char in text if not char.isspace()]
    return max(top for top, _ in heights), min(bottom for _, bottom in heights)


def _words(paragraph):
    """(width in em, trailing space width in em) per word across a paragraph's runs. A word
    may span runs ("Sharp" bold then ":" regular) when no space separates them."""
    words, current, space = [], 0.0, 0.0
    for run in paragraph:
        for index, part in enumerate(run.text.split(" ")):
            if index > 0:
                if current:
                    words.append((current, space))
                current = 0.0
                space = run.width(" ")
            current += run.width(part)
    if current:
        words.append((current, 0.0))
    return words


def count_lines(paragraph, line_em):
    """Lines a paragraph wraps to in a line `line_em` ems long (greedy, like the browser)."""
    lines, used = 0, None
    for word, space in _words(paragraph):
        if used is not None and used + word <= line_em:
            used += word + space
            continue
        # A word longer than the line breaks anywhere: it takes as many lines as it needs.
        extra = max(1, math.ceil(word / line_em))
        lines += extra
        used = word - (extra - 1) * line_em + space
    return lines


def _lines_needed(paragraphs, size_pt, box):
    """Lines the paragraphs need, counting paragraph gaps as fractions of a line."""
    line_em = box.width_mm / (size_pt * MM_PER_PT) * WIDTH_SAFETY
    lines = sum(count_lines(paragraph, line_em) for paragraph in paragraphs)
    return lines + max(0, len(paragraphs) - 1) * PARAGRAPH_GAP / box.line_height


def fit(paragraphs, box: Box) -> Fit:
    """The largest size at which the paragraphs fit the box, or the smallest with overflow."""
    paragraphs = [tuple(paragraph) for paragraph in paragraphs if paragraph]
    for size in box.sizes_pt:
        room = box.height_mm / (size * MM_PER_PT * box.line_height)
        needed = _lines_needed(paragraphs, size, box)
        if needed <= room + 1e-6:
            break
    return Fit(
        size, math.ceil(needed - 1e-6), math.floor(room + 1e-6), overflow=needed > room + 1e-6
    )


def fit_name(name, box: Box) -> Fit:
    """A card's name on its band: one line of bold heading capitals."""
    return fit([[Run(name.upper(), "heading-bold")]], box)


def overflow_notes(*fits: tuple[Fit, str]) -> list[str]:
    """The print page's sentences for the boxes whose text does not fit, in the order given
    as (fit, what the box holds) pairs."""
    return [note for fitted, what in fits if (note := fitted.note(what))]
