"""Shared fixtures. Tests run on SQLite unless DATABASE_URL points at PostgreSQL."""

import pytest

from rules.loading import load_rules
from rules.models import Ruleset


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Load the shipped rules data once into the test database; each test's transaction
    rolls back to it."""
    with django_db_blocker.unblock():
        load_rules()


def pytest_collection_modifyitems(items):
    # Browser tests and thread races flush the database when they finish (they need real
    # transactions), so they run last and everything before them keeps the loaded rules.
    items.sort(key=flushes_the_database)


def flushes_the_database(item):
    marker = item.get_closest_marker("django_db")
    return "tests/browser/" in str(item.path) or bool(marker and marker.kwargs.get("transaction"))


@pytest.fixture(autouse=True)
def clean_cache():
    # Rate-limit counters live in the cache: each test starts with none spent.
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    # The production hasher is slow on purpose; tests check behaviour, not hashing cost.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def rules_data(db):
    """The shipped rules data (reloaded only if a browser test flushed it)."""
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
