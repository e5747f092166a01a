"""The Card Designer's live preview: the card rendered through the very template, stylesheet
and fitting the PDF uses, then drawn to a PNG, so what the player sees is what will print.

The picture is kept in the print cache under the face's own key (what shows on paper), so a
card seen before (the edit page after a save shows the card its last preview drew; an
ability ticked and unticked again) costs a file read, not a WeasyPrint document."""

from cards.pdf import PRINT_STYLESHEETS, render_pdf
from cards.printing import cache, geometry
from cards.printing.faces import Face
from cards.printing.sheets import mm
from cards.printing.thumbnails import data_uri, drawn_thumbnails

PREVIEW_TEMPLATE = "cards/print/card.html"
PREVIEW_DPI = 150  # about 375 × 525 px: sharp on a laptop, light to send on every keystroke


def card_pdf(face: Face) -> bytes:
    """One page exactly the size of the card, holding only the card."""
    return render_pdf(
        PREVIEW_TEMPLATE,
        {
            "title": face.title,
            "face": face,
            "width": mm(geometry.CARD_WIDTH),
            "height": mm(geometry.CARD_HEIGHT),
        },
        PRINT_STYLESHEETS,
    )


def card_png(face: Face) -> str | None:
    """The card as a PNG data URI (None if it could not be drawn: the page says so)."""
    key = cache.digest(cache.PREVIEWS, cache.face_key(face), PREVIEW_DPI)
    kept = cache.load(cache.PREVIEWS, key)
    if kept is None:
        pictures = drawn_thumbnails(card_pdf(face), dpi=PREVIEW_DPI, limit=1)
        if not pictures:
            return None
        kept = pictures[0]
        cache.store(cache.PREVIEWS, key, kept)
    return data_uri(kept)
