"""A club night on one laptop: the default SQLite database takes several players saving at
the same moment, each waiting its turn, with no "database is locked" error page."""

import pytest
from django.db import connection

from rosters.models import Roster
from tests.concurrency import at_the_same_moment, logged_in

sqlite_only = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="the SQLite default's own settings"
)


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_players_saving_at_the_same_moment_on_sqlite_all_succeed(make_user, pulp_alley):
    players = [make_user(name) for name in ("ada", "bea")]
    rosters = [
        Roster.objects.create(owner=player, ruleset=pulp_alley, name="League") for player in players
    ]
    for attempt in range(5):
        posts = []
        for player, roster in zip(players, rosters, strict=True):
            url = f"/rosters/{roster.pk}"
            posts += [
                (logged_in(player), f"{url}/rename/", {"name": f"League {attempt}"}),
                (logged_in(player), f"{url}/settings/", {"budget": str(10 + attempt)}),
            ]
        responses = at_the_same_moment(*posts)
        assert [r.status_code for r in responses] == [302] * 4, f"try {attempt + 1}"
        for roster in rosters:
            roster.refresh_from_db()
            assert (roster.name, roster.budget) == (f"League {attempt}", 10 + attempt)


@sqlite_only
@pytest.mark.django_db
def test_sqlite_writes_ahead_to_a_log_and_waits_for_a_busy_database():
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone()[0] >= 5000


def test_a_sqlite_database_url_gets_the_same_settings(tmp_path):
    from tests.config.test_settings import DEVELOPMENT, setting

    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    options = setting('DATABASES["default"]["OPTIONS"]', DATABASE_URL=url, **DEVELOPMENT)
    assert "'transaction_mode': 'IMMEDIATE'" in options
    assert "journal_mode=WAL" in options
