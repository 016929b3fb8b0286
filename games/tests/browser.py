"""Helpers for browser tests: the site served as `./dev run` serves it, and signed-in pages."""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from urllib.parse import parse_qs

from django.conf import settings
from django.db import connection, connections
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
    stays the same across restarts, as a restarted production server's would; with `example`,
    the guide's example game is on it too (`games.tests.serve_example`); `env` adds to its
    environment (a VAPID key, say)."""

    def __init__(self, *, example: bool = False, env: dict[str, str] | None = None) -> None:
        self.command = ["-m", "games.tests.serve_example"] if example else ["manage.py", "serve"]
        self.env = env or {}
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server: subprocess.Popen | None = None

    def running(self) -> bool:
        return self.server is not None and self.server.poll() is None

    def start(self) -> None:
        # A strong bot thinks in the server's worker thread unless the test says otherwise.
        env = {**os.environ, "BOT_THINKING_PROCESSES": "0", **self.env}
        env.update(DATABASE_URL=database_url(), DEBUG="1")
        env.pop("REDIS_URL", None)
        self.server = subprocess.Popen(
            [sys.executable, *self.command, "--noreload", f"127.0.0.1:{self.port}"],
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


def serve_site(*, example: bool = False) -> Iterator[str]:
    """Run the site for one test, on its own port (with the guide's example game: `Site`)."""
    site = Site(example=example)
    site.start()
    try:
        yield site.url
    finally:
        site.stop()


def bots_play_at_once(person) -> None:
    """`person` lets the bots play at once: no pace between their moves in a row, which a
    whole match in the browser would wait through (most of a second each, a score of times);
    the pace has tests of its own (`games/tests/test_bot_pace.py`), and the Kosmopolis live
    test plays at the default one."""
    person.bot_pace_ms = 0
    person.save(update_fields=["bot_pace_ms"])


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


def keep_first_cards(page) -> None:
    """In Kosmopolis's draft, keep the first cards the page offers and send the form."""
    draft = page.locator("#mine .k-draft form")
    keep = int(draft.locator("fieldset").get_attribute("data-keep"))
    cards = draft.locator("label.k-pick:has(input[name=cards]:not([disabled]))")
    for index in range(keep):
        cards.nth(index).click()
    draft.locator("button.primary").click()


def make_a_kosmopolis_move(page) -> None:
    """In Kosmopolis, take the first choice the table offers, as a person clicking through
    would."""
    mine = page.locator("#mine")
    place = mine.locator(".k-place form button[name=column]")
    if place.count():
        place.first.click()
        return
    if mine.locator(".k-draft form").count():
        keep_first_cards(page)
        return
    play = mine.locator(".k-play form")
    if play.count():
        play.locator("label.k-pick:has(input[name=card]:not([disabled]))").first.click()
        city = play.locator("button[value=city]")
        if city.count():
            city.click()
        else:
            takes = play.locator("input[name=take]")
            if takes.count():
                takes.first.click()
            play.locator("button[value=kosmopolis]").click()
        return
    save = mine.locator(".k-save form")
    save.locator("input[name=columns]").first.click()
    save.locator("button.primary").click()


def my_turn_now(page) -> bool:
    """Whether the page offers this player a move: the status says so and a form is there
    (both arrive in one push; reading them between two pushes can disagree)."""
    if page.locator("#status").get_attribute("data-my-turn") != "1":
        return False
    return page.locator("#mine form").count() > 0


_moves_sent: dict[int, list[dict]] = {}


def follow_moves(page) -> None:
    """Record every move the page sends, over its table socket (as it does while the socket
    is up; never over another socket, such as the bell's) or posted (while it is down); call
    before the page opens the table."""
    sent = _moves_sent.setdefault(id(page), [])

    def over_socket(socket) -> None:
        if "/ws/matches/" in socket.url:
            socket.on("framesent", lambda frame: sent.append(json.loads(frame)))

    def posted(request) -> None:
        if request.method == "POST" and request.url.endswith("/move/"):
            sent.append({k: v[0] for k, v in parse_qs(request.post_data or "").items()})

    page.on("websocket", over_socket)
    page.on("request", posted)


def _stored_moves(match_id: int, seat: int) -> list[int]:
    """The seat's stored move numbers, read in a thread of its own (Playwright's sync API runs
    an event loop in this one, where Django refuses to query)."""
    from games.models import Move

    def read() -> list[int]:
        try:
            moves = Move.objects.filter(match_id=match_id, seat=seat).order_by("seq")
            return list(moves.values_list("seq", flat=True))
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as reader:
        return reader.submit(read).result()


def move_and_wait(page, make_move, seconds: float = 20) -> tuple[int, str]:
    """Make one move through the page's forms (`follow_moves` watches the page), check the
    server stored it (else fail with the reason the page shows), and wait until the page shows
    it. Returns the move number the page then shows and the sent form's move type."""
    sent = _moves_sent[id(page)]
    match_id = int(re.search(r"/matches/(\d+)/", page.url).group(1))
    seat = int(re.search(r"seat-(\d+)", page.locator("#players .you").get_attribute("class"))[1])
    before, count = _stored_moves(match_id, seat), len(sent)
    make_move(page)
    deadline = time.monotonic() + seconds
    while len(sent) == count or _stored_moves(match_id, seat) == before:
        error = page.locator("#status .status-error")
        assert not error.count(), error.inner_text()
        assert time.monotonic() < deadline, "the move was never stored"
        page.wait_for_timeout(5)
    wait_until_seq(page, _stored_moves(match_id, seat)[-1] + 1)
    kind = sent[count].get("type", "")
    return table_seq(page), kind[0] if isinstance(kind, list) else kind


@contextmanager
def table_page(site: str, match, user, viewport: dict | None = None) -> Iterator:
    """`user`'s page at `match`'s table in a Czech Chromium (a desktop's screen unless
    `viewport`), its moves followed (`follow_moves`), once the table shows; the browser closes
    with the block."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    cookie = session_cookie(user, site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(
            locale="cs-CZ", viewport=viewport or {"width": 1200, "height": 900}
        )
        context.add_cookies([cookie])
        page = context.new_page()
        follow_moves(page)
        page.goto(site + match.get_absolute_url())
        expect(page.locator("#table")).to_be_visible()
        yield page
        browser.close()


def play_to_the_end(page, make_move: Callable, *, turns: int, pause_ms: int) -> list[str]:
    """Make the page's player's moves with `make_move` (`move_and_wait`) until the result
    shows, for at most `turns` looks at the page, `pause_ms` apart while others move; returns
    the kinds of the moves made."""
    from playwright.sync_api import expect

    kinds = []
    for _turn in range(turns):
        if page.locator("#result .result-panel").count():
            break
        if not my_turn_now(page):
            page.wait_for_timeout(pause_ms)
            continue
        kinds.append(move_and_wait(page, make_move)[1])
    expect(page.locator("#result .result-panel")).to_be_visible()
    return kinds
