"""Who is looking at a table: every open table socket of a player keeps an entry under the
match and the player in the shared cache (Redis when the site runs several processes, the one
process's memory otherwise). Each entry carries its own expiry, which the socket pushes on while
it is open, so a socket closed without a word or a process that crashed is forgotten by itself
within `PRESENCE_SECONDS`. The move service asks before it tells a player it is their turn, the
bots how long to wait between their moves, and each player panel shows it. The spectators (the
sockets that hold no seat) are counted by each process and kept as its share, which expires the
same way (`share_spectators`)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable
from typing import NamedTuple

from django.core.cache import cache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

PRESENCE_SECONDS = 60
"""How long an entry counts without being refreshed."""
REFRESH_SECONDS = 20
"""How often an open socket refreshes its entry: well within `PRESENCE_SECONDS`."""
GUESTS_COUNTED = 10
"""Signed-out spectators are sockets, not people (a script opens any number of them): they are
counted apart from the signed-in ones, and only up to this many ("10 or more guests")."""


class Watching(NamedTuple):
    """Who watches a table: signed-in spectators, each counted once whatever their sockets, and
    signed-out sockets (guests), counted up to `GUESTS_COUNTED`."""

    people: int = 0
    guests: int = 0

    @property
    def all_guests_counted(self) -> bool:
        """Whether the guests reach the bound: there may be more."""
        return self.guests >= GUESTS_COUNTED


NOBODY = Watching()


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


def _spectators_key(match_id: int) -> str:
    return f"spectators:{match_id}"


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


def at_table(match_id: int, user_ids: Iterable[int]) -> tuple[set[int], Watching]:
    """Those of the players who have the table open now, and who watches it
    (`share_spectators`), in one read of the cache."""
    ids = list(user_ids)
    now = time.time()
    keys = [_key(match_id, user_id) for user_id in ids]
    try:
        found = cache.get_many([*keys, _spectators_key(match_id)])
    except (RedisError, OSError):
        logger.warning("Presence at match %s unknown: the cache is away", match_id)
        return set(), NOBODY
    here = {user_id for user_id in ids if _live(found.get(_key(match_id, user_id)), now)}
    return here, _watching(_shares(found.get(_spectators_key(match_id)), now))


Share = tuple[list[int], int, float]
"""A process's spectators of a table: the signed-in ones' accounts, how many guests, and until
when the share counts."""


def _shares(entries: object, now: float) -> dict[str, Share]:
    if not isinstance(entries, dict):
        return {}
    return {process: share for process, share in entries.items() if share[2] > now}


def _watching(shares: dict[str, Share]) -> Watching:
    people = {user_id for accounts, _guests, _until in shares.values() for user_id in accounts}
    guests = sum(guests for _accounts, guests, _until in shares.values())
    return Watching(len(people), min(guests, GUESTS_COUNTED))


def share_spectators(match_id: int, process: str, people: set[int], guests: int) -> Watching:
    """Store one process's share of a table's spectators (the signed-in ones' accounts and how
    many guests) for `PRESENCE_SECONDS`, or drop it when it has none; who watches now, in every
    process. A process writes its share again while it has spectators (`REFRESH_SECONDS`), and
    one write at a time, so its sockets opening and closing together lose nothing
    (`games.consumers.Spectators`). Two processes writing at once may lose the other's latest
    change until its next write; a table's sockets live in one process (`_in_turn`)."""
    now = time.time()
    key = _spectators_key(match_id)
    try:
        shares = _shares(cache.get(key), now)
        if people or guests:
            counted = min(guests, GUESTS_COUNTED)
            shares[process] = (sorted(people), counted, now + PRESENCE_SECONDS)
        else:
            shares.pop(process, None)
        cache.set(key, shares, PRESENCE_SECONDS)
    except (RedisError, OSError):
        logger.warning("Spectators of match %s not counted: the cache is away", match_id)
        return NOBODY
    return _watching(shares)
