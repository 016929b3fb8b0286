"""The site as deployed: Debian's nginx with the shipped configuration (rendered by
`deploy/render_nginx.py` for free ports) in front of two daphne processes sharing PostgreSQL and
Redis. Everything of one table reaches one process, tables spread over both, and when a table's
process dies its page reconnects to the other and the match goes on."""

import asyncio
import os
import random
import re
import signal
import subprocess
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.test import Client

from bench import fixtures, load
from bench.servers import NGINX, Daphne, Nginx
from config.settings import redis_channel_layers
from deploy.render_nginx import render
from games import services
from games.kosmopolis import engine
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    database_url,
    keep_first_cards,
    session_cookie,
    table_seq,
    wait_until_seq,
)
from games.tests.redis_server import ThrowawayRedis

pytestmark = pytest.mark.django_db(transaction=True)


class Box:
    """nginx in front of two daphne (DEBUG on for static files without collectstatic) with
    their channel layer on a Redis of its own; started once for the module's cases (each start
    costs seconds of CPU), a daphne a case killed started again on its port."""

    def __init__(self) -> None:
        self.redis = ThrowawayRedis()
        self.redis.start()
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": database_url(),
            "REDIS_URL": self.redis.url,
            "DEBUG": "1",
        }
        self.daphnes: list[Daphne] = []
        self.proxy: Nginx | None = None

    def ready(self) -> tuple[Nginx, list[Daphne]]:
        """Both daphne running with empty access logs, and a fresh nginx in front of them
        (nginx would keep a killed process marked down for a while)."""
        if not self.daphnes:
            self.daphnes = [Daphne(self.env, access_log=True) for _ in range(2)]
        for n, daphne in enumerate(self.daphnes):
            if daphne.process.poll() is None:
                assert daphne.access_log is not None
                daphne.access_log.write_text("")
            else:
                daphne.stop()
                self.daphnes[n] = Daphne(self.env, port=daphne.port, access_log=True)
        if self.proxy is not None:
            self.proxy.stop()
        self.proxy = Nginx([daphne.port for daphne in self.daphnes])
        return self.proxy, self.daphnes

    def stop(self) -> None:
        if self.proxy is not None:
            self.proxy.stop()
        for daphne in self.daphnes:
            daphne.stop()
        self.redis.stop()


@pytest.fixture(scope="module")
def _box(django_db_setup):
    box = Box()
    try:
        yield box
    finally:
        box.stop()


@pytest.fixture
def box(_box, transactional_db, settings):
    """nginx and the two daphne (`Box`), this process announcing to their Redis too."""
    settings.CHANNEL_LAYERS = redis_channel_layers(_box.redis.url)
    return _box.ready()


def _players(people) -> list[fixtures.Player]:
    players = []
    for person in people:
        client = Client()
        client.force_login(person)
        players.append(
            fixtures.Player(person.pk, person.username, client.cookies["sessionid"].value)
        )
    return players


def _table(http, players: list[fixtures.Player], proxy: Nginx, rng: random.Random) -> load.Table:
    """The bench's four players at a Kosmopolis table, every seat through nginx."""
    seats = [proxy.url] * fixtures.SEATS
    return load.Table(http, players, seats, engine, fixtures.start_match, rng)


def _where(daphnes: list[Daphne], match_id: int) -> list[int]:
    """The processes (by index) that served anything of the match."""
    return [n for n, daphne in enumerate(daphnes) if match_id in daphne.tables_served()]


def test_a_whole_match_through_nginx_stays_on_one_process(box, people, monkeypatch):
    """Four players load the table, open its socket and post every move over HTTP through
    nginx until the match ends; every request and socket of it reached one daphne."""
    proxy, daphnes = box
    monkeypatch.setattr(load, "MOVES_OVER", "http")
    players = _players(people)
    seed = 7
    match = services.start_match(game="kosmopolis", players=people, seed=seed)

    async def play() -> tuple[int, int]:
        async with load.new_session() as http:
            table = _table(http, players, proxy, random.Random(1))
            await table.open(match.pk, seed)
            moves = 0
            while table.matches == 1:  # the last move's push ends it, and a new one opens
                assert await table.move() is not None, "a move was refused or not pushed"
                moves += 1
            await table.close()
            return moves, table.match_id

    moves, next_match = asyncio.run(play())
    match.refresh_from_db()
    assert engine.is_over(match.state)
    assert match.move_count == moves > 40
    assert len(_where(daphnes, next_match)) == 1
    [home] = _where(daphnes, match.pk)
    log = daphnes[home].access_log.read_text()
    assert log.count(f'"GET /matches/{match.pk}/"') == fixtures.SEATS
    assert log.count(f'"WSCONNECT /ws/matches/{match.pk}/') == fixtures.SEATS
    assert log.count(f'"POST /matches/{match.pk}/move/"') == moves


def test_tables_spread_over_both_processes_and_other_pages_go_round(box, people):
    """Sixteen tables' pages, each loaded twice: each table on one process, both processes
    holding some; the lobby's page goes to both in turn."""
    proxy, daphnes = box
    cookie = {"Cookie": f"sessionid={_players(people[:1])[0].session_key}"}
    matches = [services.start_match(game="kosmopolis", players=people[:2]) for _ in range(16)]
    for match in matches:
        for _ in range(2):
            request = urllib.request.Request(proxy.url + match.get_absolute_url(), headers=cookie)
            assert urllib.request.urlopen(request, timeout=30).status == 200
    homes = [_where(daphnes, match.pk) for match in matches]
    assert all(len(home) == 1 for home in homes)
    assert {home[0] for home in homes} == {0, 1}
    for _ in range(4):
        assert urllib.request.urlopen(proxy.url + "/", timeout=30).status == 200
    for daphne in daphnes:
        assert '"GET /"' in daphne.access_log.read_text()


def test_a_move_posted_to_a_dead_process_is_passed_to_the_other(box, people):
    """A POST that the table's dead process refused (nothing sent) goes to the live one and is
    stored there."""
    proxy, daphnes = box
    seed = 11
    match = services.start_match(game="kosmopolis", players=people, seed=seed)
    players = _players(people)

    async def post_after_death() -> int:
        async with load.new_session() as http:
            table = _table(http, players, proxy, random.Random(2))
            await table.open(match.pk, seed)
            await table.close()
            [home] = _where(daphnes, match.pk)
            daphnes[home].process.send_signal(signal.SIGKILL)
            await asyncio.to_thread(daphnes[home].process.wait)
            draft = engine.legal_moves(table.state, 0)[0]
            form = [("csrfmiddlewaretoken", table.tokens[0]), ("expected_seq", "0")]
            return await table._post(0, form + load.move_form(draft))

    assert asyncio.run(post_after_death()) == 204
    assert list(match.moves.values_list("seat", flat=True)) == [0]


def test_a_dead_process_hands_its_table_to_the_other(box, people):
    """Its page's socket reconnects through nginx to the live process, which pushes the next
    move to it, and the page's own move over that socket is stored."""
    from playwright.sync_api import sync_playwright

    proxy, daphnes = box
    eva, jan = people[0], people[1]
    match = services.start_match(game="kosmopolis", players=[eva, jan])
    socket = re.compile(rf'"WSCONNECT /ws/matches/{match.pk}/')
    cookie = session_cookie(eva, proxy.url)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context()
        context.add_cookies([cookie])
        page = context.new_page()
        page.goto(proxy.url + match.get_absolute_url())
        home = _await(lambda: _where(daphnes, match.pk), "the table was never served")
        dead, alive = daphnes[home[0]], daphnes[1 - home[0]]
        _await(lambda: socket.search(dead.access_log.read_text()), "the socket never opened")

        dead.process.send_signal(signal.SIGKILL)
        dead.process.wait()
        _await(lambda: socket.search(alive.access_log.read_text()), "the page never reconnected")

        seq = table_seq(page)
        draft_of_jan = engine.legal_moves(match.state, 1)[0]
        # In a thread of its own: Playwright's sync API runs an event loop in this one.
        with ThreadPoolExecutor(1) as thread:
            thread.submit(
                services.submit_move,
                match_id=match.pk,
                user=jan,
                move=draft_of_jan,
                expected_seq=seq,
            ).result()
        wait_until_seq(page, seq + 1)
        keep_first_cards(page)
        wait_until_seq(page, seq + 2)
        browser.close()
    match.refresh_from_db()
    assert [move.seat for move in match.moves.order_by("seq")] == [1, 0]


def _await(check, failure: str, seconds: float = 30):
    """Poll `check` until it returns something true."""
    deadline = time.monotonic() + seconds
    while not (found := check()):
        assert time.monotonic() < deadline, failure
        time.sleep(0.1)
    return found


def test_the_production_site_passes_nginx_own_check(tmp_path):
    """What the production guide renders (TLS on 443, port 80 redirected) is a configuration
    Debian's nginx accepts."""
    key, certificate = tmp_path / "privkey.pem", tmp_path / "fullchain.pem"
    self_signed = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
    subprocess.run(
        ["openssl", *self_signed, "-subj", "/CN=x", "-keyout", key, "-out", certificate],
        check=True,
        capture_output=True,
    )
    site = render(
        daphne_ports=[8001, 8002], server_name="deskovky.example.org", certificates=str(tmp_path)
    )
    assert "listen 443 ssl" in site
    assert "return 301 https://" in site
    (tmp_path / "site.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(
        f"events {{}}\nhttp {{\ninclude {tmp_path}/site.conf;\n}}\n"
    )
    check = subprocess.run(
        [NGINX, "-t", "-c", str(tmp_path / "nginx.conf"), "-e", str(tmp_path / "error.log")],
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stderr
