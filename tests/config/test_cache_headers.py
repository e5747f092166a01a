"""A page made for a player, logged in or a guest, says `Cache-Control: private`: a shared
cache between the club and the server (a proxy, a CDN) must never keep one player's page and
hand it to the next. Pages for visitors may stay cacheable; what a view set itself stays."""

import pytest
from django.test import Client
from django.utils.cache import get_max_age

from accounts.players import create_guest
from rosters.models import Roster

pytestmark = pytest.mark.django_db

PLAYER_PAGES = ["/", "/rosters/", "/cards/", "/rules/", "/rules/pulp-alley/"]


def cache_control(response):
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part}


@pytest.mark.parametrize("path", PLAYER_PAGES)
def test_a_logged_in_players_pages_are_private(player_client, pulp_alley, path):
    response = player_client.get(path)
    assert response.status_code == 200
    assert "private" in cache_control(response)
    assert "public" not in cache_control(response)


def test_a_guests_pages_and_redirects_are_private(pulp_alley):
    guest = Client()
    guest.force_login(create_guest())
    roster = guest.post("/rosters/", {"ruleset": pulp_alley.pk, "name": "Guest League"})
    assert roster.status_code == 302 and "private" in cache_control(roster)
    page = guest.get(f"/rosters/{Roster.objects.get().pk}/")
    assert page.status_code == 200 and "private" in cache_control(page)


def test_a_visitor_becoming_a_guest_gets_a_private_answer(client, pulp_alley):
    response = client.post("/rosters/", {"ruleset": pulp_alley.pk, "name": "New League"})
    assert response.status_code == 302
    assert "private" in cache_control(response)


def test_a_visitors_public_page_is_not_marked_private(client, pulp_alley):
    response = client.get("/rules/pulp-alley/")
    assert response.status_code == 200
    assert "private" not in cache_control(response)


def test_a_view_s_own_caching_stays_alongside_private(player_client, settings, tmp_path):
    from tests.cards.test_portrait_views import upload

    settings.MEDIA_ROOT = tmp_path
    picture = player_client.get(upload(player_client).json()["url"])
    assert picture.status_code == 200
    assert "private" in cache_control(picture)
    assert get_max_age(picture) == 3600


def test_an_answer_made_without_the_session_costs_no_session_read(
    player_client, django_assert_num_queries
):
    """The favicon's redirect is the same for everyone: nothing of the player to keep private."""
    with django_assert_num_queries(0):
        response = player_client.get("/favicon.ico")
    assert response.status_code == 301
    assert "private" not in cache_control(response)
