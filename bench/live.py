"""The live path measured against real daphne processes: latency, throughput, queries per move,
idle capacity and two processes sharing PostgreSQL and Redis."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import redis

from bench import fixtures, load
from bench.fixtures import SEATS, Player
from bench.servers import Daphne, Nginx

_started: list[Daphne | Nginx] = []
P99_LIMIT_MS = 100.0


def _start(env: dict[str, str], *, access_log: bool = False) -> Daphne:
    server = Daphne(env, access_log=access_log)
    _started.append(server)
    return server


def _start_nginx(servers: list[Daphne]) -> Nginx:
    proxy = Nginx([server.port for server in servers])
    _started.append(proxy)
    return proxy


def stop_all() -> None:
    while _started:
        _started.pop().stop()


def _flush_redis(env: dict[str, str]) -> None:
    redis.Redis.from_url(env["REDIS_URL"]).flushdb()


def _matches(players: list[Player], tables: int, salt: str) -> list[tuple[int, int]]:
    rng = random.Random(salt)
    created = []
    groups = len(players) // SEATS
    for n in range(tables):
        seed = rng.getrandbits(64)
        group = n % groups
        ids = [player.user_id for player in players[group * SEATS : (group + 1) * SEATS]]
        created.append((fixtures.start_match(ids, seed), seed))
    return created


def _profiled(servers: list[Daphne], seconds: float, label: str) -> list[subprocess.Popen]:
    """With BENCH_PROFILE_DIR set, record each server with py-spy (collapsed stacks, which
    `python -m bench.profile FILE` summarises) for `seconds`; needs `pip install py-spy`."""
    directory = os.environ.get("BENCH_PROFILE_DIR")
    if not directory:
        return []
    os.makedirs(directory, exist_ok=True)
    spy = os.path.join(os.path.dirname(sys.executable), "py-spy")
    recorders = []
    for n, server in enumerate(servers):
        output = os.path.join(directory, f"{label}-daphne{n}.txt")
        command = [spy, "record", "--pid", str(server.process.pid), "--format", "raw"]
        command += ["--duration", str(int(seconds)), "--rate", "100", "--gil", "--output", output]
        recorders.append(
            subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        )
    return recorders


def _engine() -> Any:
    from games.registry import GAMES

    return GAMES[fixtures.GAME].engine


async def _latency_and_ramp(
    plan: Any,
    tables: list[load.Table],
    servers: list[Daphne],
    latency_tables: tuple[int, ...],
    log: Callable[[str], None],
    proxy: Nginx | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {"latency": [], "ramp": []}
    for count in latency_tables:
        rate = plan.single_table_rate if count == 1 else plan.rate_per_table
        log(f"  {count} active table(s), {rate:g} moves/s each, {plan.phase_seconds:g} s")
        row = await load.run_phase(
            tables[:count],
            rate_per_table=rate,
            seconds=plan.phase_seconds,
            warmup=plan.warmup,
            servers=servers,
            proxy=proxy,
        )
        log(f"    p50 {row['p50_ms']:.1f} p95 {row['p95_ms']:.1f} p99 {row['p99_ms']:.1f} ms")
        out["latency"].append(row)
    if os.environ.get("BENCH_PROFILE_DIR"):
        # An extra phase at the target's table count, recorded by py-spy (so that the sampling
        # does not disturb the figures above).
        count = latency_tables[1]
        log(f"  profiling {count} active tables with py-spy")
        recorders = _profiled(servers, plan.phase_seconds, f"{len(servers)}x-{count}-tables")
        out["profiled"] = await load.run_phase(
            tables[:count],
            rate_per_table=plan.rate_per_table,
            seconds=plan.phase_seconds,
            warmup=0,
            servers=servers,
            proxy=proxy,
        )
        for recorder in recorders:
            await asyncio.to_thread(recorder.wait)
    ramp_tables = tables[: plan.ramp_tables]
    for offered in plan.ramp_rates:
        row = await load.run_phase(
            ramp_tables,
            rate_per_table=offered / len(ramp_tables),
            seconds=plan.ramp_seconds,
            warmup=plan.warmup,
            servers=servers,
            proxy=proxy,
        )
        log(
            f"  ramp {offered}/s offered: {row['moves_per_s']:.0f}/s done, "
            f"p50 {row['p50_ms']:.1f} p99 {row['p99_ms']:.1f} ms, cpu {row['server_cpu']}"
        )
        out["ramp"].append(row)
        if not _kept_up(row):
            break
    kept = [row for row in out["ramp"] if _kept_up(row)]
    out["sustained_per_s"] = max((row["moves_per_s"] for row in kept), default=0.0)
    return out


async def _watched(
    plan: Any,
    table: load.Table,
    people: list[Player],
    servers: list[Daphne],
    log: Callable[[str], None],
) -> dict[str, Any]:
    """One table with many spectators, as a popular match has: a move's latency runs until the
    last player and spectator has it."""
    log(f"  1 table watched by {plan.spectators}, {plan.watched_rate:g} moves/s")
    table.spectators = people[: plan.spectators]
    await table.rotate()
    row = await load.run_phase(
        [table],
        rate_per_table=plan.watched_rate,
        seconds=plan.phase_seconds,
        warmup=plan.warmup,
        servers=servers,
    )
    log(f"    p50 {row['p50_ms']:.1f} p95 {row['p95_ms']:.1f} p99 {row['p99_ms']:.1f} ms")
    table.spectators = []
    await table.rotate()
    return {**row, "spectators": plan.spectators}


def _kept_up(row: dict[str, Any]) -> bool:
    """p99 within the limit, and at least nine in ten of the moves the step's draw offered done
    (the draw's own count, not its mean: 10 moves/s for 12 s offers 120 ± 11)."""
    return row["p99_ms"] <= P99_LIMIT_MS and row["moves"] >= 0.9 * row["offered_moves"]


async def _queries_live(table: load.Table, server: Daphne, moves: int) -> dict[str, Any]:
    """Statements the server runs per move (the POST and every socket's push), early in a match
    and late in the same match."""
    await table.rotate()
    figures: dict[str, Any] = {}
    for label, skip_to in (("early", 1), ("late", 60)):
        while table.count < skip_to:
            await table.move()
        await asyncio.sleep(0.2)
        before, at = server.queries(), table.count
        done = 0
        while done < moves and not table.engine.is_over(table.state):
            if await table.move() is not None:
                done += 1
        await asyncio.sleep(0.3)
        figures[label] = {
            "from_move": at,
            "moves": done,
            "per_move": (server.queries() - before) / max(done, 1),
        }
    return figures


def single(
    plan: Any, env: dict[str, str], players: list[Player], log: Callable[[str], None]
) -> dict[str, Any]:
    """One daphne: latency at 1/50/200 active tables, the throughput ramp, queries per move."""
    _flush_redis(env)
    server = _start(env)
    count = max(max(plan.latency_tables), plan.ramp_tables)
    log(f"live path, one daphne (port {server.port}): {count} tables of {SEATS}")
    matches = _matches(players, count, "single")

    async def run() -> dict[str, Any]:
        async with load.new_session() as http:
            tables = await load.open_tables(
                http,
                players=players,
                count=count,
                server_for_seat=lambda table, seat: server.url,
                engine=_engine(),
                new_match=fixtures.start_match,
                matches=matches,
            )
            out = await _latency_and_ramp(plan, tables, [server], plan.latency_tables, log)
            out["watched"] = await _watched(plan, tables[0], players[SEATS:], [server], log)
            log("  queries per move on the server")
            out["queries"] = await _queries_live(tables[0], server, 20)
            await asyncio.gather(*(table.close() for table in tables))
            return out

    try:
        return asyncio.run(run())
    finally:
        server.stop()
        _started.remove(server)


def capacity(
    plan: Any, env: dict[str, str], players: list[Player], log: Callable[[str], None]
) -> dict[str, Any]:
    """Idle table sockets of signed-in players held by one fresh daphne, and its memory."""
    _flush_redis(env)
    server = _start(env)
    tables = plan.idle_sockets // SEATS
    log(f"capacity: {plan.idle_sockets} idle sockets on {tables} matches (port {server.port})")
    matches = _matches(players, tables, "idle")
    seats: list[tuple[int, Player]] = []
    per_table = len(players) // SEATS
    for n, (match_id, _seed) in enumerate(matches):
        group = players[(n % per_table) * SEATS : (n % per_table + 1) * SEATS]
        seats.extend((match_id, player) for player in group)

    async def run() -> dict[str, Any]:
        async with load.new_session() as http:
            # Warm the process (first requests import and compile templates) before the baseline.
            warm, _failed = await load.hold_idle(http, url=server.url, seats=seats[:20])
            for idle in warm:
                await idle.close()
            await asyncio.sleep(1)
            baseline = server.rss_kib()
            started = time.perf_counter()
            held, failed = await load.hold_idle(http, url=server.url, seats=seats)
            opening = time.perf_counter() - started
            await asyncio.sleep(5)
            after = server.rss_kib()
            alive = sum(1 for idle in held if idle.open)
            log(f"  {alive} open, {failed} failed, RSS {baseline} -> {after} KiB")
            await asyncio.gather(*(idle.close() for idle in held))
            return {
                "asked": len(seats),
                "open": alive,
                "failed": failed,
                "open_seconds": opening,
                "rss_before_mib": baseline / 1024,
                "rss_after_mib": after / 1024,
                "kib_per_socket": (after - baseline) / max(alive, 1),
            }

    try:
        return asyncio.run(run())
    finally:
        server.stop()
        _started.remove(server)


def scale_out(
    plan: Any, env: dict[str, str], players: list[Player], log: Callable[[str], None]
) -> dict[str, Any]:
    """Two daphne processes sharing PostgreSQL and Redis; seats 0-1 of every table on the first,
    seats 2-3 on the second, so every move crosses processes."""
    _flush_redis(env)
    first, second = _start(env), _start(env)
    count = max(max(plan.scaleout_tables), plan.ramp_tables)
    log(f"scale-out: daphne on ports {first.port} and {second.port}, {count} tables")
    matches = _matches(players, count, "scaleout")

    async def run() -> dict[str, Any]:
        async with load.new_session() as http:
            tables = await load.open_tables(
                http,
                players=players,
                count=count,
                server_for_seat=lambda table, seat: (first if seat < SEATS // 2 else second).url,
                engine=_engine(),
                new_match=fixtures.start_match,
                matches=matches,
            )
            check = tables[0]
            seen = 0
            for _ in range(10):
                sample = await check.move()
                seen += sample.cross if sample else 0
            log(f"  cross-process pushes seen in 10 moves: {seen}")
            out = await _latency_and_ramp(plan, tables, [first, second], plan.scaleout_tables, log)
            out["verified_cross_pushes"] = seen
            await asyncio.gather(*(table.close() for table in tables))
            return out

    try:
        return asyncio.run(run())
    finally:
        for server in (first, second):
            server.stop()
            _started.remove(server)


def per_box(
    plan: Any, env: dict[str, str], players: list[Player], log: Callable[[str], None]
) -> dict[str, Any]:
    """The box as production runs it: one daphne per core sharing PostgreSQL and Redis behind
    nginx with the shipped configuration (`deploy/nginx.conf.template`, rendered for the
    bench's ports), which sends every page, socket and move of a table to one process by a
    consistent hash of the match id: the process that stores a move pushes it from memory, and
    a push crosses processes only through the channel layer's group. Spreading connections
    instead sends three of every four pushes to the other process, which the scale-out part
    measures. `plan.box_proxy == "direct"`: no nginx, the clients send whole tables to the
    processes in turn, for comparison. Figures: latency at 1 and 50 tables, sustained moves/s,
    CPU; through nginx also how many tables each process served (its access log) and how many
    reached both."""
    _flush_redis(env)
    through_nginx = plan.box_proxy == "nginx"
    servers = [_start(env, access_log=through_nginx) for _ in range(plan.box_processes)]
    proxy = _start_nginx(servers) if through_nginx else None
    count = max(max(plan.box_tables), plan.ramp_tables)
    ports = ", ".join(str(server.port) for server in servers)
    routed = f"nginx on port {proxy.port}" if proxy else "tables spread in turn"
    log(f"per box: {len(servers)} daphne on ports {ports}, {count} tables, {routed}")
    matches = _matches(players, count, "perbox")

    def server_for_seat(table: int, seat: int) -> str:
        return proxy.url if proxy else servers[table % len(servers)].url

    async def run() -> dict[str, Any]:
        async with load.new_session() as http:
            tables = await load.open_tables(
                http,
                players=players,
                count=count,
                server_for_seat=server_for_seat,
                engine=_engine(),
                new_match=fixtures.start_match,
                matches=matches,
            )
            out = await _latency_and_ramp(plan, tables, servers, plan.box_tables, log, proxy)
            await asyncio.gather(*(table.close() for table in tables))
            return out

    try:
        out = asyncio.run(run())
        out["topology"] = plan.box_proxy
        if proxy:
            served = [server.tables_served() for server in servers]
            out["tables_by_process"] = [len(tables) for tables in served]
            out["tables_split"] = len(set.intersection(*served))
            log(f"  tables by process {out['tables_by_process']}, split {out['tables_split']}")
        return out
    finally:
        for server in [proxy, *servers] if proxy else servers:
            server.stop()
            _started.remove(server)
