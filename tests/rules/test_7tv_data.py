"""The 7TV data groundwork: the book's counts, with names that repeat kept apart by slug."""

from collections import Counter

import pytest

from rules.models import Deck, LibraryEntry

pytestmark = pytest.mark.django_db


def entries(kind):
    return LibraryEntry.objects.filter(ruleset__slug="7tv", kind=kind, owner=None)


def test_all_102_core_profiles_by_type_and_affiliation(rules_data):
    profiles = [entry.data for entry in entries("profile")]
    assert len(profiles) == 102
    by_type = Counter(p["type"] for p in profiles)
    assert by_type["extra"] == 57 and by_type["vehicle"] == 13
    stars = [p for p in profiles if p["type"] in ("star", "co-star")]
    assert Counter(p["affiliation"] for p in stars) == {"heroic": 16, "villainous": 16}


def test_profiles_carry_ratings_and_bulk_prices(rules_data):
    blade = entries("profile").get(slug="bold-blade")
    assert blade.cost == 10
    assert blade.data["stats"]["defence"] == 10
    bulk = [e for e in entries("profile") if e.data.get("bulk")]
    assert bulk and all({"size", "cost"} <= set(e.data["bulk"]) for e in bulk)


def test_missing_genres_are_marked_unknown_not_invented(rules_data):
    agent = entries("profile").get(slug="secret-agent")
    assert agent.data["genres"] is None
    assert agent.uncertain


def test_generic_effects_star_qualities_and_genres(rules_data):
    assert entries("special-effect").count() == 59
    assert entries("star-quality").count() == 32
    assert entries("genre").count() == 6


def test_two_different_quickdraws_are_two_entries(rules_data):
    quickdraws = entries("profile-effect").filter(data__printed_name="Quickdraw")
    assert {e.slug for e in quickdraws} == {"quickdraw-gunslinger", "quickdraw-grizzled-veteran"}
    assert len({e.summary for e in quickdraws}) == 2


def test_script_deck_has_39_cards_17_named_the_rest_open_slots(rules_data):
    cards = list(Deck.objects.get(ruleset__slug="7tv", slug="script").cards.all())
    assert len(cards) == 39
    named = [card for card in cards if card.name]
    assert len(named) == 17
    assert all(card.uncertain for card in cards if not card.name)


def test_the_evil_overlords_conflicting_genres_are_marked_uncertain(rules_data):
    overlord = LibraryEntry.objects.get(ruleset__slug="7tv", kind="profile", slug="evil-overlord")
    assert overlord.uncertain
    assert "Action" in overlord.note and "Fantasy" in overlord.note


def test_parry_lets_the_defender_choose_the_reroll(rules_data):
    parry = LibraryEntry.objects.get(ruleset__slug="7tv", kind="special-effect", slug="parry")
    assert "may choose" in parry.summary and "must" not in parry.summary
    assert parry.page == 40
