"""Where a move's server time goes, measured in-process (no sockets, no concurrency): the move
request through Django's whole middleware stack, the move service alone, and one socket's push
render as `games.consumers.TableConsumer` does it. A move costs one request plus one render per
socket at the table."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from bench.fixtures import GAME, SEATS, Player, start_match
from bench.load import move_form


def _timed(function: Any, rounds: int) -> tuple[float, int]:
    times = []
    queries = 0
    for _ in range(rounds):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            function()
            times.append(time.perf_counter() - started)
        queries = len(captured.captured_queries)
    return statistics.median(times) * 1000, queries


def run(players: list[Player], *, rounds: int = 20) -> dict[str, Any]:
    from accounts.models import User
    from games.consumers import TableConsumer
    from games.registry import GAMES
    from games.selectors import load_table, seen_at

    engine = GAMES[GAME].engine
    seed = 777
    ids = [player.user_id for player in players[:SEATS]]
    match_id = start_match(ids, seed)
    users = {user.pk: user for user in User.objects.filter(pk__in=ids)}
    clients = []
    for pk in ids:
        client = Client(HTTP_HOST="127.0.0.1")
        client.force_login(users[pk])
        clients.append(client)
    state = engine.setup(SEATS, {}, seed)
    rng = random.Random(seed)
    move_ms: list[float] = []
    move_queries = 0
    # Play into the middle of the match through the real move view.
    for count in range(40):
        seat = rng.choice(sorted(engine.to_act(state)))
        move = rng.choice(engine.legal_moves(state, seat))
        form = [("expected_seq", str(count)), *move_form(move)]
        data: dict[str, Any] = {}
        for key, value in form:
            data.setdefault(key, []).append(value)
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            answer = clients[seat].post(
                f"/matches/{match_id}/move/",
                data,
                headers={"HX-Request": "true", "X-Table-Live": "1"},
                secure=False,
            )
            move_ms.append((time.perf_counter() - started) * 1000)
        assert answer.status_code == 204, answer.status_code
        move_queries = len(captured.captured_queries)
        engine.apply_in_place(state, seat, move)
    out: dict[str, Any] = {
        "move_request_ms": statistics.median(move_ms[5:]),
        "move_request_queries": move_queries,
    }
    # A push: the consumer loads the match once per announcement for all its sockets in the
    # process, then renders it for each socket.
    consumer = TableConsumer()
    consumer.scope = {"user": users[ids[1]], "cookies": {}}
    consumer.match_id = match_id
    consumer.csrf_token = "x" * 64
    out["push_load_ms"], out["push_load_queries"] = _timed(lambda: load_table(match_id), rounds)
    loaded = load_table(match_id)
    seen = seen_at(loaded)
    out["push_render_ms"], out["push_render_queries"] = _timed(
        lambda: consumer._render(loaded, None, frozenset(), seen), rounds
    )
    regions = consumer._render(loaded, None, frozenset(), seen)[1]
    out["push_bytes"] = sum(len(html.encode()) for html in regions.values())
    page_ms, page_queries = _timed(lambda: clients[1].get(f"/matches/{match_id}/"), rounds)
    out["page_ms"], out["page_queries"] = page_ms, page_queries
    connection.close()
    return out
