"""What every registered ruleset must do, whatever the game: its example force (in
fixtures/<slug>/samples/) validates legal, prints true-size cards, and gets both cheat sheets;
each deck it names prints. A new game is judged by this suite the moment it registers."""

import math

import pytest

from cards import cheatsheets
from cards.printing.sheets import PrintOptions, print_cards
from cards.printing.sources import deck_cards, roster_file_faces
from rosters.format import read_roster
from rosters.samples import samples_dir
from rules.engines import evaluate
from rules.fixture_book import rules_book_from_fixtures
from rules.rulesets import REGISTRY
from tests.cards import pdf_reading

CARDS_A_SHEET = 9


@pytest.fixture(params=list(REGISTRY), ids=list(REGISTRY))
def definition(request):
    return REGISTRY[request.param]


@pytest.fixture
def example(definition):
    return read_roster(samples_dir(definition.slug) / definition.example)


def test_its_example_force_is_a_legal_force_of_its_game(definition, example):
    assert example["ruleset"] == definition.slug
    report = evaluate(example, rules_book_from_fixtures(definition.slug))
    assert report.legal, [finding.to_dict() for finding in report.of_severity("error")]
    assert report.ruleset == definition.slug


def test_its_example_force_prints_one_card_for_each_character(definition, example):
    faces = roster_file_faces(
        example, rules_book_from_fixtures(definition.slug), ruleset_name=definition.slug
    )
    result = print_cards(faces, PrintOptions())
    assert len(faces) == len(example["characters"]) > 0
    assert result.pages == math.ceil(len(faces) / CARDS_A_SHEET)
    assert result.pdf.startswith(b"%PDF")


# The games Cliffhanger ships, whose quick references promise two pages.
SHIPPED = ("pulp-alley", "7tv", "pulp-city", "pulp-fiction")
# Each paper's size in points, as WeasyPrint writes it.
SHEET_PAPER_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


@pytest.mark.parametrize("paper", cheatsheets.SHEET_PAPERS)
def test_each_page_of_its_quick_reference_fits_one_sheet_of_either_paper(definition, paper):
    """The sheet's data lays out its pages (the shipped games' two); on A4 and on US Letter
    each prints on one sheet of that paper, none spilling onto another."""
    sheet = cheatsheets.quick_reference(definition.slug)
    assert sheet.sections and sheet.index
    reader = pdf_reading.read(cheatsheets.quick_reference_pdf(definition.slug, paper))
    assert [tuple(round(v, 1) for v in pdf_reading.size_pt(page)) for page in reader.pages] == [
        tuple(round(v, 1) for v in SHEET_PAPER_PT[paper])
    ] * len(sheet.pages)


def test_the_shipped_games_quick_references_are_two_pages():
    assert {
        slug: len(cheatsheets.quick_reference(slug).pages) for slug in SHIPPED
    } == dict.fromkeys(SHIPPED, 2)


def test_its_example_force_gets_a_rules_reference(definition, example):
    rules = rules_book_from_fixtures(definition.slug)
    reference = cheatsheets.roster_reference(example, rules)
    assert reference.tables
    assert cheatsheets.roster_reference_pdf(example, rules).startswith(b"%PDF")


def test_every_deck_it_names_prints(definition, rules_data):
    for deck in definition.deck_faces:
        printable = deck_cards(definition.slug, deck)
        assert printable.faces and not printable.skipped, deck
