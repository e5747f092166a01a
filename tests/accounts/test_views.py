"""Sign up, log in, log out, change password; guests keep their work."""

from urllib.parse import urlsplit

import pytest
from django.core.cache import cache
from hypothesis import given, settings
from hypothesis import strategies as st

from accounts.models import User
from rosters.models import Roster
from tests.properties import REUSES_FUNCTION_FIXTURES

pytestmark = pytest.mark.django_db

PASSWORD = "Tommy-gun-and-fedora-1936"


def sign_up(client, username="smith"):
    return client.post(
        "/accounts/signup/",
        {"username": username, "password1": PASSWORD, "password2": PASSWORD},
    )


def test_sign_up_needs_only_a_username_and_password_and_logs_in(client):
    response = sign_up(client)
    assert response.status_code == 302
    user = User.objects.get(username="smith")
    assert not user.is_guest
    assert client.get("/").context["user"] == user


def test_sign_up_with_mismatched_passwords_keeps_the_form_and_says_why(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "smith", "password1": PASSWORD, "password2": PASSWORD + "x"},
    )
    assert response.status_code == 200
    assert "didn’t match" in response.content.decode() or "match" in response.content.decode()
    assert not User.objects.filter(username="smith").exists()


def test_log_in_and_log_out(client, player):
    response = client.post(
        "/accounts/login/", {"username": player.username, "password": player.raw_password}
    )
    assert response.status_code == 302
    assert client.get("/").context["user"] == player
    client.post("/accounts/logout/")
    assert not client.get("/").context["user"].is_authenticated


def test_wrong_password_is_refused(client, player):
    response = client.post("/accounts/login/", {"username": player.username, "password": "no"})
    assert response.status_code == 200
    assert not response.context["user"].is_authenticated


def test_change_password(player_client, player):
    response = player_client.post(
        "/accounts/password/",
        {
            "old_password": player.raw_password,
            "new_password1": "Another-long-passphrase-77",
            "new_password2": "Another-long-passphrase-77",
        },
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.check_password("Another-long-passphrase-77")


def start_as_guest(client, pulp_alley, name="Guest League"):
    client.post("/rosters/", {"ruleset": pulp_alley.pk, "name": name})
    return Roster.objects.get(name=name)


def test_a_visitor_can_save_without_signing_up(client, pulp_alley):
    roster = start_as_guest(client, pulp_alley)
    assert roster.owner.is_guest
    assert client.get(f"/rosters/{roster.pk}/").status_code == 200


def test_signing_up_as_a_guest_keeps_the_guests_work(client, pulp_alley):
    roster = start_as_guest(client, pulp_alley)
    sign_up(client, "newcomer")
    roster.refresh_from_db()
    assert roster.owner.username == "newcomer"
    assert not roster.owner.is_guest
    assert client.get(f"/rosters/{roster.pk}/").status_code == 200


def test_logging_in_as_a_guest_moves_the_work_into_the_account(client, pulp_alley, player):
    roster = start_as_guest(client, pulp_alley)
    guest_pk = roster.owner_id
    client.post("/accounts/login/", {"username": player.username, "password": player.raw_password})
    roster.refresh_from_db()
    assert roster.owner == player
    assert not User.objects.filter(pk=guest_pk).exists()


def test_a_guest_cannot_see_another_guests_work(client, pulp_alley):
    from django.test import Client

    roster = start_as_guest(client, pulp_alley)
    other = Client()
    start_as_guest(other, pulp_alley, name="Other")
    assert other.get(f"/rosters/{roster.pk}/").status_code == 404


def test_writes_need_the_csrf_token(pulp_alley, player):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(player)
    response = strict.post("/rosters/", {"ruleset": pulp_alley.pk, "name": "No token"})
    assert response.status_code == 403
    assert not Roster.objects.filter(name="No token").exists()


# Coming back to where you were ---------------------------------------------------------


def test_signing_up_returns_to_the_page_you_were_on(client):
    page = client.get("/rosters/?q=smith").content.decode()
    assert 'href="/accounts/signup/?next=/rosters/%3Fq%3Dsmith"' in page
    form = client.get("/accounts/signup/?next=/rosters/%3Fq%3Dsmith").content.decode()
    assert 'name="next" value="/rosters/?q=smith"' in form
    response = client.post(
        "/accounts/signup/",
        {
            "username": "smith",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": "/rosters/?q=smith",
        },
    )
    assert response.status_code == 302 and response.url == "/rosters/?q=smith"


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/",
        "//evil.example/rosters/",
        "/\\evil.example",
        "javascript:alert(1)",
        "",
    ],
)
def test_signing_up_never_sends_you_to_another_site(client, target):
    response = client.post(
        "/accounts/signup/",
        {"username": "smith", "password1": PASSWORD, "password2": PASSWORD, "next": target},
    )
    assert response.status_code == 302 and response.url == "/"


@settings(max_examples=40, suppress_health_check=REUSES_FUNCTION_FIXTURES)
@given(target=st.text(max_size=60))
def test_any_next_either_stays_on_this_site_or_goes_home(client, target):
    cache.clear()  # each example is a fresh visitor, not the 31st sign-up from one address
    User.objects.filter(username="smith").delete()
    client.logout()
    response = client.post(
        "/accounts/signup/",
        {"username": "smith", "password1": PASSWORD, "password2": PASSWORD, "next": target},
    )
    assert response.status_code == 302
    parts = urlsplit(response.url)
    assert not parts.scheme and not parts.netloc
    assert response.url.startswith("/") and not response.url.startswith(("//", "/\\"))


def log_in(client, username, password):
    return client.post("/accounts/login/", {"username": username, "password": password})


def test_fifty_wrong_passwords_then_the_right_one_is_refused_with_a_clear_page(client, player):
    for attempt in range(50):
        log_in(client, player.username, f"guess-{attempt}")
    response = log_in(client, player.username, player.raw_password)
    assert response.status_code == 429
    assert "Too many tries" in response.content.decode()
    assert not client.get("/").context["user"].is_authenticated


def test_the_account_limit_holds_from_another_address_too(client, player):
    from config.limits import LOGIN_RATE_PER_ACCOUNT

    tries = int(LOGIN_RATE_PER_ACCOUNT.split("/")[0])
    for attempt in range(tries):
        client.post(
            "/accounts/login/",
            {"username": player.username, "password": f"guess-{attempt}"},
            REMOTE_ADDR=f"10.0.0.{attempt}",
        )
    response = client.post(
        "/accounts/login/",
        {"username": player.username, "password": player.raw_password},
        REMOTE_ADDR="10.0.1.1",
    )
    assert response.status_code == 429


def test_a_player_who_mistypes_a_few_times_still_gets_in(client, player):
    for attempt in range(5):
        assert log_in(client, player.username, f"typo-{attempt}").status_code == 200
    assert log_in(client, player.username, player.raw_password).status_code == 302


def test_one_address_guessing_many_accounts_is_stopped(client, make_user):
    from config.limits import LOGIN_RATE_PER_CLIENT

    tries = int(LOGIN_RATE_PER_CLIENT.split("/")[0])
    for attempt in range(tries):
        log_in(client, f"someone-{attempt}", "guess")
    target = make_user("target")
    assert log_in(client, target.username, target.raw_password).status_code == 429
