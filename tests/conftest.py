"""Shared fixtures, and Hypothesis's settings for every property test. Tests run on SQLite
unless DATABASE_URL points at PostgreSQL."""

import os
import shutil
import socket
import subprocess
import time
import uuid
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.conf import settings
from django.core.management.color import no_style
from django.db import connection
from django.test import override_settings
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from rules.loading import load_rules
from rules.models import Ruleset

# The tests share two cores with other work, so how long an example takes, or its data takes
# to draw, says nothing about the code: no deadline and no too_slow check. Every other
# health check stays on. A test sets max_examples itself only where its examples are costly
# (pages, PDFs, pictures). CI (HYPOTHESIS_PROFILE=ci) also prints the blob that replays a
# failure, since its example database is not kept.
hypothesis_settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.register_profile(
    "ci", hypothesis_settings.get_profile("default"), print_blob=True, database=None
)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Load the shipped rules data once into the test database; each test's transaction
    rolls back to it. pytest-django makes that database only when a test of the run asks for
    it (the django_db mark or the db fixture); a wider-scoped fixture reading the database
    for tests without the mark would load the rules into the real one instead, so it stops."""
    database = settings.DATABASES["default"]
    if database["NAME"] != database["TEST"]["NAME"]:
        pytest.fail(
            "No test database: the tests using this fixture need @pytest.mark.django_db.",
            pytrace=False,
        )
    with django_db_blocker.unblock():
        load_rules()
        BUILT_IN_RULES[:] = [
            (model, list(model.objects.order_by("pk")))
            for model in apps.get_app_config("rules").get_models()
        ]


# Every row of the rules app as the session's load left them, models in the order their
# foreign keys need. A test with real transactions flushes the database; putting these rows
# back is a bulk insert, where loading the fixtures again parses and checks every file
# (about 2 s a test, over a minute and a half of each CI run).
BUILT_IN_RULES = []


def restore_built_in_rules():
    """The shipped rules data back in a flushed database, with the very rows (and primary
    keys) the session loaded; the tables' id sequences then start past them."""
    for model, rows in BUILT_IN_RULES:
        model.objects.bulk_create(rows)
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(
            no_style(), [model for model, _ in BUILT_IN_RULES]
        ):
            cursor.execute(statement)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """SQLite tests use a file, not memory, so a print worker started in its own process by
    a test reaches the same test database. Every test database is named here, so setup can
    tell it is in use."""
    database = settings.DATABASES["default"]
    test = database.setdefault("TEST", {})
    if database["ENGINE"].endswith("sqlite3"):
        test["NAME"] = str(tmp_path_factory.mktemp("database") / "test.sqlite3")
    else:
        test["NAME"] = test.get("NAME") or f"test_{database['NAME']}"


def flushes_database(item):
    marker = item.get_closest_marker("django_db")
    return bool(marker and marker.kwargs.get("transaction")) or bool(
        {"transactional_db", "live_server"} & set(getattr(item, "fixturenames", ()))
    )


def touches_database(item):
    """pytest-django lets a test reach the database only through the django_db mark or a
    fixture asking for it, so this is exactly the set of tests a database can change."""
    return bool(item.get_closest_marker("django_db")) or bool(
        {"db", "transactional_db", "live_server"} & set(getattr(item, "fixturenames", ()))
    )


def pytest_collection_modifyitems(config, items):
    # On PostgreSQL only the tests that reach the database run: the others (engines, roster
    # files, faces, PDFs) cannot see which database is configured, and the SQLite run has run
    # them. Running them twice cost CI a third of its time. CLIFFHANGER_EVERY_TEST=1 runs all.
    if settings.DATABASES["default"]["ENGINE"].endswith("postgresql") and not os.environ.get(
        "CLIFFHANGER_EVERY_TEST"
    ):
        elsewhere = [item for item in items if not touches_database(item)]
        if elsewhere:
            config.hook.pytest_deselected(items=elsewhere)
            items[:] = [item for item in items if touches_database(item)]
    # Tests with real transactions (browser tests, print worker tests) flush the database when
    # they finish, so they run last and everything before them keeps the loaded rules.
    items.sort(key=lambda item: ("tests/browser/" in str(item.path), flushes_database(item)))


@pytest.fixture(autouse=True)
def clean_cache():
    # Rate-limit counters live in the cache: each test starts with none spent. Rules books
    # built from a test's rolled-back rows must not outlive it either, nor kept pages.
    from django.core.cache import cache, caches

    from rules.selectors import built_in_books

    built_in_books.clear()

    cache.clear()
    caches["pages"].clear()


@pytest.fixture(autouse=True)
def one_rate_window(monkeypatch):
    """django-ratelimit counts in fixed windows of the rate's length, each client's window
    ending at its own second, and a new window counts from zero. A test that spends a rate
    and expects the refusal next failed whenever a window ended between its requests (slow
    PDFs on a busy machine: about one run in 30). The clock django-ratelimit reads stands
    still through each test, so all the test's requests count in one window."""
    from django_ratelimit import core

    now = time.time()
    monkeypatch.setattr(core, "time", SimpleNamespace(time=lambda: now))


@pytest.fixture(autouse=True)
def no_print_helpers_left():
    """Once print helper processes run they draw every job's faces: a test that started them
    stops them, so the tests after it draw in their own process as they expect."""
    from cards.printing import rendering

    yield
    rendering.forget_helpers()


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    # The production hasher is slow on purpose; tests check behaviour, not hashing cost.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def rules_data(db):
    """The shipped rules data (put back only if a test with real transactions flushed it)."""
    if not Ruleset.objects.exists():
        restore_built_in_rules()


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


@pytest.fixture
def no_drawing(monkeypatch):
    """WeasyPrint may draw no PDF: a test asserting that a request draws nothing fails at
    the first one (pytest.fail is not an Exception, so no view's except clause hides it)."""
    import weasyprint

    def drew(*args, **kwargs):
        pytest.fail("a PDF was drawn inside the request")

    monkeypatch.setattr(weasyprint.HTML, "write_pdf", drew)


@pytest.fixture(scope="session", autouse=True)
def print_cache(tmp_path_factory):
    """Rendered faces and PDFs go to a folder of the test run's own, never the project's."""
    location = tmp_path_factory.mktemp("print-cache")
    storages = {**settings.STORAGES, "prints": {**settings.STORAGES["prints"]}}
    storages["prints"]["OPTIONS"] = {"location": location}
    with override_settings(STORAGES=storages):
        yield location


@pytest.fixture(scope="session")
def redis_url():
    """A Redis for the tests that share the cache through it, as production does: the
    machine's own on 127.0.0.1:6379 (database 13, or TEST_REDIS_DB for a second run beside
    it), or else one started for the test run from Debian's redis-server, keeping nothing on
    disk."""
    import redis

    url = f"redis://127.0.0.1:6379/{os.environ.get('TEST_REDIS_DB', '13')}"
    try:
        redis.Redis.from_url(url).ping()
    except redis.ConnectionError:
        pass
    else:
        yield url
        return
    if shutil.which("redis-server") is None:
        pytest.skip("no Redis on 127.0.0.1:6379 and no redis-server to start one")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [
            "redis-server",
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--save",
            "",
            "--appendonly",
            "no",
        ],
        stdout=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/13"
    for _ in range(100):
        try:
            redis.Redis.from_url(url).ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    yield url
    server.terminate()
    server.wait()


@pytest.fixture
def redis_cache(settings, redis_url):
    """The shared cache in Redis as in production (config/settings.py with REDIS_URL set):
    sessions read through it, and the player and the rules version too. Keys carry a prefix
    of this test's own, which it yields; they are deleted afterwards."""
    import redis

    from config.settings import cache_from_env, session_engine_for

    prefix = f"test-{uuid.uuid4().hex}"
    shared = {**cache_from_env({"REDIS_URL": redis_url}), "KEY_PREFIX": prefix}
    settings.CACHES = {**settings.CACHES, "default": shared}
    settings.SESSION_ENGINE = session_engine_for(shared)
    settings.READ_THROUGH_SHARED_CACHE = True
    yield prefix
    server = redis.Redis.from_url(redis_url)
    if keys := server.keys(f"{prefix}:*"):
        server.delete(*keys)


@pytest.fixture
def redis_ttl(redis_cache, redis_url):
    """Seconds until a key of the shared cache expires, as Redis says (-1: never)."""
    import redis

    server = redis.Redis.from_url(redis_url)
    return lambda key: server.ttl(f"{redis_cache}:1:{key}")
