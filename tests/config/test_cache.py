"""The Redis cache keeps one client, and still behaves as Django's: values, counters (the
rate limits count with incr) and many threads at once."""

import threading

import pytest
from django.core.cache import cache


def test_every_call_reuses_one_redis_client(redis_cache):
    backend = cache._cache
    assert backend.get_client() is backend.get_client(write=True)
    cache.set("answer", {"slots": 10})
    assert cache.get("answer") == {"slots": 10}
    assert backend.get_client() is backend.get_client()


def test_a_counter_incremented_from_many_threads_counts_every_increment(redis_cache):
    cache.set("hits", 0)

    def count():
        for _ in range(50):
            cache.incr("hits")

    threads = [threading.Thread(target=count) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert cache.get("hits") == 400


def test_get_many_and_add_behave_as_djangos(redis_cache):
    assert cache.add("once", "first") is True
    assert cache.add("once", "second") is False
    cache.set("other", [1, 2])
    assert cache.get_many(["once", "other", "missing"]) == {"once": "first", "other": [1, 2]}


@pytest.mark.parametrize("timeout", [1, None])
def test_timeouts_reach_redis(redis_ttl, timeout):
    cache.set("kept", "x", timeout=timeout)
    ttl = redis_ttl("kept")
    assert (ttl == -1) if timeout is None else (0 <= ttl <= 1)
