"""Django's Redis cache, keeping its `redis.Redis` client.

Django's `RedisCacheClient.get_client` builds a new `redis.Redis` for every operation, and each
one sets up its ~170 response callbacks: 80 µs of processor time, as much as the operation's
round trip, for every presence read and rate limit of a move (`bench/README.md`). A client is
thread-safe and holds no connection of its own (the pool does), so one per pool serves all."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class KeptClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class KeptClientRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = KeptClient
