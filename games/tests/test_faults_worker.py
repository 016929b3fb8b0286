"""The background worker and the database connections under faults: a worker killed in the
middle of a bot turn, the database dropping every connection, Redis away while bots play."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.db import connections
from django.urls import reverse
from procrastinate.contrib.django.models import ProcrastinateJob

from config.settings import redis_channel_layers
from games import services
from games.consumers import TableConsumer
from games.kosmopolis import engine
from games.models import Match, Move
from games.tests.browser import database_url
from games.tests.test_faults_redis import ThrowawayRedis

pytestmark = pytest.mark.django_db(transaction=True)


class Worker:
    """`manage.py worker` (with `arguments`) in a process of its own, against the test
    database."""

    def __init__(self, *arguments: str, **env: str) -> None:
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 - read when the worker stops
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "worker", *arguments],
            cwd=settings.BASE_DIR,
            env={
                **os.environ,
                "DATABASE_URL": database_url(),
                "DEBUG": "1",
                "LOG_LEVEL": "INFO",
                "BOT_THINKING_PROCESSES": "0",  # no strong bots here: none to start
                **env,
            },
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> str:
        if self.alive():
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")


@contextmanager
def running_worker(*arguments: str, **env: str) -> Iterator[Worker]:
    worker = Worker(*arguments, **env)
    try:
        yield worker
    finally:
        output = worker.stop()
        print(output)  # shown when the test fails


def wait_until(condition: Callable[[], Any], *, seconds: float, what: str) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        result = condition()
        if result:
            return result
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        time.sleep(0.1)


def raw_connection() -> psycopg.Connection:
    """A connection of the test's own, outside Django's pool."""
    return psycopg.connect(database_url(), autocommit=True)


def bot_moves(match: Match) -> int:
    return Move.objects.filter(match=match).exclude(seat=0).count()


def bots_replied(match: Match, moves: int) -> bool:
    """The bots made every move they had to after the first `moves` moves: only the person
    (seat 0) has to act now, or the match is over."""
    match.refresh_from_db()
    return match.move_count > moves and (match.is_over or engine.to_act(match.state) == {0})


def waiting_for_a_lock(watcher: psycopg.Connection) -> tuple[int] | None:
    """The backend of another connection waiting for a row lock, if any (read outside any
    transaction: pg_stat_activity is a snapshot within one)."""
    return watcher.execute(
        "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
        " AND datname = current_database()"
    ).fetchone()


def test_a_bot_turn_cut_short_by_kill_9_is_finished_by_a_fresh_worker(queued_tasks, people, bots):
    """The worker is killed while it runs the bots' turn (held up on the match's lock); its job
    stays `doing` under a dead worker, and a fresh worker runs it again within seconds, or
    drops it when another run of the same match already waits."""
    match = services.start_match(game="kosmopolis", players=[people[0], bots[0], bots[1]])
    with (
        raw_connection() as holder,
        raw_connection() as watcher,
        running_worker() as first,
        holder.transaction(),
    ):
        holder.execute("SELECT id FROM games_match WHERE id = %s FOR UPDATE", [match.pk])
        wait_until(
            lambda: waiting_for_a_lock(watcher),
            seconds=60,
            what="the worker waits for the match inside the bots' turn",
        )
        runs = ProcrastinateJob.objects.filter(task_name="games.services.run_bots")
        assert list(runs.values_list("status", flat=True)) == ["doing"]
        services.queue_bots(match.pk)  # the person's next move would wake the bots again
        assert sorted(runs.values_list("status", flat=True)) == ["doing", "todo"]
        first.kill()
    assert bot_moves(match) == 0
    with running_worker() as fresh:
        wait_until(lambda: bots_replied(match, 0), seconds=60, what="the bots moved")
        assert fresh.alive()
    match.refresh_from_db()
    assert engine.to_act(match.state) == {0}


def _terminate_every_backend() -> int:
    """What a database restart does to the site: every connection to it is cut, and each
    backend is gone when this returns (pg_terminate_backend waits up to its timeout, in ms)."""
    connections.close_all()
    with raw_connection() as killer:
        return len(
            killer.execute(
                "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ).fetchall()
        )


def _move_form(match: Match, seat: int) -> dict[str, Any]:
    match.refresh_from_db()
    move = engine.legal_moves(match.state, seat)[0]
    form = {**move, "expected_seq": match.move_count}
    if move["type"] == "save":
        form["columns"] = ",".join(move["columns"])
    return form


def test_cut_database_connections_cost_no_request_no_socket_move_and_no_worker(
    client, queued_tasks, people, bots
):
    match = services.start_match(game="kosmopolis", players=[people[0], bots[0], bots[1]])
    client.force_login(people[0])
    with running_worker() as worker:
        wait_until(lambda: bots_replied(match, 0), seconds=60, what="the bots' first turn")
        client.get(match.get_absolute_url())  # the site's pool holds a connection
        assert _terminate_every_backend() >= 2  # the worker's and the site's at least
        page = client.get(match.get_absolute_url())
        assert page.status_code == 200
        answer = client.post(
            reverse("match_move", args=[match.pk]),
            _move_form(match, 0),
            headers={"HX-Request": "true", "X-Table-Live": "1"},
        )
        assert answer.status_code == 204
        wait_until(lambda: bots_replied(match, 3), seconds=60, what="the bots' reply")

        _terminate_every_backend()
        form = _move_form(match, 0)

        async def socket_move() -> str:
            socket = WebsocketCommunicator(
                TableConsumer.as_asgi(), f"/ws/match/{match.pk}/?seq={form['expected_seq']}"
            )
            socket.scope["user"] = people[0]
            socket.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
            assert (await socket.connect())[0]
            try:
                await socket.send_to(text_data=json.dumps(form))
                return await socket.receive_from(timeout=15)
            finally:
                await socket.disconnect()

        assert f'data-seq="{form["expected_seq"] + 1}"' in async_to_sync(socket_move)()
        moves = match.move_count
        wait_until(lambda: bots_replied(match, moves), seconds=60, what="the bots' 2nd reply")
        assert worker.alive()


def test_a_socket_move_the_database_drops_is_refused_with_a_request_to_retry(people):
    """The connection is cut while the move waits inside the database: the mover is told to
    make the move again, and the socket stays open for it."""
    match = services.start_match(game="kosmopolis", players=people[:3])
    form = _move_form(match, 0)
    with raw_connection() as holder, raw_connection() as watcher:

        async def scenario() -> tuple[str, str]:
            socket = WebsocketCommunicator(
                TableConsumer.as_asgi(), f"/ws/match/{match.pk}/?seq={form['expected_seq']}"
            )
            socket.scope["user"] = people[0]
            socket.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
            assert (await socket.connect())[0]
            try:
                with holder.transaction():
                    holder.execute(
                        "SELECT id FROM games_match WHERE id = %s FOR UPDATE", [match.pk]
                    )
                    await socket.send_to(text_data=json.dumps(form))
                    waiting = None
                    deadline = time.monotonic() + 30
                    while waiting is None and time.monotonic() < deadline:
                        await asyncio.sleep(0.05)
                        waiting = waiting_for_a_lock(watcher)
                    assert waiting, "the move waits for the match"
                    holder.execute("SELECT pg_terminate_backend(%s)", [waiting[0]])
                refusal = await socket.receive_from(timeout=15)
                await socket.send_to(text_data=json.dumps(form))
                accepted = await socket.receive_from(timeout=15)
            finally:
                await socket.disconnect()
            return refusal, accepted

        refusal, accepted = async_to_sync(scenario)()
    assert "could not be saved just now; please make it again" in refusal
    assert 'data-seq="1"' in accepted
    assert Move.objects.filter(match=match).count() == 1


def test_bots_play_on_through_five_seconds_without_redis(
    client, settings, queued_tasks, people, bots
):
    redis = ThrowawayRedis()
    redis.start()
    settings.CHANNEL_LAYERS = redis_channel_layers(redis.url)
    match = services.start_match(game="kosmopolis", players=[people[0], bots[0], bots[1]])
    client.force_login(people[0])
    try:
        with running_worker(REDIS_URL=redis.url) as worker:
            wait_until(lambda: bots_replied(match, 0), seconds=60, what="the bots' first turn")
            redis.stop()
            stopped = time.monotonic()
            while time.monotonic() - stopped < 5 and not match.is_over:
                time.sleep(0.5)  # the person thinks
                answer = client.post(reverse("match_move", args=[match.pk]), _move_form(match, 0))
                assert answer.status_code == 302
                moves = match.move_count
                wait_until(
                    lambda moves=moves: bots_replied(match, moves),
                    seconds=30,
                    what="the bots' reply without Redis",
                )
            redis.start()
            assert not match.is_over, "the match outlasts the outage"
            client.post(reverse("match_move", args=[match.pk]), _move_form(match, 0))
            moves = match.move_count
            wait_until(lambda: bots_replied(match, moves), seconds=30, what="the bots with Redis")
            assert worker.alive()
    finally:
        redis.stop()


def test_the_worker_answers_the_systemd_watchdog(tmp_path, queued_tasks):
    """The unit (deploy/deskovky-worker@.service) is Type=notify with WatchdogSec: the worker
    says it is ready, then keeps saying it is alive."""
    address = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as systemd:
        systemd.bind(address)
        systemd.settimeout(60)
        with running_worker(NOTIFY_SOCKET=address) as worker:
            assert systemd.recv(64) == b"READY=1"
            assert systemd.recv(64) == b"WATCHDOG=1"
            assert systemd.recv(64) == b"WATCHDOG=1"
            assert worker.alive()
