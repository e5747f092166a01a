"""A change to a league locks that league's row alone: players changing their own leagues of
the same game at the same moment never wait for each other (PostgreSQL, threads)."""

import threading

import pytest
from django.db import OperationalError, connection, transaction

from rosters.handlers import _writes
from rosters.models import Roster
from tests.concurrency import postgres_only


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_change_to_one_league_never_holds_up_another_league_of_the_same_game(
    player, rival, pulp_alley
):
    mine = Roster.objects.create(owner=player, ruleset=pulp_alley, name="Mine")
    theirs = Roster.objects.create(owner=rival, ruleset=pulp_alley, name="Theirs")
    outcome = []

    def their_change():
        try:
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute("SET LOCAL lock_timeout = '3s'")
                outcome.append(_writes.locked(theirs).ruleset.slug)
        except OperationalError as error:
            outcome.append(error)
        finally:
            connection.close()

    with transaction.atomic():
        assert _writes.locked(mine).ruleset == pulp_alley  # read with its game, locked
        other = threading.Thread(target=their_change)
        other.start()
        other.join()
    assert outcome == ["pulp-alley"]
