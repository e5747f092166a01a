"""Shared fixtures. Tests run on SQLite unless DATABASE_URL points at PostgreSQL."""

import pytest

from rules.loading import load_rules
from rules.models import Ruleset


@pytest.fixture
def rules_data(db):
    """The shipped rules data. Loaded once per database and reloaded only after a
    transactional (browser) test has flushed it."""
    if not Ruleset.objects.exists():
        load_rules()


@pytest.fixture
def pulp_alley(rules_data):
    return Ruleset.objects.get(slug="pulp-alley")


@pytest.fixture
def make_user(db, django_user_model):
    def make(username="player", password="a-long-Passphrase-42"):
        user = django_user_model.objects.create_user(username=username, password=password)
        user.raw_password = password
        return user

    return make


@pytest.fixture
def player(make_user):
    return make_user("player")


@pytest.fixture
def rival(make_user):
    return make_user("rival")


@pytest.fixture
def player_client(client, player):
    client.force_login(player)
    return client
