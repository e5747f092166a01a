"""Rows nearly every request reads, read through the shared cache and never served stale.

A kept league page costs the session, the player and the rules data's version: with Redis
as the shared cache, reading the last two from it instead of PostgreSQL is the difference
between a page that costs two queries and one that costs none (docs/performance.md).

Each value is kept beside a *generation*: a random token under its own key. A value read
from the cache counts only while the token it was stored with is still the current one.
`forget()` replaces the token at once and again when the writing transaction commits:

- at once, so the next read in this transaction, or in a test that never commits, loads
  the row again;
- on commit, because a reader that loaded the row before the commit may store what it
  read after the first replacement. It stored it under the token it read first, which the
  second replacement retires, so what it stored is never served.

A reader reads the token before it loads, so a value is never stored under a token newer
than the row it came from. A token lost from the cache (an eviction, a restart) retires
every value stored with it. Without a fast shared cache (READ_THROUGH_SHARED_CACHE off: the
database's cache table, where a cache read costs the query it saves) `get` simply loads.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

# Every value is read again from the database at least this often (seconds), whatever
# happens: a row changed behind the app's back (raw SQL in a database shell; every ORM write
# forgets it, accounts/freshness.py) shows by then, and a Redis brought back from an old
# snapshot, with tokens older than the rows, cannot serve them for good.
TIMEOUT = 300


class ReadThrough:
    """Values named `name`, one per `ident`, kept in the shared cache for `timeout` seconds."""

    def __init__(self, name: str, *, timeout: int = TIMEOUT):
        self.name = name
        self.timeout = timeout

    def keys(self, ident) -> tuple[str, str]:
        return f"{self.name}:generation:{ident}", f"{self.name}:value:{ident}"

    def get(self, ident, load: Callable[[], Any]) -> Any:
        """The value for `ident`: the kept one while it is current, else `load()`'s, kept."""
        if not settings.READ_THROUGH_SHARED_CACHE:
            return load()
        generation_key, value_key = self.keys(ident)
        found = cache.get_many([generation_key, value_key])
        generation = found.get(generation_key)
        kept = found.get(value_key)
        if generation is not None and kept is not None and kept[0] == generation:
            return kept[1]
        if generation is None:
            generation = uuid.uuid4().hex
            if not cache.add(generation_key, generation, timeout=None):
                # Another reader made one first: store under theirs.
                generation = cache.get(generation_key, generation)
        value = load()
        cache.set(value_key, (generation, value), timeout=self.timeout)
        return value

    def forget(self, ident) -> None:
        """`ident`'s row has changed (or is changing in this transaction): no value read
        before can be served once this returns, nor once the transaction commits."""
        if not settings.READ_THROUGH_SHARED_CACHE:
            return
        generation_key, _ = self.keys(ident)

        def retire():
            cache.set(generation_key, uuid.uuid4().hex, timeout=None)

        retire()
        transaction.on_commit(retire)
