"""`python -m bench [--quick]`: build the benchmark's database, start its servers, run every
measurement of issue 9 and print one table of figures (also saved as JSON).

Everything it starts (daphne processes) it stops, also on failure or Ctrl-C.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import secrets
import signal
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/deskovky_bench"
DEFAULT_REDIS = "redis://127.0.0.1:6379/9"


def _database_url() -> str:
    """BENCH_DATABASE_URL, else the DATABASE_URL server with the database deskovky_bench."""
    if "BENCH_DATABASE_URL" in os.environ:
        return os.environ["BENCH_DATABASE_URL"]
    if "DATABASE_URL" in os.environ:
        parts = urlsplit(os.environ["DATABASE_URL"])
        return urlunsplit(parts._replace(path="/deskovky_bench"))
    return DEFAULT_DATABASE


def _environment(database_url: str, redis_url: str) -> dict[str, str]:
    """Production settings (DEBUG off) on plain HTTP at 127.0.0.1, for this process and the
    daphne processes alike."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "SECRET_KEY": os.environ.get("BENCH_SECRET_KEY", secrets.token_urlsafe(50)),
        "DEBUG": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_HSTS_SECONDS": "0",
        "PYTHONPATH": str(ROOT),
        # The in-process parts play one person's moves back to back; the limit's two rates are
        # still counted at every message, as in production.
        "SOCKET_MESSAGE_RATE_LIMIT": "100000/second;6000000/minute",
    }
    return env


class Plan:
    """How much of everything to do: the full run, or a smoke check (about two minutes)."""

    def __init__(self, quick: bool, box_proxy: str = "nginx") -> None:
        self.quick = quick
        self.box_proxy = box_proxy
        self.latency_tables = (1, 10, 50) if quick else (1, 50, 200)
        self.rate_per_table = 1.0
        self.single_table_rate = 10.0
        self.phase_seconds = 4.0 if quick else 20.0
        self.warmup = 1.0 if quick else 3.0
        self.ramp_tables = 50 if quick else 100
        self.ramp_rates = (
            (5, 10, 25)
            if quick
            else (2, 5, 10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 300, 400, 600, 800, 1000)
        )
        self.ramp_seconds = 3.0 if quick else 12.0
        self.spectators = 20 if quick else 100
        self.watched_rate = 5.0
        self.idle_sockets = 400 if quick else 5000
        self.scaleout_tables = (10, 50) if quick else (50, 200)
        self.box_processes = os.cpu_count() or 2
        self.box_tables = (1, 50)
        self.bot_matches = 10 if quick else 50

    @property
    def players(self) -> int:
        return max(max(self.latency_tables), self.ramp_tables, max(self.scaleout_tables)) * 4


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def machine() -> dict[str, Any]:
    import platform

    import django

    cpuinfo = Path("/proc/cpuinfo").read_text()
    model = next(
        (line.split(":", 1)[1].strip() for line in cpuinfo.splitlines() if "model name" in line),
        platform.processor(),
    )
    memory = next(
        line.split()[1]
        for line in Path("/proc/meminfo").read_text().splitlines()
        if line.startswith("MemTotal")
    )
    versions = {"python": platform.python_version(), "django": django.__version__}
    for package in ("channels", "daphne", "channels_redis", "psycopg", "aiohttp", "twisted"):
        try:
            module = __import__(package)
            versions[package] = getattr(module, "__version__", "?")
        except ImportError:
            pass
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "memory_gib": round(int(memory) / 1024 / 1024, 1),
        "kernel": platform.release(),
        "versions": versions,
    }


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument(
        "--quick", action="store_true", help="a smoke check of every part (about two minutes)"
    )
    parser.add_argument(
        "--json", default=str(ROOT / "var" / "bench" / "results.json"), help="save figures here"
    )
    parser.add_argument(
        "--only",
        default="engines,floor,queries,live,capacity,scaleout,perbox,bots",
        help="comma-separated parts to run",
    )
    parser.add_argument(
        "--per-box",
        choices=("nginx", "direct"),
        default="nginx",
        help="part 7 through nginx as deployed (default), or the clients routing whole tables",
    )
    args = parser.parse_args()
    plan = Plan(args.quick, args.per_box)
    parts = set(args.only.split(","))
    database_url = _database_url()
    redis_url = os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS)
    env = _environment(database_url, redis_url)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))

    from bench import servers

    servers.raise_file_limit()

    import django

    django.setup()

    from bench import engines, fixtures, floor, report

    results: dict[str, Any] = {"quick": args.quick, "machine": machine()}
    started = time.monotonic()
    if "engines" in parts:
        log("engines: random playouts and 500-move rebuilds")
        results["engines"] = engines.run(quick=args.quick)
    log(f"database {urlsplit(database_url).path[1:]} anew, migrations, {plan.players} players")
    fixtures.recreate_database(database_url)
    fixtures.migrate()
    players = fixtures.create_players(plan.players)
    if "floor" in parts:
        log("floor: PostgreSQL commit time")
        results["floor"] = floor.run(
            conninfo=database_url.replace("postgres://", "postgresql://", 1), quick=args.quick
        )
    if "queries" in parts:
        log("queries per move in submit_move along a whole match")
        results["queries"] = fixtures.queries_per_move(players)
        log("where a move's server time goes (in-process)")
        from bench import breakdown

        results["breakdown"] = breakdown.run(players)
        log("a socket move's processor time, statements and round trips (in-process)")
        from bench import movecost

        results["movecost"] = movecost.run(players)
        log("the table's pushes with permessage-deflate (in-process)")
        from bench import deflate

        results["deflate"] = deflate.run(players)
    from bench import live

    atexit.register(live.stop_all)
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(143))
    try:
        if "live" in parts:
            results["live"] = live.single(plan, env, players, log)
        if "capacity" in parts:
            results["capacity"] = live.capacity(plan, env, players, log)
        if "scaleout" in parts:
            results["scaleout"] = live.scale_out(plan, env, players, log)
        if "perbox" in parts:
            results["perbox"] = live.per_box(plan, env, players, log)
        if "bots" in parts:
            from bench import bots

            for level, key in (("normal", "bots"), ("strong", "bots_strong")):
                results[key] = bots.run(
                    env,
                    players[: plan.bot_matches],
                    log,
                    seconds=plan.phase_seconds * 3,
                    workers=1,
                    level=level,
                )
    finally:
        live.stop_all()
    results["seconds"] = time.monotonic() - started
    target = Path(args.json)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(results, indent=1, default=str))
    print(report.table(results))
    log(f"done in {results['seconds']:.0f} s; figures saved to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
