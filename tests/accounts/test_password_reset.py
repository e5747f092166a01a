"""Password reset by e-mail (issue 27), with Django's own views: a player who gave an address
gets a one-use link and chooses a new password; the form says the same whatever the address,
so it tells nobody who has an account; asking too often is refused; mail leaves by SMTP when
it is set up, on the console in development, and not at all otherwise."""

import re

import pytest
from django.core import mail
from django.test import Client

from config import limits
from config.settings import mailer_from_env

pytestmark = pytest.mark.django_db

NEW = "another-Long-passphrase-77"


@pytest.fixture
def player_with_address(make_user):
    user = make_user("dora")
    user.email = "Dora@example.org"
    user.save()
    return user


def reset_link(message):
    return re.search(r"https?://[^/]+(/accounts/password/reset/\S+/)", message.body).group(1)


def without_tokens(response):
    """The page with its CSRF tokens (new on each answer) left out."""
    return re.sub(r"[\w-]{32,}", "TOKEN", response.content.decode())


def test_a_player_resets_the_password_through_the_mailed_link(client, player_with_address):
    assert 'href="/accounts/password/reset/"' in client.get("/accounts/login/").content.decode()
    response = client.post("/accounts/password/reset/", {"email": "dora@example.org"})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/password/reset/sent/"
    [message] = mail.outbox
    assert message.to == ["Dora@example.org"]
    assert "dora" in message.body
    form = client.get(reset_link(message), follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW}, follow=True
    )
    assert "Password saved" in done.content.decode()
    assert Client().login(username="dora", password=NEW)
    # The link works once.
    again = client.get(reset_link(message), follow=True).content.decode()
    assert "This link no longer works" in again


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client, player_with_address):
    known = client.post("/accounts/password/reset/", {"email": "dora@example.org"}, follow=True)
    unknown = client.post("/accounts/password/reset/", {"email": "nobody@example.org"}, follow=True)
    assert known.redirect_chain == unknown.redirect_chain
    assert without_tokens(known) == without_tokens(unknown)
    assert len(mail.outbox) == 1


def test_asking_too_often_is_refused_per_address_and_sends_nothing_more(
    player_with_address, monkeypatch
):
    monkeypatch.setattr(limits, "PASSWORD_RESET_RATE", "2/h")
    answers = [
        Client(REMOTE_ADDR=f"10.0.0.{n}").post(
            "/accounts/password/reset/", {"email": "DORA@example.org"}
        )
        for n in range(3)
    ]
    assert [a.status_code for a in answers] == [302, 302, 429]
    assert len(mail.outbox) == 2
    one_address = Client(REMOTE_ADDR="10.0.1.1")
    codes = [
        one_address.post("/accounts/password/reset/", {"email": f"x{n}@example.org"}).status_code
        for n in range(3)
    ]
    assert codes == [302, 302, 429]


def test_the_reset_form_needs_the_csrf_token(player_with_address):
    strict = Client(enforce_csrf_checks=True)
    assert (
        strict.post("/accounts/password/reset/", {"email": "dora@example.org"}).status_code == 403
    )
    assert not mail.outbox


def test_sign_up_keeps_an_optional_address(client):
    password = "a-long-Passphrase-42"
    base = {"password1": password, "password2": password}
    client.post("/accounts/signup/", base | {"username": "ada", "email": "ada@example.org"})
    Client().post("/accounts/signup/", base | {"username": "bob"})
    from accounts.models import User

    assert dict(
        User.objects.filter(username__in=["ada", "bob"]).values_list("username", "email")
    ) == {
        "ada": "ada@example.org",
        "bob": "",
    }


def test_mail_goes_by_smtp_when_set_up_to_the_console_in_development_and_nowhere_otherwise():
    smtp = mailer_from_env(
        {"EMAIL_HOST": "smtp.example.org", "EMAIL_PORT": "2525", "EMAIL_USE_TLS": "0"}, debug=False
    )
    assert smtp["BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    options = smtp["OPTIONS"]
    assert (options["host"], options["port"], options["use_tls"]) == (
        "smtp.example.org",
        2525,
        False,
    )
    assert mailer_from_env({"EMAIL_HOST": "mx"}, debug=False)["OPTIONS"]["use_tls"] is True
    assert mailer_from_env({}, debug=True)["BACKEND"].endswith("console.EmailBackend")
    assert mailer_from_env({}, debug=False)["BACKEND"].endswith("dummy.EmailBackend")


def test_without_mail_the_reset_is_not_offered(client, settings):
    settings.PASSWORD_RESET_BY_EMAIL = False
    assert "/accounts/password/reset/" not in client.get("/accounts/login/").content.decode()
    assert client.get("/accounts/password/reset/").status_code == 404
