"""A socket move's own cost, measured in-process: `TableConsumer._play` as a table's websocket
runs it for each move (the session check and the move service; the pushes are collected, not
sent), along a whole four-seat match. Reports the processor time of the calling thread per move
and, apart, of the PostgreSQL backend serving it (from /proc, over the whole match), the
statements and round trips PostgreSQL received (`config.testing.WireTrace`) and the commits."""

from __future__ import annotations

import json
import os
import random
import statistics
import time
from typing import Any

from django.db import connection

from bench.fixtures import GAME, SEATS, Player, start_match
from bench.load import move_form
from config.testing import WireTrace


def run(players: list[Player]) -> dict[str, Any]:
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.models import User
    from games.consumers import TableConsumer
    from games.registry import GAMES

    engine = GAMES[GAME].engine
    seed = 9191
    chosen = players[SEATS : 2 * SEATS]
    match_id = start_match([player.user_id for player in chosen], seed)
    users = {user.pk: user for user in User.objects.filter(pk__in=[p.user_id for p in chosen])}
    consumers = []
    for player in chosen:
        consumer = TableConsumer()
        consumer.scope = {
            "user": users[player.user_id],
            "session": SessionStore(player.session_key),
            "cookies": {},
        }
        consumer.match_id = match_id
        consumers.append(consumer)
    state = engine.setup(SEATS, {}, seed)
    rng = random.Random(seed)
    cpu: list[float] = []
    trips: list[int] = []
    statements: list[int] = []
    commits: list[int] = []
    count = 0
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
    backend_before = _cpu_seconds(backend)
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        move = rng.choice(engine.legal_moves(state, seat))
        fields: dict[str, list[str]] = {"expected_seq": [str(count)]}
        for key, value in move_form(move):
            fields.setdefault(key, []).append(value)
        with WireTrace(connection) as wire:
            started = time.thread_time()
            played = consumers[seat]._play(json.dumps(fields))
            cpu.append((time.thread_time() - started) * 1000)
        assert played is not None, played
        assert played[0] is None, played
        engine.apply_in_place(state, seat, move)
        trips.append(wire.trips)
        statements.append(len(wire.sent))
        commits.append(wire.commits)
        count += 1
    backend_ms = (_cpu_seconds(backend) - backend_before) * 1000 / count
    connection.close()
    middle = slice(5, -1)
    return {
        "moves": count,
        "cpu_ms_median": statistics.median(cpu[middle]),
        "cpu_ms_mean": statistics.fmean(cpu[middle]),
        "postgres_cpu_ms_mean": backend_ms,
        "trips_max": max(trips[:-1]),
        "trips_median": statistics.median(trips[:-1]),
        "statements_max": max(statements[:-1]),
        "commits_max": max(commits[:-1]),
        "last_move_trips": trips[-1],
    }


def _cpu_seconds(pid: int) -> float:
    """A process's processor time so far (0 where /proc does not show it)."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()  # noqa: SIM115
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
