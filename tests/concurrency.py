"""Requests sent at the same moment, for the race tests. Races need real concurrent
transactions and row locks, so most run on PostgreSQL with threads."""

import threading

import pytest
from django.db import connection
from django.test import Client

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="races need concurrent transactions with row locks: run with a PostgreSQL "
    "DATABASE_URL (SQLite serialises every write, so it cannot show them)",
)


def at_the_same_moment(*posts):
    """Send each (client, url, data) POST from its own thread (its own database connection),
    all released together; the responses, in the order given. A view that fails (a 500)
    fails the test with its error."""
    start = threading.Barrier(len(posts))
    responses = [None] * len(posts)
    failures = []

    def run(index, client, url, data):
        try:
            start.wait()
            responses[index] = client.post(url, data)
        except Exception as error:  # noqa: BLE001 - reported to the test below
            failures.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, *post)) for i, post in enumerate(posts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    return responses


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def said(response):
    """The messages a response left for the player's next page (with those of the
    client's earlier responses not yet shown)."""
    from django.contrib.messages import get_messages

    return [str(message) for message in get_messages(response.wsgi_request)]
