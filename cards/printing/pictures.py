"""A print shop's pictures: each page of its one-card-a-page PDF as a PNG of exactly the
shop's pixels, named in the shop's order (001-front.png, 001-back.png, …) in one zip.

The pages are drawn in this process by PDFium (pypdfium2), from the very PDF the shop's PDF
preset would send, so a picture shows what the PDF prints. Each face's picture is kept in the
print cache under the face and the shop, so copies and the shared back are drawn once.
"""

from __future__ import annotations

import zipfile
from io import BytesIO

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from cards.printing import cache
from cards.printing.shops import Shop
from cards.printing.thumbnails import PDFIUM

# A zip's entries carry a date; a fixed one keeps one job's zip the same bytes every time.
ENTRY_DATE = (1980, 1, 1, 0, 0, 0)


def face_names(sides: list[str]) -> list[str]:
    """File names for pages of these sides, in order: a card's number counts its fronts."""
    names, number = [], 0
    for side in sides:
        number += side == "front"
        names.append(f"{number:03d}-{side}.png")
    return names


def page_png(page: pdfium.PdfPage, shop: Shop) -> bytes:
    """The page scaled onto exactly the shop's pixels (the page is the shop's size, so the
    scale is its dpi), on white, as a PNG that says its dpi."""
    width, height = shop.face_px
    bitmap = pdfium.PdfBitmap.new_native(width, height, pdfium_c.FPDFBitmap_BGR)
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
    pdfium_c.FPDF_RenderPageBitmap(bitmap.raw, page.raw, 0, 0, width, height, 0, 0)
    buffer = BytesIO()
    bitmap.to_pil().save(buffer, "PNG", dpi=(shop.dpi, shop.dpi))
    return buffer.getvalue()


def picture_key(shop: Shop, face_key: str) -> str:
    return cache.digest(cache.PICTURES, cache.code_version(), shop.slug, shop.face_px, face_key)


def pictures_zip(pdf: bytes, *, shop: Shop, sides: list[str], face_keys: list[str]) -> bytes:
    """The zip of the PDF's pages as the shop's pictures; `sides` and `face_keys` say what
    each page shows."""
    buffer = BytesIO()
    with (
        PDFIUM,
        zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive,  # PNGs are compressed
    ):
        document = pdfium.PdfDocument(pdf)
        try:
            for index, name in enumerate(face_names(sides)):
                key = picture_key(shop, face_keys[index])
                png = cache.load(cache.PICTURES, key)
                if png is None:
                    png = page_png(document[index], shop)
                    cache.store(cache.PICTURES, key, png)
                archive.writestr(zipfile.ZipInfo(name, ENTRY_DATE), png)
        finally:
            document.close()
    return buffer.getvalue()
