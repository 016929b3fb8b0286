"""Who is looking at a table: every open table socket of a player keeps an entry under the
match and the player in the shared cache (Redis when the site runs several processes, the one
process's memory otherwise). Each entry carries its own expiry, which the socket pushes on while
it is open, so a socket closed without a word or a process that crashed is forgotten by itself
within `PRESENCE_SECONDS`. The move service asks before it tells a player it is their turn, the
bots how long to wait between their moves, and each player panel shows it; sockets that hold no
seat count the spectators the same way."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable

from django.core.cache import cache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

PRESENCE_SECONDS = 60
"""How long an entry counts without being refreshed."""
REFRESH_SECONDS = 20
"""How often an open socket refreshes its entry: well within `PRESENCE_SECONDS`."""


_TURNS = tuple(threading.Lock() for _ in range(64))
"""Writes of one player's entry take turns within a process (`_in_turn`)."""


def _in_turn(key: str) -> threading.Lock:
    """The lock under which this process reads and writes the entry `key`. A reload closes
    the page's old socket while the new one opens, each in a thread of its own: without
    turns, the old socket's departure could write over the new socket's arrival and leave the
    player away. A table's sockets live in one process (`bench/README.md`, per box); across
    processes the open socket's next refresh puts a lost entry back (`arrive`)."""
    return _TURNS[hash(key) % len(_TURNS)]


def _key(match_id: int, user_id: int) -> str:
    return f"at-table:{match_id}:{user_id}"


def _live(entries: object, now: float) -> dict[str, float]:
    if not isinstance(entries, dict):
        return {}
    return {socket: until for socket, until in entries.items() if until > now}


def _watch_key(match_id: int) -> str:
    return f"watching:{match_id}"


def arrive(match_id: int, user_id: int, socket: str) -> bool:
    """The socket is open (or still open) at the table; whether the player just came (no other
    socket of theirs was there). Two processes writing one player's entry at once may lose a
    socket; its next refresh puts it back and finds the player come again."""
    key = _key(match_id, user_id)
    try:
        with _in_turn(key):
            now = time.time()
            entries = _live(cache.get(key), now)
            came = not entries
            entries[socket] = now + PRESENCE_SECONDS
            cache.set(key, entries, PRESENCE_SECONDS)
    except (RedisError, OSError):
        logger.warning("Presence at match %s not stored: the cache is away", match_id)
        return False
    return came


def depart(match_id: int, user_id: int, socket: str) -> bool:
    """The socket closed; whether the player is gone (no other socket of theirs is there)."""
    key = _key(match_id, user_id)
    try:
        with _in_turn(key):
            entries = _live(cache.get(key), time.time())
            entries.pop(socket, None)
            if entries:
                cache.set(key, entries, PRESENCE_SECONDS)
            else:
                cache.delete(key)
    except (RedisError, OSError):
        logger.warning("Presence at match %s not cleared: the cache is away", match_id)
        return False
    return not entries


def present(match_id: int, user_ids: Iterable[int]) -> set[int]:
    """Those of the players who have the table open now. Without the cache nobody counts as
    present, so a notice is sent rather than lost."""
    ids = list(user_ids)
    return at_table(match_id, ids)[0] if ids else set()


def at_table(match_id: int, user_ids: Iterable[int]) -> tuple[set[int], int]:
    """Those of the players who have the table open now, and how many watch it (`watch`), in
    one read of the cache."""
    ids = list(user_ids)
    now = time.time()
    keys = [_key(match_id, user_id) for user_id in ids]
    try:
        found = cache.get_many([*keys, _watch_key(match_id)])
    except (RedisError, OSError):
        logger.warning("Presence at match %s unknown: the cache is away", match_id)
        return set(), 0
    here = {user_id for user_id in ids if _live(found.get(_key(match_id, user_id)), now)}
    return here, _count(found.get(_watch_key(match_id)), now)


def _watchers(entries: object, now: float) -> dict[str, tuple[str, float]]:
    if not isinstance(entries, dict):
        return {}
    return {socket: entry for socket, entry in entries.items() if entry[1] > now}


def _count(entries: object, now: float) -> int:
    """Spectators, not sockets: one signed-in spectator's two tabs count once."""
    return len({viewer for viewer, _until in _watchers(entries, now).values()})


def watch(match_id: int, viewer: str, socket: str) -> int:
    """A socket that holds no seat is open at the table (kept like a player's presence, by
    `viewer`: the spectator's account, or the socket itself when signed out); how many watch
    now. Two sockets writing at once may lose one entry; the next refresh puts it back (a
    hundred spectators refresh together: in turns, they would hold the threads that moves
    need)."""
    now = time.time()
    try:
        entries = _watchers(cache.get(_watch_key(match_id)), now)
        entries[socket] = (viewer, now + PRESENCE_SECONDS)
        cache.set(_watch_key(match_id), entries, PRESENCE_SECONDS)
    except (RedisError, OSError):
        logger.warning("Spectators of match %s not counted: the cache is away", match_id)
        return 0
    return _count(entries, now)


def unwatch(match_id: int, socket: str) -> int:
    """A spectator's socket closed; how many watch now."""
    now = time.time()
    try:
        entries = _watchers(cache.get(_watch_key(match_id)), now)
        entries.pop(socket, None)
        cache.set(_watch_key(match_id), entries, PRESENCE_SECONDS)
    except (RedisError, OSError):
        logger.warning("Spectators of match %s not counted: the cache is away", match_id)
        return 0
    return _count(entries, now)
