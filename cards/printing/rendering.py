"""Each distinct card face drawn once, by WeasyPrint, to a one-page PDF the size of the card.

A print job places the same face many times (copies, the shared card back) and reprints
mostly what it printed before, so faces are rendered once per content and kept in the print
cache. The faces still missing are drawn a part at a time, each part one document of a few
faces (WeasyPrint's set-up is paid per part, not per card, and its memory stays that of a
few pages), then cut into one PDF per face. A job big enough to pay for it hands its parts
to helper processes, one per core (settings.PRINT_PROCESSES), which draw them side by side;
once they run, every job's faces go to them, and the requesting process draws the job's
chrome meanwhile.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from io import BytesIO

import django
import pikepdf
from django.conf import settings
from django.template.loader import render_to_string

from cards.pdf import PRINT_STYLESHEETS, html_to_pdf
from cards.printing import cache, geometry, grounds, stand_ins
from cards.printing.faces import BACK, Face, back

FACES_TEMPLATE = "cards/print/faces.html"
# Faces per WeasyPrint document. Measured: 12 faces a document cost no more per face than 36
# (3 a document cost a third more), and a part this small spreads evenly over the processes.
FACES_PER_PART = 12
# Below this many faces to draw, starting helper processes costs more than it saves.
FAN_OUT_MIN = 16


def faces_html(faces: list[Face], *, editing=False) -> str:
    return render_to_string(
        FACES_TEMPLATE,
        {
            "title": "Card faces",
            "faces": faces,
            "editing": editing,
            "width": f"{geometry.CARD_WIDTH:.3f}mm",
            "height": f"{geometry.CARD_HEIGHT:.3f}mm",
        },
    )


def drawing(
    faces: list[Face], *, editing=False
) -> tuple[str, list[list[str]], list[stand_ins.Portrait | None]]:
    """What draw() takes for these faces: their HTML with a stand-in for each portrait, the
    markup of their grounds' pieces (grounds.py) and the portraits (stand_ins.py).
    `editing`: the faces are a card being edited, to be drawn again and again with one
    thing changed, so what it keeps is drawn apart, once (grounds.py)."""
    shown, portraits = stand_ins.stood_in(faces)
    pieces = [grounds.markup(face, editing=editing) for face in faces]
    return faces_html(shown, editing=editing), pieces, portraits


def split_pages(pdf: bytes, under=(), portraits=()) -> list[bytes]:
    """One PDF per page, each keeping only the fonts and images its own page draws; page i
    with `under[i]`'s one-page PDFs (its ground's pieces) drawn beneath it and `portraits[i]`
    laid in for its stand-in, where there are."""
    parts = []
    with pikepdf.open(BytesIO(pdf)) as document:
        count = len(document.pages)
        under, portraits = list(under) or [()] * count, list(portraits) or [None] * count
        for page, pieces, portrait in zip(document.pages, under, portraits, strict=True):
            single = pikepdf.new()
            single.pages.append(page)
            if pieces:
                grounds.lay_under(
                    single, single.pages[0], [grounds.opened(piece) for piece in pieces]
                )
            single.pages[0].remove_unreferenced_resources()
            if portrait is not None:
                stand_ins.lay_in(single.pages[0], portrait)
            buffer = BytesIO()
            single.save(buffer)
            parts.append(buffer.getvalue())
    return parts


def draw(html: str, pieces=(), portraits=()) -> list[bytes]:
    """HTML with one face per page → one PDF per face, each over its ground (`pieces[i]`,
    the markup of its pieces, perhaps none) with its portrait laid in for its stand-in
    (drawing() gives all three). Runs in any process."""
    drawn = iter(grounds.pdfs([markup for face in pieces for markup in face]))
    under = [[next(drawn) for _ in face] for face in pieces]
    return split_pages(html_to_pdf(html, PRINT_STYLESHEETS), under, portraits)


# How often a helper looks whether the process it draws for is still there.
PARENT_CHECK_SECONDS = 1


def die_with(parent: int):
    """End this helper once `parent` is gone. A parent killed outright (SIGKILL, out of
    memory) cannot stop its helpers, and they would wait for parts for ever, holding their
    memory. Asking for the parent's pid from a thread of the helper's own works whichever
    thread of the parent started it (a death signal from the kernel follows the thread, and
    a request thread ends long before the helpers should)."""

    def watch():
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="die-with-parent", daemon=True).start()


def start_helper(parent: int):
    """A helper process's start: bound to its parent's life, Django, then one card drawn so
    the fonts are decoded before the first real part arrives (a second of work, paid once
    per process)."""
    die_with(parent)
    django.setup()
    blank = BACK.face(back(title="Cliffhanger", subtitle=""), title="Card back")
    draw(*drawing([blank]))


_pool: ProcessPoolExecutor | None = None


def helpers() -> ProcessPoolExecutor:
    """The helper processes, kept for the life of this one; spawned, not forked, so none
    inherits a locked mutex from a thread of ours."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(
            max_workers=settings.PRINT_PROCESSES,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=start_helper,
            initargs=(os.getpid(),),
        )
        atexit.register(_pool.shutdown, cancel_futures=True)
    return _pool


def warm_helpers() -> bool:
    """Start every helper process now rather than with the first big job, so that job does
    not wait for their start (spawn, Django, a card drawn for the fonts: seconds each on a
    busy machine). For a process that waits for jobs, a print worker; whether they were
    started (not where one process draws everything)."""
    if settings.PRINT_PROCESSES < 2 or not helpers_can_start():
        return False
    pool = helpers()
    # The pool starts one more process for each task handed to it while none is idle.
    for _ in range(settings.PRINT_PROCESSES):
        pool.submit(os.getpid)
    return True


def forget_helpers():
    """Drop a pool whose process died (killed for memory, say): the next job starts anew."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
    _pool = None


def helpers_can_start() -> bool:
    """Whether spawned helpers can start here. spawn starts each by importing this process's
    main module again, from its module name or its file; a script read from standard input
    (`python - <<EOF`) has a file name, "<stdin>", but no file, and every helper would die
    at start. Such a script draws its faces itself."""
    main = sys.modules.get("__main__")
    if getattr(main, "__spec__", None) is not None:
        return True
    path = getattr(main, "__file__", None)
    return path is None or os.path.isfile(path)


def fan_out(faces: list[Face]) -> bool:
    """Whether helper processes draw the faces: from FAN_OUT_MIN faces, when starting them
    pays; and any job's faces once they run (a server that has printed a big job), which
    leaves this process free to draw the chrome meanwhile."""
    if settings.PRINT_PROCESSES < 2 or not faces or not helpers_can_start():
        return False
    return len(faces) >= FAN_OUT_MIN or _pool is not None


def parts_of(faces: list[Face], size=None) -> list[tuple[int, list[Face]]]:
    size = size or FACES_PER_PART  # read when called, so a test may set a smaller part
    return [(start, faces[start : start + size]) for start in range(0, len(faces), size)]


class HandedOut:
    """Parts handed to the helper processes, all at once: iterating yields each as it is
    finished; close() cancels those not yet begun (the caller stopped early)."""

    def __init__(self, pool: ProcessPoolExecutor, parts):
        self.futures = {pool.submit(draw, *drawing(chunk)): start for start, chunk in parts}

    def __iter__(self):
        try:
            for future in as_completed(self.futures):
                yield self.futures[future], future.result()
        except BrokenProcessPool:
            forget_helpers()
            raise
        finally:
            self.close()

    def close(self):
        for future in self.futures:
            future.cancel()


def drawn_parts(faces: list[Face]):
    """(index of a part's first face, the part's one-page PDFs) for every part, as each is
    finished: in order when this process draws them, in finishing order when helpers do.
    Helpers get every part before this returns, split so that each has work even in a small
    job; closing what it returns stops the drawing."""
    if not fan_out(faces):
        return ((start, draw(*drawing(chunk))) for start, chunk in parts_of(faces))
    size = min(FACES_PER_PART, -(-len(faces) // settings.PRINT_PROCESSES))
    return HandedOut(helpers(), parts_of(faces, size))


def render_faces(faces: list[Face]) -> list[bytes]:
    """One-page PDFs of the faces, in order."""
    pdfs: list[bytes] = [b""] * len(faces)
    for start, part in drawn_parts(faces):
        pdfs[start : start + len(part)] = part
    return pdfs


@contextmanager
def face_pdfs(distinct: dict[str, Face], *, progress=None):
    """Starts drawing the faces by key that the cache lacks and gives a function whose
    iterator yields (face key, one-page PDF) for every face: the cached ones, then each
    drawn one as its part is finished (and stored). What helpers draw is on its way before
    the body runs, so this process can draw something else meanwhile, and then use each face
    as it comes; leaving the body early cancels the parts not begun. With `progress`,
    progress(done, total) is called as each part is drawn (a background job's progress
    bar)."""
    found = {key: cache.load(cache.FACES, key) for key in distinct}
    missing = [key for key, pdf in found.items() if pdf is None]
    parts = drawn_parts([distinct[key] for key in missing])

    def arriving():
        done = len(found) - len(missing)  # those in the cache are done
        if progress:
            progress(done, len(found))
        yield from ((key, pdf) for key, pdf in found.items() if pdf is not None)
        for start, part in parts:
            for key, pdf in zip(missing[start : start + len(part)], part, strict=True):
                cache.store(cache.FACES, key, pdf)
                yield key, pdf
            done += len(part)
            if progress:
                progress(done, len(found))

    try:
        yield arriving
    finally:
        parts.close()
