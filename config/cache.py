"""Django's Redis cache, keeping one Redis client per connection pool.

Django's RedisCacheClient builds a new `redis.Redis` for every cache call, and redis-py
fills in its table of response callbacks each time it builds one: about a fifth of a
millisecond, more than the call's own round trip on loopback. A logged-in page asks the
shared cache three or four times (the session, the player, the rules version), so that was
most of what a kept page cost. A `redis.Redis` is safe to share between threads (each
command takes a connection from the pool), so the one built first is kept and reused.
"""

from django.core.cache.backends import redis


class RedisCacheClient(redis.RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}  # {id of a pool in self._pools, which lives as long: its client}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(redis.RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = RedisCacheClient
