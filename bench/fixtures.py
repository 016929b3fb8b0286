"""The benchmark's own database and data: players, signed-in sessions, matches.

Runs in the orchestrator process with `bench.settings` (synchronous ORM; never inside the
event loop). The database is dropped and created anew on every run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

GAME = "kosmopolis"
SEATS = 4
"""The live benchmark plays four-seat Kosmopolis: a short turn-ordered game with a simultaneous
draft, so every move has three other players to reach."""


@dataclass
class Player:
    user_id: int
    username: str
    session_key: str
    csrf_cookie: str | None = None


def recreate_database(database_url: str) -> None:
    """Drop and create the benchmark's database (never a test or development database)."""
    parts = urlsplit(database_url)
    name = parts.path.lstrip("/")
    if not name.startswith("deskovky_bench"):
        raise SystemExit(f"refusing to recreate {name!r}: the benchmark uses deskovky_bench*")
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def migrate() -> None:
    call_command("migrate", verbosity=0, interactive=False)


def create_players(count: int) -> list[Player]:
    """`count` people (no bots), each with a signed-in session, as `force_login` makes one."""
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.models import User

    User.objects.bulk_create(
        User(username=f"bench{n:05d}", email=f"bench{n:05d}@example.invalid", password="!")
        for n in range(count)
    )
    players = []
    backend = "django.contrib.auth.backends.ModelBackend"
    for user in User.objects.filter(username__startswith="bench").order_by("username"):
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = backend
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        players.append(Player(user.pk, user.username, session.session_key))
    return players


def start_match(player_ids: list[int], seed: int, bot_level: str = "normal") -> int:
    """A live match of the benchmark's game with these people, in this seat order, its bots
    playing at `bot_level`."""
    from accounts.models import User
    from games.services import start_match as start

    users = {user.pk: user for user in User.objects.filter(pk__in=player_ids)}
    players = [users[pk] for pk in player_ids]
    match = start(game=GAME, players=players, seed=seed, bot_level=bot_level)
    connection.close()
    return match.pk


TRANSACTION_CONTROL = {"BEGIN", "COMMIT", "ROLLBACK"}


def queries_per_move(players: list[Player]) -> dict[str, Any]:
    """Count `games.services.submit_move`'s statements in this process along a whole match
    (first moves, middle, last moves), to show whether the count grows with the match. Queries
    leave out BEGIN and COMMIT, which `trips_max` counts too."""
    from accounts.models import User
    from games.registry import GAMES
    from games.services import submit_move

    engine = GAMES[GAME].engine
    seed = 4242
    ids = [player.user_id for player in players[:SEATS]]
    match_id = start_match(ids, seed)
    users = {user.pk: user for user in User.objects.filter(pk__in=ids)}
    state = engine.setup(SEATS, {}, seed)
    rng = random.Random(seed)
    counts: list[int] = []
    trips: list[int] = []
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        move = rng.choice(engine.legal_moves(state, seat))
        with CaptureQueriesContext(connection) as captured:
            submit_move(
                match_id=match_id, user=users[ids[seat]], move=move, expected_seq=len(counts)
            )
        engine.apply_in_place(state, seat, move)
        statements = [query["sql"] for query in captured.captured_queries]
        trips.append(len(statements))
        counts.append(sum(1 for sql in statements if sql not in TRANSACTION_CONTROL))
    connection.close()
    return {
        "moves": len(counts),
        "first": counts[0],
        "move_10": counts[10],
        "move_50": counts[50],
        "last_but_one": counts[-2],
        "last": counts[-1],
        "min": min(counts),
        "max": max(counts[:-1]),
        "early_max": max(counts[:10]),
        "late_max": max(counts[-11:-1]),
        "trips_max": max(trips[:-1]),
        "mean": sum(counts) / len(counts),
        "all": counts,
    }
