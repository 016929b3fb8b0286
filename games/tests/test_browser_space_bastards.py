"""A person plays a whole Space Bastards game against a bot in a browser on a real daphne
server: planets and races chosen with buttons, creatures placed by clicking cells (the piece's
ghost, R to rotate), ships put on the map and flown by clicking highlighted spaces, creatures
boarded by clicking them on the map."""

import time

import pytest

from games import services
from games.models import Match, Move
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    follow_moves,
    move_and_wait,
    my_turn_now,
    serve_site,
    session_cookie,
)


@pytest.fixture
def site(transactional_db):
    yield from serve_site()


def _place_by_clicking(page, form) -> None:
    """Click cells until the ghost of the piece fits and its cells are ticked, turning the
    piece with R when it does not fit, as a person would."""
    cells = form.locator(".sb-cell:has(input[name=cells])")
    for index in range(cells.count()):
        for _turn in range(4):
            cells.nth(index).click()
            page.wait_for_timeout(30)  # the script ticks the ghost's cells after the click
            if form.locator("input[name=cells]:checked").count():
                form.locator("button.primary").click()
                return
            page.keyboard.press("r")
    raise AssertionError("no cell of the grid takes the piece")


def _place_by_keyboard(page, form) -> bool:
    """Tab to a cell, Enter puts the piece there (R turns it first when it does not fit),
    Enter on the focused submit button sends it: no pointer at all."""
    form.locator("input[name=cells]").first.focus()
    for _turn in range(4):
        page.keyboard.press("Enter")
        if form.locator("input[name=cells]:checked").count():
            form.locator("button.primary").focus()
            page.keyboard.press("Enter")
            return True
        page.keyboard.press("r")
    return False


class Player:
    """Takes a legal choice the table offers, the way a person clicking through would."""

    def __init__(self) -> None:
        self.turns = 0
        self.placed_on: list[str] = []
        self.used = {"map_step": 0, "map_board": 0, "map_place": 0, "ghost": 0, "keyboard": 0}

    def __call__(self, page) -> None:
        """A push from the bot's move may redraw the forms while we look: look again."""
        self.turns += 1
        for _attempt in range(50):
            if self._choose(page):
                return
            page.wait_for_timeout(100)
        kinds = page.locator("#mine input[name=type]").evaluate_all("e => e.map(i => i.value)")
        raise AssertionError(f"no choice this player makes among {kinds}")

    def _choose(self, page) -> bool:
        mine = page.locator("#mine")
        simple = [
            "form:has(input[name=type][value=choose_planet]) button",
            "form:has(input[name=type][value=pick]) button",
            "form:has(input[name=type][value=respond]) button.primary",
            "form:has(input[name=type][value=shoot]) button",
            "form:has(input[name=type][value=eat]) button",
            "form:has(input[name=type][value=trade]) button.primary",
            "form:has(input[name=type][value=diplomacy]) button.primary",
        ]
        for selector in simple:
            if mine.locator(selector).count():
                mine.locator(selector).first.click()
                return True
        for kind in ("place", "love", "unload"):
            form = mine.locator(f"form:has(input[name=type][value={kind}])")
            if form.count():
                if form.first.locator("input[name=cells]:checked").count():
                    form.first.locator("button.primary").click()
                elif not self.used["keyboard"] and _place_by_keyboard(page, form.first):
                    self.used["keyboard"] += 1
                else:
                    self.used["ghost"] += 1
                    _place_by_clicking(page, form.first)
                return True
        plan = mine.locator("form:has(input[name=type][value=plan])")
        if plan.count():
            plan.locator("label.sb-pick").nth(
                self.turns % plan.locator("label.sb-pick").count()
            ).click()
            plan.locator("button.primary").click()
            return True
        board = page.locator("#board")
        if mine.locator("form:has(input[name=type][value=ship_place])").count():
            self.used["map_place"] += 1
            space = board.locator(".sb-reach").last
            self.placed_on.append(space.get_attribute("data-space"))
            space.click()
            return True
        loadable = board.locator(".sb-loadable")
        if loadable.count() and self.turns % 2:
            self.used["map_board"] += 1
            loadable.first.click()
            return True
        steps = mine.locator("form:has(input[name=type][value=ship_step]) button")
        done = mine.locator("form:has(input[name=type][value=done]) button")
        if steps.count() and (self.turns % 3 == 0 or not done.count()):
            self.used["map_step"] += 1
            board.locator(".sb-reach").first.click()
            return True
        if done.count():
            done.first.click()
            return True
        return False


def test_a_person_plays_space_bastards_against_a_bot_to_the_end(site, people, bots):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva = people[0]
    match = services.start_match(game="space_bastards", players=[eva, bots[0]], seed=20261124)
    cookie = session_cookie(eva, site)
    table_url = site + match.get_absolute_url()
    player = Player()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(locale="cs-CZ", viewport={"width": 1200, "height": 900})
        context.add_cookies([cookie])
        page = context.new_page()
        follow_moves(page)
        page.goto(table_url)
        expect(page.locator("#table")).to_be_visible()
        expect(page.locator("#board svg.sb-svg")).to_be_visible()
        page.wait_for_timeout(300)
        deadline = time.monotonic() + 900
        while not page.locator("#result .result-panel").count():
            assert time.monotonic() < deadline, "the game did not end"
            if not my_turn_now(page):
                page.wait_for_timeout(50)
                continue
            move_and_wait(page, player)
        expect(page.locator("#result .result-panel")).to_be_visible()
        expect(page.locator("#result .sb-score").first).to_contain_text("Total")
        assert page.url == table_url, "the page was never reloaded"
        browser.close()
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert player.used["ghost"] > 0
    assert player.used["keyboard"] == 1
    assert player.used["map_place"] > 0
    placed = Move.objects.filter(match=match, seat=0, payload__type="ship_place")
    assert [move.payload["space"] for move in placed.order_by("seq")] == player.placed_on
    assert player.used["map_step"] > 0


def test_the_others_last_moves_are_marked_and_a_phone_shows_status_area_and_board_first(
    site, people, bots
):
    from playwright.sync_api import expect, sync_playwright

    from games.tests.test_browser_board import _first_screen_shows, _play_until

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva = people[0]
    match = services.start_match(
        game="space_bastards", players=[eva, bots[0], bots[1]], seed=20261124
    )
    match = _play_until(
        match,
        lambda s: s["phase"] == "plan" and s["plans"][0] is None and all(s["last_named"][1:]),
    )
    cookie = session_cookie(eva, site)
    url = site + match.get_absolute_url()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        _first_screen_shows(browser, cookie, url, "#mine .sb-hand", "#board .sb-map")
        context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900})
        context.add_cookies([cookie])
        page = context.new_page()
        page.goto(url)
        # Both other seats' last moves are marked on the map, with whose they were.
        for name in ("2", "3"):
            expect(page.locator("#board .sb-last-tag", has_text=name).first).to_be_visible()
        # The action cards carry their drawn symbols.
        expect(page.locator('#mine .sb-hand use[href="#sb-sym-love"]')).to_have_count(1)
        # Hovering a log line marks what it names; leaving it clears the mark.
        line = page.locator("#log .log-line[data-marks]").first
        line.hover()
        expect(page.locator("#board .log-named").first).to_be_visible()
        page.mouse.move(0, 0)
        expect(page.locator("#board .log-named")).to_have_count(0)
        browser.close()
