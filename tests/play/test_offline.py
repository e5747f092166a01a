"""A shared phone: the games one player kept for reading offline are cleared when they log out
or another player logs in on it, and kept when they log back in themselves (their unsent
changes with them). The browser's side of it is in tests/browser/test_play_games.py."""

import pytest
from django.test import Client
from django.urls import reverse

from play.offline import COOKIE

LOGIN = "/accounts/login/"


def phone_that_kept_a_game(table, player):
    game, _, _ = table()
    phone = Client()
    phone.force_login(player)
    response = phone.get(reverse("play:game", args=[game.pk]))
    assert response.cookies[COOKIE]["httponly"]
    return phone


def log_in(phone, user):
    return phone.post(LOGIN, {"username": user.username, "password": user.raw_password})


@pytest.mark.django_db
def test_logging_out_clears_the_games_the_phone_kept(table, player):
    phone = phone_that_kept_a_game(table, player)
    response = phone.post(reverse("logout"))
    assert response["Clear-Site-Data"] == '"cache", "storage"'
    assert response.cookies[COOKIE].value == ""  # and forgets whose they were


@pytest.mark.django_db
def test_another_player_logging_in_clears_them_and_the_same_player_keeps_them(table, player, rival):
    phone = phone_that_kept_a_game(table, player)
    assert "Clear-Site-Data" not in log_in(phone, player)  # back as themselves
    assert "Clear-Site-Data" in log_in(phone, rival)
    # A phone that kept nobody's game has nothing to clear.
    assert "Clear-Site-Data" not in log_in(Client(), rival)
    # A cookie that does not verify proves nothing: whatever the phone kept is cleared.
    forged = Client()
    forged.cookies[COOKIE] = str(rival.pk)
    assert "Clear-Site-Data" in log_in(forged, rival)
