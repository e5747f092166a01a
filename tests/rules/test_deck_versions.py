"""A change to a game's card decks, made on a copy of its fixtures, is a new version naming
the deck and the card's face that changed, and What's new lists it; the same files twice make
none, and a version recorded before decks counted makes no version claiming every deck new."""

import shutil

import pytest
import yaml
from django.test import Client

from rules.data_versions import changes_between
from rules.fixture_folder import FIXTURES_DIR
from rules.loading import load_rules
from rules.models import DataVersion, Deck, DeckCard, Ruleset

pytestmark = pytest.mark.django_db

DECK_FILE = "fortune-deck.yaml"


def copied_game(tmp_path, slug="pulp-alley"):
    shutil.copytree(FIXTURES_DIR / slug, tmp_path / slug)
    return tmp_path / slug / DECK_FILE


def edit_cards(path, change):
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(document["cards"])
    path.write_text(yaml.safe_dump(document), encoding="utf-8")


def first_card_reworded(cards):
    cards[0]["effect"] = "It rolls one die fewer for Might this turn."


def latest(slug="pulp-alley"):
    return DataVersion.objects.filter(ruleset__slug=slug).first()


def test_a_deck_card_change_is_a_version_naming_the_deck(rules_data, tmp_path):
    path = copied_game(tmp_path)
    before = latest().number
    assert load_rules(tmp_path).versions == []  # the shipped decks, loaded again: no version

    edit_cards(path, first_card_reworded)
    (version,) = load_rules(tmp_path).versions
    assert version.number == before + 1
    assert version.changes == {
        "added": [],
        "removed": [],
        "changed": [
            {
                "kind": "deck",
                "slug": "fortune",
                "name": "Fortune deck",
                "fields": ["card 01 effect"],
            }
        ],
    }
    assert load_rules(tmp_path).versions == []  # loading the same files twice makes none

    page = Client().get("/rules/pulp-alley/whats-new/").content.decode()
    assert "Changed: <strong>Fortune deck</strong>" in page and "card 01 effect" in page


def test_a_card_taken_out_of_its_file_leaves_the_deck_in_a_version(rules_data, tmp_path):
    path = copied_game(tmp_path)
    edit_cards(path, lambda cards: cards.pop())
    (version,) = load_rules(tmp_path).versions
    (row,) = version.changes["changed"]
    assert (row["slug"], row["fields"]) == ("fortune", ["card 45 (gone)"])
    assert not DeckCard.objects.filter(deck__slug="fortune", number="45").exists()


def test_a_version_recorded_before_decks_counted_makes_no_spurious_one(rules_data, tmp_path):
    path = copied_game(tmp_path)
    old = latest()
    snapshot = {name: value for name, value in old.snapshot.items() if name != "decks"}
    DataVersion.objects.filter(pk=old.pk).update(snapshot=snapshot)

    # The deploy's first load: today's decks become that version's baseline, no version.
    assert load_rules(tmp_path).versions == []
    old.refresh_from_db()
    assert old.snapshot["decks"]["fortune"]["cards"]["01"]["copies"] == 2
    # Only what both snapshots recorded is compared: no deck reads as added.
    assert changes_between(snapshot, old.snapshot) == {"added": [], "removed": [], "changed": []}

    edit_cards(path, first_card_reworded)  # from then on a deck change is a version
    (version,) = load_rules(tmp_path).versions
    assert [row["slug"] for row in version.changes["changed"]] == ["fortune"]
    assert Ruleset.objects.get(slug="pulp-alley").data_versions.count() == old.number + 1


def test_a_deck_whose_file_is_gone_leaves_the_game_in_a_version(rules_data, tmp_path):
    """The rules data is what the files say: a deck file taken out takes its deck and its
    cards with it (no Print page prints it on), and the version says the deck went."""
    copied_game(tmp_path).unlink()
    loaded = load_rules(tmp_path)
    (version,) = loaded.versions
    assert version.changes["removed"] == [
        {"kind": "deck", "slug": "fortune", "name": "Fortune deck"}
    ]
    assert loaded.removed == 1
    assert not Deck.objects.filter(ruleset__slug="pulp-alley", slug="fortune").exists()
    assert not DeckCard.objects.filter(deck__slug="fortune").exists()
    assert Deck.objects.filter(ruleset__slug="pulp-alley").exists()  # its other decks stay
    assert Client().get("/rules/pulp-alley/decks/fortune/").status_code == 404
    page = Client().get("/rules/pulp-alley/whats-new/").content.decode()
    removed = page[page.index("Removed: <strong>Fortune deck</strong>") :].split("</li>")[0]
    assert "no longer printed" in removed and "legacy entry" not in removed  # no roster picks one
    assert load_rules(tmp_path).versions == []
