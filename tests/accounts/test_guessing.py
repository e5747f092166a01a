"""Password guessing is stopped in every spelling of a name and at the admin's log-in too,
and a guesser cannot shut a player out: the player's own browser still gets in."""

import pytest
from django.core.cache import cache
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from accounts.guessing import KNOWN_DEVICE_COOKIE
from config.limits import LOGIN_RATE_PER_ACCOUNT, LOGIN_RATE_PER_CLIENT
from tests.accounts.test_usernames import NAMES, spellings
from tests.properties import REUSES_FUNCTION_FIXTURES

pytestmark = pytest.mark.django_db

ACCOUNT_TRIES = int(LOGIN_RATE_PER_ACCOUNT.split("/")[0])
CLIENT_TRIES = int(LOGIN_RATE_PER_CLIENT.split("/")[0])
ATTACKER = "203.0.113.66"


def log_in(client, username, password, address="198.51.100.1", url="/accounts/login/"):
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=address)


def logged_in_as(client):
    user = client.get("/").context["user"]
    return user.username if user.is_authenticated else None


def guess(client, username, tries, address=ATTACKER, url="/accounts/login/"):
    return [log_in(client, username, f"guess-{n}", address, url).status_code for n in range(tries)]


@pytest.fixture
def owners_browser(player):
    """The player's own browser: it logged in once (and out again)."""
    browser = Client()
    assert log_in(browser, player.username, player.raw_password).status_code == 302
    assert KNOWN_DEVICE_COOKIE in browser.cookies
    browser.post("/accounts/logout/")
    return browser


# One name in any spelling: one counter ---------------------------------------------------


def test_guesses_in_other_spellings_of_a_name_count_against_that_name(client, make_user):
    alice = make_user("alice")
    spellings_ = [" alice", "ALICE", "ａｌｉｃｅ", "Alice\u00a0", "ＡＬＩＣＥ", "aLiCe"]
    for n in range(ACCOUNT_TRIES):
        log_in(client, spellings_[n % len(spellings_)], "guess", address=f"10.0.0.{n}")
    assert log_in(Client(), "alice", alice.raw_password, address="10.0.1.1").status_code == 429


@settings(max_examples=8, suppress_health_check=REUSES_FUNCTION_FIXTURES)
@given(data=st.data(), name=NAMES)
def test_any_spellings_of_a_name_share_one_counter(django_user_model, data, name):
    cache.clear()
    django_user_model.objects.all().delete()
    django_user_model.objects.create_user(username=name, password="a-long-Passphrase-42")
    for n in range(ACCOUNT_TRIES):
        log_in(Client(), data.draw(spellings(name)), "guess", address=f"10.0.0.{n}")
    refused = log_in(Client(), data.draw(spellings(name)), "a-long-Passphrase-42", "10.0.1.1")
    assert refused.status_code == 429


# The admin's log-in ----------------------------------------------------------------------


def test_the_admin_login_stops_guessing_and_then_refuses_the_right_password(make_user):
    admin = make_user("boss")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    client = Client()
    statuses = guess(client, "boss", 39, url="/admin/login/")
    assert 429 in statuses
    assert statuses.index(429) == ACCOUNT_TRIES
    response = log_in(client, "boss", admin.raw_password, ATTACKER, "/admin/login/")
    assert response.status_code == 429
    assert "Too many tries" in response.content.decode()
    assert client.get("/admin/").status_code == 302  # still sent to log in


def test_the_admin_login_and_ours_spend_one_counter(client, player):
    guess(client, player.username, ACCOUNT_TRIES // 2, url="/admin/login/")
    guess(client, player.username, ACCOUNT_TRIES - ACCOUNT_TRIES // 2)
    assert log_in(Client(), player.username, player.raw_password).status_code == 429


def test_the_admin_login_page_still_logs_staff_in(make_user):
    admin = make_user("boss")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    client = Client()
    assert client.get("/admin/login/").status_code == 200
    response = log_in(client, "boss", admin.raw_password, url="/admin/login/?next=/admin/")
    assert response.status_code == 302
    assert client.get("/admin/").status_code == 200


# Lock-out cannot be turned against the player -------------------------------------------


def test_a_guesser_cannot_shut_the_player_out_of_their_own_browser(owners_browser, player):
    statuses = guess(Client(), player.username, ACCOUNT_TRIES + 5)
    assert statuses[ACCOUNT_TRIES:] == [429] * 5  # the guesser is stopped
    owner = log_in(owners_browser, player.username, player.raw_password, "192.0.2.7")
    assert owner.status_code == 302
    assert logged_in_as(owners_browser) == player.username
    # A browser the player never used waits, as does the guesser with the right password.
    assert log_in(Client(), player.username, player.raw_password, "192.0.2.8").status_code == 429
    assert log_in(Client(), player.username, player.raw_password, ATTACKER).status_code == 429


def test_the_players_browser_gets_in_even_from_the_guessers_address(owners_browser, player):
    """A club behind one router: a guesser there spends the address's tries, not the
    player's."""
    guess(Client(), player.username, ACCOUNT_TRIES)
    for n in range(CLIENT_TRIES):
        log_in(Client(), f"someone-{n}", "guess", ATTACKER)
    assert log_in(Client(), "rival", "guess", ATTACKER).status_code == 429
    owner = log_in(owners_browser, player.username, player.raw_password, ATTACKER)
    assert owner.status_code == 302


def test_the_guessers_address_is_stopped_for_every_name(client, player, rival):
    guess(client, player.username, ACCOUNT_TRIES)
    for n in range(CLIENT_TRIES - ACCOUNT_TRIES):
        log_in(client, f"someone-{n}", "guess", ATTACKER)
    assert log_in(Client(), rival.username, rival.raw_password, ATTACKER).status_code == 429
    assert log_in(Client(), rival.username, rival.raw_password, "192.0.2.9").status_code == 302


def test_a_known_browser_still_guesses_no_faster_than_the_accounts_rate(owners_browser, player):
    """A stolen cookie is no key: it only lets its browser count apart."""
    statuses = guess(owners_browser, player.username, ACCOUNT_TRIES + 1, address="192.0.2.7")
    assert statuses == [200] * ACCOUNT_TRIES + [429]
    owner = log_in(owners_browser, player.username, player.raw_password, "192.0.2.7")
    assert owner.status_code == 429


def test_a_browser_known_to_one_account_is_a_stranger_to_another(player, rival):
    browser = Client()
    assert log_in(browser, rival.username, rival.raw_password).status_code == 302
    browser.post("/accounts/logout/")
    guess(Client(), player.username, ACCOUNT_TRIES)
    assert log_in(browser, player.username, player.raw_password).status_code == 429


def test_a_made_up_known_device_cookie_counts_for_nothing(client, player):
    guess(Client(), player.username, ACCOUNT_TRIES)
    client.cookies[KNOWN_DEVICE_COOKIE] = '{"id": "x", "names": ["player"]}'
    assert log_in(client, player.username, player.raw_password).status_code == 429


def test_the_browser_a_player_signed_up_in_is_known_to_their_account(client):
    password = "Tommy-gun-and-fedora-1936"
    client.post(
        "/accounts/signup/", {"username": "newcomer", "password1": password, "password2": password}
    )
    client.post("/accounts/logout/")
    guess(Client(), "newcomer", ACCOUNT_TRIES)
    assert log_in(client, "NewComer", password).status_code == 302


def test_the_known_device_cookie_is_out_of_scripts_reach(client, player):
    log_in(client, player.username, player.raw_password)
    cookie = client.cookies[KNOWN_DEVICE_COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert cookie["max-age"] == 90 * 24 * 3600
