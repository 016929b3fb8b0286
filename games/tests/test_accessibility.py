"""axe-core (WCAG 2.0, 2.1 and 2.2, levels A and AA, target size included) on every page state
of the site, in Czech and in English, at 1280 px and at 390×844: the site's own pages, and for
every playable game its table on the player's turn, while waiting, at each kind of choice the
game asks for, finished with the result, and its replay (issue 23)."""

import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.db import connections
from django.db.models import Q
from django.urls import reverse

from accounts.models import User
from games import services
from games.models import Match
from games.registry import GAMES
from games.tests.analysed import a_marked_move, analyse
from games.tests.browser import CHROMIUM, CHROMIUM_ARGS, Site, session_cookie
from games.tests.example import every_game
from lobby import services as lobby
from notifications.models import PushSubscription
from notifications.push import new_key_pair

AXE_OPTIONS = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"],
    },
    # Target size (2.5.8) and the page's outline: one <h1>, no level skipped.
    "rules": {
        "target-size": {"enabled": True},
        "heading-order": {"enabled": True},
        "page-has-heading-one": {"enabled": True},
    },
    "resultTypes": ["violations"],
}
MARKUP_FAULTS = """() => {
    const faults = [];
    const ids = Array.from(document.querySelectorAll("[id]"), (el) => el.id);
    const twice = ids.filter((id, index) => ids.indexOf(id) !== index);
    if (twice.length) faults.push("duplicate ids: " + Array.from(new Set(twice)).join(", "));
    for (const el of document.querySelectorAll("[aria-describedby], [aria-labelledby]")) {
        for (const attribute of ["aria-describedby", "aria-labelledby"]) {
            for (const id of (el.getAttribute(attribute) || "").split(/\\s+/).filter(Boolean)) {
                const target = document.getElementById(id);
                if (!target || !target.textContent.trim()) {
                    faults.push(`${attribute}="${id}" names no element with text`);
                }
            }
        }
    }
    for (const el of document.querySelectorAll("time[datetime]")) {
        const value = el.getAttribute("datetime");
        if (!/^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d(:\\d\\d)?([+-]\\d\\d:?\\d\\d|Z)$/.test(value)) {
            faults.push(`time datetime="${value}" is not a valid date and time`);
        }
    }
    return faults;
}"""
PAGE_WIDER_THAN_SCREEN = "() => document.documentElement.scrollWidth > window.innerWidth"
NARROWEST = {"width": 320, "height": 640}
"""Reflow (1.4.10): the site's own pages fit 320 px; a game's table fits a 390 px phone."""
WIDTHS = ({"width": 1280, "height": 900}, {"width": 390, "height": 844})
LANGUAGES = ("cs", "en")
PLAYABLE = sorted(slug for slug, game in GAMES.items() if game.playable)


@pytest.fixture(scope="module")
def sites(django_db_setup):
    """The site with pushes to devices, whose list the settings page shows, without and with
    the guide's example game; each started by the first case that needs it and kept for the
    module's others (a start costs seconds of CPU)."""
    pushes = {"VAPID_PRIVATE_KEY": new_key_pair()[0]}
    servers = {example: Site(example=example, env=pushes) for example in (False, True)}
    yield servers
    for server in servers.values():
        server.stop()


@pytest.fixture
def site(sites, transactional_db, request, shared_site_stopped):
    """The example game's site for a case that plays it (marked `example_game`), else the
    site's own."""
    server = sites[request.node.get_closest_marker("example_game") is not None]
    if not server.running():
        server.start()
    return server.url


@pytest.fixture
def readers(transactional_db):
    """A Czech and an English player."""
    return {
        language: User.objects.create_user(
            f"reader-{language}",
            f"reader-{language}@example.com",
            "heslo-123-abc",
            display_name=f"Reader {language}",
            language=language,
        )
        for language in LANGUAGES
    }


@pytest.fixture
def robots(transactional_db):
    return [
        User.objects.create(username=f"robot-{n}", display_name=f"Robot {n}", is_bot=True)
        for n in range(3)
    ]


class Database:
    """Database work in a thread of its own (Playwright's sync API runs an event loop in the
    test's thread, where Django refuses to query), one connection for the whole test."""

    def __init__(self) -> None:
        self.worker = ThreadPoolExecutor(max_workers=1)

    def __call__(self, work: Callable[..., Any], *args: Any) -> Any:
        return self.worker.submit(work, *args).result()

    def close(self) -> None:
        self.worker.submit(connections.close_all).result()
        self.worker.shutdown()


class Audit:
    """Runs axe on pages at both widths and keeps every violation, named by its page state."""

    def __init__(self) -> None:
        self.script = Axe().axe_script
        self.found: list[str] = []
        self.checked = 0

    def check(self, page, state: str, reflows_at_320: bool = False) -> None:
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(self.script)
        for viewport in WIDTHS:
            page.set_viewport_size(viewport)
            results = page.evaluate("options => axe.run(document, options)", AXE_OPTIONS)
            self.checked += 1
            where = f"{state} @{viewport['width']}px"
            for violation in results["violations"]:
                nodes = "".join(
                    f"\n      {' '.join(map(str, node['target']))}: {node.get('failureSummary')}"
                    for node in violation["nodes"][:6]
                )
                self.found.append(
                    f"{where}: {violation['id']} ({violation['impact']}) {violation['help']}{nodes}"
                )
            if page.evaluate(PAGE_WIDER_THAN_SCREEN):
                self.found.append(f"{where}: the page scrolls sideways (reflow)")
        if reflows_at_320:
            page.set_viewport_size(NARROWEST)
            if page.evaluate(PAGE_WIDER_THAN_SCREEN):
                self.found.append(f"{state} @320px: the page scrolls sideways (reflow)")
        self.found += [f"{state}: {fault}" for fault in page.evaluate(MARKUP_FAULTS)]

    def assert_clean(self) -> None:
        assert self.checked
        assert not self.found, f"{len(self.found)} violations:\n" + "\n".join(self.found)


def _open(browser, url: str, cookie: dict | None, language: str):
    """A page whose cards do not move: axe measures contrast on a still page, and a card caught
    half-faded in its arrival (0.45 s) would read as too pale."""
    context = browser.new_context(
        locale="cs-CZ" if language == "cs" else "en-GB", reduced_motion="reduce"
    )
    if cookie:
        context.add_cookies([cookie])
    else:
        context.add_cookies([{"name": "language", "value": language, "url": url}])
    return context.new_page()


def _finished_match(players: list[User], game: str, seed: int) -> Match:
    """A match played to its end by the bots' choices, the people's moves included."""
    match = services.start_match(game=game, players=players, seed=seed)
    info = GAMES[game]
    while True:
        match.refresh_from_db()
        if match.is_over:
            return match
        for seat in sorted(info.engine.to_act(match.state)):
            if not players[seat].is_bot:
                _play_for(match, players[seat], seat)
                break


def _play_for(match: Match, user: User, seat: int) -> None:
    """The seat plays what a bot would choose, from an up-to-date page."""
    match.refresh_from_db()
    info = GAMES[match.game]
    move = info.bot.choose_move(match.state, seat, random.Random(match.move_count))
    services.submit_move(match_id=match.pk, user=user, move=move, expected_seq=match.move_count)


def test_the_site_pages_pass_axe(site, readers, robots):
    """Home, lobby, a waiting room, a table with running clocks, the sign-in pages, profiles,
    settings, My games, notifications, and each game's rules, statistics and leaderboard."""
    from playwright.sync_api import sync_playwright

    cs, en = readers["cs"], readers["en"]
    # Kosmodraci: the quickest of the five to analyse (a trick game of short playouts).
    finished = _finished_match([cs, en, robots[0]], "space_dragons", seed=20261124)
    analyse(finished)  # its replay's and each player's profile's analysis
    marked = a_marked_move(finished, seat=0)
    waiting = lobby.open_table(host=cs, game=PLAYABLE[0], seats=3)
    clocked = services.start_match(
        game=PLAYABLE[0], players=[cs, en, robots[1]], seed=20261125, clock_seconds=600
    )
    for user in readers.values():
        PushSubscription.objects.create(
            user=user,
            endpoint=f"https://fcm.googleapis.com/fcm/send/{user.username}",
            p256dh="unused",
            auth="unused",
            device="Firefox · Android",
        )
    cookies = {language: session_cookie(user, site) for language, user in readers.items()}
    pages = [
        "/",
        "/my-games/",
        f"/tables/{waiting.pk}/",
        clocked.get_absolute_url(),
        "/notifications/",
        "/accounts/profile/",
        f"/players/{cs.username}/",
        f"/players/{cs.username}/vs/?other={en.username}",
        reverse("match_replay", args=[finished.pk]) + f"?step={marked.seq + 1}",
    ]
    for slug in PLAYABLE:
        pages += [f"/games/{slug}/rules/", f"/games/{slug}/statistics/"]
        pages += [f"/games/{slug}/leaderboard/"]
    anonymous = ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"]
    audit = Audit()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for language in LANGUAGES:
            page = _open(browser, site, cookies[language], language)
            for path in pages:
                page.goto(site + path)
                audit.check(page, f"{path} ({language})", reflows_at_320=True)
            page.context.close()
            page = _open(browser, site, None, language)
            for path in anonymous:
                page.goto(site + path)
                audit.check(page, f"{path} (anonymous, {language})", reflows_at_320=True)
            page.context.close()
        browser.close()
    audit.assert_clean()


def _kinds(game: str, state: dict, seat: int) -> list[str]:
    """What the seat is asked for: the kinds of its legal moves (a draft, a card to play, a
    pending choice such as a modifier's column), or waiting. Each kind brings its own form,
    the same markup whatever other kinds are offered beside it."""
    moves = GAMES[game].engine.legal_moves(state, seat)
    if not moves:
        return ["waiting"]
    return sorted({str(move.get("type")) if isinstance(move, dict) else "move" for move in moves})


@pytest.mark.parametrize("game", every_game())
def test_a_game_table_passes_axe_in_every_state(site, readers, robots, game):
    """A Czech and an English player and a bot play a whole match; each page is checked the
    first time its player is asked for a new kind of move (or waits), then finished, then its
    replay. The guide's example game is played too, as a game written by the guide is."""
    from playwright.sync_api import sync_playwright

    info = GAMES[game]
    seats = max(info.min_players, min(info.max_players, 3))
    players = [readers["cs"], readers["en"], *robots][:seats]
    match = services.start_match(game=game, players=players, seed=20261124)
    cookies = {language: session_cookie(user, site) for language, user in readers.items()}
    url = site + match.get_absolute_url()
    audit = Audit()
    in_db = Database()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = [_open(browser, site, cookies[language], language) for language in LANGUAGES]
        seen: set[tuple[int, str]] = set()
        for _turn in range(1000):
            match = in_db(Match.objects.get, Q(pk=match.pk))
            if match.is_over:
                break
            for seat, page in enumerate(pages):
                kinds = _kinds(game, match.state, seat)
                if {(seat, kind) for kind in kinds} - seen:
                    seen |= {(seat, kind) for kind in kinds}
                    page.goto(url)
                    audit.check(page, f"{game} {'+'.join(kinds)} ({LANGUAGES[seat]})")
            people = sorted(seat for seat in info.engine.to_act(match.state) if seat < 2)
            if people:
                in_db(_play_for, match, players[people[0]], people[0])
        assert match.is_over
        for seat, page in enumerate(pages):
            page.goto(url)
            audit.check(page, f"{game} finished ({LANGUAGES[seat]})")
            page.goto(url + "replay/")
            audit.check(page, f"{game} replay ({LANGUAGES[seat]})")
        browser.close()
    in_db.close()
    audit.assert_clean()


def _luminance(rgb: str) -> float:
    """WCAG relative luminance of a computed `rgb(r, g, b)` colour."""
    channels = [int(part) / 255 for part in rgb[rgb.index("(") + 1 : -1].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(first: str, second: str) -> float:
    lighter, darker = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_focus_ring_stands_out_from_the_page_and_panels(scheme):
    """WCAG 1.4.11: the keyboard focus ring has 3:1 against the page and the panels around it,
    in both themes."""
    from django.conf import settings
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(color_scheme=scheme)
        page.set_content('<main><p class="panel"><a href="#here">a link</a></p></main>')
        page.add_style_tag(path=settings.BASE_DIR / "static" / "css" / "site.css")
        page.keyboard.press("Tab")
        ring, page_colour, panel_colour = page.evaluate(
            """() => [
                getComputedStyle(document.activeElement).outlineColor,
                getComputedStyle(document.body).backgroundColor,
                getComputedStyle(document.querySelector(".panel")).backgroundColor,
            ]"""
        )
        browser.close()
    assert _contrast(ring, page_colour) >= 3
    assert _contrast(ring, panel_colour) >= 3


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_primary_and_danger_submit_buttons_keep_their_look(scheme):
    """A primary submit button (Sit down, Confirm, Play this card) is filled with the accent,
    its text readable on it (4.5:1), and a danger one (Yes, resign) is drawn in the danger
    colour: neither looks like a plain submit button."""
    from django.conf import settings
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(color_scheme=scheme)
        page.set_content(
            '<main><form class="panel"><button type="submit">Plain</button>'
            '<button type="submit" class="button primary">Sit down</button>'
            '<button type="submit" class="button danger">Yes, resign</button></form></main>'
        )
        page.add_style_tag(path=settings.BASE_DIR / "static" / "css" / "site.css")
        plain, primary, danger, accent, danger_colour = page.evaluate(
            """() => {
                const look = (el) => {
                    const style = getComputedStyle(el);
                    return [style.backgroundColor, style.color, style.borderTopColor];
                };
                const [plain, primary, danger] = document.querySelectorAll("button");
                const probe = document.createElement("i");
                document.body.append(probe);
                probe.style.color = "var(--accent)";
                const accent = getComputedStyle(probe).color;
                probe.style.color = "var(--danger)";
                return [look(plain), look(primary), look(danger), accent,
                        getComputedStyle(probe).color];
            }"""
        )
        browser.close()
    assert primary[0] == accent != plain[0]
    assert _contrast(primary[1], primary[0]) >= 4.5
    assert danger[1] == danger[2] == danger_colour != plain[1]
