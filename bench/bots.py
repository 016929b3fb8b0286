"""The bots' reply under load (issue 24): many matches of one person against two bots at once,
the person thinking 0.5-1.5 s a move, against one daphne and the task worker(s).

A reply's latency is the time from just before the person's move is sent over the table's
socket to the push that shows the person's turn again (`data-my-turn="1"` at a later move
number): the move stored, the bots woken, their moves made, and the table pushed. Moves after
which the person acts again without the bots are not counted.

The bots play at `--level` (issue 35; default normal). A strong bot thinks the site's budget
(`games.bots.STRONG_SECONDS`) of wall time per move, and a reply holds one or two bot moves, so a
strong reply is judged against its allowance: its bot moves times (the budget + 100 ms). The
figures say how many replies kept within it and by how much the p99 reply overran it.

`python -m bench.bots [--matches 50] [--seconds 60] [--workers 1] [--level normal]`;
BENCH_WORKER is the worker command (default `worker`; `db_worker --interval 0.1 --no-reload`
measured the old queue).
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TURN = re.compile(r'data-seq="(\d+)" data-my-turn="([01])"')
BOTS = 2
OVER_BUDGET = 0.1
"""What a strong bot's move may take beyond its thinking time, in seconds (issue 35)."""


def _state(match_id: int) -> tuple[int, dict[str, Any], bool]:
    from django.db import connection

    from games.models import Match

    match = Match.objects.get(pk=match_id)
    connection.close()
    return match.move_count, match.state, match.is_over


class Person:
    """One person at a table against bots, moving over the table's socket."""

    def __init__(
        self, http: Any, server: str, player: Any, bot_ids: list[int], seed: int, level: str
    ):
        self.http, self.server, self.player, self.bot_ids = http, server, player, bot_ids
        self.level = level
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.bot_moves: list[int] = []
        """The bots' moves in each measured reply, beside `latencies`."""
        self.replies: list[tuple[int, int, float, float]] = []
        """Each measured reply's match, move number before the person's move, and Unix times
        of sending and of the push's arrival, beside `latencies` (joined with the workers'
        phases by `phases`)."""
        self.lost = 0
        self.turns: asyncio.Queue[tuple[int, float, float]] = asyncio.Queue()

    async def _read(self, ws: Any) -> None:
        async for message in ws:
            for seq, mine in TURN.findall(message.data if isinstance(message.data, str) else ""):
                if mine == "1":
                    self.turns.put_nowait((int(seq), time.perf_counter(), time.time()))

    async def _open(self) -> tuple[int, Any, asyncio.Task[None]]:
        from bench import fixtures

        match_id = await asyncio.to_thread(
            fixtures.start_match,
            [self.player.user_id, *self.bot_ids],
            self.rng.getrandbits(64),
            self.level,
        )
        ws = await self.http.ws_connect(
            f"{self.server.replace('http', 'ws', 1)}/ws/matches/{match_id}/?seq=0",
            headers={"Cookie": f"sessionid={self.player.session_key}", "Origin": self.server},
            max_msg_size=0,
        )
        return match_id, ws, asyncio.create_task(self._read(ws))

    async def play(self, until: float) -> None:
        from games.registry import GAMES

        engine = GAMES["kosmopolis"].engine
        match_id, ws, reader = await self._open()
        try:
            while time.monotonic() < until:
                count, state, over = await asyncio.to_thread(_state, match_id)
                if over:
                    await ws.close()
                    reader.cancel()
                    match_id, ws, reader = await self._open()
                    continue
                if engine.to_act(state) != {0}:
                    await asyncio.sleep(0.05)  # the bots' opening moves
                    continue
                await asyncio.sleep(self.rng.uniform(0.5, 1.5))
                move = self.rng.choice(engine.legal_moves(state, 0))
                after = copy.deepcopy(state)
                engine.apply_in_place(after, 0, move)
                measured = not engine.is_over(after) and engine.to_act(after) != {0}
                fields: dict[str, Any] = {"expected_seq": count}
                for key, value in move.items():
                    fields[key] = [str(v) for v in value] if isinstance(value, list) else value
                while not self.turns.empty():
                    self.turns.get_nowait()
                started, sent = time.perf_counter(), time.time()
                await ws.send_str(json.dumps(fields))
                if engine.is_over(after):
                    await asyncio.sleep(0.5)  # then a new match
                    continue
                # The person's turn again: after the bots' moves, or at once when they have none.
                awaited = count + 2 if measured else count + 1
                try:
                    while True:
                        seq, arrived, at = await asyncio.wait_for(self.turns.get(), 5)
                        if seq >= awaited:
                            if measured:
                                self.latencies.append(arrived - started)
                                self.bot_moves.append(seq - count - 1)
                                self.replies.append((match_id, count, sent, at))
                            break
                except TimeoutError:
                    _count, _state_now, over = await asyncio.to_thread(_state, match_id)
                    self.lost += measured and not over  # a bot's move may end the match
        finally:
            await ws.close()
            reader.cancel()


def _wait_for_a_bot_move(player: Any, bot_ids: list[int], level: str) -> None:
    """Until the worker has made a bot's move at `level` (its start, and a strong bot's thinking
    processes, take seconds, minutes on a busy machine), so that the measured time is the
    worker at work."""
    from django.db import connection

    from bench import fixtures
    from games.models import Move

    match_id = fixtures.start_match([player.user_id, *bot_ids], 0, level)
    waited = time.monotonic()
    while not Move.objects.filter(match_id=match_id).exists():
        if time.monotonic() - waited > 600:
            raise RuntimeError("The worker made no bot move in 10 minutes.")
        time.sleep(0.2)
    connection.close()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def _ms(values: list[float], q: float) -> float | None:
    """A percentile in ms, rounded; None (JSON null) when nothing was measured."""
    return round(percentile(values, q) * 1000, 1) if values else None


PHASES = ("move", "queue", "lock", "prepare", "think", "store", "between", "push")
"""A reply's parts, in order: the person's move stored (sent to stored); the wait for a worker
(stored to the bots' run started); then for each bot move, the match locked, made ready, thought
about, stored and committed, and between two bot moves in a row the next one begun; and the push
(the last bot move committed to the person's socket receiving it)."""


def phases(
    replies: list[tuple[int, int, float, float]], moves: list[dict[str, Any]]
) -> dict[str, Any]:
    """Each reply's time split into `PHASES` (p50 and p99 in ms, a reply's parts summed), from
    the workers' log of every bot move (`games.services.bots.timings`), and each bot move's
    thinking: wall and CPU time, and how far past its deadline it ended."""
    logged = {(move["match"], move["seq"]): move for move in moves}
    parts: dict[str, list[float]] = {name: [] for name in PHASES}
    thinking: dict[str, list[float]] = {"wall": [], "cpu": [], "past_deadline": []}
    for match_id, count, sent, arrived in replies:
        bots = []
        seq = count + 1
        while (match_id, seq) in logged:
            bots.append(logged[match_id, seq])
            seq += 1
        if not bots:
            continue
        split = dict.fromkeys(PHASES, 0.0)
        split["move"] = bots[0]["came"] - sent
        split["queue"] = bots[0]["started"] - bots[0]["came"]
        for before, bot in zip([None, *bots], bots, strict=False):
            if before is not None:
                split["between"] += bot["started"] - before["committed"]
            split["lock"] += bot["locked"] - bot["started"]
            split["prepare"] += bot["thinking"] - bot["locked"]
            split["think"] += bot["thought"] - bot["thinking"]
            split["store"] += bot["committed"] - bot["thought"]
            thinking["wall"].append(bot["thought"] - bot["thinking"])
            thinking["cpu"].append(bot["cpu"])
            thinking["past_deadline"].append(bot["thought"] - bot["deadline"])
        split["push"] = arrived - bots[-1]["committed"]
        for name, value in split.items():
            parts[name].append(value)
    return {
        "replies_split": len(parts["move"]),
        "phases_ms": {name: [_ms(v, 0.5), _ms(v, 0.99)] for name, v in parts.items()},
        "thinking_ms": {name: [_ms(v, 0.5), _ms(v, 0.99)] for name, v in thinking.items()},
    }


def run(
    env: dict[str, str],
    players: list[Any],
    log: Any,
    *,
    seconds: float,
    workers: int,
    level: str = "normal",
) -> dict[str, Any]:
    import aiohttp

    from accounts.models import User
    from bench.servers import Daphne
    from games.bots import STRONG_SECONDS

    # `./dev bench` runs this part twice (normal, then strong bots) on one database.
    bot_ids = [
        User.objects.get_or_create(username=f"bench-bot-{n}", defaults={"is_bot": True})[0].pk
        for n in range(BOTS)
    ]
    # Bots' moves in a row would wait the person's pace (0.7 s by default) to be followable;
    # the bench measures the machinery, so its people play at pace 0.
    User.objects.filter(pk__in=[player.user_id for player in players]).update(bot_pace_ms=0)
    command = os.environ.get("BENCH_WORKER", "worker").split()
    server = Daphne(env)
    handle, name = tempfile.mkstemp(prefix="bench-bot-timings-")
    os.close(handle)
    logged = Path(name)
    processes = [
        subprocess.Popen(
            [sys.executable, "manage.py", *command],
            cwd=ROOT,
            env={**env, "BENCH_BOT_TIMINGS": str(logged)},
            stdout=subprocess.DEVNULL,
        )
        for _ in range(workers)
    ]
    try:
        _wait_for_a_bot_move(players[0], bot_ids, level)

        async def everyone() -> list[Person]:
            async with aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar()) as http:
                people = [
                    Person(http, server.url, player, bot_ids, seed, level)
                    for seed, player in enumerate(players)
                ]
                until = time.monotonic() + seconds
                await asyncio.gather(*(person.play(until) for person in people))
                return people

        log(f"{len(players)} matches against {level} bots for {seconds:.0f} s, {workers} worker(s)")
        people = asyncio.run(everyone())
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)
        server.stop()
    moves = [json.loads(line) for line in logged.read_text().splitlines() if line.strip()]
    logged.unlink()
    latencies = [value for person in people for value in person.latencies]
    in_reply = [value for person in people for value in person.bot_moves]
    result: dict[str, Any] = {
        "level": level,
        "matches": len(players),
        "workers": workers,
        "worker": " ".join(command),
        "replies": len(latencies),
        "lost": sum(person.lost for person in people),
        "p50_ms": _ms(latencies, 0.5),
        "p99_ms": _ms(latencies, 0.99),
        "two_bot_moves": sum(n == 2 for n in in_reply),
        **phases([reply for person in people for reply in person.replies], moves),
    }
    if level == "strong":
        budget = STRONG_SECONDS
        allowed = [n * (budget + OVER_BUDGET) for n in in_reply]
        over = [late - allowance for late, allowance in zip(latencies, allowed, strict=True)]
        result["budget_ms"] = round(budget * 1000)
        result["within_allowance"] = sum(value <= 0 for value in over)
        result["p99_over_allowance_ms"] = _ms(over, 0.99)
    return result


def main() -> int:
    from bench.__main__ import DEFAULT_REDIS, _database_url, _environment, log

    parser = argparse.ArgumentParser(prog="python -m bench.bots", description=__doc__)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--level", choices=("easy", "normal", "strong"), default="normal")
    args = parser.parse_args()
    database_url = _database_url()
    env = _environment(database_url, os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS))
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from bench import fixtures

    fixtures.recreate_database(database_url)
    fixtures.migrate()
    players = fixtures.create_players(args.matches)
    result = run(env, players, log, seconds=args.seconds, workers=args.workers, level=args.level)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
