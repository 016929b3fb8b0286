"""The processor time of a 4-seat move on the socket path, in-process, without daphne: the mover's
`TableConsumer._play` (session check and move service), then what each of the four sockets does
with the announcement (`TableConsumer._send_table` with its shared load and renders), along
whole matches. Also the garbage collector's passes (`gc.callbacks`) in that work and the cost
of a full pass, as the process stands after its start-up freeze (`config/asgi.py`) and a warm-up
match, then after `config.server.settle_collector` froze what the warm-up built.

    python -m bench.movecpu [--matches 6]

It uses the benchmark's database (`BENCH_DATABASE_URL`, created anew) and no Redis."""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import sys
import time
from typing import Any

SETTINGS = ("as started", "settled")
"""The collector as daphne starts (start-up frozen), then after `settle_collector`."""


class Pauses:
    """The collector's passes by generation: count and total milliseconds."""

    def __init__(self) -> None:
        self.started = 0.0
        self.passes: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.collected = 0
        self.young = 0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            if info["generation"] == 1:
                self.young += len(gc.get_objects(0)) + len(gc.get_objects(1))
            self.started = time.thread_time()
        else:
            self.collected += info["collected"]
            self.passes[info["generation"]].append((time.thread_time() - self.started) * 1000)


async def _match(players: list[Any], seed: int, pauses: Pauses, frames: list[int]) -> list[float]:
    """Play one match; the processor time of each move, and each frame's bytes into `frames`."""
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.models import User
    from bench.fixtures import GAME, SEATS, start_match
    from bench.load import move_form
    from games.consumers import TableConsumer
    from games.registry import GAMES
    from games.services import match_group

    engine = GAMES[GAME].engine
    match_id = await asyncio.to_thread(start_match, [player.user_id for player in players], seed)
    table = match_group(match_id)
    users = {user.pk: user for user in User.objects.filter(pk__in=[p.user_id for p in players])}
    consumers = []
    for player in players:
        consumer = TableConsumer()
        consumer.scope = {
            "user": users[player.user_id],
            "session": SessionStore(player.session_key),
            "cookies": {},
        }
        consumer.match_id = match_id
        consumer.csrf_token = "c" * 64
        consumer.sent = {}
        consumer.shown = -1
        consumer.phase = None
        consumer.refused = False
        consumer.shown_match = lambda: None

        async def send(*, text_data: str) -> None:
            frames.append(len(text_data.encode()))

        consumer.send = send  # type: ignore[method-assign]
        consumers.append(consumer)
        await consumer._send_table()
    del frames[:]
    state = engine.setup(SEATS, {}, seed)
    rng = random.Random(seed)
    cpu: list[float] = []
    count = 0
    gc.callbacks.append(pauses)
    try:
        while not engine.is_over(state):
            seat = rng.choice(sorted(engine.to_act(state)))
            move = rng.choice(engine.legal_moves(state, seat))
            fields: dict[str, list[str]] = {"expected_seq": [str(count)]}
            for key, value in move_form(move):
                fields.setdefault(key, []).append(value)
            started = time.process_time()
            played = consumers[seat]._play(json.dumps(fields))
            assert played is not None, "the session ended"
            assert played[0] is None, played[0]
            told = next(message for group, message in played[2] if group == table)
            await asyncio.gather(
                *(
                    consumer._send_table(push=told["push"], announced=told["seq"])
                    for consumer in consumers
                )
            )
            cpu.append((time.process_time() - started) * 1000)
            engine.apply_in_place(state, seat, move)
            count += 1
    finally:
        gc.callbacks.remove(pauses)
    return cpu[5:-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6, help="matches per collector setting")
    args = parser.parse_args()
    from bench.__main__ import DEFAULT_REDIS, ROOT, _database_url, _environment

    database_url = _database_url()
    os.environ.update(_environment(database_url, os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS)))
    # The mover's `_play` runs on the loop here (daphne runs it in a thread).
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import config.asgi  # noqa: F401 - as daphne loads it: freezes what start-up built
    from bench import fixtures
    from config.server import settle_collector

    fixtures.recreate_database(database_url)
    fixtures.migrate()
    players = fixtures.create_players(fixtures.SEATS * 2)
    results: dict[str, dict[str, Any]] = {"full_pass_ms": {}}
    cpu: dict[str, list[float]] = {setting: [] for setting in SETTINGS}
    pauses = {setting: Pauses() for setting in SETTINGS}
    loop = asyncio.new_event_loop()
    frames: list[int] = []
    # A first match warms imports, templates and caches up, as a server's first minute does.
    loop.run_until_complete(_match(players[: fixtures.SEATS], 1, Pauses(), []))
    for setting in SETTINGS:
        if setting == "settled":
            settle_collector()
        started = time.thread_time()
        gc.collect()
        results["full_pass_ms"][setting] = (time.thread_time() - started) * 1000
        results["full_pass_ms"][f"{setting}: objects"] = len(gc.get_objects())
        for number in range(args.matches):
            cpu[setting] += loop.run_until_complete(
                _match(players[: fixtures.SEATS], 100 + number, pauses[setting], frames)
            )
    results["push_frame_bytes"] = {
        "frames": len(frames),
        "mean": statistics.fmean(frames),
        "median": statistics.median(frames),
    }
    for setting in cpu:
        times = sorted(cpu[setting])
        results[setting] = {
            "moves": len(times),
            "cpu_ms_median": statistics.median(times),
            "cpu_ms_mean": statistics.fmean(times),
            "cpu_ms_p99": times[int(len(times) * 0.99)],
            "gc": {
                f"gen{generation}": {
                    "passes": len(passes),
                    "ms_total": round(sum(passes), 2),
                    "ms_max": round(max(passes, default=0), 2),
                }
                for generation, passes in pauses[setting].passes.items()
            },
            "collected": pauses[setting].collected,
            "young_at_gen1": pauses[setting].young,
        }
    print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
