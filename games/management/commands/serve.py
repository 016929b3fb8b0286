import asyncio
import threading

from daphne.management.commands.runserver import Command as DaphneRunserver
from django.conf import settings

from config import worker
from config.server import Server


class WorkerThread(threading.Thread):
    """The task worker inside the web server, stopped when the server stops: still running when
    the embedded database shuts down at exit, its connection pool filled the console with
    reconnection tracebacks."""

    def __init__(self) -> None:
        super().__init__(name="task-worker", daemon=True)
        self.loop = asyncio.new_event_loop()
        self.work: asyncio.Task | None = None

    def run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.work = self.loop.create_task(worker.run())
        try:
            self.loop.run_until_complete(self.work)
        except asyncio.CancelledError:
            pass
        finally:
            self.loop.close()

    def stop(self) -> None:
        """Cancel the worker's loops (a job under way gets procrastinate's graceful shutdown)
        and wait until its pool is closed."""
        if self.work is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.work.cancel)
        self.join(timeout=worker.SHUTDOWN_SECONDS + 5)


class Command(DaphneRunserver):
    help = (
        "Serve the site with daphne; without REDIS_URL the task worker runs in the same "
        "process, since the in-memory channel layer reaches only that process's websockets."
    )
    server_cls = Server

    def inner_run(self, *args, **options) -> None:
        if not settings.TASK_WORKER_IN_WEB_PROCESS:
            super().inner_run(*args, **options)
            return
        tasks = WorkerThread()
        tasks.start()
        try:
            super().inner_run(*args, **options)
        finally:
            tasks.stop()
