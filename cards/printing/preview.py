"""The Card Designer's live preview: the card rendered through the very template, stylesheet
and fitting the PDF uses, then drawn to a PNG, so what the player sees is what will print."""

from cards.pdf import PRINT_STYLESHEETS, render_pdf
from cards.printing import geometry
from cards.printing.faces import Face
from cards.printing.sheets import mm
from cards.printing.thumbnails import page_thumbnails

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
    """The card as a PNG data URI (None if poppler is missing: the page says so)."""
    pictures = page_thumbnails(card_pdf(face), dpi=PREVIEW_DPI, limit=1)
    return pictures[0] if pictures else None
