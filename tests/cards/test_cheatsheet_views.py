"""The Cheat Sheets page and its downloads: a quick reference per ruleset (or word that it is
coming), and a rules reference for each of the player's own rosters, nobody else's."""

import pytest
from django.urls import reverse

from rosters.models import Character, Roster, RosterMember
from rules.models import Ruleset
from tests.cards.pdf_reading import read, text

pytestmark = pytest.mark.django_db


SKILLS = ("brawl", "shoot", "dodge", "might", "finesse", "cunning")


@pytest.fixture
def league(player, pulp_alley):
    roster = Roster.objects.create(
        owner=player, ruleset=pulp_alley, name="Smith's Irregulars", choices={"perks": []}
    )
    members = [
        (
            "Singapore Smith",
            "leader",
            "d10",
            "3d8 3d10 3d10 2d8 3d10 2d10",
            ["sharp", "deadeye", "hardened-veteran"],
        ),
        ("Enki", "ally", "d6", "2d6 2d6 1d6 1d6 1d6 1d6", ["marksman"]),
    ]
    for position, (name, kind, health, dice, abilities) in enumerate(members):
        profile = {
            "health": health,
            "skills": dict(zip(SKILLS, dice.split(), strict=True)),
            "abilities": abilities,
        }
        card = Character.objects.create(
            owner=player, ruleset=pulp_alley, character_type=kind, name=name, profile=profile
        )
        RosterMember.objects.create(roster=roster, character=card, position=position)
    return roster


def pdf_text(response):
    return " ".join(text(read(response.content)).split())


@pytest.fixture
def homebrew(rules_data):
    """A ruleset with no cheat-sheet data."""
    return Ruleset.objects.create(
        slug="homebrew", name="Homebrew", edition="1", source_book="Notes", force_name="gang"
    )


def test_the_page_offers_pulp_alleys_sheet_and_says_which_are_coming(client, homebrew):
    response = client.get(reverse("cheatsheets:index"))
    assert response.status_code == 200
    cards = response.content.decode().split('class="ruleset-card"')[1:]
    pulp_alley = next(card for card in cards if "<h3>Pulp Alley</h3>" in card)
    assert reverse("cheatsheets:quick_reference", args=["pulp-alley"]) in pulp_alley
    coming = next(card for card in cards if "<h3>Homebrew</h3>" in card)
    assert "coming" in coming and ".pdf" not in coming


def test_the_quick_reference_downloads_as_a_two_page_pdf(client, rules_data):
    response = client.get(reverse("cheatsheets:quick_reference", args=["pulp-alley"]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    disposition = response["Content-Disposition"]
    assert disposition == 'attachment; filename="pulp-alley-quick-reference.pdf"'
    reader = read(response.content)
    assert len(reader.pages) == 2
    assert "WHERE DO I LOOK?" in text(reader)


@pytest.mark.parametrize("slug", ["homebrew", "no-such-game"])
def test_no_sheet_no_download(client, homebrew, slug):
    response = client.get(reverse("cheatsheets:quick_reference", args=[slug]))
    assert response.status_code == 404


def test_the_page_lists_my_rosters_with_their_reference(player_client, league):
    page = player_client.get(reverse("cheatsheets:index")).content.decode()
    assert "Smith&#x27;s Irregulars" in page
    assert reverse("cheatsheets:roster_reference", args=[league.pk]) in page


def test_my_roster_reference_prints_my_characters_and_only_their_abilities(player_client, league):
    response = player_client.get(reverse("cheatsheets:roster_reference", args=[league.pk]))
    assert response.status_code == 200
    assert "smiths-irregulars-rules-reference.pdf" in response["Content-Disposition"]
    words = pdf_text(response)
    assert "Singapore Smith" in words and "Enki" in words
    for ability in ("Sharp", "Deadeye", "Hardened Veteran", "Marksman"):
        assert ability in words
    assert "Crafty" not in words and "Commander" not in words


def test_nobody_else_gets_my_roster_reference(client, rival, league):
    url = reverse("cheatsheets:roster_reference", args=[league.pk])
    assert client.get(url).status_code == 404
    client.force_login(rival)
    assert client.get(url).status_code == 404
