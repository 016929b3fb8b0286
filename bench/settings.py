"""Settings for the benchmark's own daphne processes and its orchestrator.

The production settings (`config.settings`, DEBUG off) with three changes that do not touch the
measured path: static files need no `collectstatic` manifest (no static file is fetched), logs
stay quiet, and every SQL statement is counted (`bench.querycount`) so that queries per move can
be read from the running servers; with BENCH_BOT_TIMINGS (a file), the phases of every bot
move are logged there.
"""

import os
from typing import Any

from django.db.backends.signals import connection_created

from bench.querycount import count_queries
from config.settings import *  # noqa: F403
from config.settings import BASE_DIR, STORAGES

STATIC_ROOT = BASE_DIR / "var" / "bench" / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)

STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler", "level": "ERROR"}},
    "root": {"handlers": ["console"], "level": "ERROR"},
}

if "BENCH_BOT_TIMINGS" in os.environ:
    # The bots part (`bench/bots.py`) reads the workers' phases of every bot move from here.
    LOGGING["handlers"]["bot_timings"] = {
        "class": "logging.FileHandler",
        "filename": os.environ["BENCH_BOT_TIMINGS"],
        "level": "INFO",
    }
    LOGGING["loggers"] = {
        "games.bots.timing": {"handlers": ["bot_timings"], "level": "INFO", "propagate": False}
    }

connection_created.connect(count_queries, dispatch_uid="bench-count-queries")
