"""Helpers for browser tests: the site served as `./dev run` serves it, and signed-in pages."""

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from urllib.parse import parse_qs

from django.conf import settings
from django.db import connection
from django.test import Client

CHROMIUM = "/usr/bin/chromium"
EXPECT_TIMEOUT_MS = 15_000
"""Patient assertions: CI's two cores run the server, the worker and Chromium at once."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def database_url() -> str:
    """The test database, for a server or worker running in another process."""
    db = connection.settings_dict
    host = db["HOST"]
    if host.startswith("/"):
        return f"postgres://{db['USER']}@/{db['NAME']}?host={host}"
    port = f":{db['PORT']}" if db["PORT"] else ""
    return f"postgres://{db['USER']}@{host}{port}/{db['NAME']}"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Site:
    """`manage.py serve` (daphne, the task worker inside) on the test database, on a port that
    stays the same across restarts, as a restarted production server's would."""

    def __init__(self) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server: subprocess.Popen | None = None

    def start(self) -> None:
        env = {**os.environ, "DATABASE_URL": database_url(), "DEBUG": "1"}
        env.pop("REDIS_URL", None)
        self.server = subprocess.Popen(
            [sys.executable, "manage.py", "serve", "--noreload", f"127.0.0.1:{self.port}"],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(self.url + "/", timeout=2)
                return
            except OSError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise AssertionError("the site did not start") from None
                time.sleep(0.2)

    def stop(self, how: signal.Signals = signal.SIGTERM) -> None:
        """SIGTERM is a clean shutdown (a deploy); SIGKILL a crash."""
        if self.server is not None:
            self.server.send_signal(how)
            self.server.wait(timeout=30)
            self.server = None


def serve_site() -> Iterator[str]:
    """Run the site for one test, on its own port."""
    site = Site()
    site.start()
    try:
        yield site.url
    finally:
        site.stop()


def session_cookie(user, url: str) -> dict:
    """A signed-in session for a browser context (make it before Playwright starts)."""
    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": url}


def table_seq(page) -> int:
    return int(page.locator("#status").get_attribute("data-seq"))


def wait_until_seq(page, seq: int, seconds: float = 20) -> None:
    """Poll the page (the site's CSP forbids Playwright's injected wait functions)."""
    deadline = time.monotonic() + seconds
    while table_seq(page) < seq:
        assert time.monotonic() < deadline, f"the table never reached move {seq}"
        page.wait_for_timeout(5)


def my_turn_now(page) -> bool:
    """Whether the page offers this player a move: the status says so and a form is there
    (both arrive in one push; reading them between two pushes can disagree)."""
    if page.locator("#status").get_attribute("data-my-turn") != "1":
        return False
    return page.locator("#mine form").count() > 0


def move_and_wait(page, make_move) -> tuple[int, str]:
    """Make one move through the page's forms, check the server took it, and wait until the
    page shows it (the answer is empty when the websocket brings the table). Returns the move
    number the page then shows and the submitted form's move type."""
    with page.expect_response(lambda r: r.url.endswith("/move/")) as answer:
        make_move(page)
    assert answer.value.ok
    body = answer.value.text()
    assert "status-error" not in body, body
    submitted = parse_qs(answer.value.request.post_data or "")
    header = answer.value.headers.get("x-move-seq")
    shown = int(header) + 1 if header else int(re.search(r'data-seq="(\d+)"', body).group(1))
    wait_until_seq(page, shown)
    return table_seq(page), submitted.get("type", [""])[0]
