"""Portraits: make an upload safe to keep, and cut the card's portrait box from it at 300 dpi.

An upload is never stored as sent. `clean_upload` decodes it with Pillow inside size and pixel
limits, turns it upright, flattens it to RGB and writes a fresh JPEG without metadata; that
cleaned picture is the *source*. `crop_portrait` cuts the box from the source with the
player's crop, which follows one convention shared with static/js/portrait.js:

- zoom ≥ 1 scales the picture relative to "cover" fit: at 1 it just covers the box, at 2 it
  is twice that size, so the box shows half the width and half the height.
- x, y in [0, 1] place the picture like CSS `object-position: x% y%`: the picture's point at
  fraction (x, y) sits on the box's point at fraction (x, y). 0 shows the left (top) edge,
  1 the right (bottom) edge, 0.5 centres it; zooming keeps that point still.
"""

import math
import struct
import uuid
from io import BytesIO

from django.core.files.base import ContentFile
from PIL import Image, ImageCms, ImageOps

PORTRAIT_BOX_MM = (25.0, 31.0)  # width, height of the portrait box on a card
DPI = 300
PORTRAIT_PIXELS = tuple(round(mm / 25.4 * DPI) for mm in PORTRAIT_BOX_MM)  # (295, 366)

MIB = 1024 * 1024
MAX_UPLOAD_BYTES = 10 * MIB
MAX_PIXELS = 40_000_000
MAX_ZOOM = 4.0
SOURCE_LONG_SIDE = 2400  # enough for any zoom of a 366 px box, small enough to store
FORMATS = ("JPEG", "PNG", "WEBP", "GIF")
PAPER = (0xF6, 0xEF, 0xE0)  # card paper colour: transparent parts print as the card
SOURCE_QUALITY = 88
CROP_QUALITY = 92

NOT_AN_IMAGE = "That file is not an image we can read (JPEG, PNG, WebP or GIF)."
# What Pillow raises on files that are not images, are truncated or are malformed.
DECODE_ERRORS = (OSError, SyntaxError, ValueError, EOFError, struct.error, IndexError)


class PortraitError(ValueError):
    """An upload we refuse; the message is meant for the player."""


def clean_upload(file):
    """The upload re-encoded as a safe, upright, metadata-free RGB JPEG named `<uuid>.jpg`."""
    image = _decode(_read_limited(file))
    return ContentFile(_jpeg(image, SOURCE_QUALITY), name=f"{uuid.uuid4().hex}.jpg")


def normalise_crop(raw):
    """A crop dict with float x, y in [0, 1] and zoom in [1, MAX_ZOOM]; strings from a form
    post are parsed, and anything missing or unreadable falls back to centred, zoom 1."""
    raw = raw or {}
    return {
        "x": _clamped(raw.get("x"), 0.0, 1.0, default=0.5),
        "y": _clamped(raw.get("y"), 0.0, 1.0, default=0.5),
        "zoom": _clamped(raw.get("zoom"), 1.0, MAX_ZOOM, default=1.0),
    }


def crop_window(size, crop, box=PORTRAIT_PIXELS):
    """(left, top, right, bottom) of the source region the box shows, in source pixels."""
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
    portrait = image.resize(PORTRAIT_PIXELS, Image.Resampling.LANCZOS, box=window)
    data = _jpeg(portrait, CROP_QUALITY, dpi=(DPI, DPI))
    return ContentFile(data, name=f"{uuid.uuid4().hex}.jpg")


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
    """Pillow image from untrusted bytes: limits checked before pixels are decoded."""
    try:
        image = Image.open(BytesIO(data), formats=FORMATS)
        _check_pixels(image)
        image.verify()  # checksums and structure; the image must be reopened afterwards
        image = Image.open(BytesIO(data), formats=FORMATS)
        image.draft("RGB", (SOURCE_LONG_SIDE, SOURCE_LONG_SIDE))  # JPEG decodes smaller
        image.load()  # GIF and animated WebP stay on their first frame
    except PortraitError:
        raise
    except Image.DecompressionBombError:
        # Pillow's own guard fires at open, before our check, when a header is absurd.
        limit = 2 * Image.MAX_IMAGE_PIXELS / 1e6
        raise PortraitError(
            f"That image is over {_number(limit)} megapixels; the limit is "
            f"{_number(MAX_PIXELS / 1e6)}."
        ) from None
    except DECODE_ERRORS:
        raise PortraitError(NOT_AN_IMAGE) from None
    image = ImageOps.exif_transpose(image)
    image = _to_rgb(image)
    image.thumbnail((SOURCE_LONG_SIDE, SOURCE_LONG_SIDE), Image.Resampling.LANCZOS)
    return image


def _check_pixels(image):
    width, height = image.size
    if width * height > MAX_PIXELS:
        raise PortraitError(
            f"That image is {_number(width * height / 1e6)} megapixels; the limit is "
            f"{_number(MAX_PIXELS / 1e6)}."
        )


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
    """JPEG bytes with no EXIF, ICC, XMP or comments: nothing of the original file survives."""
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
