"""Test support: procrastinate jobs run at once, like Django's immediate task backend; the
statements and round trips of a database connection, as PostgreSQL receives them."""

from __future__ import annotations

import tempfile
import time
from typing import Any

from django.utils import timezone
from procrastinate import App, JobContext, sql
from procrastinate.jobs import Job
from procrastinate.testing import InMemoryConnector
from psycopg.pq import Trace


class RunAtOnce(InMemoryConnector):
    """Keeps queued jobs in memory and runs each job due now as soon as it is queued, in the
    caller's thread (so in the test's transaction); a job scheduled for later stays queued,
    where a test can look at it. A job that raises fails the test."""

    def __init__(self, app: App) -> None:
        super().__init__()
        self.app = app

    def execute_query_all(self, query: Any, **arguments: Any) -> list[dict[str, Any]]:
        rows = super().execute_query_all(query, **arguments)
        if query == sql.queries["defer_jobs"]:
            for row in rows:
                job = self.jobs[row["id"]]
                if job["scheduled_at"] is None or job["scheduled_at"] <= timezone.now():
                    job["status"] = "succeeded"
                    self._run(job)
        return rows

    def _run(self, job: dict[str, Any]) -> None:
        """The job's task, given its context as a worker gives it to a task that asks."""
        task = self.app.tasks[job["task_name"]]
        if not task.pass_context:
            task(**job["args"])
            return
        context = JobContext(
            app=self.app,
            job=Job.from_row(job),
            start_timestamp=time.time(),
            abort_reason=lambda: None,
        )
        task(context, **job["args"])

    def scheduled(self, task_name: str) -> list[dict[str, Any]]:
        """The jobs of a task still waiting for their time."""
        return [
            job
            for job in self.jobs.values()
            if job["task_name"] == task_name and job["status"] == "todo"
        ]


class WireTrace:
    """What one database connection said to PostgreSQL, read from libpq's own protocol trace:
    each statement the client sent (BEGIN and COMMIT included, which Django's query capture
    does not see) and each round trip (a wait for the server to be ready again)."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.sent: list[str] = []
        self.trips = 0

    @property
    def commits(self) -> int:
        return sum(1 for statement in self.sent if statement == "COMMIT")

    def __enter__(self) -> WireTrace:
        self.connection.ensure_connection()
        self._file = tempfile.TemporaryFile()
        pgconn = self.connection.connection.pgconn
        pgconn.trace(self._file.fileno())
        pgconn.set_trace_flags(Trace.SUPPRESS_TIMESTAMPS | Trace.REGRESS_MODE)
        return self

    def __exit__(self, *exc: object) -> None:
        self.connection.connection.pgconn.untrace()
        self._file.seek(0)
        for line in self._file.read().decode(errors="replace").splitlines():
            direction, _length, message, *rest = [*line.split("\t"), "", "", ""]
            if direction == "F" and message == "Query":
                self.sent.append(rest[0].strip().strip('"'))
            elif direction == "B" and message == "ReadyForQuery":
                self.trips += 1
        self._file.close()
