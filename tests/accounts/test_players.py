"""Guests: a visitor becomes one on their first save, but one address cannot mint guest
accounts without end."""

import pytest
from django.test import Client

from accounts.models import User
from config import limits

pytestmark = pytest.mark.django_db


def first_save(client, pulp_alley):
    return client.post("/rosters/", {"ruleset": pulp_alley.pk, "name": "League"})


def test_guest_creation_stops_at_the_rate_and_says_to_wait(pulp_alley, monkeypatch):
    monkeypatch.setattr(limits, "GUEST_RATE", "3/h")
    for _ in range(3):
        assert first_save(Client(), pulp_alley).status_code == 302
    response = first_save(Client(), pulp_alley)
    assert response.status_code == 429
    assert "Too many tries" in response.content.decode()
    assert User.objects.filter(is_guest=True).count() == 3


def test_other_addresses_still_become_guests(pulp_alley, monkeypatch):
    monkeypatch.setattr(limits, "GUEST_RATE", "1/h")
    assert first_save(Client(), pulp_alley).status_code == 302
    assert first_save(Client(REMOTE_ADDR="192.0.2.7"), pulp_alley).status_code == 302


def test_an_existing_guest_keeps_saving_after_the_limit(client, pulp_alley, monkeypatch):
    monkeypatch.setattr(limits, "GUEST_RATE", "1/h")
    assert first_save(client, pulp_alley).status_code == 302
    assert first_save(client, pulp_alley).status_code == 302  # already a guest: none minted
