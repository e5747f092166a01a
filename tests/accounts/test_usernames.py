"""One name, many spellings: " alice", "ALICE" and "ａｌｉｃｅ" are one player's name at log-in
and at sign-up, and two sign-ups of one name at the same instant make one account."""

import importlib

import pytest
from django.core.cache import cache
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from accounts.models import User
from accounts.usernames import normalised
from tests.concurrency import postgres_only, together
from tests.properties import REUSES_FUNCTION_FIXTURES

pytestmark = pytest.mark.django_db

PASSWORD = "Tommy-gun-and-fedora-1936"
TAKEN = "That name is taken"

# Spellings that are the same letter once case and look-alike forms are set aside.
FULLWIDTH = {c: chr(ord(c) - ord("a") + ord("ａ")) for c in "abcdefghijklmnopqrstuvwxyz"}
LOOK_ALIKES = {"k": ["\u212a"], "s": ["\u017f"], "i": ["\u2170"]}  # Kelvin sign, long s, ⅰ
SPACES = st.sampled_from([" ", "\t", "\u00a0", "\u3000", "\u2003"])


@st.composite
def spellings(draw, name):
    """Another spelling of `name`: each letter in either case, fullwidth or a look-alike,
    with spaces of any kind around."""
    letters = [
        draw(
            st.sampled_from(
                [c, c.upper(), FULLWIDTH[c], FULLWIDTH[c].upper(), *LOOK_ALIKES.get(c, [])]
            )
        )
        for c in name
    ]
    before = draw(st.lists(SPACES, max_size=3))
    after = draw(st.lists(SPACES, max_size=3))
    return "".join(before + letters + after)


NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=12)


def sign_up(client, username):
    return client.post(
        "/accounts/signup/",
        {"username": username, "password1": PASSWORD, "password2": PASSWORD},
    )


@pytest.mark.parametrize("spelling", [" alice", "ALICE", "ａｌｉｃｅ", "Alice\u00a0", "ＡＬＩＣＥ"])
def test_every_spelling_of_a_name_is_the_same_name(spelling):
    assert normalised(spelling) == normalised("alice") == "alice"


@settings(max_examples=200)
@given(data=st.data(), name=NAMES)
def test_any_spelling_of_a_name_comes_out_as_the_name(data, name):
    assert normalised(data.draw(spellings(name))) == name


@settings(max_examples=200)
@given(text=st.text(max_size=30))
def test_setting_spellings_aside_twice_changes_nothing(text):
    assert normalised(normalised(text)) == normalised(text)


@pytest.mark.parametrize("spelling", [" alice", "ALICE", "ａｌｉｃｅ", "Alice "])
def test_a_player_logs_in_with_any_spelling_of_their_name(client, make_user, spelling):
    alice = make_user("alice")
    response = client.post(
        "/accounts/login/", {"username": spelling, "password": alice.raw_password}
    )
    assert response.status_code == 302
    assert client.get("/").context["user"] == alice


@pytest.mark.parametrize("spelling", ["ALICE", "Alice", " alice", "ａｌｉｃｅ", "ＡＬＩＣＥ"])
def test_sign_up_refuses_another_spelling_of_a_players_name(client, make_user, spelling):
    make_user("alice")
    response = sign_up(client, spelling)
    assert response.status_code == 200
    assert TAKEN in response.content.decode() or "already exists" in response.content.decode()
    assert User.objects.count() == 1
    assert not client.get("/").context["user"].is_authenticated


def test_the_exact_name_taken_says_so_once(client, make_user):
    make_user("alice")
    page = sign_up(client, "alice").content.decode()
    assert page.count("already exists") + page.count(TAKEN) == 1


def test_a_guest_signing_up_as_another_spelling_stays_a_guest_with_their_work(
    client, make_user, pulp_alley
):
    make_user("alice")
    client.post("/rosters/", {"ruleset": pulp_alley.pk, "name": "Guest League"})
    guest = client.get("/").context["user"]
    response = sign_up(client, "ALICE")
    assert TAKEN in response.content.decode()
    guest.refresh_from_db()
    assert guest.is_guest and guest.username.startswith("guest-")
    assert client.get("/").context["user"] == guest


def test_a_name_that_spells_out_too_long_is_refused_with_the_number(client):
    response = sign_up(client, "\ufb03" * 60)  # "ﬃ" is "ffi": 180 letters once spelt plainly
    assert "at most 150 letters" in response.content.decode()
    assert not User.objects.exists()


@settings(max_examples=15, suppress_health_check=REUSES_FUNCTION_FIXTURES)
@given(data=st.data(), name=NAMES)
def test_no_spelling_of_a_taken_name_makes_a_second_account(client, make_user, data, name):
    cache.clear()  # each example is a fresh visitor, not the 31st sign-up from one address
    User.objects.all().delete()
    make_user(name)
    spelling = data.draw(spellings(name))
    response = sign_up(client, spelling)
    assert response.status_code == 200
    assert User.objects.count() == 1


def test_a_renamed_player_gets_the_new_names_key(make_user):
    player = make_user("Nails Nolan")
    assert player.username_key == "nails nolan"
    player.username = "Big Tony"
    player.save(update_fields=["username"])
    assert User.objects.get(pk=player.pk).username_key == "big tony"


def test_accounts_kept_from_before_in_two_spellings_both_still_log_in(client, make_user):
    """Migration 0003 fills the keys: the older account keeps the name's key, the newer keeps
    its exact spelling, and no third spelling can sign up."""
    fill = importlib.import_module("accounts.migrations.0003_username_key").fill_username_keys
    older = make_user("alice")
    newer = User(username="ALICE")  # made before sign-up compared spellings
    newer.raw_password = "another-long-Passphrase-7"
    newer.set_password(newer.raw_password)
    User.objects.bulk_create([newer])  # written without save(): no key, as before 0003
    User.objects.update(username_key=None)
    fill(django_apps(), None)
    assert User.objects.get(pk=older.pk).username_key == "alice"
    assert User.objects.get(pk=newer.pk).username_key is None
    for user in (older, newer):
        browser = Client()
        login = {"username": user.username, "password": user.raw_password}
        assert browser.post("/accounts/login/", login).status_code == 302
        assert browser.get("/").context["user"] == user
    kept = User.objects.get(pk=newer.pk)
    kept.set_password("a-third-long-Passphrase-9")
    kept.save()  # a password change of the kept account still saves
    assert TAKEN in sign_up(Client(), "Alice").content.decode()


def django_apps():
    from django.apps import apps

    return apps


def sign_ups_at_the_same_moment(names):
    """Each name signed up from its own browser and thread, all released together."""
    return together(*(lambda name=name: sign_up(Client(), name) for name in names))


@postgres_only
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "names",
    [["alice"] * 4, ["alice", "ALICE", " Alice", "ａｌｉｃｅ"]],
    ids=["one name", "four spellings"],
)
def test_sign_ups_of_one_name_at_the_same_moment_make_one_account(names):
    for attempt in range(3):
        cache.clear()
        User.objects.all().delete()
        responses = sign_ups_at_the_same_moment(names)
        statuses = sorted(response.status_code for response in responses)
        assert statuses == [200, 200, 200, 302], f"try {attempt + 1}: {statuses}"
        refused = [r.content.decode() for r in responses if r.status_code == 200]
        assert all(TAKEN in page or "already exists" in page for page in refused)
        assert User.objects.filter(username_key="alice").count() == User.objects.count() == 1
