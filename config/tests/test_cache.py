"""The Redis cache keeps one client per connection pool and still works from many threads."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from config.cache import KeptClientRedisCache
from games.tests.test_faults_redis import ThrowawayRedis


@pytest.fixture
def redis_cache():
    server = ThrowawayRedis()
    server.start()
    try:
        yield KeptClientRedisCache(server.url, {"KEY_PREFIX": "t"})
    finally:
        server.stop()


def test_one_client_serves_every_operation(redis_cache):
    redis_cache.set("seat", 3)
    first = redis_cache._cache.get_client(write=True)
    assert redis_cache._cache.get_client(write=True) is first
    assert redis_cache.get("seat") == 3
    assert redis_cache.get_many(["seat", "gone"]) == {"seat": 3}


def test_the_kept_client_counts_right_from_many_threads(redis_cache):
    redis_cache.set("moves", 0)
    with ThreadPoolExecutor(8) as threads:
        list(threads.map(lambda _n: redis_cache.incr("moves"), range(400)))
    assert redis_cache.get("moves") == 400
