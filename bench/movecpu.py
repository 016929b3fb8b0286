"""The processor time of a 4-seat move on the socket path, in-process, without daphne: the mover's
`TableConsumer._play` (session check and move service), then what each of the four sockets does
with the announcement (`TableConsumer._send_table` with its shared load and renders), along
whole matches. Also the garbage collector's passes (`gc.callbacks`) in that work and the cost
of a full pass, as the process stands after its start-up freeze (`config/asgi.py`) and a warm-up
match, then after `config.server.settle_collector` froze what the warm-up built.

    python -m bench.movecpu [--matches 6]
    python -m bench.movecpu --before DIR [--rounds 6]   # A/B in one run: DIR is a checkout
                                                        # of the commit before

It uses the benchmark's database (`BENCH_DATABASE_URL`, created anew) and Redis database
(`BENCH_REDIS_URL`, flushed) for the cache, presence and limits, as production does.

With `--before`, the two checkouts (this script copied into DIR) first play one whole match of
every game (`--frames`: the moves through `games.services.submit_move`, every seat's socket
pushed after each), once with the seats reading Czech and English in turn and once the other
way round, and every frame each socket was sent must be byte-identical; then they take turns
(`--rounds` each, one settled match a turn) measuring a Kosmopolis move's processor time."""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import redis

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


FRAME_GAMES = {
    "kosmopolis": 4,
    "seven_dragons": 5,
    "space_dragons": 4,
    "isle_of_cats": 4,
    "space_bastards": 4,
}
"""The games whose frames `--before` compares, and their seat counts (each game's most)."""


def _sockets(match_id: int, users: list[Any], sink: list[str]) -> list[Any]:
    """A table socket of each of `users` (their seats in order), as `connect` leaves one, that
    puts each frame it is sent into `sink`."""
    from games.consumers import TableConsumer

    consumers = []
    for user in users:
        consumer = TableConsumer()
        consumer.scope = {"user": user, "cookies": {}}
        consumer.match_id = match_id
        consumer.csrf_token = "c" * 64
        # As `connect` leaves them in a checkout from before `TableConsumer.__init__` (--before).
        consumer.sent, consumer.splits, consumer.shown = {}, {}, -1
        consumer.phase, consumer.refused, consumer.shown_match = None, False, lambda: None

        async def send(*, text_data: str) -> None:
            sink.append(text_data)

        consumer.send = send  # type: ignore[method-assign]
        consumers.append(consumer)
    return consumers


def _seated(game: str, languages: list[str]) -> tuple[int, list[Any]]:
    """A new match of `game` for the benchmark's people, reading `languages` in turn."""
    from accounts.models import User
    from games import services

    users = list(User.objects.filter(username__startswith="bench").order_by("username"))
    users = users[: FRAME_GAMES[game]]
    for number, user in enumerate(users):
        user.language = languages[number % len(languages)]
        user.save(update_fields=["language"])
    return services.start_match(game=game, players=users, seed=777).pk, users


def _moved(match_id: int, user: Any, move: dict[str, Any], count: int) -> dict[str, Any]:
    """The move stored, and the announcement it tells the table."""
    from games import services
    from games.live import pushes_batched

    with pushes_batched() as pushes:
        services.submit_move(match_id=match_id, user=user, move=move, expected_seq=count)
    return next(message for _group, message in pushes if "push" in message)


async def _frames(game: str, languages: list[str]) -> dict[str, list[str]]:
    """Every frame each seat's socket is sent along one whole match of `game`, the seats
    reading `languages` in turn."""
    from games.registry import GAMES

    engine = GAMES[game].engine
    match_id, users = await asyncio.to_thread(_seated, game, languages)
    sinks: list[list[str]] = [[] for _ in users]
    consumers = [
        _sockets(match_id, [user], sink)[0] for user, sink in zip(users, sinks, strict=True)
    ]
    for consumer in consumers:
        await consumer._send_table()
    state = engine.setup(len(users), {}, 777)
    rng = random.Random(777)
    count = 0
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        move = rng.choice(engine.legal_moves(state, seat))
        told = await asyncio.to_thread(_moved, match_id, users[seat], move, count)
        await asyncio.gather(
            *(c._send_table(push=told["push"], announced=told["seq"]) for c in consumers)
        )
        engine.apply_in_place(state, seat, move)
        count += 1
    return {f"{game} seat {n} {users[n].language}": sink for n, sink in enumerate(sinks)}


async def _match(players: list[Any], seed: int, pauses: Pauses, frames: list[int]) -> list[float]:
    """Play one match; the processor time of each move, and each frame's bytes into `frames`."""
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.models import User
    from bench.fixtures import GAME, SEATS, start_match
    from bench.load import move_form
    from games.registry import GAMES
    from games.services import match_group

    engine = GAMES[GAME].engine
    match_id = await asyncio.to_thread(start_match, [player.user_id for player in players], seed)
    table = match_group(match_id)
    users = {user.pk: user for user in User.objects.filter(pk__in=[p.user_id for p in players])}
    sink: list[str] = []
    consumers = _sockets(match_id, [users[player.user_id] for player in players], sink)
    for player, consumer in zip(players, consumers, strict=True):
        consumer.scope["session"] = SessionStore(player.session_key)
        await consumer._send_table()
    del sink[:]
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
    frames += [len(text.encode()) for text in sink]
    return cpu[5:-1]


def compare(before: Path, rounds: int) -> None:
    """The A/B run of `--before`: the frames compared, then the turns measured."""
    shutil.copy(Path(__file__), before / "bench" / "movecpu.py")
    checkouts = {"before": before, "after": Path(__file__).resolve().parent.parent}
    cpu: dict[str, list[float]] = {name: [] for name in checkouts}
    with tempfile.TemporaryDirectory() as scratch:
        frames = {}
        for name, checkout in checkouts.items():
            out = Path(scratch) / f"frames-{name}.json"
            command = [sys.executable, "-m", "bench.movecpu", "--frames", str(out)]
            subprocess.run(command, cwd=checkout, check=True)
            frames[name] = json.loads(out.read_text())
            out.unlink()
        differing = [
            viewer
            for viewer, sent in frames["after"].items()
            if frames["before"].get(viewer) != sent
        ]
        count = sum(len(sent) for sent in frames["after"].values())
        print(
            f"frames of {len(frames['after'])} sockets, {count} frames: "
            f"differing {differing or 'none'}"
        )
        del frames
        out = Path(scratch) / "cpu.json"
        for _ in range(rounds):
            for name, checkout in checkouts.items():
                command = [sys.executable, "-m", "bench.movecpu", "--matches", "1"]
                subprocess.run(
                    [*command, "--json", str(out)],
                    cwd=checkout,
                    check=True,
                    stdout=subprocess.DEVNULL,
                )
                cpu[name] += json.loads(out.read_text())["settled_cpu_ms"]
    for name, times in cpu.items():
        times.sort()
        median, mean = statistics.median(times), statistics.fmean(times)
        print(
            f"{name}: {len(times)} moves, CPU a 4-seat move median {median:.2f} ms, "
            f"mean {mean:.2f} ms, p90 {times[int(len(times) * 0.9)]:.2f} ms"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6, help="matches per collector setting")
    parser.add_argument("--json", help="also write the figures and each move's time here")
    parser.add_argument("--frames", help="write every game's frames here instead")
    parser.add_argument("--before", help="A/B against this checkout of the commit before")
    parser.add_argument("--rounds", type=int, default=6, help="turns of each checkout (--before)")
    args = parser.parse_args()
    if args.before:
        compare(Path(args.before), args.rounds)
        return 0
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
    # Presence and limits kept from an earlier run would mark the new matches' players (the
    # same ids) at the table in one checkout's frames and not the other's.
    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
    players = fixtures.create_players(fixtures.SEATS * 2)
    loop = asyncio.new_event_loop()
    if args.frames:
        sent = {}
        for game in FRAME_GAMES:
            for languages in (["cs", "en"], ["en", "cs"]):
                sent.update(loop.run_until_complete(_frames(game, languages)))
        Path(args.frames).write_text(json.dumps(sent))
        return 0
    results: dict[str, dict[str, Any]] = {"full_pass_ms": {}}
    cpu: dict[str, list[float]] = {setting: [] for setting in SETTINGS}
    pauses = {setting: Pauses() for setting in SETTINGS}
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
    if args.json:
        Path(args.json).write_text(json.dumps({**results, "settled_cpu_ms": cpu["settled"]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
