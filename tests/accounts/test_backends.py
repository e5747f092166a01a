"""With Redis as the shared cache a request finds its player without asking the database, and
every change to the player still counts on their very next request: a new password or a
deactivation ends other sessions, a deleted player is logged out, a new name shows."""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test import Client

from accounts import freshness
from accounts.backends import PlayerBackend, players
from config import read_through
from tests.concurrency import postgres_only

pytestmark = pytest.mark.django_db

HOME = "/rosters/"


@pytest.fixture
def browser(redis_cache, player):
    client = Client()
    client.force_login(player)
    return client


def logged_in_as(client):
    user = client.get(HOME).wsgi_request.user
    return user.username if user.is_authenticated else None


def test_a_repeat_request_finds_the_player_without_a_query(
    browser, player, django_assert_num_queries
):
    assert logged_in_as(browser) == "player"
    with django_assert_num_queries(0):
        assert PlayerBackend().get_user(player.pk) == player


def test_a_new_password_ends_the_players_other_sessions(browser, player):
    assert logged_in_as(browser) == "player"
    player.set_password("another-long-Passphrase-43")
    player.save()
    assert logged_in_as(browser) is None


def test_a_deactivated_player_is_logged_out(browser, player):
    assert logged_in_as(browser) == "player"
    player.is_active = False
    player.save(update_fields=["is_active"])
    assert logged_in_as(browser) is None


def test_a_deleted_player_is_logged_out(browser, player):
    assert logged_in_as(browser) == "player"
    get_user_model().objects.filter(pk=player.pk).delete()
    assert logged_in_as(browser) is None


def test_a_new_name_shows_on_the_next_page(browser, player):
    assert "player" in browser.get(HOME).content.decode()
    player.username = "Nails Nolan"
    player.save()
    assert "Nails Nolan" in browser.get(HOME).content.decode()


def test_a_renewed_stamp_is_the_one_the_next_request_sees(browser, player):
    before = browser.get(HOME).wsgi_request.user.data_stamp
    freshness.renew_players(player.pk)
    after = browser.get(HOME).wsgi_request.user.data_stamp
    assert after != before
    assert after == get_user_model().objects.get(pk=player.pk).data_stamp


def test_a_row_changed_behind_the_apps_back_shows_within_the_timeout(browser, player, redis_ttl):
    logged_in_as(browser)
    _, value_key = players.keys(player.pk)
    assert 0 < redis_ttl(value_key) <= read_through.TIMEOUT <= 600


def test_without_redis_the_player_is_read_from_the_database(
    player_client, player, django_assert_num_queries
):
    player_client.get(HOME)
    with django_assert_num_queries(1):
        assert PlayerBackend().get_user(player.pk) == player


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_request_during_a_password_change_never_keeps_the_old_password(redis_cache, player):
    """A request reads the player while the password change is written but not committed,
    and stores the old row after the change's first forget: once the change commits, the
    session made with the old password is over."""
    browser = Client()
    browser.force_login(player)
    written, read = threading.Event(), threading.Event()
    seen = {}

    def change_password():
        with transaction.atomic():
            changing = get_user_model().objects.get(pk=player.pk)
            changing.set_password("another-long-Passphrase-43")
            changing.save()
            written.set()
            read.wait(timeout=10)
        connection.close()

    def request_meanwhile():
        written.wait(timeout=10)
        seen["user"] = logged_in_as(browser)
        read.set()
        connection.close()

    threads = [threading.Thread(target=change_password), threading.Thread(target=request_meanwhile)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen["user"] == "player"  # the change had not committed yet
    assert logged_in_as(browser) is None
