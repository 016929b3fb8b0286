"""Real clients over HTTP and websockets: players at tables, moves, and what each socket sees.

Every player is a signed-in session (cookie) that loads the table page like a browser (the page
sets the CSRF cookie and carries the token in `hx-headers`), opens the table's websocket with
its cookies and `?seq=`, and sends its moves over that socket as the page does (the form's
fields and `expected_seq` as one JSON object); `BENCH_MOVES_OVER=http` posts them instead, as
htmx does when the socket is down (`HX-Request`, `X-Table-Live`, `X-CSRFToken`). The benchmark
keeps each match's engine state itself (same seed, same moves) to pick legal moves.

A move's latency is the time from just before it is sent to the moment the last of the other
players' sockets receives a push whose status region shows the new move number (`data-seq`):
"every other client at the table has it"."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from bench.fixtures import SEATS, Player

SEQ = re.compile(r'data-seq="(\d+)"')
CSRF_HEADER = re.compile(r'"X-CSRFToken": "([^"]+)"')
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
PUSH_TIMEOUT = 10.0
MOVES_OVER = os.environ.get("BENCH_MOVES_OVER", "socket")
"""How players send moves: over their table socket as the page does (default), or `http`: posted
as the page does when its socket is down (with `X-Table-Live`, as an older page did)."""
NEW_MATCH_PAUSE = 0.5
"""How long the players of a match that just ended look at their new table before its first
move: a move sent the instant four sockets have connected waits for the connections' own work
(their first tables, presence), which is no move's latency a player meets."""
COMPRESS = 0 if os.environ.get("BENCH_WS_COMPRESS") == "0" else 15
"""The sockets offer permessage-deflate as browsers do (`BENCH_WS_COMPRESS=0`: they do not, for
a before/after); `config.server` accepts it."""


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def machine_cpu() -> tuple[float, float]:
    """(busy, all) CPU seconds of the whole machine so far, over every core (/proc/stat)."""
    first = Path("/proc/stat").read_text().split("\n", 1)[0]
    fields = [int(value) for value in first.split()[1:9]]
    ticks = os.sysconf("SC_CLK_TCK")
    idle = fields[3] + fields[4]
    return (sum(fields) - idle) / ticks, sum(fields) / ticks


def new_session() -> aiohttp.ClientSession:
    """One HTTP client for every player (cookies are sent by hand, per player)."""
    return aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=0, force_close=False),
        cookie_jar=aiohttp.DummyCookieJar(),
        timeout=aiohttp.ClientTimeout(total=60),
    )


def _cookie(player: Player) -> str:
    cookie = f"sessionid={player.session_key}"
    if player.csrf_cookie:
        cookie += f"; csrftoken={player.csrf_cookie}"
    return cookie


def move_form(move: dict[str, Any]) -> list[tuple[str, str]]:
    """A move as the table's form posts it (lists as repeated fields)."""
    fields: list[tuple[str, str]] = []
    for key, value in move.items():
        if value is None:
            continue
        if isinstance(value, list):
            fields.extend((key, str(item)) for item in value) if value else fields.append((key, ""))
        else:
            fields.append((key, str(value)))
    return fields


class Socket:
    """One player's table websocket; remembers the newest move number it has been shown."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, server: int) -> None:
        self.ws = ws
        self.server = server
        self.seq = -1
        self.refusals = 0
        self.waiters: list[tuple[int, asyncio.Future[float]]] = []
        self.closed = False
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for message in self.ws:
                now = time.perf_counter()
                if message.type != aiohttp.WSMsgType.TEXT:
                    continue
                if 'role="alert"' in message.data:
                    self.refusals += 1
                found = SEQ.search(message.data)
                if found is None:
                    continue
                seq = int(found.group(1))
                if seq <= self.seq:
                    continue
                self.seq = seq
                keep = []
                for target, waiter in self.waiters:
                    if target <= seq:
                        if not waiter.done():
                            waiter.set_result(now)
                    else:
                        keep.append((target, waiter))
                self.waiters = keep
        finally:
            self.closed = True
            for _target, waiter in self.waiters:
                if not waiter.done():
                    waiter.set_exception(ConnectionError("socket closed"))

    def wait_for(self, seq: int) -> asyncio.Future[float]:
        waiter: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        if self.seq >= seq:
            waiter.set_result(time.perf_counter())
        else:
            self.waiters.append((seq, waiter))
        return waiter

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()


@dataclass
class Sample:
    started: float
    latency: float
    post: float
    cross: int
    """How many of the other players' sockets were on another daphne than the mover's."""


@dataclass
class Table:
    """Four players at one match; seat n's requests go to `servers[n]`."""

    http: aiohttp.ClientSession
    players: list[Player]
    servers: list[str]
    engine: Any
    new_match: Callable[[list[int], int], Any]
    rng: random.Random
    match_id: int = 0
    state: dict[str, Any] = field(default_factory=dict)
    count: int = 0
    tokens: list[str] = field(default_factory=list)
    sockets: list[Socket] = field(default_factory=list)
    errors: int = 0
    lost: int = 0
    matches: int = 0
    spectators: list[Player] = field(default_factory=list)
    """Signed-in people watching the match (on the first seat's server): a move's latency waits
    for their sockets too."""
    watchers: list[Socket] = field(default_factory=list)

    async def open(self, match_id: int, seed: int) -> None:
        self.match_id, self.count = match_id, 0
        self.state = self.engine.setup(SEATS, {}, seed)
        self.tokens = await asyncio.gather(*(self._load_page(n) for n in range(SEATS)))
        self.sockets = list(await asyncio.gather(*(self._connect(n) for n in range(SEATS))))
        self.watchers = list(
            await asyncio.gather(*(self._connect(0, viewer) for viewer in self.spectators))
        )
        self.matches += 1

    async def _load_page(self, seat: int) -> str:
        player = self.players[seat]
        async with self.http.get(
            f"{self.servers[seat]}/matches/{self.match_id}/",
            headers={"Cookie": _cookie(player)},
            allow_redirects=False,
        ) as answer:
            page = await answer.text()
            if answer.status != 200:
                raise RuntimeError(f"table page answered {answer.status}: {page[:300]}")
            if "csrftoken" in answer.cookies:
                player.csrf_cookie = answer.cookies["csrftoken"].value
        header = CSRF_HEADER.search(page)
        if header is None or CSRF_FIELD.search(page) is None:
            raise RuntimeError("the table page has no CSRF token")
        return header.group(1)

    async def _connect(self, seat: int, viewer: Player | None = None) -> Socket:
        server = self.servers[seat]
        person = viewer or self.players[seat]
        ws = await self.http.ws_connect(
            f"{server.replace('http', 'ws', 1)}/ws/matches/{self.match_id}/?seq={self.count}",
            headers={"Cookie": _cookie(person), "Origin": server},
            autoping=True,
            max_msg_size=0,
            compress=COMPRESS,
        )
        socket = Socket(ws, self.servers.index(server))
        socket.seq = self.count
        return socket

    async def _post(self, seat: int, data: list[tuple[str, str]]) -> int:
        """The move posted as htmx posts it with the socket up (`BENCH_MOVES_OVER=http`)."""
        server = self.servers[seat]
        page = f"{server}/matches/{self.match_id}/"
        async with self.http.post(
            f"{server}/matches/{self.match_id}/move/",
            data=data,
            headers={
                "Cookie": _cookie(self.players[seat]),
                "X-CSRFToken": self.tokens[seat],
                "HX-Request": "true",
                "HX-Current-URL": page,
                "X-Table-Live": "1",
                "Origin": server,
                "Referer": page,
            },
            allow_redirects=False,
        ) as answer:
            await answer.read()
            return answer.status

    async def close(self) -> None:
        await asyncio.gather(*(socket.close() for socket in [*self.sockets, *self.watchers]))
        self.sockets, self.watchers = [], []

    async def rotate(self) -> None:
        """The match is over (or went wrong): start a new one for the same players."""
        await self.close()
        seed = self.rng.getrandbits(64)
        match_id = await asyncio.to_thread(
            self.new_match, [player.user_id for player in self.players], seed
        )
        await self.open(match_id, seed)

    async def move(self) -> Sample | None:
        if self.engine.is_over(self.state) or any(
            socket.closed for socket in [*self.sockets, *self.watchers]
        ):
            await self.rotate()
        seat = self.rng.choice(sorted(self.engine.to_act(self.state)))
        move = self.rng.choice(self.engine.legal_moves(self.state, seat))
        server = self.servers[seat]
        data = [
            ("csrfmiddlewaretoken", self.tokens[seat]),
            ("expected_seq", str(self.count)),
            *move_form(move),
        ]
        others = [socket for n, socket in enumerate(self.sockets) if n != seat]
        others += self.watchers
        waiters = [socket.wait_for(self.count + 1) for socket in others]
        mover = self.sockets[seat]
        refusals = mover.refusals
        started = time.perf_counter()
        if MOVES_OVER == "http":
            status = await self._post(seat, data)
        else:
            fields: dict[str, list[str]] = {}
            for name, value in data[1:]:
                fields.setdefault(name, []).append(value)
            await mover.ws.send_str(json.dumps(fields))
            status = 204
        posted = time.perf_counter()
        if status != 204:
            for waiter in waiters:
                waiter.cancel()
            self.errors += 1
            await self.rotate()
            return None
        self.engine.apply_in_place(self.state, seat, move)
        self.count += 1
        try:
            arrived = await asyncio.wait_for(asyncio.gather(*waiters), PUSH_TIMEOUT)
        except (TimeoutError, ConnectionError):
            if mover.refusals > refusals:
                self.errors += 1
                await self.rotate()
            else:
                self.lost += 1
            return None
        cross = sum(1 for socket in others if socket.server != self.servers.index(server))
        if self.engine.is_over(self.state):
            await self.rotate()
            await asyncio.sleep(NEW_MATCH_PAUSE)
        return Sample(started, max(arrived) - started, posted - started, cross)


class LoopLag:
    """How late this (client) event loop wakes up: its own delay is part of every latency."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self.task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            self.lags.append(time.perf_counter() - before - 0.01)

    def __enter__(self) -> LoopLag:
        self.task = asyncio.create_task(self._run())
        return self

    def __exit__(self, *exc: object) -> None:
        assert self.task is not None
        self.task.cancel()


async def settle(servers: Sequence[Any], *, limit: float = 240.0) -> float:
    """Wait until every server is idle (under 5 % of a core for half a second): an overloaded
    phase leaves pushes queued that would otherwise land in the next phase. Returns the wait."""
    started = time.perf_counter()
    while time.perf_counter() - started < limit:
        before = [server.cpu_seconds() for server in servers]
        await asyncio.sleep(0.5)
        if all(
            server.cpu_seconds() - cpu < 0.025 for server, cpu in zip(servers, before, strict=True)
        ):
            break
    return time.perf_counter() - started


async def run_phase(
    tables: Sequence[Table],
    *,
    rate_per_table: float,
    seconds: float,
    warmup: float,
    servers: Sequence[Any] = (),
    proxy: Any = None,
) -> dict[str, Any]:
    """Every table moves at Poisson-distributed times (`rate_per_table` on average), one move at
    a time per table; samples started during the warm-up are dropped. `offered_moves` counts
    the times drawn within the measured window: the offer a server kept up with or not
    (`bench.live`), whatever the luck of the draw. `proxy` (nginx in front of the servers) has
    its processor time measured too, apart from the servers'."""
    samples: list[Sample] = []
    drained = await settle(servers)
    begin = time.perf_counter()
    window_start, stop = begin + warmup, begin + warmup + seconds
    errors_before = sum(table.errors + table.lost for table in tables)
    cpu_before = [server.cpu_seconds() for server in servers]
    proxy_before = proxy.cpu_seconds() if proxy is not None else 0.0
    machine_before, client_before = machine_cpu(), sum(os.times()[:2])

    offered = 0

    async def play(table: Table) -> None:
        nonlocal offered
        times = []
        due = begin + table.rng.expovariate(rate_per_table)  # memoryless: a Poisson offer
        while due < stop:
            times.append(due)
            due += table.rng.expovariate(rate_per_table)
        offered += sum(1 for due in times if due >= window_start)
        for drawn in times:
            # A table more than a second behind its offer moves at once, one move after another.
            due = max(drawn, time.perf_counter() - 1.0)
            if due >= stop:
                break
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            sample = await table.move()
            if sample is not None and sample.started >= window_start:
                samples.append(sample)

    with LoopLag() as lag:
        await asyncio.gather(*(play(table) for table in tables))
    elapsed = time.perf_counter() - begin
    machine_after, client_after = machine_cpu(), sum(os.times()[:2])
    server_cpu = [
        (server.cpu_seconds() - before) / elapsed
        for server, before in zip(servers, cpu_before, strict=True)
    ]
    proxy_cpu = (proxy.cpu_seconds() - proxy_before) / elapsed if proxy is not None else None
    moves_all = len(samples) * elapsed / seconds  # the warm-up's and the tail's moves too
    busy = (machine_after[0] - machine_before[0]) / (machine_after[1] - machine_before[1])
    cores = os.cpu_count() or 1
    client_cpu = (client_after - client_before) / elapsed
    latencies = [sample.latency * 1000 for sample in samples]
    posts = [sample.post * 1000 for sample in samples]
    return {
        "tables": len(tables),
        "offered_per_s": rate_per_table * len(tables),
        "offered_moves": offered,
        "moves": len(samples),
        "moves_per_s": len(samples) / seconds,
        "p50_ms": percentile(latencies, 0.50),
        "p95_ms": percentile(latencies, 0.95),
        "p99_ms": percentile(latencies, 0.99),
        "max_ms": max(latencies, default=float("nan")),
        "mean_ms": statistics.fmean(latencies) if latencies else float("nan"),
        "post_p50_ms": percentile(posts, 0.50),
        "post_p99_ms": percentile(posts, 0.99),
        "cross_receipts": sum(sample.cross for sample in samples),
        "errors": sum(table.errors + table.lost for table in tables) - errors_before,
        "client_lag_p99_ms": percentile(lag.lags, 0.99) * 1000,
        "server_cpu": server_cpu,
        "server_cpu_ms_per_move": sum(server_cpu) * elapsed * 1000 / moves_all if samples else 0,
        "client_cpu": client_cpu,
        "machine_busy": busy,
        "proxy_cpu": proxy_cpu,
        "other_cpu": max(0.0, busy * cores - sum(server_cpu) - (proxy_cpu or 0) - client_cpu),
        "drained_before_s": drained,
    }


async def open_tables(
    http: aiohttp.ClientSession,
    *,
    players: list[Player],
    count: int,
    server_for_seat: Callable[[int, int], str],
    engine: Any,
    new_match: Callable[[list[int], int], Any],
    matches: list[tuple[int, int]],
    parallel: int = 8,
) -> list[Table]:
    """`count` tables of four distinct players each, on the given (already created) matches;
    `server_for_seat(table, seat)` is the server that a table's seat talks to."""
    gate = asyncio.Semaphore(parallel)
    tables = []
    for n in range(count):
        seated = players[n * SEATS : (n + 1) * SEATS]
        tables.append(
            Table(
                http,
                seated,
                [server_for_seat(n, seat) for seat in range(SEATS)],
                engine,
                new_match,
                random.Random(f"table/{n}"),
            )
        )

    async def open_one(table: Table, match: tuple[int, int]) -> None:
        async with gate:
            await table.open(*match)

    await asyncio.gather(*(open_one(t, m) for t, m in zip(tables, matches, strict=True)))
    return tables


class Idle:
    """A socket that only reads (and so answers daphne's pings) until closed."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.task = asyncio.create_task(self._drain())

    async def _drain(self) -> None:
        async for _message in self.ws:
            pass

    @property
    def open(self) -> bool:
        return not self.task.done()

    async def close(self) -> None:
        await self.ws.close()
        self.task.cancel()


async def hold_idle(
    http: aiohttp.ClientSession,
    *,
    url: str,
    seats: list[tuple[int, Player]],
    parallel: int = 32,
) -> tuple[list[Idle], int]:
    """Open one idle table socket per (match, player); returns the open sockets and failures."""
    gate = asyncio.Semaphore(parallel)
    opened: list[Idle] = []
    failed = 0

    async def connect(match_id: int, player: Player) -> None:
        nonlocal failed
        async with gate:
            try:
                ws = await http.ws_connect(
                    f"{url.replace('http', 'ws', 1)}/ws/matches/{match_id}/?seq=0",
                    headers={"Cookie": _cookie(player), "Origin": url},
                    autoping=True,
                    max_msg_size=0,
                    compress=COMPRESS,
                )
            except (aiohttp.ClientError, OSError, TimeoutError):
                failed += 1
                return
            opened.append(Idle(ws))

    await asyncio.gather(*(connect(match_id, player) for match_id, player in seats))
    return opened, failed
