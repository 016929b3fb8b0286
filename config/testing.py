"""Test support: procrastinate jobs run at once, like Django's immediate task backend."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from procrastinate import App, sql
from procrastinate.testing import InMemoryConnector


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
                    self.app.tasks[job["task_name"]](**job["args"])
        return rows

    def scheduled(self, task_name: str) -> list[dict[str, Any]]:
        """The jobs of a task still waiting for their time."""
        return [
            job
            for job in self.jobs.values()
            if job["task_name"] == task_name and job["status"] == "todo"
        ]
