"""The match row locked, with its seats and people, in one round trip: where every write on a
match begins (the caller holds the transaction)."""

from __future__ import annotations

from functools import cache

from django.contrib.sessions.models import Session
from django.utils import timezone

from accounts.models import User
from config.batch import Batch, Rows, columns, from_row
from games.models import Match, Seat


def locked(match_id: int) -> Match:
    """The match, locked, with its seats and people (`lock`)."""
    return lock(match_id)[0]


def lock(match_id: int, *, session_key: str | None = None) -> tuple[Match, str | None]:
    """The match, locked, with its seats and people, in one round trip; with `session_key`,
    that session's data too (None if it is gone or expired).

    No seat points back at the match (a cycle only the garbage collector's full passes free:
    see `load_table`)."""
    match_sql, seats_sql, session_sql = _statements()
    read: dict[str, Rows] = {}
    batch = Batch()
    batch.add(match_sql, [match_id], then=lambda rows: read.setdefault("match", rows))
    batch.add(seats_sql, [match_id], then=lambda rows: read.setdefault("seats", rows))
    if session_key is not None:
        batch.add(
            session_sql,
            [session_key, timezone.now()],
            then=lambda rows: read.setdefault("session", rows),
        )
    batch.send()
    if not read["match"]:
        raise Match.DoesNotExist(f"No match {match_id}.")
    match = from_row(Match, read["match"][0])
    width = len(Seat._meta.concrete_fields)
    match.seat_list = []
    for row in read["seats"]:
        seat = from_row(Seat, row[:width])
        seat.user = from_row(User, row[width:])
        match.seat_list.append(seat)
    session = read.get("session")
    return match, session[0][0] if session else None


@cache
def _statements() -> tuple[str, str, str]:
    """The match locked; its seats with their people in seat order; a live session's data."""
    matches, seats, users = Match._meta.db_table, Seat._meta.db_table, User._meta.db_table
    return (
        f"SELECT {columns(Match, 'm')} FROM {matches} m WHERE m.id = %s FOR UPDATE",
        f"SELECT {columns(Seat, 's')}, {columns(User, 'u')} FROM {seats} s"
        f" JOIN {users} u ON u.id = s.user_id WHERE s.match_id = %s ORDER BY s.number",
        f"SELECT session_data FROM {Session._meta.db_table}"
        " WHERE session_key = %s AND expire_date > %s",
    )
