"""A design's ground: what every card of the design prints alike (its frame, panel, band,
boxes and their labels), drawn once and laid under each face.

WeasyPrint's cost grows with the boxes it lays out, and most of a card's boxes are the same
on every card of its design: a Pulp Alley card's profile strip alone (seven labels in seven
boxes) cost about a sixth of drawing the card. A design with a ground (FaceKind.ground)
splits its card in two templates: the ground, and the face drawn over it, which paints only
the card's own values in the ground's boxes. A card is always both: a whole-card document
(a sheet drawn with its cards, as plain WeasyPrint draws a job) includes the ground under each face
(templates/cards/print/_card.html), and a face drawn alone has its ground laid under it as
a PDF form (rendering.split_pages), so the face's PDF is the whole card either way.

A ground is rendered from its face like any template (a Pulp Alley character with no skills
has no profile strip) and drawn once per process for each different markup: the markup, with
the print code that draws it, is all that decides it.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict

import pikepdf
from django.template.loader import render_to_string

from cards.pdf import PRINT_STYLESHEETS, html_to_pdf
from cards.printing import geometry

GROUND_TEMPLATE = "cards/print/ground.html"
# Grounds kept drawn in a process: a few a design, so this bounds only a runaway.
GROUNDS_KEPT = 256

_drawn: OrderedDict[str, bytes] = OrderedDict()  # sha256 of the markup → one-page PDF
_lock = threading.Lock()


def markup(face) -> str | None:
    """The face's ground as HTML, or None for a design without one."""
    return render_to_string(face.ground, {"face": face}) if face.ground else None


def pdf(html: str) -> bytes:
    """The ground's one-page PDF, drawn the first time this process needs it."""
    key = hashlib.sha256(html.encode()).hexdigest()
    with _lock:
        kept = _drawn.get(key)
    if kept is None:
        kept = html_to_pdf(
            render_to_string(
                GROUND_TEMPLATE,
                {
                    "ground": html,
                    "width": f"{geometry.CARD_WIDTH:.3f}mm",
                    "height": f"{geometry.CARD_HEIGHT:.3f}mm",
                },
            ),
            PRINT_STYLESHEETS,
        )
        with _lock:
            _drawn[key] = kept
            while len(_drawn) > GROUNDS_KEPT:
                _drawn.popitem(last=False)
    return kept


def lay_under(document: pikepdf.Pdf, page: pikepdf.Page, ground: pikepdf.Pdf) -> None:
    """Draws the ground's page under everything already on `page` (both are the card's
    size), as one form."""
    form = document.copy_foreign(ground.pages[0].as_form_xobject())
    name = page.add_resource(form, pikepdf.Name.XObject, prefix="Ground")
    page.contents_add(document.make_stream(b"q " + str(name).encode() + b" Do Q\n"), prepend=True)
