"""cards/pdf.py: Python's collector is paused while WeasyPrint draws and always comes back
(a server whose collector stayed off would grow without end)."""

import gc
import threading

import pytest
from weasyprint import HTML

from cards import pdf


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    gc.enable() if was else gc.disable()


def test_the_collector_is_off_while_a_pdf_is_drawn_and_on_after(collector_on, monkeypatch):
    seen = []
    write_pdf = HTML.write_pdf

    def watched(self, *args, **kwargs):
        seen.append(gc.isenabled())
        return write_pdf(self, *args, **kwargs)

    monkeypatch.setattr(HTML, "write_pdf", watched)
    drawn = pdf.html_to_pdf("<p>Singapore Smith</p>", pdf.PRINT_STYLESHEETS)
    assert drawn.startswith(b"%PDF")
    assert seen == [False]
    assert gc.isenabled()


def test_a_drawing_that_fails_turns_the_collector_back_on(collector_on, monkeypatch):
    def broken(self, *args, **kwargs):
        raise RuntimeError("out of paper")

    monkeypatch.setattr(HTML, "write_pdf", broken)
    with pytest.raises(RuntimeError):
        pdf.html_to_pdf("<p>Singapore Smith</p>")
    assert gc.isenabled()


def test_overlapping_drawings_keep_it_off_until_the_last_one_ends(collector_on):
    inside, leave = threading.Event(), threading.Event()

    def long_drawing():
        with pdf.collector_paused():
            inside.set()
            leave.wait(5)

    other = threading.Thread(target=long_drawing)
    other.start()
    assert inside.wait(5)
    with pdf.collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled(), "a short drawing ended while a long one still draws"
    leave.set()
    other.join(5)
    assert gc.isenabled()


def test_a_process_that_had_the_collector_off_keeps_it_off(collector_on):
    gc.disable()
    with pdf.collector_paused():
        pass
    assert not gc.isenabled()
