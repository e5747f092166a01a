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


def together(*calls):
    """Run each call (no arguments) in its own thread, on its own database connection, all
    released at once; their results, in the order given. A call that raises fails the
    test with its error."""
    start = threading.Barrier(len(calls))
    results = [None] * len(calls)
    failures = []

    def run(index, call):
        try:
            start.wait()
            results[index] = call()
        except Exception as error:  # noqa: BLE001 - reported to the test below
            failures.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    return results


def at_the_same_moment(*posts):
    """Send each (client, url, data) POST from its own thread, all released together; the
    responses, in the order given. A view that fails (a 500) fails the test with its error."""
    return together(*(lambda post=post: post[0].post(post[1], post[2]) for post in posts))


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def said(response):
    """The messages a response left for the player's next page (with those of the
    client's earlier responses not yet shown)."""
    from django.contrib.messages import get_messages

    return [str(message) for message in get_messages(response.wsgi_request)]
