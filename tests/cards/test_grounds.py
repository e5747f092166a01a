"""cards/printing/grounds.py: a card drawn as its face over its design's ground is the very
card a whole-card document draws, and the ground is drawn once, not once a card."""

from dataclasses import replace

import pypdfium2 as pdfium
import pytest
from django.template import Context, Template
from django.test.utils import override_settings

from cards.pdf import PRINT_STYLESHEETS, html_to_pdf
from cards.printing import grounds, rendering
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
    assert "<table" in grounds.markup(CARDS["plain"])
    assert "<table" not in grounds.markup(CARDS["with no skills"])


def test_a_design_without_a_ground_draws_its_face_alone():
    card_back = BACK.face(back(title="Pulp Alley", subtitle="Cliffhanger"), title="back")
    assert grounds.markup(card_back) is None
    (drawn,) = faces_drawn([card_back])
    assert pixels(drawn).tobytes() == pixels(whole_card(card_back)).tobytes()


def test_each_ground_is_drawn_once_for_a_whole_crew(monkeypatch):
    drawn = []
    draw = grounds.html_to_pdf
    monkeypatch.setattr(grounds, "_drawn", type(grounds._drawn)())
    monkeypatch.setattr(grounds, "html_to_pdf", lambda *a: drawn.append(a) or draw(*a))
    crew = [character(f"Crew {number}") for number in range(1, 8)]
    faces_drawn(crew + [CARDS["with no skills"]])
    assert len(drawn) == 2  # one with the profile strip, one without


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
