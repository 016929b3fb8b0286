"""The match row locked, with its seats and people, in one round trip: where every write on a
match begins (the caller holds the transaction)."""

from __future__ import annotations

from functools import cache

from django.contrib.sessions.models import Session
from django.utils import timezone

from config.batch import Batch, Rows, columns, from_row
from games.models import Match
from games.selectors import seats_from_rows, seats_statement


def locked(match_id: int, *, then_read: Batch | None = None) -> Match:
    """The match, locked, with its seats and people (`lock`)."""
    return lock(match_id, then_read=then_read)[0]


def lock(
    match_id: int, *, session_key: str | None = None, then_read: Batch | None = None
) -> tuple[Match, str | None]:
    """The match, locked, with its seats and people, in one round trip; with `session_key`,
    that session's data too (None if it is gone or expired); with `then_read`, the caller's
    statements too, sent after the lock so that they read what its last holder committed.

    No seat points back at the match (a cycle only the garbage collector's full passes free:
    see `load_table`)."""
    match_sql, session_sql = _statements()
    read: dict[str, Rows] = {}
    batch = Batch()
    batch.add(match_sql, [match_id], then=lambda rows: read.setdefault("match", rows))
    batch.add(seats_statement(), [match_id], then=lambda rows: read.setdefault("seats", rows))
    if session_key is not None:
        batch.add(
            session_sql,
            [session_key, timezone.now()],
            then=lambda rows: read.setdefault("session", rows),
        )
    if then_read is not None:
        batch.extend(then_read)
    batch.send()
    if not read["match"]:
        raise Match.DoesNotExist(f"No match {match_id}.")
    match = from_row(Match, read["match"][0])
    match.seat_list = seats_from_rows(read["seats"])
    session = read.get("session")
    return match, session[0][0] if session else None


@cache
def _statements() -> tuple[str, str]:
    """The match locked; a live session's data."""
    return (
        f"SELECT {columns(Match, 'm')} FROM {Match._meta.db_table} m WHERE m.id = %s FOR UPDATE",
        f"SELECT session_data FROM {Session._meta.db_table}"
        " WHERE session_key = %s AND expire_date > %s",
    )
