"""A content-addressed store for what printing has already drawn: one-page PDFs of card faces,
the crop-mark "chrome" of a job, whole finished PDFs (or a print shop's zip of pictures), and
portraits at print size.

Every key is a hash of everything that shows on paper: a face's template, view-model (card
data, rules text from the ruleset, the portrait's bytes inlined as a data URI) and fitted
layout; a job's layout options and placements; and the print code's version (the constant
below, the WeasyPrint and pikepdf versions, and a fingerprint of the print templates,
stylesheets and modules). Change any of them and the key changes, so a stale PDF is never
served; nothing changed and the stored bytes come back.

The files live in the "prints" storage (settings.STORAGES), local files by default and object
storage when several app servers and print workers share it.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

import pikepdf
import weasyprint
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import storages

from rules.rulesets import REGISTRY

# Bump when something outside the fingerprinted files changes what a print looks like.
PRINT_CODE_VERSION = 1
FACES = "faces"
CHROME = "chrome"
PRINTS = "prints"
PORTRAITS = "portraits"  # pictures at print size (portrait_prints.py)
PICTURES = "pictures"  # a print shop's PNG of one face (pictures.py)
EXPORTS = "exports"  # a print shop's zip of those PNGs
THUMBNAILS = "thumbnails"  # the Print page's pictures of a PDF's first pages (thumbnails.py)
PREVIEWS = "previews"  # the Card Designer's picture of one face (preview.py)
SHEETS = "sheets"  # a game's quick reference (cards/cheatsheets)
FITS = "fits"  # a roster file's fitted layouts, for the next command (faces.fits_recalled)
FILE_PRINTS = "file-prints"  # which job a roster file's print was (roster_files.py)
SUFFIXES = {
    FITS: ".json",
    FILE_PRINTS: ".json",
    PORTRAITS: ".jpg",
    PICTURES: ".png",
    EXPORTS: ".zip",
    THUMBNAILS: ".json",
    PREVIEWS: ".png",
}


def print_sources() -> list[Path]:
    """The files whose content decides how a card prints."""
    base = Path(settings.BASE_DIR)
    found = [
        *(base / "cards" / "printing").glob("*.py"),
        base / "cards" / "pdf.py",
        *(base / "templates" / "cards" / "print").rglob("*.html"),
        *(base / "static" / "css" / name for name in ("fonts.css", "palette.css", "print.css")),
        *game_print_sources(),
    ]
    return sorted(path for path in found if path.is_file())


def game_print_sources() -> list[Path]:
    """Each registered game's face code and print templates (cards/games/<game>/)."""
    return [
        path
        for definition in REGISTRY.values()
        for folder in definition.paper_folders
        for path in (
            *folder.glob("*.py"),
            *(folder / "templates" / "cards" / "print").rglob("*.html"),
        )
    ]


def fingerprint(paths) -> str:
    """One hash of the files' names and bytes: any edit to any of them changes it."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(Path(path).name.encode() + b"\0" + Path(path).read_bytes() + b"\0")
    return digest.hexdigest()


@functools.cache
def sources_fingerprint() -> str:
    return fingerprint(print_sources())


def code_version() -> str:
    return "/".join(
        (
            str(PRINT_CODE_VERSION),
            weasyprint.__version__,
            pikepdf.__version__,
            sources_fingerprint(),
        )
    )


def digest(*parts) -> str:
    """A stable hash of plain data (dicts in key order, tuples as lists)."""
    text = json.dumps(parts, sort_keys=True, default=repr, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def pictures_replaced(value, picture):
    """Plain data (a face's view-model) with each picture inlined as a data URI replaced by
    picture(uri)."""
    if isinstance(value, str):
        return picture(value) if value.startswith("data:") else value
    if isinstance(value, dict):
        return {key: pictures_replaced(item, picture) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [pictures_replaced(item, picture) for item in value]
    return value


def picture_digest(uri: str) -> str:
    return "data:sha256," + hashlib.sha256(uri.encode()).hexdigest()


def face_key(face) -> str:
    """Each picture stands in the key by the hash of its URI: hashing the bytes is the same
    promise (one changed byte, a new key), and writing a portrait's base64 out as JSON first
    cost four times as much, most of an unchanged reprint."""
    data = pictures_replaced(face.data, picture_digest)
    return digest(FACES, code_version(), face.template, data, face.layout)


def storage():
    return storages["prints"]


def path(kind, key) -> str:
    # Two levels of fan-out keep any one directory (or S3 prefix listing) small.
    return f"{kind}/{key[:2]}/{key}{SUFFIXES.get(kind, '.pdf')}"


def load(kind, key) -> bytes | None:
    try:
        with storage().open(path(kind, key), "rb") as stored:
            return stored.read()
    except (FileNotFoundError, OSError):
        return None


def store(kind, key, data: bytes) -> None:
    """Keep the bytes under their key. Same key, same bytes: when two servers race to store
    one, whichever lands is right."""
    name = path(kind, key)
    if not storage().exists(name):
        storage().save(name, ContentFile(data))


def replace(kind, key, data: bytes) -> None:
    """Keep the bytes under a key that names a thing rather than its content (a roster
    file's fits), over whatever was kept before."""
    name = path(kind, key)
    storage().delete(name)
    storage().save(name, ContentFile(data))
