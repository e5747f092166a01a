"""Sheets composed from a chrome PDF and card faces placed as reusable forms: each face is
stored once however often it is drawn, and lands exactly where it was placed."""

from io import BytesIO
from itertools import permutations

import pikepdf
import pypdfium2 as pdfium
import pytest
from pypdf.generic import ContentStream

from cards.pdf import html_to_pdf
from cards.printing import grounds
from cards.printing.compose import SHARED, Placement, compose, pt
from cards.printing.rendering import render_faces
from tests.cards import pdf_reading as pdf
from tests.cards.sample_faces import character, crew

BLANK_PAGES = """<style>@page { size: 100mm 120mm; margin: 0 }
section { break-after: page; height: 120mm }</style><section></section><section></section>"""


@pytest.fixture(scope="module")
def parts():
    one, two = render_faces(crew(2))
    return html_to_pdf(BLANK_PAGES), {"one": one, "two": two}


def forms_in(document):
    reader = pdf.read(document)
    return {
        xobject.idnum
        for page in reader.pages
        for xobject in page["/Resources"].get("/XObject", {}).values()
        if xobject.get_object().get("/Subtype") == "/Form"
    }


def test_a_face_drawn_many_times_is_stored_once(parts):
    chrome, faces = parts
    first = [Placement("one", 0, 0), Placement("one", 20, 10), Placement("two", 30, 30)]
    result = compose(chrome, [first, [Placement("one", 5, 5)]], faces.items())
    assert len(forms_in(result)) == 2
    reader = pdf.read(result)
    drawn = [
        operator
        for page in reader.pages
        for _, operator in ContentStream(page.get_contents(), reader).operations
        if operator == b"Do"
    ]
    assert len(drawn) == 4


def test_each_face_lands_on_its_placement_to_the_hundredth_of_a_millimetre(parts):
    chrome, faces = parts
    result = compose(chrome, [[Placement("two", 12.345, 6.789)], []], faces.items())
    first, second = pdf.read(result).pages
    ((x, y, width, height),) = pdf.card_rects(first)
    assert (x, y) == (pytest.approx(12.345, abs=0.01), pytest.approx(6.789, abs=0.01))
    assert (width, height) == (pytest.approx(63.5, abs=0.01), pytest.approx(88.9, abs=0.01))
    assert "CREW 2" in first.extract_text()
    assert pdf.card_rects(second) == []


def test_chrome_and_placements_must_agree_on_the_page_count(parts):
    chrome, faces = parts
    with pytest.raises(ValueError, match="2 pages"):
        compose(chrome, [[Placement("one", 0, 0)]], faces.items())


def test_faces_arriving_in_any_order_make_the_same_pdf(parts):
    """Faces are copied in as helpers finish them, in whatever order that is: the file must
    not depend on it (nor must which of two subsets of one font keeps its name)."""
    chrome, faces = parts
    pages = [[Placement("one", 0, 0), Placement("two", 30, 30)], [Placement("one", 5, 5)]]
    in_order = compose(chrome, pages, iter(faces.items()))
    backwards = compose(chrome, pages, iter(reversed(faces.items())))
    assert in_order == backwards


def test_a_face_that_never_arrives_is_an_error_not_a_blank_card(parts):
    chrome, faces = parts
    with pytest.raises(KeyError, match="two"):
        compose(chrome, [[Placement("two", 0, 0)], []], iter([("one", faces["one"])]))


def shared_forms(document: bytes) -> list[str]:
    """The SHARED value of every form stored in the file."""
    with pikepdf.open(BytesIO(document)) as opened:
        return [
            str(item[SHARED])
            for item in opened.objects
            if isinstance(item, pikepdf.Stream) and SHARED in item.stream_dict
        ]


def test_a_piece_of_a_ground_many_faces_draw_is_stored_once(parts):
    """Two Pulp Alley cards draw the same frame, Level and dice: the job stores each of those
    pieces once, not once a card, and the cards still print their own names over them."""
    chrome, faces = parts
    first = [Placement("one", 0, 0), Placement("two", 30, 0)]
    result = compose(chrome, [first, []], faces.items())
    stored = shared_forms(result)
    assert stored and len(stored) == len(set(stored))
    assert len(stored) == len(set(shared_forms(faces["one"])) | set(shared_forms(faces["two"])))
    text = pdf.read(result).pages[0].extract_text().upper()
    assert "CREW 1" in text and "CREW 2" in text and "HEALTH" in text


def test_faces_over_pieces_drawn_apart_make_the_same_pdf_in_any_order(monkeypatch):
    """Pieces drawn in different documents bring different subsets of one font under one
    name, and a piece two faces share is copied in once, with the face that comes first:
    which subset keeps the name must still not depend on which face that was."""
    monkeypatch.setattr(grounds, "_drawn", type(grounds._drawn)())
    (veteran,) = render_faces([character("Veteran", level=4, type_name="Leader")])
    (recruit,) = render_faces([character("Recruit", level=1, type_name="Follower")])
    (sidekick,) = render_faces([character("Sidekick", level=3, type_name="Sidekick")])
    faces = {"veteran": veteran, "recruit": recruit, "sidekick": sidekick}
    chrome = html_to_pdf(BLANK_PAGES)
    pages = [[Placement(key, 0, 0) for key in faces], [Placement("recruit", 5, 5)]]
    made = {compose(chrome, pages, iter(order)) for order in permutations(faces.items())}
    assert len(made) == 1


def test_a_face_drawn_in_several_streams_is_placed_whole(parts):
    """A face's form is made of its page's content: a page drawn in two streams (a mark
    added after the card) prints both, the card and the mark over it, where it is placed."""
    chrome, faces = parts
    with pikepdf.open(BytesIO(faces["one"])) as face:
        page = face.pages[0]
        mark = b"0 0 1 rg 0 0 20 20 re f"  # a blue square 20 pt wide, over the card
        page.contents_add(face.make_stream(mark))
        assert isinstance(page.obj.Contents, pikepdf.Array)
        buffer = BytesIO()
        face.save(buffer)
    result = compose(chrome, [[Placement("marked", 10, 10)], []], [("marked", buffer.getvalue())])
    assert "CREW 1" in pdf.read(result).pages[0].extract_text()
    picture = pdfium.PdfDocument(result)[0].render(scale=1).to_pil().convert("RGB")  # px = pt
    card = picture.crop(tuple(round(pt(mm)) for mm in (10, 10, 10 + 63.5, 10 + 88.9)))
    blue = sum(1 for pixel in card.getdata() if pixel == (0, 0, 255))
    assert blue == pytest.approx(20 * 20, rel=0.15)
    assert picture.getpixel((5, 5)) == (255, 255, 255)  # nothing beside the card
