"""The task worker process: bots move there, not in the request that woke them, and clocks
are enforced there even when no page is open."""

import os
import subprocess
import sys
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.conf import settings
from django.utils import timezone
from procrastinate import JobContext

from games import services
from games.kosmopolis import engine
from games.models import Move, Seat
from games.tests.browser import database_url


@pytest.mark.django_db(transaction=True)
def test_the_worker_plays_the_bots_turns(queued_tasks, people, bots):
    match = services.start_match(game="kosmopolis", players=[people[0], bots[0], bots[1]])
    assert not Move.objects.filter(match=match).exists(), "bots must not move in the request"
    env = {**os.environ, "DATABASE_URL": database_url(), "DEBUG": "1"}
    subprocess.run(
        [sys.executable, "manage.py", "worker", "--batch"],
        cwd=settings.BASE_DIR,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    match.refresh_from_db()
    assert sorted(Move.objects.filter(match=match).values_list("seat", flat=True)) == [1, 2]
    assert engine.to_act(match.state) == {0}


@pytest.mark.django_db(transaction=True)
def test_the_worker_enforces_a_clock_nobody_is_watching(queued_tasks, people):
    match = services.start_match(
        game="kosmopolis", players=people[:2], clock_seconds=60, increment_seconds=0
    )
    Seat.objects.filter(match=match).update(turn_started_at=timezone.now() - timedelta(minutes=5))
    services.check_clock.defer(match_id=match.pk)
    env = {**os.environ, "DATABASE_URL": database_url(), "DEBUG": "1"}
    subprocess.run(
        [sys.executable, "manage.py", "worker", "--batch"],
        cwd=settings.BASE_DIR,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert sorted(
        Seat.objects.filter(match=match, left=Seat.Left.TIMED_OUT).values_list("number", flat=True)
    ) == [0, 1]


@pytest.mark.django_db(transaction=True)
def test_a_match_has_at_most_one_bot_run_waiting(queued_tasks, people, bots):
    """Each move that leaves a bot to act wakes the bots; while a run waits in the queue, more
    wake-ups add nothing (57 % of the runs found nothing to do when each queued one)."""
    from procrastinate.contrib.django.models import ProcrastinateJob

    match = services.start_match(game="kosmopolis", players=[people[0], bots[0], bots[1]])
    services.queue_bots(match.pk)
    services.queue_bots(match.pk)
    runs = ProcrastinateJob.objects.filter(task_name="games.services.run_bots", status="todo")
    assert runs.count() == 1
    other = services.start_match(game="kosmopolis", players=[people[1], bots[2], bots[3]])
    assert runs.count() == 2
    assert sorted(runs.values_list("args__match_id", flat=True)) == [match.pk, other.pk]


@pytest.mark.django_db(transaction=True)
def test_ended_jobs_are_removed_after_two_weeks_and_waiting_ones_never(queued_tasks):
    from django.db import connection
    from procrastinate.contrib.django import app

    from config.worker import remove_ended_jobs

    def job(status: str, ended_days_ago: int) -> int:
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO procrastinate_jobs (queue_name, task_name, args, status)"
                " VALUES ('mail', 'notifications.tasks.send', '{}', %s) RETURNING id",
                [status],
            )
            (job_id,) = cursor.fetchone()
            cursor.execute("DELETE FROM procrastinate_events WHERE job_id = %s", [job_id])
            cursor.execute(
                "INSERT INTO procrastinate_events (job_id, type, at)"
                " VALUES (%s, 'deferred', NOW() - make_interval(days => %s))",
                [job_id, ended_days_ago],
            )
        return job_id

    old_failure, recent_failure, old_waiting = job("failed", 15), job("failed", 13), job("todo", 30)
    context = JobContext(app=app, job=None, start_timestamp=0.0, abort_reason=lambda: None)
    async_to_sync(remove_ended_jobs.func)(context, timestamp=0)
    with connection.cursor() as cursor:
        cursor.execute("SELECT id FROM procrastinate_jobs ORDER BY id")
        left = [row[0] for row in cursor.fetchall()]
    assert left == [recent_failure, old_waiting], f"old failure {old_failure} must be gone"


@pytest.mark.django_db
def test_the_job_queues_own_writes_skip_the_disk_wait_and_the_moves_do_not(monkeypatch):
    """The tests' own connections skip it for speed (PGOPTIONS), so it is asked without."""
    import psycopg
    from procrastinate.contrib.django.utils import connector_params

    from config.worker import _queue_connection_params

    monkeypatch.delenv("PGOPTIONS", raising=False)
    with psycopg.connect(**_queue_connection_params()) as queue:
        assert queue.execute("SHOW synchronous_commit").fetchone() == ("off",)
    with psycopg.connect(**connector_params()) as django_settings:
        assert django_settings.execute("SHOW synchronous_commit").fetchone() == ("on",)
