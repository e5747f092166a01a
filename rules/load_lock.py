"""The lock that keeps two loads of the rules data from running at once. It writes nothing,
so it is the one raw SQL outside the stamps' module (tests/accounts/test_write_paths.py)."""

from django.db import connection

LOAD_LOCK = 2026_26


def one_load_at_a_time():
    """Wait for any other load of the rules data to finish, until this transaction ends.

    Two loads at once (two app processes starting, a deploy beside `make run`) would each
    read the same latest version and number their next one alike, or both create a new
    entry, and the second would fail on the unique constraint. A lock on the ruleset rows
    would not do: a first load has none to lock. On SQLite every transaction begins
    IMMEDIATE (config/settings.py), which already holds the one write lock from the start."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOAD_LOCK])
