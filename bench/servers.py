"""daphne processes, and the nginx in front of them, started (and always stopped) by the
benchmark and the tests that run the site as deployed."""

from __future__ import annotations

import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from deploy.render_nginx import render, standalone

ROOT = Path(__file__).resolve().parent.parent
FILE_LIMIT = 65536
NGINX = "/usr/sbin/nginx"
"""Debian's nginx (`apt-get install nginx`; `./dev test` installs it)."""
TABLE_REQUEST = re.compile(r'"(?:[A-Z]+) /(?:ws/)?matches/(\d+)/')
"""A request of one table in daphne's access log: its page, socket (WSCONNECTING, WSCONNECT,
WSDISCONNECT), moves, partials and chat."""


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


def _cpu_seconds(pid: int) -> float:
    """User and system time of one process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _end(process: subprocess.Popen[bytes]) -> None:
    """Stop a server cleanly (SIGTERM), or kill it after 20 s."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Daphne:
    """One daphne process (`config.server`) serving `config.asgi:application` on 127.0.0.1, as
    production serves it."""

    def __init__(
        self, env: dict[str, str], *, port: int | None = None, access_log: bool = False
    ) -> None:
        self.port = port or free_port()
        self.access_log: Path | None = None
        logging: list[str] = []
        if access_log:
            handle, name = tempfile.mkstemp(prefix="daphne-access-")
            os.close(handle)
            self.access_log = Path(name)
            logging = ["--access-log", name]
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
                *logging,
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
        return _cpu_seconds(self.process.pid)

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

    def tables_served(self) -> set[int]:
        """The matches whose page, socket, moves or partials this process has served (it must
        have been started with `access_log`)."""
        assert self.access_log is not None, "started without an access log"
        return {int(found) for found in TABLE_REQUEST.findall(self.access_log.read_text())}

    def stop(self) -> None:
        _end(self.process)
        self.count_file.unlink(missing_ok=True)
        if self.access_log is not None:
            self.access_log.unlink(missing_ok=True)
        self.log.close()


class Nginx:
    """Debian's nginx in front of daphne processes on 127.0.0.1, with the site's configuration
    (`deploy/nginx.conf.template`) rendered for their ports by `deploy/render_nginx.py`, plain
    HTTP on a port of its own."""

    def __init__(self, daphne_ports: list[int], *, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.directory = Path(tempfile.mkdtemp(prefix="nginx-"))
        # nginx started as root runs its workers as another user, who must reach the files.
        self.directory.chmod(0o755)
        site = render(
            daphne_ports=daphne_ports, server_name="127.0.0.1", listen=f"127.0.0.1:{self.port}"
        )
        config = self.directory / "nginx.conf"
        config.write_text(standalone(site, self.directory))
        self.process = subprocess.Popen(
            [NGINX, "-c", str(config), "-e", str(self.directory / "error.log")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=raise_file_limit,
        )
        deadline = time.monotonic() + 20
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx exited:\n{self.errors()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"nginx did not start:\n{self.errors()}") from None
                time.sleep(0.05)

    def cpu_seconds(self) -> float:
        """Processor time of nginx's master and workers so far."""
        pids = [self.process.pid]
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        pids += [int(pid) for pid in children.read_text().split()]
        return sum(_cpu_seconds(pid) for pid in pids)

    def errors(self) -> str:
        log = self.directory / "error.log"
        return log.read_text()[-4000:] if log.exists() else ""

    def stop(self) -> None:
        _end(self.process)
        shutil.rmtree(self.directory, ignore_errors=True)
