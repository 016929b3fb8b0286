"""daphne processes started (and always stopped) by the benchmark."""

from __future__ import annotations

import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILE_LIMIT = 65536


def raise_file_limit() -> int:
    """Raise this process's open-file limit as far as allowed; returns the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = FILE_LIMIT if hard == resource.RLIM_INFINITY else min(FILE_LIMIT, hard)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Daphne:
    """One daphne process (`config.server`) serving `config.asgi:application` on 127.0.0.1, as
    production serves it."""

    def __init__(self, env: dict[str, str], *, port: int | None = None) -> None:
        self.port = port or free_port()
        handle, name = tempfile.mkstemp(prefix="bench-queries-")
        os.close(handle)
        self.count_file = Path(name)
        # The server's output, kept for the error message if it dies; closed in stop().
        self.log = tempfile.TemporaryFile()  # noqa: SIM115
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "config.server",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "--websocket_connect_timeout",
                "60",
                "config.asgi:application",
            ],
            cwd=ROOT,
            env={**env, "BENCH_QUERY_COUNT_FILE": str(self.count_file)},
            stdout=self.log,
            stderr=subprocess.STDOUT,
            preexec_fn=raise_file_limit,
        )
        self.url = f"http://127.0.0.1:{self.port}"
        self._wait()

    def _wait(self) -> None:
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"daphne exited:\n{self.output()}")
            try:
                urllib.request.urlopen(self.url + "/accounts/login/", timeout=5).read()
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"daphne did not start:\n{self.output()}") from None
                time.sleep(0.2)

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def queries(self) -> int:
        """The number of SQL statements this process has run so far."""
        before = self.count_file.stat().st_mtime_ns
        self.process.send_signal(signal.SIGUSR1)
        deadline = time.monotonic() + 5
        while self.count_file.stat().st_mtime_ns == before or not self.count_file.read_text():
            if time.monotonic() > deadline:
                raise RuntimeError("daphne did not report its query count")
            time.sleep(0.01)
        return int(self.count_file.read_text())

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.count_file.unlink(missing_ok=True)
        self.log.close()
