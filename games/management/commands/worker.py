import asyncio
import contextlib
import os
import signal

from django.core.management.base import BaseCommand

from config import worker


class Command(BaseCommand):
    help = (
        "Run the background work (bots, clocks, mails), each queue in its own loop. It outlives "
        "database and Redis outages; run it under a supervisor (deploy/deskovky-worker.service)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--queues",
            default=",".join(worker.SHARED),
            help=(
                "Comma-separated queues to work on (default: %(default)s); "
                f"{', '.join(worker.ALONE)} only alone, at the lowest CPU priority."
            ),
        )
        parser.add_argument(
            "--batch", action="store_true", help="Stop once the queues are empty (for tests)."
        )

    def handle(self, *args, queues: str, batch: bool, **options) -> None:
        names = [name.strip() for name in queues.split(",") if name.strip()]
        unknown = set(names) - set(worker.LOOPS)
        if unknown:
            self.stderr.write(f"Unknown queues: {', '.join(sorted(unknown))}")
            raise SystemExit(2)
        if set(names) & set(worker.ALONE):
            if len(names) > 1:
                self.stderr.write(f"Run {', '.join(worker.ALONE)} in a worker of its own.")
                raise SystemExit(2)
            os.nice(19)
        asyncio.run(self._run(names, wait=not batch))

    async def _run(self, names: list[str], *, wait: bool) -> None:
        """SIGTERM or SIGINT cancel the loops: running jobs are let finish first."""
        work = asyncio.ensure_future(worker.run(names, wait=wait, thinkers=wait))
        loop = asyncio.get_running_loop()
        for stop in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(stop, work.cancel)
        with contextlib.suppress(asyncio.CancelledError):
            await work
