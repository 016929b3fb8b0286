"""One seat's live push render, in-process, for a 4-seat Kosmopolis match in the middle of its
play (`--game` for another game): `TableConsumer._render` (context and regions) of every
region with the whole log (a socket's first table, `push_render_ms`), of a push after a move
(the regions that can change and the new log line, `push_move_ms`), and `table_for` alone.

    python -m bench.render --setup            # a fresh deskovky_bench_render, a match a game
    python -m bench.render --json FILE        # time this checkout, keep its frames in FILE
    python -m bench.render --before DIR       # A/B in one run: DIR is a checkout of the
                                              # commit before (this script is copied there)

With `--before`, both checkouts render the same match from the same database, alternately
(`--rounds` times each), and their frames are compared: byte for byte, and as equivalent
markup (the two template engines spell escaped quotes differently: `&#x27;` and `&#39;`).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

DATABASE = "deskovky_bench_render"
MOVES = 40
"""Moves played before measuring: the second round's play, every region filled."""


def _database_url() -> str:
    parts = urlsplit(os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/x"))
    return urlunsplit(parts._replace(path=f"/{DATABASE}"))


def _django() -> None:
    os.environ["DATABASE_URL"] = _database_url()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


GAMES = {"kosmopolis": 4, "seven_dragons": 5, "space_dragons": 4}
"""The games (`--game`, Kosmopolis unless named) and their seat counts."""


def setup() -> None:
    from bench import fixtures

    fixtures.recreate_database(_database_url())
    _django()
    fixtures.migrate()
    from accounts.models import User
    from games import services
    from games.registry import GAMES as REGISTRY

    players = fixtures.create_players(max(GAMES.values()))
    users = {user.pk: user for user in User.objects.filter(pk__in=[p.user_id for p in players])}
    for game, seats in reversed(GAMES.items()):
        _play(services, REGISTRY[game].engine, game, [users[p.user_id] for p in players[:seats]])


def _play(services: Any, engine: Any, game: str, people: list[Any]) -> None:
    match = services.start_match(game=game, players=people, seed=777)
    state = engine.setup(len(people), {}, 777)
    rng = random.Random(777)
    for count in range(MOVES):
        if engine.is_over(state):
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        move = rng.choice(engine.legal_moves(state, seat))
        services.submit_move(match_id=match.pk, user=people[seat], move=move, expected_seq=count)
        engine.apply_in_place(state, seat, move)


def measure(renders: int, game: str) -> dict[str, Any]:
    _django()
    from django.utils import translation

    from accounts.models import User
    from games.consumers import PUSHED_LOG_MOVES, RARELY_CHANGED, TableConsumer
    from games.models import Match
    from games.selectors import load_table, seen_at, table_for

    match_id = Match.objects.filter(game=game).values_list("pk", flat=True).get()
    match = load_table(match_id)
    seen = seen_at(match)
    people = {s.number: User.objects.get(pk=s.user_id) for s in match.seat_list}
    out: dict[str, Any] = {"frames": {}}
    for language in ("cs", "en"):
        for seat, user in people.items():
            user.language = language
            consumer = TableConsumer()
            consumer.scope = {"user": user, "cookies": {}}
            consumer.match_id = match_id
            consumer.csrf_token = "x" * 64
            regions = consumer._render(match, None, frozenset(), seen)[1]
            out["frames"][f"{language}-{seat}"] = {
                region: consumer._with_token(html) for region, html in regions.items()
            }
    consumer = TableConsumer()
    user = people[1]
    user.language = "cs"
    consumer.scope = {"user": user, "cookies": {}}
    consumer.match_id = match_id
    consumer.csrf_token = "x" * 64
    times = []
    for _ in range(renders):
        started = time.perf_counter()
        consumer._render(match, None, frozenset(), seen)
        times.append(time.perf_counter() - started)
    out["push_render_ms"] = statistics.median(times) * 1000
    # What a push renders most of the time: the regions that can change and the log's newest
    # line, from the match as the announcement loads it (the last few moves' log).
    pushed = load_table(match_id, log_from=match.move_count - PUSHED_LOG_MOVES)
    times = []
    for _ in range(renders):
        started = time.perf_counter()
        consumer._render(pushed, match.move_count - 1, RARELY_CHANGED, seen)
        times.append(time.perf_counter() - started)
    out["push_move_ms"] = statistics.median(times) * 1000
    times = []
    with translation.override("cs"):
        for _ in range(renders):
            started = time.perf_counter()
            table_for(match, user)
            times.append(time.perf_counter() - started)
    out["table_for_ms"] = statistics.median(times) * 1000
    return out


def _equivalent(html: str) -> str:
    html = html.replace("&#39;", "&#x27;").replace("&#34;", "&quot;")
    return re.sub(r"\s+", " ", html).replace("> <", "><").strip()


def compare(before: Path, rounds: int, renders: int, game: str) -> None:
    shutil.copy(Path(__file__), before / "bench" / "render.py")
    results: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
    for _ in range(rounds):
        for name, checkout in (("before", before), ("after", Path.cwd())):
            out = checkout / "var" / f"render-{name}.json"
            out.parent.mkdir(parents=True, exist_ok=True)
            command = [sys.executable, "-m", "bench.render", "--json", str(out), "--game", game]
            subprocess.run([*command, "--renders", str(renders)], cwd=checkout, check=True)
            results[name].append(json.loads(out.read_text()))
    frames = {name: runs[-1]["frames"] for name, runs in results.items()}
    identical = all(
        frames["before"][viewer][region].strip() == html.strip()
        for viewer, regions in frames["after"].items()
        for region, html in regions.items()
    )
    equivalent = all(
        _equivalent(frames["before"][viewer][region]) == _equivalent(html)
        for viewer, regions in frames["after"].items()
        for region, html in regions.items()
    )
    for figure in ("push_render_ms", "push_move_ms", "table_for_ms"):
        line = [
            f"{name} {statistics.median(run[figure] for run in runs):.3f}"
            for name, runs in results.items()
        ]
        print(f"{figure} (median of {rounds} × {renders}): " + ", ".join(line))
    size = statistics.mean(
        sum(len(html.encode()) for html in regions.values()) for regions in frames["after"].values()
    )
    print(
        f"frames byte-identical (but for the whitespace around each region): {identical}; "
        f"equivalent: {equivalent}; {size:.0f} B a seat"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--setup", action="store_true")
    parser.add_argument("--json")
    parser.add_argument("--before")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--renders", type=int, default=640)
    parser.add_argument("--game", default="kosmopolis", choices=GAMES)
    args = parser.parse_args()
    if args.setup:
        setup()
    elif args.before:
        compare(Path(args.before), args.rounds, args.renders, args.game)
    else:
        Path(args.json).write_text(json.dumps(measure(args.renders, args.game)))


if __name__ == "__main__":
    main()
