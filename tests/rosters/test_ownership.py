"""Owners only: anybody else gets 404, never a hint that the thing exists."""

import pytest

from rosters.models import Character, Roster

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(player, pulp_alley):
    return Roster.objects.create(owner=player, ruleset=pulp_alley, name="Smith's League")


def test_owner_sees_their_roster(player_client, league):
    response = player_client.get(f"/rosters/{league.pk}/")
    assert response.status_code == 200
    assert "Smith&#x27;s League" in response.content.decode()


def test_another_player_gets_404(client, rival, league):
    client.force_login(rival)
    assert client.get(f"/rosters/{league.pk}/").status_code == 404


def test_anonymous_visitor_gets_404(client, league):
    assert client.get(f"/rosters/{league.pk}/").status_code == 404


def test_roster_list_shows_only_my_rosters(client, rival, league, pulp_alley):
    Roster.objects.create(owner=rival, ruleset=pulp_alley, name="Rival Gang")
    client.force_login(rival)
    page = client.get("/rosters/").content.decode()
    assert "Rival Gang" in page
    assert "Smith" not in page


def test_my_cards_shows_only_my_cards(client, player, rival, pulp_alley):
    Character.objects.create(owner=player, ruleset=pulp_alley, character_type="leader", name="Arge")
    Character.objects.create(owner=rival, ruleset=pulp_alley, character_type="leader", name="Wolf")
    client.force_login(rival)
    page = client.get("/cards/").content.decode()
    assert "Wolf" in page
    assert "Arge" not in page


def test_roster_names_are_escaped(player_client, player, pulp_alley):
    roster = Roster.objects.create(
        owner=player, ruleset=pulp_alley, name="<script>alert(1)</script>"
    )
    page = player_client.get(f"/rosters/{roster.pk}/").content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;" in page


def test_only_games_with_a_roster_engine_can_be_chosen(player_client, rules_data):
    from rules.models import Ruleset

    # Listed with its books but no definition registered (all four shipped games have one).
    unplayable = Ruleset.objects.create(
        slug="dime-novel", name="Dime Novel", edition="1", source_book="Rules", force_name="gang"
    )
    page = player_client.get("/rosters/").content.decode()
    assert ">Pulp City<" in page and ">Pulp Fiction<" in page and ">Dime Novel<" not in page
    response = player_client.post("/rosters/", {"ruleset": unplayable.pk, "name": "Team"})
    assert response.status_code == 200
    assert not Roster.objects.filter(name="Team").exists()
