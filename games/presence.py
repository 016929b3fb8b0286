"""Who is looking at a table: every open table socket of a player keeps an entry under the
match and the player in the shared cache (Redis when the site runs several processes, the one
process's memory otherwise). Each entry carries its own expiry, which the socket pushes on while
it is open, so a socket closed without a word or a process that crashed is forgotten by itself
within `PRESENCE_SECONDS`. The move service asks before it tells a player it is their turn."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable

from django.core.cache import cache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

PRESENCE_SECONDS = 60
"""How long an entry counts without being refreshed."""
REFRESH_SECONDS = 20
"""How often an open socket refreshes its entry: well within `PRESENCE_SECONDS`."""


def _key(match_id: int, user_id: int) -> str:
    return f"at-table:{match_id}:{user_id}"


def _live(entries: object, now: float) -> dict[str, float]:
    if not isinstance(entries, dict):
        return {}
    return {socket: until for socket, until in entries.items() if until > now}


def arrive(match_id: int, user_id: int, socket: str) -> None:
    """The socket is open (or still open) at the table. Two sockets of one player writing at
    once may lose one entry; the next refresh puts it back."""
    now = time.time()
    try:
        entries = _live(cache.get(_key(match_id, user_id)), now)
        entries[socket] = now + PRESENCE_SECONDS
        cache.set(_key(match_id, user_id), entries, PRESENCE_SECONDS)
    except (RedisError, OSError):
        logger.warning("Presence at match %s not stored: the cache is away", match_id)


def depart(match_id: int, user_id: int, socket: str) -> None:
    now = time.time()
    try:
        entries = _live(cache.get(_key(match_id, user_id)), now)
        entries.pop(socket, None)
        if entries:
            cache.set(_key(match_id, user_id), entries, PRESENCE_SECONDS)
        else:
            cache.delete(_key(match_id, user_id))
    except (RedisError, OSError):
        logger.warning("Presence at match %s not cleared: the cache is away", match_id)


def present(match_id: int, user_ids: Iterable[int]) -> set[int]:
    """Those of the players who have the table open now. Without the cache nobody counts as
    present, so a notice is sent rather than lost."""
    ids = list(user_ids)
    if not ids:
        return set()
    now = time.time()
    try:
        found = cache.get_many([_key(match_id, user_id) for user_id in ids])
    except (RedisError, OSError):
        logger.warning("Presence at match %s unknown: the cache is away", match_id)
        return set()
    return {user_id for user_id in ids if _live(found.get(_key(match_id, user_id)), now)}
