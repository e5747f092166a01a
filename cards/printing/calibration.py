"""The print check: one sheet, printed on both sides, that measures the three numbers of a
printer profile: the scale the printer prints at, the edge the sheet flips on, and how far it
shifts the back of a sheet against its front.

Front: a 100 mm ruler each way, a card-size outline and a cross. Back: two millimetre scales,
one exactly where the cross lands after a long-edge flip, one where it lands after a
short-edge flip. Held against a light, the cross shows through onto one of them: that one
names the flip, and where the cross falls on it is the offset, in the same sense sheets.py
applies it (x right, y down, as seen on the back).

Drawn plain, the reading is the whole offset and the ruler shows the printer's own scale.
Drawn through a profile (geometry.Setup), the back moves by its offset and both sides are
drawn at its scale, exactly as card sheets are: a right profile then reads 100 mm and 0, 0,
and any reading left is what the profile still misses.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cards.pdf import PRINT_STYLESHEETS, render_pdf
from cards.printing import geometry

TEMPLATE = "cards/print/calibration.html"
RULER = geometry.RULER_MM
SCALE = 10  # the offset scale reaches this many mm each way
MARGIN = 15.0
RULER_ORIGIN = (MARGIN, 85.0)  # left end of the horizontal ruler, top end of the vertical one
# The cross sits off both middle lines, so a long-edge and a short-edge flip send it to two
# places on the back far apart.
TARGET_FROM_RIGHT = 50.0
TARGET_Y = 190.0
FLIP_NAMES = {geometry.LONG_EDGE: "LONG EDGE", geometry.SHORT_EDGE: "SHORT EDGE"}
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


def offset_scale(x, y, flip=geometry.LONG_EDGE):
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
    labels.append(
        Label(x, y - SCALE - 11.0, f"Cross here? Your sheet flips on the {FLIP_NAMES[flip]}")
    )
    labels.append(Label(x, y - SCALE - 6.5, "X in mm, right is +"))
    labels.append(Label(x, y + SCALE + 5.0, "Y in mm (right-hand numbers), down is +"))
    return lines, labels


def drawn(item, setup: geometry.Setup, about, shift=(0.0, 0.0)):
    """A line or label where the setup puts it: moved by `shift`, then scaled about `about`."""
    dx, dy, k = *shift, setup.scale
    if isinstance(item, Line):
        x1, y1 = geometry.scaled_point(item.x1 + dx, item.y1 + dy, k, about)
        x2, y2 = geometry.scaled_point(item.x2 + dx, item.y2 + dy, k, about)
        return replace(item, x1=x1, y1=y1, x2=x2, y2=y2)
    x, y = geometry.scaled_point(item.x + dx, item.y + dy, k, about)
    return replace(item, x=x, y=y)


IDEAL = geometry.Setup()


def pages(sheet: geometry.Paper, setup: geometry.Setup = IDEAL):
    ruler_lines, ruler_labels = rulers()
    front_x, front_y = target(sheet)
    scale_lines, scale_labels = [], []
    for flip in FLIP_NAMES:
        lines, labels = offset_scale(*geometry.mirror(sheet, front_x, front_y, flip), flip)
        scale_lines, scale_labels = scale_lines + lines, scale_labels + labels
    about = geometry.centre(sheet)
    x, y = RULER_ORIGIN[0] + 20.0, RULER_ORIGIN[1] + 20.0
    card = geometry.scaled(
        geometry.Rect(x, y, geometry.CARD_WIDTH, geometry.CARD_HEIGHT), setup.scale, about
    )

    def front(items):
        return [drawn(item, setup, about) for item in items]

    def back(items):
        return [drawn(item, setup, about, setup.offset) for item in items]

    return [
        {
            "side": "front",
            "lines": front(ruler_lines + cross(front_x, front_y)),
            "labels": front(
                ruler_labels
                + [Label(front_x, front_y + CROSS + 5.0, "Target: look for it from the back")]
            ),
            "card": {"rect": card, "label_y": card.bottom + 5.0},
        },
        {"side": "back", "lines": back(scale_lines), "labels": back(scale_labels), "card": None},
    ]


def calibration_pdf(paper: str, *, profile=None) -> bytes:
    """The check, plain or drawn through `profile` (a PrinterProfile: its name and numbers
    are printed on the sheet, its setup applied)."""
    sheet = geometry.paper(paper)
    setup = profile.setup if profile else IDEAL
    return render_pdf(
        TEMPLATE,
        {
            "title": "Cliffhanger print check",
            "paper": sheet,
            "pages": pages(sheet, setup),
            "profile": profile,
            "margin": MARGIN,
            "text_width": sheet.width - 2 * MARGIN,
        },
        PRINT_STYLESHEETS,
    )
