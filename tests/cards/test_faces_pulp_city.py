"""Pulp City card faces: the Supreme card shows what the book's cards show (p.8), and every
Agenda and Resource card of the book prints whole, checked against WeasyPrint's own layout."""

import json
from pathlib import Path

import pytest
from django.conf import settings

from cards.games.pulp_city import faces as pulp_city
from cards.printing.sheets import PrintOptions, print_cards
from rules.fixture_book import rules_book_from_fixtures
from rules.fixture_folder import FIXTURES_DIR, documents
from tests.cards.layout_reading import face_page_box, walk
from tests.cards.pdf_reading import read, size_mm, text

EXAMPLE = Path(settings.BASE_DIR) / "docs" / "examples" / "pulp-city-major-team-clash.json"
FOLDER = FIXTURES_DIR / "pulp-city"
CARD_KEYS = {"number", "name", "copies", "page", "uncertain", "note"}


@pytest.fixture(scope="module")
def rules():
    return rules_book_from_fixtures("pulp-city")


@pytest.fixture(scope="module")
def team():
    return {c["name"]: c for c in json.loads(EXAMPLE.read_text())["characters"]}


def deck(file):
    """The deck's cards as the print engine gets them from the database."""
    return [
        {**{key: card[key] for key in CARD_KEYS if key in card}, "data": card}
        for document in documents(FOLDER)
        if document.path.name == file
        for card in document.items
    ]


def test_the_supreme_card_shows_traits_with_trumps_level_and_gauges(rules, team):
    view = pulp_city.supreme_card(team["Captain Meridian"], rules)
    assert (view["level"], view["damage"], view["ap"], view["sides"]) == (3, "14", "7", ["Hero"])
    assert (view["origin"], view["team_allegiance"]) == ("Science", "Heavy Metal")
    trumps = [trait["label"] for trait in view["traits"] if trait["trump"]]
    assert trumps == ["Def", "Spi"]
    assert view["skills"] == ["Leader 2", "Immovable"]
    assert view["actions"][0]["notation"] == "(Strength vs. Defense / AP 2)"
    assert view["team_power"]["name"] == "Iron Discipline"
    assert "Inspire (Au3 / AP 3)" in view["trump_actions"]


def test_a_partial_book_supreme_prints_dashes_not_guesses(rules, team):
    view = pulp_city.supreme_card(team["Solar"], rules)
    assert view["damage"] == "–" and view["origin"] == "Origin ?"
    assert {trait["value"] for trait in view["traits"]} == {"–"}
    assert view["ap"] == "6"


def laid_out(face, classes):
    found = {}
    for box in walk(face_page_box(face)):
        element_class = (box.element.get("class") or "") if box.element is not None else ""
        if any(name in element_class.split() for name in classes) and box.children:
            last = box.children[-1]
            found[element_class] = (box, last.position_y + last.margin_height())
    return found


def fits(face, classes):
    boxes = laid_out(face, classes)
    assert boxes
    return all(bottom <= box.content_box_y() + box.height + 0.01 for box, bottom in boxes.values())


def test_the_example_team_prints_true_size_with_nothing_cut(rules, team):
    kinds = [
        pulp_city.SUPREME.face(pulp_city.supreme_card(c, rules), title=name)
        for name, c in team.items()
    ]
    assert all(face.problems == () for face in kinds)
    assert fits(kinds[0], ["pc-body"])
    reader = read(print_cards(kinds, PrintOptions()).pdf)
    assert len(reader.pages) == 1
    assert size_mm(reader.pages[0]) == pytest.approx((210, 297), abs=0.1)
    words = text(reader)
    assert "CAPTAIN MERIDIAN" in words.upper() and "Iron Discipline" in words


@pytest.mark.parametrize(
    ("file", "kind", "count"),
    [("agenda-deck.yaml", pulp_city.AGENDA, 14), ("resource-deck.yaml", pulp_city.RESOURCE, 18)],
)
def test_every_card_of_the_books_decks_prints_whole(file, kind, count):
    cards = deck(file)
    assert len(cards) == count
    faces = [kind.face(kind.view_model(card), title=card["name"]) for card in cards]
    assert [face.problems for face in faces] == [()] * count
    longest = max(faces, key=lambda face: len(json.dumps(face.data)))
    assert fits(longest, ["pc-deck-text", "pc-deck-title"])


def test_an_agenda_card_carries_its_blanks_and_who_may_take_it():
    cards = {card["name"]: card for card in deck("agenda-deck.yaml")}
    sabotage = pulp_city.agenda_card(cards["Sabotage"])
    assert sabotage["eligibility"] == "Villains"
    assert sabotage["write_ins"] == ["Sabotaging Villain", "Scenery 1", "Scenery 2", "Scenery 3"]
    eco = pulp_city.agenda_card(cards["Eco Warriors"])
    assert eco["eligibility"] == "Universal, Nature (?) Supremes"
    hq = pulp_city.agenda_card(cards["Protect the HQ"])
    assert hq["eligibility"] == "Universal, Encounter Level 12+"


def test_a_resource_card_shows_level_orders_and_printed_keywords():
    cards = {card["name"]: card for card in deck("resource-deck.yaml")}
    bots = pulp_city.resource_card(cards["Spy Bots"])
    assert (bots["category"], bots["facts"]) == ("Minion", "Level 1 · 3 per card")
    assert bots["keywords"] == "Mechanical, Blitzer 2, Levitate"
    assert (bots["shield"], bots["damage"]) == ("–", "–")
    sentry = pulp_city.resource_card(cards["Sentry Bots"])
    assert sentry["actions"][1]["notation"] == "(SBl2 / AP 1 for each)"
    assert sentry["requirement"] == "teams with a Science Supreme"
    anchor = pulp_city.resource_card(cards["Teleport Anchor"])
    assert (anchor["category"], anchor["shield"]) == ("Device", None)


def test_a_supreme_at_the_designer_s_most_prints_whole(rules, team, tmp_path):
    """The designer takes the roster file's bounds (traits, Damage and AP to 99, an
    attack's X to 99 and its range to 999): such a card still fits its face."""
    card = json.loads(json.dumps(team["Captain Meridian"]))
    profile = card["profile"]
    profile["traits"] = dict.fromkeys(profile["traits"], 99)
    profile |= {"damage": 99, "ap": 99}
    for action in profile["exclusive_actions"]:
        action |= {"attack": {"type": "bl", "radius": 99}, "range": 999}
    view = pulp_city.supreme_card(card, rules)
    assert (view["damage"], view["ap"]) == ("99", "99")
    face = pulp_city.SUPREME.face(view, title=card["name"])
    assert face.problems == ()
    assert fits(face, ["pc-body"])
    assert "rng 999" in text(read(print_cards([face], PrintOptions()).pdf))
