"""Small pictures of a PDF's pages for the Print page and the Card Designer, drawn from the PDF
itself by PDFium (pypdfium2) in this process, so the preview is exactly what will print. Kept
in the print cache under the PDF's own hash: a preview seen before (a deck's, drawn ahead:
cards/ahead.py) is a file read.

PDFium draws a card at 150 dpi in a few milliseconds; poppler's pdftoppm, which drew them
before, cost a process start and two files on every call (about 40 ms of the designer's
100)."""

import base64
import hashlib
import json
import threading
from io import BytesIO

import pypdfium2 as pdfium

from cards.printing import cache

DPI = 36  # an A4 page comes out about 300 px wide
LIMIT = 12  # pages previewed; the PDF itself has them all
# PDFium is not safe to call from two threads at once (a threaded server's requests).
PDFIUM = threading.Lock()


def page_thumbnails(pdf: bytes, *, dpi=DPI, limit=LIMIT) -> list[str]:
    """PNG data URIs of the first pages, or [] when the PDF cannot be drawn (then not kept,
    so the next view tries again): the preview is a convenience, the download still works."""
    key = cache.digest(cache.THUMBNAILS, hashlib.sha256(pdf).hexdigest(), dpi, limit)
    kept = cache.load(cache.THUMBNAILS, key)
    if kept is not None:
        return json.loads(kept)
    drawn = [data_uri(png) for png in drawn_thumbnails(pdf, dpi=dpi, limit=limit)]
    if drawn:
        cache.store(cache.THUMBNAILS, key, json.dumps(drawn).encode())
    return drawn


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def drawn_thumbnails(pdf: bytes, *, dpi, limit) -> list[bytes]:
    """PNGs of the first `limit` pages at `dpi` on white, or [] when PDFium cannot read it."""
    with PDFIUM:
        try:
            document = pdfium.PdfDocument(pdf)
        except pdfium.PdfiumError:
            return []
        try:
            return [png(document[index], dpi) for index in range(min(limit, len(document)))]
        finally:
            document.close()


def png(page: pdfium.PdfPage, dpi) -> bytes:
    # Speed before size: the fastest zlib level makes a card's PNG a tenth bigger and
    # costs a third less than the default.
    buffer = BytesIO()
    page.render(scale=dpi / 72).to_pil().save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()
