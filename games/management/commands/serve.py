import threading

from daphne.management.commands.runserver import Command as DaphneRunserver
from django.conf import settings
from django.utils.crypto import get_random_string
from django_tasks_db.management.commands.db_worker import Worker


class Command(DaphneRunserver):
    help = (
        "Serve the site with daphne; without REDIS_URL the task worker runs in the same "
        "process, since the in-memory channel layer reaches only that process's websockets."
    )

    def inner_run(self, *args, **options) -> None:
        if settings.TASK_WORKER_IN_WEB_PROCESS:
            worker = Worker(
                queue_names=["default"],
                interval=0.1,
                batch=False,
                backend_name="default",
                startup_delay=False,
                max_tasks=None,
                worker_id=get_random_string(32),
                excluded_queue_names=[],
            )
            threading.Thread(target=worker.run, name="task-worker", daemon=True).start()
        super().inner_run(*args, **options)
