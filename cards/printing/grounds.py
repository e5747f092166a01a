"""A design's ground: what its cards print alike, or what many cards print the same (a
frame, a band, a profile strip's labels and boxes; a Level disc's figure, a box's value), or
what one card keeps while its player edits the rest (its text), drawn once and laid under
each face that shows it.

WeasyPrint's cost grows with the boxes it lays out, and most of a card's boxes are either the
same on every card of its design or one of a few values: a Pulp Alley card's frame and
profile labels, its identity (Level, type) and the seven values of its profile strip cost
more than half of drawing the card, and a club's cards share a handful of Levels and types
and a dozen dice. A design with a ground (FaceKind.ground) splits its card in two
templates: the ground, which renders as pieces (the frame, then each value in its own box,
split at PIECE), and the face drawn over them with only what is the card's own: its name,
portrait and text. While the card is being edited (`editing`: the designer's live preview
redraws it at every letter typed into its name), its text is a piece too, the same from one
letter to the next; a print job's cards each draw their text once, and it stays in the face
(a piece is a page of its own, which costs more than the text's boxes). A card is always
both: a whole-card document (a sheet drawn with its cards, as plain WeasyPrint draws a job)
includes the ground as one layer with the values in it (`whole`,
templates/cards/print/_card.html), and a face drawn alone has its pieces laid under it as PDF
forms (rendering.split_pages), so the face's PDF is the whole card either way
(tests/cards/test_grounds.py compares their pixels).

Each piece is rendered from its face like any template and drawn once per process for each
different markup: the markup, with the print code that draws it, is all that decides it.
The pieces a part of a job lacks are drawn together, one document for all of them.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from io import BytesIO

import pikepdf
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from cards.pdf import PRINT_STYLESHEETS, html_to_pdf
from cards.printing import geometry
from cards.printing.compose import SHARED, SHARED_FONTS, content_key

GROUND_TEMPLATE = "cards/print/ground.html"
# Between pieces in a ground template's markup.
PIECE = "<!--piece-->"
# Pieces kept drawn in a process: a design's frames, Levels, types and dice come to a few
# hundred, and each card drawn brings its text (a few kilobytes); the least recently used go
# first.
PIECES_KEPT = 2048

_drawn: OrderedDict[str, bytes] = OrderedDict()  # sha256 of the markup → one-page PDF
_lock = threading.Lock()


def markup(face, *, editing=False) -> list[str]:
    """The face's ground as the HTML of each piece, in drawing order; none for a design
    without a ground. `editing`: the card is being edited (rendering.drawing)."""
    if not face.ground:
        return []
    context = {"face": face, "whole": False, "editing": editing}
    pieces = render_to_string(face.ground, context).split(PIECE)
    # Cut from our own template's output, in which the card's text is already escaped.
    return [mark_safe(piece.strip()) for piece in pieces if piece.strip()]


def key(piece: str) -> str:
    return hashlib.sha256(piece.encode()).hexdigest()


def pdfs(pieces: list[str]) -> list[bytes]:
    """Each piece's one-page PDF, those this process has not drawn yet drawn now, together."""
    keys = [key(piece) for piece in pieces]
    with _lock:
        kept = {name: _drawn.get(name) for name in keys}
        for name, pdf in kept.items():
            if pdf is not None:
                _drawn.move_to_end(name)
    missing = list(dict.fromkeys(name for name, pdf in kept.items() if pdf is None))
    if missing:
        markups = {name: piece for name, piece in zip(keys, pieces, strict=True)}
        drawn = html_to_pdf(
            render_to_string(
                GROUND_TEMPLATE,
                {
                    "grounds": [markups[name] for name in missing],
                    "width": f"{geometry.CARD_WIDTH:.3f}mm",
                    "height": f"{geometry.CARD_HEIGHT:.3f}mm",
                },
            ),
            PRINT_STYLESHEETS,
        )
        from cards.printing.rendering import split_pages  # rendering draws faces over these

        for name, page in zip(missing, split_pages(drawn), strict=True):
            kept[name] = page
        with _lock:
            _drawn.update((name, kept[name]) for name in missing)
            while len(_drawn) > PIECES_KEPT:
                _drawn.popitem(last=False)
    return [kept[name] for name in keys]


def lay_under(document: pikepdf.Pdf, page: pikepdf.Page, pieces: list[Piece]) -> None:
    """Draws the pieces (Opened's), the first lowest, under everything already on `page`,
    each as one form."""
    names, fonts = [], {}  # content key → the first copy of a font
    for piece in pieces:
        form = document.copy_foreign(piece.form)
        share_fonts(form, piece.font_keys, fonts)
        names.append(str(page.add_resource(form, pikepdf.Name.XObject, prefix="Ground")))
    drawing = "".join(f"q {name} Do Q\n" for name in names).encode()
    page.contents_add(document.make_stream(drawing), prepend=True)
    # One stream, as WeasyPrint drew it: a job makes each face's form of its stream as it is
    # (compose.page_as_form), not of streams decoded and joined every time it is placed.
    page.contents_coalesce()


def share_fonts(form, font_keys: dict[str, str], fonts: dict) -> None:
    """Point the form's fonts at the first font with the same content. Pieces drawn in one
    document carry the same subsets, each piece its own copy: kept apart, a card's nine
    pieces would bring nine copies of one font."""
    if not font_keys:
        return
    table = form.Resources.Font
    shared = pikepdf.Dictionary()
    for name, content in font_keys.items():
        shared[name] = fonts.setdefault(content, table[name])
    form.Resources.Font = shared


@dataclass(frozen=True)
class Piece:
    """A piece's page as a form in its own opened PDF, and the content key of each font it
    uses, by resource name."""

    form: pikepdf.Object
    font_keys: dict[str, str]
    document: pikepdf.Pdf


# A piece's font keys by its PDF: hashing a font through its references costs more than
# laying the piece, and a process lays the same few pieces under every face.
_font_keys: OrderedDict[bytes, dict[str, str]] = OrderedDict()


def font_keys(pdf: bytes, form: pikepdf.Object) -> dict[str, str]:
    with _lock:
        known = _font_keys.get(pdf)
    if known is None:
        resources = form.get("/Resources")
        table = resources.get("/Font") if resources is not None else None
        known = {str(name): content_key(table[name]) for name in table or ()}
        with _lock:
            _font_keys[pdf] = known
            while len(_font_keys) > PIECES_KEPT:
                _font_keys.popitem(last=False)
    return known


# The pieces opened in this thread: opened PDFs are not safe to share between threads, and
# a thread that drew a face lays the same pieces under the next one (a part's other faces,
# the next keystroke's preview).
_opened = threading.local()


def opened(pdf: bytes) -> Piece:
    """The piece whose one-page PDF is `pdf`, opened once in this thread."""
    kept = _opened.__dict__.setdefault("pieces", OrderedDict())
    if pdf in kept:
        kept.move_to_end(pdf)
        return kept[pdf]
    document = pikepdf.open(BytesIO(pdf))
    form = document.pages[0].as_form_xobject()
    # One piece is one drawing in every face that lays it: a job stores it once (compose.py).
    form[SHARED] = pikepdf.String(hashlib.sha256(pdf).hexdigest())
    keys = font_keys(pdf, form)
    form[SHARED_FONTS] = pikepdf.Dictionary({name: pikepdf.String(k) for name, k in keys.items()})
    kept[pdf] = Piece(form, keys, document)
    while len(kept) > PIECES_KEPT:
        kept.popitem(last=False)[1].document.close()
    return kept[pdf]
