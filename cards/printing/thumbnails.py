"""Small pictures of a PDF's pages for the Print page, drawn from the PDF itself by poppler's
pdftoppm, so the preview is exactly what will print. Kept in the print cache under the PDF's
own hash: a preview seen before (a deck's, drawn ahead: cards/ahead.py) costs no pdftoppm."""

import base64
import hashlib
import json
import subprocess
import tempfile
from pathlib import Path

from cards.printing import cache

DPI = 36  # an A4 page comes out about 300 px wide
LIMIT = 12  # pages previewed; the PDF itself has them all
TIMEOUT = 30


def page_thumbnails(pdf: bytes, *, dpi=DPI, limit=LIMIT) -> list[str]:
    """PNG data URIs of the first pages, or [] when poppler is missing or fails (then not
    kept, so the next view tries again): the preview is a convenience, the download still
    works."""
    key = cache.digest(cache.THUMBNAILS, hashlib.sha256(pdf).hexdigest(), dpi, limit)
    kept = cache.load(cache.THUMBNAILS, key)
    if kept is not None:
        return json.loads(kept)
    drawn = drawn_thumbnails(pdf, dpi=dpi, limit=limit)
    if drawn:
        cache.store(cache.THUMBNAILS, key, json.dumps(drawn).encode())
    return drawn


def drawn_thumbnails(pdf: bytes, *, dpi, limit) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="cliffhanger-") as folder:
        source = Path(folder) / "cards.pdf"
        source.write_bytes(pdf)
        command = ["pdftoppm", "-png", "-r", str(dpi), "-l", str(limit), str(source)]
        try:
            subprocess.run(
                [*command, str(Path(folder) / "page")],
                check=True,
                capture_output=True,
                timeout=TIMEOUT,
            )
        except (OSError, subprocess.SubprocessError):
            return []
        # pdftoppm pads page numbers to one width, so names sort in page order.
        pages = sorted(Path(folder).glob("page-*.png"))
        return [
            "data:image/png;base64," + base64.b64encode(page.read_bytes()).decode("ascii")
            for page in pages
        ]
