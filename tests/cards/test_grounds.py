"""cards/printing/grounds.py: a card drawn as its face over its design's ground is the very
card a whole-card document draws, and the ground is drawn once, not once a card."""

import hashlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from io import BytesIO

import pikepdf
import pypdfium2 as pdfium
import pytest
from django.template import Context, Template
from django.test.utils import override_settings

from cards.pdf import PRINT_STYLESHEETS, html_to_pdf
from cards.printing import grounds, preview, rendering
from cards.printing.faces import BACK, back
from cards.printing.portrait_prints import jpeg_uri
from cards.printing.sources import roster_file_faces
from rosters.format import read_roster
from rosters.samples import sample_paths
from rules.fixture_book import rules_book_from_fixtures
from tests.cards import pdf_reading as pdf
from tests.cards.sample_faces import character
from tests.cards.test_print_views import jpeg

DPI = 150


def pixels(document: bytes):
    page = pdfium.PdfDocument(document)[0]
    return page.render(scale=DPI / 72).to_pil().convert("RGB")


def faces_drawn(faces):
    with override_settings(PRINT_PROCESSES=1):
        return rendering.render_faces(faces)


# One whole card on a page of its own size, its ground and face in one document, as a sheet
# with its cards (plain WeasyPrint) draws every card.
WHOLE_CARD = Template(
    """{% extends "cards/print/document.html" %}
{% block page_style %}@page { size: 63.5mm 88.9mm; margin: 0 }{% endblock %}
{% block pages %}{% include "cards/print/_card.html" %}{% endblock %}"""
)


def whole_card(face) -> bytes:
    return html_to_pdf(WHOLE_CARD.render(Context({"face": face})), PRINT_STYLESHEETS)


CARDS = {
    "plain": character("Crew 1"),
    "with a portrait": character("Crew 2", portrait_uri=jpeg_uri(jpeg((295, 366)))),
    "with flavour": character("Crew 3", flavour="Came back from Macau with one ear."),
    "with no skills": character("Crew 4", skills=[], health=None),
}


@pytest.mark.parametrize("name", CARDS)
def test_a_face_over_its_ground_is_the_whole_card(name):
    face = CARDS[name]
    (drawn,) = faces_drawn([face])
    assert pixels(drawn).tobytes() == pixels(whole_card(face)).tobytes()


@pytest.mark.parametrize("name", CARDS)
def test_a_card_being_edited_is_the_whole_card_too(name):
    """The designer's preview lays the card's text as a piece, apart from its face."""
    face = CARDS[name]
    (drawn,) = preview.card_pdfs([face])
    assert pixels(drawn).tobytes() == pixels(whole_card(face)).tobytes()


def test_a_face_alone_lacks_what_its_ground_draws():
    """The face template really leaves the frame and the labels to the ground: without it the
    card would print with neither (so the comparison above has something to compare)."""
    face = CARDS["plain"]
    alone = whole_card(replace(face, ground=None))
    assert "HEALTH" not in pdf.text(pdf.read(alone)).upper()
    (drawn,) = faces_drawn([face])
    assert "HEALTH" in pdf.text(pdf.read(drawn)).upper()
    assert pixels(alone).tobytes() != pixels(drawn).tobytes()


def test_a_card_with_no_skills_has_no_profile_strip_in_its_ground():
    frame, *pieces = grounds.markup(CARDS["plain"])
    assert "<table" in frame and len(pieces) == 1 + 7  # the identity; Health and six skills
    frame, *pieces = grounds.markup(CARDS["with no skills"])
    assert "<table" not in frame and len(pieces) == 1  # the identity alone


def test_a_card_being_edited_has_its_text_in_its_ground():
    *_, text = grounds.markup(CARDS["with flavour"], editing=True)
    assert "Marksman" in text and "Macau" in text
    assert len(grounds.markup(CARDS["with flavour"], editing=True)) == 1 + 1 + 7 + 1


def test_a_design_without_a_ground_draws_its_face_alone():
    card_back = BACK.face(back(title="Pulp Alley", subtitle="Cliffhanger"), title="back")
    assert grounds.markup(card_back) == []
    (drawn,) = faces_drawn([card_back])
    assert pixels(drawn).tobytes() == pixels(whole_card(card_back)).tobytes()


@pytest.fixture
def pieces_drawn(monkeypatch):
    """The pieces each ground document drew, from an empty memo of pieces."""
    drawn = []
    draw = grounds.html_to_pdf
    monkeypatch.setattr(grounds, "_drawn", type(grounds._drawn)())

    def counted(html, *styles):
        drawn.append(html.count("<section"))
        return draw(html, *styles)

    monkeypatch.setattr(grounds, "html_to_pdf", counted)
    return drawn


def test_each_piece_is_drawn_once_for_a_whole_crew_in_one_document(pieces_drawn):
    crew = [character(f"Crew {number}") for number in range(1, 8)]
    faces_drawn(crew + [CARDS["with no skills"]])
    # Two frames (with the strip and without), one identity (Level 2 Ally), and the
    # strip's seven boxes (Health and six skills), each value drawn in its own place.
    assert pieces_drawn == [2 + 1 + 7]


def test_a_renamed_card_or_a_new_ability_draws_no_piece_again(pieces_drawn):
    faces_drawn([CARDS["plain"]])
    faces_drawn([character("Crew 9", abilities=[], flavour="Never late.")])
    assert len(pieces_drawn) == 1


def test_a_card_being_renamed_in_the_designer_draws_no_piece_again(pieces_drawn):
    """Every letter typed into the name is a new card to draw: only its name and portrait
    are drawn again. New text is one piece."""
    preview.card_pdfs([character("S")])
    preview.card_pdfs([character("Si")])
    preview.card_pdfs([character("Sin")])
    preview.card_pdfs([character("Sin", abilities=[], flavour="Never late.")])
    assert pieces_drawn == [1 + 1 + 7 + 1, 1]


def test_a_new_level_or_die_draws_only_its_own_pieces(pieces_drawn):
    faces_drawn([CARDS["plain"]])
    skills = [("Brawl", "3d8"), *CARDS["plain"].data["skills"][1:]]
    faces_drawn([character("Crew 9", level=3, skills=skills)])
    assert pieces_drawn == [1 + 1 + 7, 1 + 1]  # the new identity and the new Brawl box


def test_pieces_are_the_cards_own_values_escaped():
    """A type or a die is the player's text in a house-ruled card: it reaches the page as
    text, not markup."""
    face = character("Crew 1", type_name="<b>Ally</b>")
    assert any("&lt;b&gt;Ally&lt;/b&gt;" in piece for piece in grounds.markup(face))
    (drawn,) = faces_drawn([face])
    assert "<B>ALLY</B>" in pdf.text(pdf.read(drawn)).upper()


def first_card_of_each_force():
    for stem, path in sample_paths().items():
        roster = read_roster(path)
        rules = rules_book_from_fixtures(roster["ruleset"])
        first = roster_file_faces(roster, rules, ruleset_name=roster["ruleset"])[0]
        yield from ((f"{stem} front", first), (f"{stem} back", first.back))


def test_every_design_drawn_apart_is_the_whole_card():
    """Each sample force's first card and its back, of every game, as the print engine draws
    faces (apart, over any ground) and as one whole-card document draws them."""
    named = list(first_card_of_each_force())
    drawn = faces_drawn([face for _, face in named])
    for (name, face), apart in zip(named, drawn, strict=True):
        assert pixels(apart).tobytes() == pixels(whole_card(face)).tobytes(), name


def test_a_card_carries_each_font_of_its_pieces_once():
    """Its pieces come from one document, with the same subsets: the card's PDF keeps one
    copy of each, not one a piece."""
    (drawn,) = faces_drawn([character("Crew 12", level=4, type_name="Leader")])
    with pikepdf.open(BytesIO(drawn)) as opened:
        programs = [
            hashlib.sha256(font.FontDescriptor.FontFile2.read_raw_bytes()).hexdigest()
            for font in opened.objects
            if isinstance(font, pikepdf.Dictionary)
            and "/FontDescriptor" in font
            and "/FontFile2" in font.FontDescriptor
        ]
    assert programs and len(programs) == len(set(programs))


def test_faces_drawn_in_threads_at_once_are_the_cards_drawn_alone():
    """A threaded server draws several previews at once, each thread laying the same pieces
    (opened once in each thread) under its own face."""
    cards = [character(f"Crew {number}", level=1 + number % 3) for number in range(8)]
    alone = [pixels(whole_card(face)).tobytes() for face in cards]
    with ThreadPoolExecutor(max_workers=4) as pool:
        at_once = list(pool.map(lambda face: faces_drawn([face])[0], cards * 2))
    assert [pixels(drawn).tobytes() for drawn in at_once] == alone * 2


def test_the_pieces_every_card_lays_are_kept_while_new_texts_come_and_go(pieces_drawn, monkeypatch):
    """Each card drawn brings a text of its own; the frame under every card stays drawn
    however many come after it."""
    monkeypatch.setattr(grounds, "PIECES_KEPT", 3)
    frame = grounds.markup(CARDS["plain"])[0]
    for number in range(6):
        grounds.pdfs([frame, f"<p>Text of card {number}</p>"])
    assert pieces_drawn == [2, 1, 1, 1, 1, 1]  # the frame once, then each new text
