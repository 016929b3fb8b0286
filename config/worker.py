"""The task worker: procrastinate's queues in PostgreSQL, woken by LISTEN/NOTIFY.

Bots, clocks and mails have a queue each, and each queue its own worker loop, so a slow mail
server never holds up a bot; the analyses of finished matches have a queue and a worker process
of their own (`ALONE`). A worker that dies holding a job (kill -9, a lost machine) stops
beating its heart; `retry_stalled_jobs` then hands its jobs to a live worker. A worker loop
that fails (the database or its connection went away) is started again with a growing pause,
never given up. Running a job twice is harmless: bot turns and clocks lock their match.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import InterfaceError, OperationalError
from procrastinate import JobContext, RetryStrategy
from procrastinate.contrib.django import DjangoApp, app
from procrastinate.contrib.django.utils import connector_params
from procrastinate.exceptions import UniqueViolation
from procrastinate.jobs import Status
from procrastinate.psycopg_connector import PsycopgConnector
from psycopg_pool import AsyncConnectionPool

logger = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 2.0
STALLED_AFTER_SECONDS = 10.0
"""A worker silent this long is taken for dead and its jobs are run again."""
POLL_SECONDS = 1.0
"""Jobs come by NOTIFY; this poll only finds jobs whose scheduled time (a deadline) came."""
BOTS_POLL_SECONDS = 0.1
"""The bots' queue polls oftener: a bot's move scheduled at the watching people's pace (0.7 s
by default, `games.services.play_bot_turns`) then starts within a tenth of a second of it."""
LONGEST_PAUSE_SECONDS = 30.0
SHUTDOWN_SECONDS = 20.0
"""A stopping worker lets its jobs finish this long, then gives them back to the queue."""
ENDED_JOBS_KEPT_HOURS = 14 * 24
"""Failed, cancelled and aborted jobs stay this long for a look at what went wrong (succeeded
ones are deleted when they end), then `remove_ended_jobs` deletes them."""

RETRY_ON_OUTAGE = RetryStrategy(
    max_attempts=10, exponential_wait=2, retry_exceptions=[OperationalError, InterfaceError]
)
"""A job that lost the database is tried again after 2, 4, 8 ... seconds."""
RETRY_UNTIL_DELIVERED = RetryStrategy(
    max_attempts=16,
    exponential_wait=2,
    retry_exceptions=[OSError, OperationalError, InterfaceError],
)
"""A mail the server did not take (down, refusing, timing out: all OSError) is tried again
with a pause that doubles, for about a day and a half."""


@dataclass(frozen=True)
class Loop:
    name: str
    queues: tuple[str, ...]
    concurrency: int
    poll_seconds: float = POLL_SECONDS


LOOPS = {
    "bots": Loop("bots", ("bots",), concurrency=8, poll_seconds=BOTS_POLL_SECONDS),
    "clocks": Loop("clocks", ("clocks",), concurrency=2),
    "mail": Loop("mail", ("mail",), concurrency=2),
    "analysis": Loop("analysis", ("analysis",), concurrency=1),
}
"""A bot run spends most of its time waiting for PostgreSQL (lock, reads, the batch, the
commit: 40 % of its samples with 50 people against bots), so the bots' loop runs 8 at a time:
with 4, replies queued for a free slot while the worker used under half a core
(`bench/README.md`, the bots' reply in session 20)."""
ALONE = ("analysis",)
"""Queues of long CPU-bound jobs (a match's analysis, issue 36): run only by a worker process
of their own at the lowest CPU priority (`manage.py worker --queues analysis`), never beside
the bots, clocks and mails, nor by the web server's built-in worker."""
SHARED = tuple(name for name in LOOPS if name not in ALONE)
"""The loops a worker runs unless told otherwise."""


@app.periodic(cron="* * * * * */2")
@app.task(queue="clocks", queueing_lock="retry_stalled_jobs", pass_context=True)
async def retry_stalled_jobs(context: JobContext, timestamp: int) -> int:
    """Queue again the jobs of workers whose heartbeat stopped; returns how many. A job whose
    twin already waits (the same queueing lock: the match's next bot run) is closed instead,
    so that its lock no longer holds the twin back."""
    manager = context.app.job_manager
    stalled = list(await manager.get_stalled_jobs(seconds_since_heartbeat=STALLED_AFTER_SECONDS))
    for job in stalled:
        logger.warning("Job %s of a dead worker is queued again: %s", job.id, job.call_string)
        try:
            await manager.retry_job(job)
        except UniqueViolation:
            await manager.finish_job(job, status=Status.FAILED, delete_job=False)
    return len(stalled)


@app.periodic(cron="17 3 * * *")
@app.task(queue="clocks", queueing_lock="remove_ended_jobs", pass_context=True)
async def remove_ended_jobs(context: JobContext, timestamp: int) -> None:
    """Without this, every failed job (a mail never delivered, a bot run that hit a bug) would
    stay in the jobs table for ever."""
    await context.app.job_manager.delete_old_jobs(
        nb_hours=ENDED_JOBS_KEPT_HOURS,
        include_failed=True,
        include_cancelled=True,
        include_aborted=True,
    )


def worker_app() -> DjangoApp:
    """The project's tasks for a worker, which needs an asyncio connection pool (for LISTEN);
    tasks still queue jobs through Django's connection."""
    worker = DjangoApp(connector=PsycopgConnector(), import_paths=app.import_paths)
    worker.tasks = app.tasks
    worker.periodic_registry = app.periodic_registry
    return worker


async def supervise(worker: DjangoApp, loop: Loop, *, wait: bool = True) -> None:
    """Run one queue's worker; whenever it stops by itself (with `wait`, only a failure stops
    it), log and start it again after a pause that doubles up to half a minute."""
    pause = 1.0
    while True:
        started = time.monotonic()
        try:
            await worker.run_worker_async(
                queues=list(loop.queues),
                name=loop.name,
                concurrency=loop.concurrency,
                wait=wait,
                install_signal_handlers=False,
                fetch_job_polling_interval=loop.poll_seconds,
                update_heartbeat_interval=HEARTBEAT_SECONDS,
                stalled_worker_timeout=STALLED_AFTER_SECONDS,
                delete_jobs="successful",
                shutdown_graceful_timeout=SHUTDOWN_SECONDS,
            )
            if not wait:
                return
            logger.error("The %s worker stopped; starting it again in %.0f s", loop.name, pause)
        except Exception:
            logger.exception("The %s worker failed; starting it again in %.0f s", loop.name, pause)
        if time.monotonic() - started > LONGEST_PAUSE_SECONDS:
            pause = 1.0
        await asyncio.sleep(pause)
        pause = min(pause * 2, LONGEST_PAUSE_SECONDS)


async def run(names: Iterable[str] = SHARED, *, wait: bool = True, thinkers: bool = False) -> None:
    """Every named queue's worker in this process, until cancelled (or, without `wait`, until
    their queues are empty). A database that is down at the start is waited for. With
    `thinkers` and the bots' queue, the strong bots' thinking processes start at once (else
    at the first strong bot's move)."""
    worker = worker_app()
    # Opened without waiting: while the database is away the pool keeps reconnecting by
    # itself, and each connection is checked before it is handed out.
    pool = AsyncConnectionPool(
        kwargs=_queue_connection_params(),
        min_size=1,
        max_size=10,
        check=AsyncConnectionPool.check_connection,
        open=False,
    )
    await pool.open(wait=False)
    await worker.open_async(pool)
    names = list(names)
    loops = [supervise(worker, LOOPS[name], wait=wait) for name in names]
    if wait:
        loops.append(_tell_systemd_alive())
    if thinkers and "bots" in names:
        loops.append(_start_thinkers())
    try:
        await asyncio.gather(*loops)
    finally:
        await pool.close()


def _queue_connection_params() -> dict[str, Any]:
    """The job queue's own writes (a job taken, finished, given back, a heartbeat) commit
    without waiting for the disk: a database crash can lose only the last fraction of a second
    of them, and a job whose taking or finishing is lost is run again, which is harmless (above).
    Taking a job is on every bot reply's way, and each such wait queued behind the moves'
    commits (`bench/README.md`, the bots' reply in session 21). Jobs are queued through
    Django's connection, whose commits wait as always: a job queued is never lost."""
    params = connector_params()
    params["options"] = f"{params.get('options', '')} -c synchronous_commit=off".strip()
    return params


async def _start_thinkers() -> None:
    """The strong bots' thinking processes, started beside the loops (not before them: a bot
    move that comes meanwhile waits for them, nothing else does)."""
    from games.services.bots import start_thinkers

    try:
        await asyncio.to_thread(start_thinkers)
    except Exception:
        logger.exception("The thinking processes did not start; a strong bot's move tries again.")


async def _tell_systemd_alive() -> None:
    """systemd's watchdog (the unit's WatchdogSec) restarts a worker whose event loop stops
    answering; outside systemd there is no NOTIFY_SOCKET and this does nothing."""
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return
    if address.startswith("@"):
        address = "\0" + address[1:]
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as notify:
        notify.sendto(b"READY=1", address)
        while True:
            notify.sendto(b"WATCHDOG=1", address)
            await asyncio.sleep(5)
