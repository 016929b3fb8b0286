"""`python -m bench.pairing`: how long seating a Swiss round takes, and how many opponents it
seats again, for fields of several sizes and tables of two to five (issue 38). Pure Python, no
database, one process: each field plays its rounds with random ranks (seeded), seated by the
standings as the site seats them (`tournaments.pairing`)."""

from __future__ import annotations

import argparse
import random
import time

from tournaments.pairing import (
    Round,
    Table,
    repeats,
    standings,
    swiss_round,
    table_mates,
)

FIELDS = ((2, 16, 5), (2, 64, 7), (2, 128, 8), (3, 30, 6), (4, 64, 7), (4, 128, 8), (5, 50, 6))
"""(seats, players, rounds)."""


def _ranked(seated: Round, rng: random.Random) -> Round:
    tables = []
    for table in seated.tables:
        scores = [rng.randint(0, 3) for _ in table.players]
        ranks = tuple(1 + sum(1 for o in scores if o > s) for s in scores)
        tables.append(Table(players=table.players, ranks=ranks))
    return Round(tables=tuple(tables), byes=seated.byes)


def field(seats: int, players: int, rounds: int, seed: int) -> dict[str, float]:
    """One tournament: the slowest round's seating (ms, process time) and the repeated pairs."""
    rng = random.Random(seed)
    history: list[Round] = []
    slowest = 0.0
    repeated = 0
    for _ in range(rounds):
        order = [row.player for row in standings(range(1, players + 1), history, seats)]
        started = time.process_time()
        seated = swiss_round(order, seats, history)
        slowest = max(slowest, time.process_time() - started)
        met = table_mates(history)
        repeated += sum(repeats(table.players, met) for table in seated.tables)
        history.append(_ranked(seated, rng))
    return {"slowest_ms": slowest * 1000, "repeated": repeated}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tournaments", type=int, default=5, help="seeded runs per field")
    runs = parser.parse_args().tournaments
    print("seats players rounds | slowest round (ms) | repeated pairs per tournament (mean)")
    for seats, players, rounds in FIELDS:
        results = [field(seats, players, rounds, seed) for seed in range(runs)]
        slowest = max(r["slowest_ms"] for r in results)
        repeated = sum(r["repeated"] for r in results) / runs
        print(f"{seats:5} {players:7} {rounds:6} | {slowest:18.1f} | {repeated:.1f}")


if __name__ == "__main__":
    main()
