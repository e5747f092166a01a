"""The truth before paper: the Print page counts the values a job prints empty, and a
Heroes Starter Box whose Supremes the player filled in once prints with no blank left."""

import re

import pytest
from django.urls import reverse

from cards.printing.sources import roster_cards
from rosters.handlers.completions import complete_entry
from rosters.handlers.transfer import start_from_sample
from rules.models import Ruleset
from tests.cards import pdf_reading as pdf

pytestmark = pytest.mark.django_db

TRAITS = ("strength", "defense", "energy", "agility", "mind", "spirit")
# The player's own numbers off their cards, for what the Game Guide leaves empty.
OWN = {
    "solar": {"origin": "science", "damage": 10},
    "iron-train": {"origin": "science", "damage": 12, "ap": 5},
    "ace-of-wraiths": {"origin": "mystery", "damage": 9, "ap": 6, "sides": ["heroes"]},
    "red-riding-hoodoo": {"origin": "mystery", "damage": 7, "ap": 5, "sides": ["heroes"]},
    "androida": {"origin": "science", "damage": 7},
}


def fill_in_the_starter_box(player, ruleset):
    for slug, values in OWN.items():
        book = ruleset.entries.get(kind="supreme", slug=slug, owner=None).data
        traits = {t: 4 for t in TRAITS if book["traits"].get(t) is None}
        complete_entry(
            owner=player,
            ruleset=ruleset,
            kind="supreme",
            slug=slug,
            data={**values, "traits": traits, "sides": values.get("sides", [])},
        )


def test_the_print_page_counts_the_blanks_a_job_holds(player, player_client, rules_data):
    roster = start_from_sample(owner=player, slug="pulp-city-starter-box").roster
    query = {"source": f"roster-{roster.pk}"}
    page = player_client.get(reverse("printing:page"), query).content.decode()
    # Solar prints six Traits and his Damage as dashes; the count is of every card's.
    assert re.search(r"This job prints \d+ empty values on 5 cards: Solar 7, Iron Train", page)
    fill_in_the_starter_box(player, Ruleset.objects.get(slug="pulp-city"))
    assert roster_cards(player, roster.pk, {}).blanks == []


def test_a_filled_in_starter_box_prints_no_blank(player, player_client, rules_data):
    roster = start_from_sample(owner=player, slug="pulp-city-starter-box").roster
    fill_in_the_starter_box(player, Ruleset.objects.get(slug="pulp-city"))
    response = player_client.get(reverse("printing:pdf"), {"source": f"roster-{roster.pk}"})
    text = pdf.text(pdf.read(response.content))
    assert "SOLAR L2" in text and "ANDROIDA" in text
    assert "–" not in text and "—" not in text
    assert "Your values damage, origin, traits" in text  # never passed off as the book's
