"""What permessage-deflate does to the table's pushes, measured in-process: the frames each seat's
socket is sent along a four-seat match (`TableConsumer._send_table`, as a live socket gets them),
compressed as autobahn compresses a frame for daphne (`PerMessageDeflate`), with several window
sizes and memory levels. Reports bytes and processor time per frame, and the memory zlib keeps
per socket between frames."""

from __future__ import annotations

import asyncio
import random
import time
import zlib
from typing import Any

from autobahn.websocket.compress_deflate import PerMessageDeflate
from django.db import connection

from bench.fixtures import GAME, SEATS, Player, start_match

SETTINGS = {
    "deflate 15 bits, memory level 8 (zlib's defaults)": (15, 8, False),
    "deflate 15 bits, memory level 5": (15, 5, False),
    "deflate 14 bits, memory level 5": (14, 5, False),
    "deflate 12 bits, memory level 5": (12, 5, False),
    "deflate 10 bits, memory level 4": (10, 4, False),
    "deflate, no context takeover": (15, 8, True),
}


def _frames(players: list[Player]) -> list[list[str]]:
    """Each seat's frames along a whole match (the first: the table on connecting)."""
    from accounts.models import User
    from games.consumers import TableConsumer
    from games.registry import GAMES
    from games.services import submit_move

    engine = GAMES[GAME].engine
    seed = 5150
    chosen = players[2 * SEATS : 3 * SEATS]
    match_id = start_match([player.user_id for player in chosen], seed)
    users = [User.objects.get(pk=player.user_id) for player in chosen]
    frames: list[list[str]] = [[] for _ in chosen]

    async def connect() -> list[TableConsumer]:
        sockets = []
        for seat, user in enumerate(users):
            socket = TableConsumer()
            socket.scope = {"user": user, "cookies": {}}
            socket.match_id = match_id
            socket.sent, socket.shown, socket.phase = {}, -1, None
            socket.shown_match = lambda: None
            socket.csrf_token = "x" * 64

            async def send(text_data: str, seat: int = seat) -> None:
                frames[seat].append(text_data)

            socket.send = send  # type: ignore[method-assign]
            await socket._send_table()
            sockets.append(socket)
        return sockets

    async def push(sockets: list[Any]) -> None:
        for socket in sockets:
            await socket._send_table()

    loop = asyncio.new_event_loop()
    sockets = loop.run_until_complete(connect())
    state = engine.setup(SEATS, {}, seed)
    rng = random.Random(seed)
    count = 0
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        move = rng.choice(engine.legal_moves(state, seat))
        submit_move(match_id=match_id, user=users[seat], move=move, expected_seq=count)
        engine.apply_in_place(state, seat, move)
        count += 1
        loop.run_until_complete(push(sockets))
    loop.close()
    connection.close()
    return frames


def _compressed(frames: list[str], bits: int, level: int, fresh: bool) -> tuple[list[int], float]:
    deflate = PerMessageDeflate(True, fresh, False, bits, 15, level)
    sizes = []
    started = time.thread_time()
    for frame in frames:
        deflate.start_compress_message()
        data = deflate.compress_message_data(frame.encode())
        data += deflate.end_compress_message()
        sizes.append(len(data))
    return sizes, time.thread_time() - started


def _kept_bytes(bits: int, level: int) -> int:
    """zlib's own figure for a compressor's memory: (1 << (bits + 2)) + (1 << (level + 9))."""
    return (1 << (bits + 2)) + (1 << (level + 9))


def run(players: list[Player]) -> dict[str, Any]:
    seats = _frames(players)
    pushes = [frame for frames in seats for frame in frames[1:]]
    plain = [len(frame.encode()) for frame in pushes]
    out: dict[str, Any] = {
        "frames": len(pushes),
        "plain_mean_bytes": sum(plain) / len(plain),
        "plain_median_bytes": sorted(plain)[len(plain) // 2],
        "first_frame_bytes": sum(len(frames[0].encode()) for frames in seats) / len(seats),
        "zlib": zlib.ZLIB_RUNTIME_VERSION,
        "settings": {},
    }
    for name, (bits, level, fresh) in SETTINGS.items():
        sizes: list[int] = []
        cpu = 0.0
        for frames in seats:
            got, spent = _compressed(frames[1:], bits, level, fresh)
            sizes += got
            cpu += spent
        out["settings"][name] = {
            "mean_bytes": sum(sizes) / len(sizes),
            "median_bytes": sorted(sizes)[len(sizes) // 2],
            "cpu_ms_per_frame": cpu * 1000 / len(sizes),
            "kept_per_socket_bytes": _kept_bytes(bits, level),
        }
    return out
