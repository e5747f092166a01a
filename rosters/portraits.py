"""Portraits: make an upload safe to keep, and cut the card's portrait box from it at 300 dpi.

An upload is never stored as sent. `clean_upload` decodes it with Pillow inside size and pixel
limits, turns it upright, flattens it to RGB and writes a fresh JPEG without metadata; that
cleaned picture is the *source*. `crop_portrait` cuts the box from the source with the
player's crop, which follows one convention shared with static/js/portrait.js:

- zoom scales the picture relative to "cover" fit: at 1 it just covers the box, at 2 it is
  twice that size, so the box shows half the width and half the height. Below 1 the picture
  no longer covers the box and card paper shows round it (a whole figure on a plain ground).
- x, y in [0, 1] place the picture like CSS `object-position: x% y%`: the picture's point at
  fraction (x, y) sits on the box's point at fraction (x, y). 0 shows the left (top) edge,
  1 the right (bottom) edge, 0.5 centres it; zooming keeps that point still.
"""

import math
import struct
import threading
import uuid
from contextlib import contextmanager, suppress
from io import BytesIO

from django.core.files.base import ContentFile
from PIL import Image, ImageCms, ImageFile, ImageOps

PORTRAIT_BOX_MM = (25.0, 31.0)  # width, height of the portrait box on a card
DPI = 300
PORTRAIT_PIXELS = tuple(round(mm / 25.4 * DPI) for mm in PORTRAIT_BOX_MM)  # (295, 366)

MIB = 1024 * 1024
MAX_UPLOAD_BYTES = 10 * MIB
# Decoding costs about 4 bytes a pixel (RGBA while flattening), and the working copies made
# on the way to the stored JPEG several times that: 64 MiB decoded (4096 × 4096) keeps one
# upload well under half a gigabyte. JPEGs are decoded at a reduced scale first (draft), so
# a 48-megapixel phone photo passes; a 6300 × 6330 PNG does not.
MAX_DECODED_BYTES = 64 * MIB
BYTES_PER_PIXEL = 4
MIN_ZOOM = 0.2
MAX_ZOOM = 4.0
SOURCE_LONG_SIDE = 2400  # enough for any zoom of a 366 px box, small enough to store
FORMATS = ("JPEG", "PNG", "WEBP", "GIF")
PAPER = (0xF6, 0xEF, 0xE0)  # card paper colour: transparent parts print as the card
SOURCE_QUALITY = 88
CROP_QUALITY = 92

NOT_AN_IMAGE = "That file is not an image we can read (JPEG, PNG, WebP or GIF)."
INCOMPLETE = "That picture is incomplete (the file ends early); upload the whole file again."
# What Pillow raises on files that are not images, are truncated or are malformed.
DECODE_ERRORS = (OSError, SyntaxError, ValueError, EOFError, struct.error, IndexError)


class PortraitError(ValueError):
    """An upload we refuse; the message is meant for the player."""


def clean_upload(file):
    """The upload re-encoded as a safe, upright, metadata-free RGB JPEG named `<uuid>.jpg`."""
    image = _decode(_read_limited(file))
    return ContentFile(_jpeg(image, SOURCE_QUALITY), name=f"{uuid.uuid4().hex}.jpg")


def normalise_crop(raw):
    """A crop dict with float x, y in [0, 1] and zoom in [MIN_ZOOM, MAX_ZOOM]; strings from a
    form post are parsed, and anything missing or unreadable falls back to centred, zoom 1."""
    raw = raw or {}
    return {
        "x": _clamped(raw.get("x"), 0.0, 1.0, default=0.5),
        "y": _clamped(raw.get("y"), 0.0, 1.0, default=0.5),
        "zoom": _clamped(raw.get("zoom"), MIN_ZOOM, MAX_ZOOM, default=1.0),
    }


def crop_window(size, crop, box=PORTRAIT_PIXELS):
    """(left, top, right, bottom) of the source region the box shows, in source pixels; it
    reaches past the picture's edges when zoomed out below cover fit."""
    width, height = size
    crop = normalise_crop(crop)
    scale = max(box[0] / width, box[1] / height) * crop["zoom"]
    shown_w, shown_h = box[0] / scale, box[1] / scale
    left = crop["x"] * (width - shown_w)
    top = crop["y"] * (height - shown_h)
    return (left, top, left + shown_w, top + shown_h)


def crop_portrait(source_image_file, crop):
    """The portrait box cut from the source: exactly PORTRAIT_PIXELS, a 300 dpi JPEG."""
    image = _decode(_read_limited(source_image_file))
    window = crop_window(image.size, crop)
    inside = (
        max(window[0], 0),
        max(window[1], 0),
        min(window[2], image.width),
        min(window[3], image.height),
    )
    if inside == window:
        portrait = image.resize(PORTRAIT_PIXELS, Image.Resampling.LANCZOS, box=window)
    else:  # zoomed out: the picture, smaller than the box, on card paper
        scale = PORTRAIT_PIXELS[0] / (window[2] - window[0])
        size = (
            max(1, round((inside[2] - inside[0]) * scale)),
            max(1, round((inside[3] - inside[1]) * scale)),
        )
        portrait = Image.new("RGB", PORTRAIT_PIXELS, PAPER)
        at = (round((inside[0] - window[0]) * scale), round((inside[1] - window[1]) * scale))
        portrait.paste(image.resize(size, Image.Resampling.LANCZOS, box=inside), at)
    data = _jpeg(portrait, CROP_QUALITY, dpi=(DPI, DPI))
    return ContentFile(data, name=f"{uuid.uuid4().hex}.jpg")


# A card's portrait as a list shows it: a fifth of the printed box, for screens of twice the
# pixels the list gives it (40 × 50 px).
THUMBNAIL_PIXELS = (80, 100)
THUMBNAIL_QUALITY = 80


def thumbnail(portrait_print):
    """A small JPEG of the card's printed portrait box (crop_portrait's file): the player's
    own framing, at a size a list of many cards loads quickly."""
    image = _decode(_read_limited(portrait_print))
    return _jpeg(ImageOps.fit(image, THUMBNAIL_PIXELS, Image.Resampling.LANCZOS), THUMBNAIL_QUALITY)


# JPEG segments that carry no pixels: APP1-APP15 (EXIF, XMP, ICC, Photoshop…) and COM.
_METADATA_MARKERS = {*range(0xE1, 0xF0), 0xFE}


def without_metadata(jpeg):
    """The JPEG's bytes with every APPn (n > 0) and comment segment dropped, pixels untouched.
    For files stored before uploads were stripped on the way in, on their way out (exports,
    prints, the designer): nothing they carried leaves the server."""
    if jpeg[:2] != b"\xff\xd8":
        return jpeg
    out, at = bytearray(jpeg[:2]), 2
    while at + 4 <= len(jpeg) and jpeg[at] == 0xFF:
        marker = jpeg[at + 1]
        if marker == 0xDA:  # start of scan: entropy-coded data follows, keep the rest
            break
        end = at + 2 + int.from_bytes(jpeg[at + 2 : at + 4], "big")
        if marker not in _METADATA_MARKERS:
            out += jpeg[at:end]
        at = end
    return bytes(out + jpeg[at:])


def _read_limited(file):
    size = _size_of(file)
    if size is not None and size > MAX_UPLOAD_BYTES:
        raise PortraitError(_too_big(size))
    if getattr(file, "closed", False) and hasattr(file, "open"):
        file.open("rb")  # a stored FieldFile may have been closed after saving
    if hasattr(file, "seek"):
        file.seek(0)
    data = file.read(MAX_UPLOAD_BYTES + 1)
    if len(data) > MAX_UPLOAD_BYTES:
        raise PortraitError(_too_big(size or len(data)))
    return data


def _size_of(file):
    size = getattr(file, "size", None)
    if size is None and hasattr(file, "seek") and hasattr(file, "tell"):
        file.seek(0, 2)
        size = file.tell()
    return size


def _too_big(size):
    return (
        f"That file is {_number(size / MIB)} MB; the limit is {_number(MAX_UPLOAD_BYTES / MIB)} MB."
    )


def _decode(data):
    """Pillow image from untrusted bytes: the decoded size is checked from the header before
    any pixel is decoded, and a file that ends early is refused, not filled with grey."""
    try:
        image = _opened(data)
        _check_decoded_size(image)
        image.verify()  # checksums and structure; the image must be reopened afterwards
        image = _opened(data)
        with _complete_files_only():
            image.load()  # GIF and animated WebP stay on their first frame
    except PortraitError:
        raise
    except Image.DecompressionBombError:
        # Pillow's own guard fires at open, before our check, when a header is absurd.
        bomb = _number(2 * Image.MAX_IMAGE_PIXELS / 1e6)
        raise PortraitError(_too_many_pixels(f"over {bomb} million")) from None
    except OSError as error:
        if "truncated" in str(error).lower() or "broken data stream" in str(error):
            raise PortraitError(INCOMPLETE) from None
        raise PortraitError(NOT_AN_IMAGE) from None
    except DECODE_ERRORS:
        raise PortraitError(NOT_AN_IMAGE) from None
    # A broken EXIF block gives no orientation: the pixels are kept as drawn.
    with suppress(*DECODE_ERRORS):
        image = ImageOps.exif_transpose(image)
    image = _to_rgb(image)
    image.thumbnail((SOURCE_LONG_SIDE, SOURCE_LONG_SIDE), Image.Resampling.LANCZOS)
    return image


def _opened(data):
    """The image with only its header read; a JPEG set to decode at the smallest scale that
    still gives SOURCE_LONG_SIDE, so `size` is what load() will allocate."""
    image = Image.open(BytesIO(data), formats=FORMATS)
    image.draft("RGB", (SOURCE_LONG_SIDE, SOURCE_LONG_SIDE))
    return image


def _check_decoded_size(image):
    width, height = image.size
    if width * height * BYTES_PER_PIXEL > MAX_DECODED_BYTES:
        raise PortraitError(_too_many_pixels(f"{width:,} × {height:,}".replace(",", " ")))


def _too_many_pixels(size):
    side = math.isqrt(MAX_DECODED_BYTES // BYTES_PER_PIXEL)
    return (
        f"That picture is {size} pixels, too big to open safely; the limit is about "
        f"{side} × {side} ({_number(side * side / 1e6)} megapixels). Save a smaller copy "
        "and upload that."
    )


_strict = threading.Lock()
_strict_users = 0
_truncated_setting = False


@contextmanager
def _complete_files_only():
    """Pillow refuses a file that ends early while this is held. WeasyPrint switches
    `LOAD_TRUNCATED_IMAGES` on for the whole process when it is imported, which makes Pillow
    paint the missing part grey instead. The first of any overlapping decodes switches it off
    and the last one restores it, under a lock, so concurrent decodes never restore it early.
    A WeasyPrint render meanwhile only reads our own stored files, which passed this check."""
    global _strict_users, _truncated_setting
    with _strict:
        if _strict_users == 0:
            _truncated_setting = ImageFile.LOAD_TRUNCATED_IMAGES
            ImageFile.LOAD_TRUNCATED_IMAGES = False
        _strict_users += 1
    try:
        yield
    finally:
        with _strict:
            _strict_users -= 1
            if _strict_users == 0:
                ImageFile.LOAD_TRUNCATED_IMAGES = _truncated_setting


def _to_rgb(image):
    image = _to_srgb(image)
    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        paper = Image.new("RGBA", image.size, PAPER)
        paper.alpha_composite(image.convert("RGBA"))
        return paper.convert("RGB")
    return image.convert("RGB")


def _to_srgb(image):
    """Colours of a picture with an embedded profile (phones often use Display P3) carried
    into sRGB, because the profile itself is dropped with the rest of the metadata."""
    icc = image.info.get("icc_profile")
    if not icc or image.mode not in ("RGB", "RGBA", "CMYK", "L"):
        return image
    mode = "RGBA" if image.mode == "RGBA" else "RGB"
    try:
        source = ImageCms.ImageCmsProfile(BytesIO(icc))
        return ImageCms.profileToProfile(
            image, source, ImageCms.createProfile("sRGB"), outputMode=mode
        )
    except (ImageCms.PyCMSError, OSError, ValueError):
        return image  # a broken profile: keep the raw colours rather than refuse the picture


def _jpeg(image, quality, **options):
    """JPEG bytes with no EXIF, ICC, XMP or comments: nothing of the original file survives.
    Pillow carries `info` (a JPEG or GIF comment among it) through convert and resize and
    writes the comment back when saving, so the info goes first."""
    image.info = {}
    out = BytesIO()
    image.save(out, "JPEG", quality=quality, optimize=True, **options)
    return out.getvalue()


def _clamped(value, low, high, *, default):
    try:
        number = float(value)
    except (TypeError, ValueError):
        return default
    if not math.isfinite(number):
        return default
    return min(max(number, low), high)


def _number(value):
    """10 → "10", 14.25 → "14.3": whole numbers without a trailing ".0"."""
    return f"{value:.1f}".removesuffix(".0")
