"""A person plays a whole Space Bastards game against a bot in a browser on a real daphne
server: planets and races chosen with buttons, creatures placed by clicking cells (the piece's
ghost, R to rotate), ships put on the map and flown by clicking highlighted spaces, creatures
boarded by clicking them on the map."""

import random
import re
import time
from concurrent.futures import ThreadPoolExecutor

from django.db import connections

from games import services
from games.models import Match, Move
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    bots_play_at_once,
    move_and_wait,
    my_turn_now,
    session_cookie,
    table_page,
)


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
    from playwright.sync_api import expect

    eva = people[0]
    bots_play_at_once(eva)
    match = services.start_match(game="space_bastards", players=[eva, bots[0]], seed=20261124)
    table_url = site + match.get_absolute_url()
    player = Player()
    with table_page(site, match, eva) as page:
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


def _boost_ahead(state) -> bool:
    """Eva (seat 0) starts a shot or a meal after which a second one, the boost, is possible."""
    import copy

    from games.space_bastards import engine

    act = state.get("act")
    if state["phase"] != "action" or not act or act["seat"] != 0 or act["uses"]:
        return False
    if act["card"] not in ("shooting", "eating"):
        return False
    twin = copy.deepcopy(state)
    engine.apply_in_place(twin, 0, engine.legal_moves(state, 0)[0])
    return twin["phase"] == "action" and twin["act"]["seat"] == 0 and twin["act"]["uses"] == 1


def test_a_boost_shows_its_price_and_a_trade_prompt_the_gains(site, people, bots):
    from playwright.sync_api import expect, sync_playwright

    from games.tests.test_browser_board import _open, _play_until

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva = people[0]
    duel = services.start_match(game="space_bastards", players=[eva, bots[0]], seed=13)
    duel = _play_until(duel, _boost_ahead)
    trio = services.start_match(game="space_bastards", players=[eva, bots[0], bots[1]], seed=23)
    trio = _play_until(trio, lambda s: s["phase"] == "respond" and 0 in s["respond"]["prompted"])
    cookie = session_cookie(eva, site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = _open(browser, cookie, site + duel.get_absolute_url())
        attack = page.locator("#sb-attack")
        expect(attack.locator("legend")).not_to_contain_text("money")
        # The first shot or meal is free; the form then offers the second at its price.
        move_and_wait(page, lambda p: attack.locator("button").first.click())
        expect(attack.locator("legend")).to_contain_text("again for 2 money")
        for button in attack.locator("button").all():
            expect(button).to_contain_text("(2 money)")
        page = _open(browser, cookie, site + trio.get_absolute_url())
        prompt = page.locator("#sb-respond")
        expect(prompt).to_contain_text("if you take part:")
        expect(prompt).to_contain_text("You would gain +")
        expect(prompt).to_contain_text("If you refuse, you gain nothing.")
        move_and_wait(page, lambda p: prompt.locator("button.primary").click())
        # Eva's own offer comes next: what it pays follows the colours ticked as refused.
        deal = page.locator("#sb-deal")
        expect(deal.locator('.sb-gains[data-decline=""]')).to_be_visible()
        refused = deal.locator("input[name=decline]").first
        refused.check()
        expect(deal.locator('.sb-gains[data-decline=""]')).to_be_hidden()
        shown = deal.locator(f'.sb-gains[data-decline="{refused.get_attribute("value")}"]')
        expect(shown).to_be_visible()
        expect(shown).to_contain_text("You: +")
        browser.close()


def _advance(match, ready):
    """Play on to the position the test needs (`_play_until`) in a thread of its own: the
    sync Playwright runs an event loop in this one, where Django refuses to query."""
    from games.tests.test_browser_board import _play_until

    def play():
        try:
            return _play_until(match, ready)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(play).result()


def test_the_grids_the_plan_and_the_map_by_keyboard_and_pointer(site, people, bots):
    from playwright.sync_api import expect, sync_playwright

    from games.tests.test_browser_board import _open, _play_until

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva = people[0]
    match = services.start_match(game="space_bastards", players=[eva, bots[0]], seed=7)
    match = _play_until(
        match, lambda s: s["phase"] == "colonise_place" and s["colonise"]["placer"] == 0
    )
    cookie = session_cookie(eva, site)
    url = site + match.get_absolute_url()
    active = "document.activeElement.value || document.activeElement.dataset.cell"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = _open(browser, cookie, url)
        # A placement grid is one Tab stop; the arrows move from cell to cell.
        grid = page.locator("#sb-place .sb-grid")
        expect(grid).to_have_attribute("role", "grid")
        expect(grid.locator('[tabindex="0"]')).to_have_count(1)
        grid.locator('[tabindex="0"]').focus()
        start = page.evaluate(active)
        page.keyboard.press("ArrowRight")
        moved = page.evaluate(active)
        assert moved != start
        assert moved.split(",")[0] == start.split(",")[0]
        page.keyboard.press("Tab")
        assert not page.evaluate("Boolean(document.activeElement.closest('.sb-grid'))")
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(active) == moved

        # A plan takes two cards at most: once two are ticked the others wait.
        match = _advance(match, lambda s: s["phase"] == "plan" and s["plans"][0] is None)
        page = _open(browser, cookie, url)
        cards = page.locator("#sb-plan input[name=cards]")
        labels = page.locator("#sb-plan label.sb-pick")
        full = page.locator("#sb-plan [data-sb-full]")
        expect(full).to_be_hidden()
        labels.nth(0).click()
        labels.nth(1).click()
        expect(cards.nth(2)).to_be_disabled()
        expect(full).to_be_visible()
        labels.nth(1).click()
        expect(cards.nth(2)).to_be_enabled()
        expect(full).to_be_hidden()

        # Putting the ship on the map: the buttons behind the map stay hidden, the docks wear
        # their planets' colours, the spaces their numbers; the keyboard reaches the spaces.
        match = _advance(
            match,
            lambda s: (
                s["phase"] == "ships"
                and s["movement"]["seat"] == 0
                and s["ships"][0]["space"] is None
            ),
        )
        page = _open(browser, cookie, url)
        expect(page.locator("[data-space-button]").first).to_be_attached()
        assert page.locator("[data-space-button]").count() >= 27
        assert page.locator("[data-space-button]:visible").count() == 0
        fill = page.eval_on_selector('[data-space="d2"] circle', "c => getComputedStyle(c).fill")
        assert fill == "rgb(240, 138, 36)"  # Amberis
        expect(page.locator('[data-space="r3"] text')).to_have_text("3")
        page.locator("#sb-map").focus()
        page.keyboard.press("Tab")
        first = page.evaluate("document.activeElement.dataset.space")
        assert first
        page.keyboard.press("ArrowRight")
        chosen = page.evaluate("document.activeElement.dataset.space")
        assert chosen not in (None, first)
        move_and_wait(page, lambda p: p.keyboard.press("Enter"))
        expect(page.locator(f'#board [data-space="{chosen}"]')).to_be_focused()
        expect(page.locator(f'#board [data-space="{chosen}"]')).to_have_attribute(
            "aria-label", re.compile(r"\(your ship\)")
        )
        browser.close()
    placed = Move.objects.filter(match=match, seat=0, payload__type="ship_place").get()
    assert placed.payload["space"] == chosen


def test_a_mutations_ghost_fits_only_on_free_cells_and_the_creatures_that_mutate(site, people):
    """The grid of a mutation opens the cells of every creature that may mutate; the ghost of
    the new creature is green only over free cells and the cells of the creatures ticked to
    mutate, and only the creatures of the chosen colour and race can be ticked."""
    from playwright.sync_api import expect, sync_playwright

    from games.space_bastards.tests import space_bastards_helpers as helpers
    from games.tests.test_browser_board import _open

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = services.start_match(game="space_bastards", players=people[:2], seed=5)
    tokens = {"P6": {"0:toad:0": [[1, 0]], "0:toad:1": [[1, 1]], "1:toad:0": [[3, 3]]}}
    state = helpers.table(2, column={"mutation": ("toad", "spud")}, tokens=tokens)
    helpers.resolve(state, [["mutation", 0]])
    match.state = state
    match.save(update_fields=["state"])
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = _open(browser, cookie, site + match.get_absolute_url())
        form = page.locator("form:has(input[name=type][value=mutate])")
        expect(form.locator('input[name=combo][value="0|toad|spud"]')).to_be_checked()
        mine, neighbour, theirs = (
            form.locator(f'input[name=tokens][value="{t}"]')
            for t in ("0:toad:0", "0:toad:1", "1:toad:0")
        )
        expect(theirs).to_be_disabled()
        mine.check()
        corner = form.locator('.sb-cell:has(input[name=cells][value="1,0"])')
        # A spud there would cover the toad beside, which stays.
        corner.hover()
        expect(corner).to_have_class(re.compile("sb-ghost-bad"))
        neighbour.check()
        form.locator('.sb-cell:has(input[name=cells][value="2,2"])').hover()
        corner.hover()
        expect(corner).to_have_class(re.compile("sb-ghost-ok"))
        form.locator('input[name=combo][value="1|toad|spud"]').check()
        expect(theirs).to_be_enabled()
        expect(mine).to_be_disabled()
        expect(mine).not_to_be_checked()
        browser.close()


def test_a_ticked_cell_keeps_its_creatures_mark_readable_and_looks_like_no_seat(site, people, bots):
    """Rearranging a planet ticks cells that creatures cover now: the tick goes in the cell's
    corner so the creature's mark stays whole in the middle, and a ticked cell's colour is no
    seat's colour (it was the green seat's)."""
    from playwright.sync_api import expect, sync_playwright

    from games.space_bastards import bot as sb_bot
    from games.space_bastards import engine
    from games.tests.test_browser_board import _open

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    state = engine.setup(5, {}, 1)
    rng = random.Random(1)
    while not (
        state["phase"] == "colonise_place"
        and 0 in engine.to_act(state)
        and state["colonise"]["mode"] == "rearrange"
    ):
        seat = min(engine.to_act(state))
        engine.apply_in_place(state, seat, sb_bot.choose_move(state, seat, rng))
    match = services.start_match(game="space_bastards", players=[people[0], *bots], seed=1)
    match.state = state
    match.save(update_fields=["state"])
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = _open(browser, cookie, site + match.get_absolute_url())
        ticked = page.locator("#sb-place .sb-cell:has(input:checked)")
        expect(ticked.first).to_be_visible()
        seats = page.evaluate(
            """() => ['red', 'blue', 'green', 'yellow', 'purple', 'n'].map((c) => {
                const probe = document.createElement('span');
                probe.className = 'sb-chip sb-' + c;
                document.querySelector('.sb-mine').append(probe);
                const colour = getComputedStyle(probe).backgroundColor;
                probe.remove();
                return colour;
            })"""
        )
        marked = 0
        for cell in ticked.all():
            assert cell.evaluate("c => getComputedStyle(c).backgroundColor") not in seats
            mark = cell.locator("span[aria-hidden]")
            if not mark.inner_text().strip():
                continue
            marked += 1
            box, inner = cell.bounding_box(), mark.bounding_box()
            middle = box["y"] + box["height"] / 2
            assert abs(inner["y"] + inner["height"] / 2 - middle) < 3, (box, inner)
        assert marked, "no ticked cell holds a creature now"
        browser.close()


def test_standing_answers_being_set_survive_another_players_plan(site, people):
    """While Eva sets her standing answers, Jan plans: the push redraws her plan form, and her
    card, her answers and the open list of answers stay as she left them."""
    from playwright.sync_api import expect, sync_playwright

    from games.space_bastards import bot as sb_bot
    from games.space_bastards import engine
    from games.tests.test_browser_board import _open

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    state = engine.setup(2, {}, 77)
    rng = random.Random(77)
    while state["phase"] != "plan":
        seat = min(engine.to_act(state))
        engine.apply_in_place(state, seat, sb_bot.choose_move(state, seat, rng))
    match = services.start_match(game="space_bastards", players=people[:2], seed=77)
    match.state = state
    match.save(update_fields=["state"])
    cookie = session_cookie(people[0], site)
    jan_cookie = session_cookie(people[1], site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = _open(browser, cookie, site + match.get_absolute_url())
        plan = page.locator("#sb-plan")
        plan.locator("label.sb-pick").nth(1).click()
        card = plan.locator("input[name=cards]").nth(1).get_attribute("value")
        plan.locator(".sb-prefs summary").click()
        plan.locator("select[name=pref_diplomacy]").select_option("refuse")
        plan.locator("select[name=pref_trade_1]").select_option("ask")

        jan = _open(browser, jan_cookie, site + match.get_absolute_url())
        jan.locator("#sb-plan label.sb-pick").first.click()
        jan.locator("#sb-plan button.primary").click()
        expect(page.locator("#status")).to_have_attribute("data-seq", "1")
        expect(plan.locator(f'input[name=cards][value="{card}"]')).to_be_checked()
        expect(plan.locator("select[name=pref_diplomacy]")).to_have_value("refuse")
        expect(plan.locator("select[name=pref_trade_1]")).to_have_value("ask")
        expect(plan.locator(".sb-prefs")).to_have_attribute("open", "")
        browser.close()
