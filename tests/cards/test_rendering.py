"""Drawing card faces: one card-sized page per face, in order, whether one process draws them
or two share the work."""

import pytest

from cards.printing import rendering
from tests.cards import pdf_reading as pdf
from tests.cards.sample_faces import crew


def check_faces(parts, names):
    assert len(parts) == len(names)
    for part, name in zip(parts, names, strict=True):
        reader = pdf.read(part)
        (page,) = reader.pages
        assert pdf.size_mm(page) == (pytest.approx(63.5, abs=0.01), pytest.approx(88.9, abs=0.01))
        assert name.upper() in page.extract_text()
        assert pdf.card_rects(page) == [(0.0, 0.0, 63.5, 88.9)]


def test_each_face_comes_back_as_its_own_card_sized_pdf():
    faces = crew(3)
    check_faces(rendering.render_faces(faces), [face.title for face in faces])


def test_a_face_pdf_keeps_only_the_fonts_its_own_card_uses():
    # The faces are drawn in one document; cut apart, each keeps what it draws and no more.
    one, *_ = rendering.render_faces(crew(3))
    assert "CREW 2" not in pdf.text(pdf.read(one))
    assert len(pdf.read(one).pages) == 1


def test_two_processes_draw_the_same_faces_in_the_same_order(monkeypatch):
    monkeypatch.setattr(rendering, "FAN_OUT_MIN", 2)
    monkeypatch.setattr(rendering.os, "cpu_count", lambda: 2)
    faces = crew(5)
    assert rendering.fan_out(faces)
    check_faces(rendering.render_faces(faces), [face.title for face in faces])
