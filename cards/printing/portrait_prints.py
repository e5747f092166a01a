"""Portraits at the size they print: the design's portrait box at 300 dpi, made once for each
picture and box and kept in the print cache; and a roster file's pictures cut to the box, made
once for each picture and crop (a roster file carries the whole picture, so an unchanged file
would otherwise be cut again, a Pillow resize a portrait, on every reprint).

The stored print crop is cut for the usual 25 × 31 mm box, but a design with a smaller box
(Pulp City's) or a picture stored at another size would carry more pixels into every PDF
than paper can show: the PDF's size and WeasyPrint's memory grow with pixels, the print not.
"""

from __future__ import annotations

import base64
import functools
import hashlib
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from PIL import Image

from cards.printing import cache
from rosters import portraits

MM_PER_INCH = 25.4


def pixels(box_mm) -> tuple[int, int]:
    """The box's size in pixels at the print resolution."""
    width, height = (round(mm / MM_PER_INCH * portraits.DPI) for mm in box_mm)
    return width, height


# The start-of-frame markers, which carry a JPEG's size: SOF0 to SOF15 but DHT (C4), JPG (C8)
# and DAC (CC), which share the range.
_FRAME_MARKERS = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


@dataclass(frozen=True)
class Frame:
    """What a JPEG's header says of its pixels, as Pillow (and so WeasyPrint) reads it."""

    width: int
    height: int
    bits: int  # per sample
    components: int  # 1 grey, 3 colour, 4 CMYK
    exif: bool  # an Exif segment, which may turn the picture


def jpeg_frame(data: bytes) -> Frame | None:
    """A JPEG's frame header, read by walking the segments before its scan (Pillow's open
    parsed every table too: a millisecond a portrait, on every print); None for anything
    else."""
    if data[:2] != b"\xff\xd8":
        return None
    at, frame, exif = 2, None, False
    while at + 4 <= len(data) and data[at] == 0xFF:
        marker, end = data[at + 1], at + 2 + int.from_bytes(data[at + 2 : at + 4], "big")
        if marker == 0xDA:  # the scan: every segment that describes it came before
            break
        if marker in _FRAME_MARKERS and frame is None and at + 10 <= len(data):
            height = int.from_bytes(data[at + 5 : at + 7], "big")
            width = int.from_bytes(data[at + 7 : at + 9], "big")
            frame = (width, height, data[at + 4], data[at + 9])
        exif = exif or (marker == 0xE1 and data[at + 4 : at + 10] == b"Exif\0\0")
        at = end
    return None if frame is None else Frame(*frame, exif=exif)


def jpeg_size(data: bytes) -> tuple[int, int] | None:
    """A JPEG's pixel size; None for anything else."""
    frame = jpeg_frame(data)
    return None if frame is None else (frame.width, frame.height)


def resized(jpeg: bytes, size) -> bytes:
    """The picture as a JPEG of exactly `size` pixels, stretched as the box stretches it on
    the card."""
    with Image.open(BytesIO(jpeg)) as image:
        image.draft("RGB", size)  # decode a big JPEG at a fraction of its size, never smaller
        fitted = image.convert("RGB").resize(size, Image.Resampling.LANCZOS)
    buffer = BytesIO()
    fitted.save(buffer, "JPEG", quality=portraits.CROP_QUALITY, dpi=(portraits.DPI,) * 2)
    return buffer.getvalue()


def at_print_size(jpeg: bytes, box_mm) -> bytes:
    """The picture at the box's print size, from the cache when it was made before. A
    picture already that size (the designer's crop for a 25 × 31 mm box) keeps its pixels
    and loses only its metadata."""
    size = pixels(box_mm)
    if jpeg_size(jpeg) == size:
        return portraits.without_metadata(jpeg)
    picture = hashlib.sha256(jpeg).hexdigest()
    key = cache.digest(cache.PORTRAITS, cache.code_version(), picture, size)
    made = cache.load(cache.PORTRAITS, key)
    if made is None:
        made = resized(jpeg, size)
        cache.store(cache.PORTRAITS, key, made)
    return made


@functools.cache
def cutting_code() -> str:
    """The crop lives in rosters/portraits.py, outside the print code's fingerprint."""
    return cache.fingerprint([Path(portraits.__file__)])


def file_crop(encoded: str, crop) -> bytes:
    """A roster file's picture (`encoded` as the file carries it, base64) cut to the portrait
    box as the designer cuts it, from the print cache when this picture was cut this way
    before. The key is the hash of the picture's text in the file and the crop, so a reprint
    decodes nothing (decoding 90 pictures took longer than the rest of a reprint); a picture
    is decoded and checked when it is first cut."""
    key = cache.digest(
        cache.PORTRAITS,
        cache.code_version(),
        cutting_code(),
        hashlib.sha256(encoded.encode("ascii")).hexdigest(),
        portraits.normalise_crop(crop),
    )
    made = cache.load(cache.PORTRAITS, key)
    if made is None:
        made = portraits.crop_portrait(BytesIO(base64.b64decode(encoded)), crop).read()
        cache.store(cache.PORTRAITS, key, made)
    return made


def portrait_uri(jpeg: bytes | None, box_mm) -> str | None:
    """What a face's <img> shows: the picture at print size, inlined so every process and
    storage backend draws it alike (the face is drawn once; compose.py keeps one copy of a
    picture several faces share)."""
    return jpeg_uri(at_print_size(jpeg, box_mm)) if jpeg else None


def jpeg_uri(jpeg: bytes) -> str:
    return f"data:image/jpeg;base64,{base64.b64encode(jpeg).decode('ascii')}"
