"""The print check: one sheet, printed on both sides, that shows whether the printer keeps
true size and how far it shifts the back of a sheet against its front.

Front: a 100 mm ruler each way, a card-size outline and a cross. Back: a millimetre scale
centred exactly behind the cross. Held against a light, the cross shows through onto the
scale; where it falls is the offset to save. The back is printed with no offset at all, so
the reading is the whole offset, in the same sense sheets.py applies it (x right, y down,
as seen on the back).
"""

from __future__ import annotations

from dataclasses import dataclass

from cards.pdf import PRINT_STYLESHEETS, render_pdf
from cards.printing import geometry

TEMPLATE = "cards/print/calibration.html"
RULER = 100  # mm
SCALE = 10  # the offset scale reaches this many mm each way
MARGIN = 15.0
RULER_ORIGIN = (MARGIN, 70.0)  # left end of the horizontal ruler, top end of the vertical one
TARGET_FROM_RIGHT = 50.0
TARGET_Y = 150.0
CROSS = 8.0  # half-length of the target's arms
# Line colour and width in mm; "zero" marks the offset scale's zero lines.
STROKES = {"fine": ("#6b6257", 0.12), "bold": ("#1d1a16", 0.3), "zero": ("#a8321e", 0.3)}


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    weight: str = "fine"  # a key of STROKES

    @property
    def stroke(self):
        return STROKES[self.weight][0]

    @property
    def stroke_width(self):
        return STROKES[self.weight][1]


@dataclass(frozen=True)
class Label:
    x: float
    y: float
    text: str
    anchor: str = "middle"


def tick_length(mm):
    return 4.0 if mm % 10 == 0 else 2.5 if mm % 5 == 0 else 1.5


def rulers(origin=RULER_ORIGIN):
    """A horizontal ruler from the origin to the right and a vertical one downwards, both
    RULER mm long, ticked every millimetre and numbered every centimetre."""
    x0, y0 = origin
    lines = [
        Line(x0, y0, x0 + RULER, y0, "bold"),
        Line(x0, y0, x0, y0 + RULER, "bold"),
    ]
    labels = []
    for mm in range(RULER + 1):
        length = tick_length(mm)
        lines.append(Line(x0 + mm, y0, x0 + mm, y0 + length))
        lines.append(Line(x0, y0 + mm, x0 + length, y0 + mm))
        if mm % 10 == 0 and mm:
            labels.append(Label(x0 + mm, y0 + 7.0, str(mm // 10)))
            labels.append(Label(x0 + 5.5, y0 + mm + 1.0, str(mm // 10), "start"))
    labels.append(Label(x0 + RULER + 2.0, y0 + 1.0, "cm", "start"))
    return lines, labels


def target(sheet: geometry.Paper):
    """The cross on the front."""
    return sheet.width - TARGET_FROM_RIGHT, TARGET_Y


def cross(x, y):
    return [
        Line(x - CROSS, y, x + CROSS, y, "bold"),
        Line(x, y - CROSS, x, y + CROSS, "bold"),
    ]


def offset_scale(x, y):
    """A millimetre grid ±SCALE mm round (x, y), numbered every 5 mm: + is right and down.
    The zero lines are marked: a cross on them means no offset."""
    lines, labels = [], []
    for mm in range(-SCALE, SCALE + 1):
        weight = "zero" if mm == 0 else "bold" if mm % 5 == 0 else "fine"
        lines.append(Line(x + mm, y - SCALE, x + mm, y + SCALE, weight))
        lines.append(Line(x - SCALE, y + mm, x + SCALE, y + mm, weight))
        if mm % 5 == 0:
            text = f"{mm:+d}" if mm else "0"
            labels.append(Label(x + mm, y - SCALE - 1.5, text))
            labels.append(Label(x + SCALE + 1.5, y + mm + 1.0, text, "start"))
    labels.append(Label(x, y - SCALE - 6.5, "X in mm, right is +"))
    labels.append(Label(x, y + SCALE + 5.0, "Y in mm (right-hand numbers), down is +"))
    return lines, labels


def pages(sheet: geometry.Paper):
    ruler_lines, ruler_labels = rulers()
    front_x, front_y = target(sheet)
    back_x = geometry.mirror_x(sheet, front_x)
    scale_lines, scale_labels = offset_scale(back_x, front_y)
    card_x, card_y = RULER_ORIGIN[0] + 20.0, RULER_ORIGIN[1] + 20.0
    return [
        {
            "side": "front",
            "lines": ruler_lines + cross(front_x, front_y),
            "labels": ruler_labels
            + [Label(front_x, front_y + CROSS + 5.0, "Target: look for it from the back")],
            "card": {"x": card_x, "y": card_y, "label_y": card_y + geometry.CARD_HEIGHT + 5.0},
        },
        {"side": "back", "lines": scale_lines, "labels": scale_labels, "card": None},
    ]


def calibration_pdf(paper: str) -> bytes:
    sheet = geometry.paper(paper)
    return render_pdf(
        TEMPLATE,
        {
            "title": "Cliffhanger print check",
            "paper": sheet,
            "pages": pages(sheet),
            "card_width": geometry.CARD_WIDTH,
            "card_height": geometry.CARD_HEIGHT,
            "margin": MARGIN,
            "text_width": sheet.width - 2 * MARGIN,
        },
        PRINT_STYLESHEETS,
    )
