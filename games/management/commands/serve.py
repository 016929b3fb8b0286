import asyncio
import threading

from daphne.management.commands.runserver import Command as DaphneRunserver
from django.conf import settings

from config import worker
from config.server import Server


class Command(DaphneRunserver):
    help = (
        "Serve the site with daphne; without REDIS_URL the task worker runs in the same "
        "process, since the in-memory channel layer reaches only that process's websockets."
    )
    server_cls = Server

    def inner_run(self, *args, **options) -> None:
        if settings.TASK_WORKER_IN_WEB_PROCESS:
            threading.Thread(
                target=lambda: asyncio.run(worker.run()), name="task-worker", daemon=True
            ).start()
        super().inner_run(*args, **options)
