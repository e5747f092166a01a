"""Each distinct card face drawn once, by WeasyPrint, to a one-page PDF the size of the card.

A print job places the same face many times (copies, the shared card back) and reprints
mostly what it printed before, so faces are rendered once per content and kept in the print
cache. The faces still missing render together in one document (WeasyPrint's set-up is paid
once, not per card), split across two processes when there are enough of them to be worth
it, then cut into one PDF per face.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from io import BytesIO

import django
import pikepdf
from django.template.loader import render_to_string

from cards.pdf import html_to_pdf
from cards.printing import cache, geometry
from cards.printing.faces import Face

FACES_TEMPLATE = "cards/print/faces.html"
# Below this many faces to draw, a second process costs more than it saves.
FAN_OUT_MIN = 16
# Faces drawn between two progress reports of a background job.
PROGRESS_STEP = 36


def faces_html(faces: list[Face]) -> str:
    return render_to_string(
        FACES_TEMPLATE,
        {
            "title": "Card faces",
            "faces": faces,
            "width": f"{geometry.CARD_WIDTH:.3f}mm",
            "height": f"{geometry.CARD_HEIGHT:.3f}mm",
        },
    )


def split_pages(pdf: bytes) -> list[bytes]:
    """One PDF per page, each keeping only the fonts and images its own page draws."""
    parts = []
    with pikepdf.open(BytesIO(pdf)) as document:
        for page in document.pages:
            single = pikepdf.new()
            single.pages.append(page)
            single.pages[0].remove_unreferenced_resources()
            buffer = BytesIO()
            single.save(buffer)
            parts.append(buffer.getvalue())
    return parts


def draw(html: str) -> list[bytes]:
    """HTML with one face per page → one PDF per face. Runs in either process."""
    return split_pages(html_to_pdf(html))


_pool: ProcessPoolExecutor | None = None


def helper_process() -> ProcessPoolExecutor:
    """A second process kept for the life of this one; spawned, not forked, so it never
    inherits a locked mutex from a thread of ours."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=django.setup,
        )
        atexit.register(_pool.shutdown, cancel_futures=True)
    return _pool


def fan_out(faces: list[Face]) -> bool:
    return len(faces) >= FAN_OUT_MIN and (os.cpu_count() or 1) > 1


def render_faces(faces: list[Face]) -> list[bytes]:
    """One-page PDFs of the faces, in order."""
    if not faces:
        return []
    if not fan_out(faces):
        return draw(faces_html(faces))
    half = len(faces) // 2
    later = helper_process().submit(draw, faces_html(faces[half:]))
    return draw(faces_html(faces[:half])) + later.result()


def face_pdfs(distinct: dict[str, Face], *, progress=None) -> dict[str, bytes]:
    """{face key: one-page PDF} for faces by key, from the cache or freshly drawn. With
    `progress`, faces are drawn a batch at a time and progress(done, total) is called after
    each (a background job's progress bar)."""
    found = {key: cache.load(cache.FACES, key) for key in distinct}
    missing = [key for key, pdf in found.items() if pdf is None]
    if progress:
        progress(len(found) - len(missing), len(found))  # those in the cache are done
    step = PROGRESS_STEP if progress else max(len(missing), 1)
    for start in range(0, len(missing), step):
        batch = missing[start : start + step]
        for key, pdf in zip(batch, render_faces([distinct[k] for k in batch]), strict=True):
            cache.store(cache.FACES, key, pdf)
            found[key] = pdf
        if progress:
            progress(len(found) - len(missing) + start + len(batch), len(found))
    return found
