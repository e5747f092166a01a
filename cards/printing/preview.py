"""The Card Designer's live preview: the card's faces drawn by the print path itself
(rendering.draw of rendering.drawing: the same document, slot markup, stylesheets and
fitting, cut into the same one-page face PDFs a sheet places), then turned into PNGs, so what
the player sees is what will print, whatever the print path does to a face.

A card with a back of its own (7TV) has both faces drawn in one document, as a print part
holds them.

Each picture is kept in the print cache under its face's own key (what shows on paper), so a
face seen before (the edit page after a save shows the card its last preview drew; an
ability ticked and unticked again; a 7TV back the rename left as it was) costs a file read,
not a WeasyPrint document."""

from cards.printing import cache
from cards.printing.faces import Face
from cards.printing.rendering import draw, drawing
from cards.printing.thumbnails import data_uri, drawn_thumbnails

PREVIEW_DPI = 150  # about 375 × 525 px: sharp on a laptop, light to send on every keystroke


def card_pdfs(faces: list[Face]) -> list[bytes]:
    """Each face's one-page PDF, as printing draws it, from one document; the card's text a
    piece of its ground, which the next keystroke's card shows again (grounds.py)."""
    return draw(*drawing(faces, editing=True))


def card_pngs(faces: list[Face]) -> list[str | None]:
    """Each face as a PNG data URI, in order (None for all when they could not be drawn: the
    page says so). Only the faces without a kept picture are drawn."""
    keys = [cache.digest(cache.PREVIEWS, cache.face_key(face), PREVIEW_DPI) for face in faces]
    pictures = [cache.load(cache.PREVIEWS, key) for key in keys]
    missing = [index for index, picture in enumerate(pictures) if picture is None]
    if missing:
        pdfs = card_pdfs([faces[index] for index in missing])
        drawn = [drawn_thumbnails(pdf, dpi=PREVIEW_DPI, limit=1) for pdf in pdfs]
        if not all(drawn):
            return [None] * len(faces)
        for index, (picture,) in zip(missing, drawn, strict=True):
            pictures[index] = picture
            cache.store(cache.PREVIEWS, keys[index], picture)
    return [data_uri(picture) for picture in pictures]
