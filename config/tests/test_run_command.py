"""The development server as `./dev run` starts it: daphne, an embedded database, a clean stop."""

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _default_signals() -> None:
    """A terminal's Ctrl-C, even when the test run itself was started in the background."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait_for(url: str, seconds: float) -> urllib.request.http.client.HTTPResponse:
    deadline = time.monotonic() + seconds
    while True:
        try:
            return urllib.request.urlopen(url, timeout=2)
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM])
def test_site_runs_on_daphne_with_an_embedded_database_that_stops_with_it(tmp_path, stop_signal):
    pgdata = tmp_path / "pg"
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update({"DEBUG": "1", "EMBEDDED_PGDATA": str(pgdata)})
    root = Path(settings.BASE_DIR)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input"],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        preexec_fn=_default_signals,
    )
    try:
        response = _wait_for(f"http://127.0.0.1:{port}/", 60)
        assert response.status == 200
        assert response.headers["Server"] == "daphne"
        assert (pgdata / "postmaster.pid").exists()
    finally:
        os.killpg(server.pid, stop_signal)
        try:
            output = server.communicate(timeout=60)[0].decode()
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            raise
    assert "Daphne" in output
    deadline = time.monotonic() + 20
    while (pgdata / "postmaster.pid").exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not (pgdata / "postmaster.pid").exists(), "the embedded PostgreSQL is still running"
