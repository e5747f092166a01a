"""Portraits laid into each face's PDF once WeasyPrint has drawn the face, not drawn by it.

A portrait inlined in a face's HTML (15–40 KB of base64) cost WeasyPrint milliseconds a face:
parsed with the HTML, decoded, opened by Pillow, written out by pydyf, read back by pikepdf
when the pages are cut apart. WeasyPrint writes a JPEG into the PDF as it is, and how it lays
one out and draws it depends on its pixel size alone; so it is handed a stand-in, a flat grey
JPEG of the portrait's size (one per size, shared by every face of that size), which it places
and draws exactly as the portrait, whatever the design's CSS. On each cut-out page the
stand-in's image then takes the portrait's bytes, size and colour space. A picture WeasyPrint
would change on the way (an Exif segment may turn it) or names otherwise (CMYK, not 8 bits a
sample) stays WeasyPrint's to draw.
"""

from __future__ import annotations

import base64
import functools
from dataclasses import dataclass, replace
from io import BytesIO

import pikepdf
from PIL import Image

from cards.printing.compose import resources_through_forms
from cards.printing.faces import Face
from cards.printing.portrait_prints import jpeg_frame, jpeg_uri

JPEG_URI = "data:image/jpeg;base64,"
# WeasyPrint's colour space for Pillow's grey (L) and colour (RGB) JPEGs.
COLOUR_SPACES = {1: "/DeviceGray", 3: "/DeviceRGB"}


@dataclass(frozen=True)
class Portrait:
    jpeg: bytes
    width: int
    height: int
    colour_space: str

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height


def portrait(uri) -> Portrait | None:
    """A face's picture, when it is a JPEG that WeasyPrint would write into the PDF as it is."""
    if not isinstance(uri, str) or not uri.startswith(JPEG_URI):
        return None
    jpeg = base64.b64decode(uri[len(JPEG_URI) :])
    frame = jpeg_frame(jpeg)
    if (
        frame is None
        or frame.exif
        or frame.bits != 8
        or frame.components not in COLOUR_SPACES
        or not (frame.width and frame.height)
    ):
        return None
    return Portrait(jpeg, frame.width, frame.height, COLOUR_SPACES[frame.components])


@functools.lru_cache(maxsize=32)  # a size per portrait box: a handful
def stand_in(size: tuple[int, int]) -> bytes:
    buffer = BytesIO()
    Image.new("L", size, 128).save(buffer, "JPEG")
    return buffer.getvalue()


@functools.lru_cache(maxsize=32)
def stand_in_uri(size: tuple[int, int]) -> str:
    return jpeg_uri(stand_in(size))


def stood_in(faces: list[Face]) -> tuple[list[Face], list[Portrait | None]]:
    """The faces as WeasyPrint is to draw them, each portrait it need not read swapped for
    its stand-in, and each face's portrait to lay in afterwards (None: nothing to lay in)."""
    shown, portraits = [], []
    for face in faces:
        found = portrait(face.data.get("portrait_uri"))
        if found is not None:
            face = replace(face, data={**face.data, "portrait_uri": stand_in_uri(found.size)})
        shown.append(face)
        portraits.append(found)
    return shown, portraits


def images(resources):
    """Every image a page or form draws, through the forms it draws."""
    for each in resources_through_forms(resources):
        for xobject in each.get("/XObject", {}).values():
            if xobject.get("/Subtype") == "/Image":
                yield xobject


def lay_in(page: pikepdf.Page, portrait: Portrait) -> None:
    """The page's stand-in becomes the portrait, written as WeasyPrint writes a JPEG: its
    bytes as they are (DCTDecode), its size and colour space; every other key (Interpolate)
    as WeasyPrint wrote it for this <img>. A design that does not show the portrait has no
    stand-in to find."""
    wanted = stand_in(portrait.size)
    for image in images(page.obj.get("/Resources", {})):
        if image.read_raw_bytes() == wanted:
            image.write(portrait.jpeg, filter=pikepdf.Name.DCTDecode)
            image.Width, image.Height = portrait.width, portrait.height
            image.ColorSpace = pikepdf.Name(portrait.colour_space)
            image.BitsPerComponent = 8
