"""The floor: how long this machine's PostgreSQL takes to commit one small insert.

A psycopg loop in autocommit mode inserts one row per statement into an ordinary (WAL-logged)
table, so each insert is one durable commit; a second loop times a transaction shaped like a
move (lock a row, insert a row, update the row, commit).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import psycopg


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(*, conninfo: str, quick: bool) -> dict[str, Any]:
    rounds = 500 if quick else 3000
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS bench_floor, bench_floor_match")
        conn.execute("CREATE TABLE bench_floor (id bigserial PRIMARY KEY, n int, payload jsonb)")
        conn.execute("CREATE TABLE bench_floor_match (id int PRIMARY KEY, moves int)")
        conn.execute("INSERT INTO bench_floor_match VALUES (1, 0)")
        settings = {
            name: conn.execute(f"SHOW {name}").fetchone()[0]
            for name in ("synchronous_commit", "fsync", "wal_sync_method")
        }
        inserts: list[float] = []
        for n in range(rounds + 50):
            started = time.perf_counter()
            conn.execute(
                "INSERT INTO bench_floor (n, payload) VALUES (%s, %s)", (n, '{"type": "x"}')
            )
            if n >= 50:
                inserts.append(time.perf_counter() - started)
        moves: list[float] = []
        for n in range(rounds + 50):
            started = time.perf_counter()
            with conn.transaction():
                conn.execute("SELECT moves FROM bench_floor_match WHERE id = 1 FOR UPDATE")
                conn.execute(
                    "INSERT INTO bench_floor (n, payload) VALUES (%s, %s)", (n, '{"type": "x"}')
                )
                conn.execute("UPDATE bench_floor_match SET moves = moves + 1 WHERE id = 1")
            if n >= 50:
                moves.append(time.perf_counter() - started)
        conn.execute("DROP TABLE bench_floor, bench_floor_match")
    return {
        "rounds": rounds,
        "insert_p50_ms": statistics.median(inserts) * 1000,
        "insert_p99_ms": _percentile(inserts, 0.99) * 1000,
        "move_tx_p50_ms": statistics.median(moves) * 1000,
        "move_tx_p99_ms": _percentile(moves, 0.99) * 1000,
        "settings": settings,
    }
