"""Whole Isle of Cats games in a browser on a real daphne server: one person alone against the
sister, and one person with a bot. Tiles are placed as a person does: pick a piece, move the
pointer over the boat until the ghost shows green, click, confirm."""

import re

import pytest

from games import services
from games.models import Match
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    bots_play_at_once,
    follow_moves,
    move_and_wait,
    my_turn_now,
    session_cookie,
)

PHONE = {"width": 390, "height": 844}


def _place(page, form) -> bool:
    """Put the first piece that fits somewhere on the boat, by pointer; False if none fits."""
    svg = form.locator("svg.ioc-boat")
    choices = form.locator("label.ioc-pick:has(input[name=choice])")
    colour = form.locator("select[name=colour]")
    for n in range(min(3, choices.count())):
        choices.nth(n).click()
        if colour.count():
            colour.select_option("blue")
        box = svg.bounding_box()
        for y in range(11):
            for x in range(15):
                page.mouse.move(
                    box["x"] + (x + 0.6) * box["width"] / 15.2,
                    box["y"] + (y + 0.6) * box["height"] / 11.2,
                )
                if (
                    form.locator(".ghost rect.ok").count()
                    and not form.locator(".ghost rect.bad").count()
                ):
                    page.mouse.click(
                        box["x"] + (x + 0.6) * box["width"] / 15.2,
                        box["y"] + (y + 0.6) * box["height"] / 11.2,
                    )
                    form.locator("button.primary").click()
                    return True
    return False


def _tick_and_submit(form, count: int) -> None:
    boxes = form.locator("label.ioc-pick")
    for n in range(min(count, boxes.count())):
        boxes.nth(n).click()
    form.locator("button.primary").first.click()


def _make_a_move(page) -> None:
    """Take the first choice the table offers, as a person clicking through would."""
    mine = page.locator("#mine")

    def form(kind: str):
        return mine.locator(f"form:has(input[name=type][value={kind}])")

    if form("resolve").count():
        keep = form("resolve").locator("input[type=radio]").count() > 0
        _tick_and_submit(form("resolve"), 1 if keep else 0)
    elif form("draft").count():
        keep = int(form("draft").locator("fieldset").get_attribute("data-keep"))
        _tick_and_submit(form("draft"), keep)
    elif form("buy").count():
        _tick_and_submit(form("buy"), 2)
    elif form("done").count():
        form("done").locator("button").click()
    elif form("choose_colours").count() or form("arrange").count():
        mine.locator("form button.primary").first.click()
    elif form("select_rescue").count():
        _tick_and_submit(form("select_rescue"), 9)
    elif form("place").locator("input[name=choice]").count() and _place(page, form("place")):
        return
    else:
        form("pass").locator("button").click()


def _play_to_the_end(page, expect) -> None:
    for _turn in range(600):
        if page.locator("#result .result-panel").count():
            break
        if not my_turn_now(page):
            page.wait_for_timeout(50)
            continue
        move_and_wait(page, _make_a_move)
    expect(page.locator("#result .result-panel")).to_be_visible()


def _open(playwright, site, cookie, match, locale="en-GB", viewport=None, touch=False):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    context = browser.new_context(
        locale=locale,
        viewport=viewport or {"width": 1200, "height": 900},
        has_touch=touch,
        is_mobile=touch,
    )
    context.add_cookies([cookie])
    page = context.new_page()
    follow_moves(page)
    page.goto(site + match.get_absolute_url())
    return browser, page


def test_one_person_plays_a_solo_game_against_the_sister_to_the_end(site, people):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = services.start_match(game="isle_of_cats", players=[people[0]], seed=20261124)
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page = _open(playwright, site, cookie, match)
        _play_to_the_end(page, expect)
        sheet = page.locator("#result .ioc-result")
        expect(sheet.locator(".ioc-score")).to_contain_text("The sister")
        expect(sheet).to_contain_text("The sister's score")
        assert page.locator("#mine svg.ioc-boat .t").count() > 0, "no tile was ever placed"
        browser.close()
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED


def test_a_person_and_a_bot_play_a_game_to_the_end(site, people, bots):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    bots_play_at_once(people[0])
    match = services.start_match(game="isle_of_cats", players=[people[0], bots[0]], seed=20261125)
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page = _open(playwright, site, cookie, match, locale="cs-CZ")
        _play_to_the_end(page, expect)
        expect(page.locator("#result .ioc-score tbody tr")).to_have_count(2)
        browser.close()
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert all(len(p["tiles"]) > 0 for p in match.state["players"])


def _with_cat_16_to_rescue(player, *, seed: int, cat: str = "cat-16") -> Match:
    """A solo match whose bag holds blue cat-16 first (the one that fits over the blue map), or
    another cat."""
    stack = {"bag": [cat], "turn_order": [0, "sister"], "sister_deck": ["sister-18"]}
    return services.start_match(game="isle_of_cats", players=[player], seed=seed, stack=stack)


def _until_cat_16_is_offered(playwright, site, cookie, match: Match, cat="cat-16", **screen):
    """The player's page, moved on until its place form offers to rescue cat-16 (or `cat`)."""
    browser, page = _open(playwright, site, cookie, match, **screen)
    place = page.locator("#mine form:has(input[name=type][value=place])")
    for _turn in range(20):
        if place.locator(f"input[value='rescue|{cat}']").count():
            break
        move_and_wait(page, _make_a_move)
    return browser, page, place


def test_a_cat_on_its_map_offers_the_treasure_at_once_and_both_are_placed_by_pointer(site, people):
    """Blue cat-16 laid over the blue map (rules 10.2): the bonus fieldset opens as soon as the
    cat is fixed, the domino is turned with the button and fixed beside it, one move stores
    both."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = _with_cat_16_to_rescue(people[0], seed=20261126)
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page, place = _until_cat_16_is_offered(playwright, site, cookie, match)
        place.locator("label.ioc-pick:has(input[value='rescue|cat-16'])").click()

        def point(x: int, y: int) -> tuple[float, float]:
            svg = place.locator("svg.ioc-boat")
            svg.scroll_into_view_if_needed()
            box = svg.bounding_box()
            return (
                box["x"] + (x + 0.6) * box["width"] / 15.2,
                box["y"] + (y + 0.6) * box["height"] / 11.2,
            )

        page.mouse.move(*point(3, 1))
        page.mouse.click(*point(3, 1))
        expect(place.locator(".ioc-why")).to_have_text(
            "Placed. Confirm sends your move; click elsewhere to move it."
        )
        bonus = place.locator("fieldset[data-piece=bonus]")
        expect(bonus).to_be_visible()
        bonus.locator("select[name=bonus_shape]").select_option("domino")
        place.locator("button[data-action=rotate]").click()
        page.mouse.move(*point(2, 2))
        expect(place.locator(".ghost rect.ok")).to_have_count(2)
        page.mouse.click(*point(2, 2))
        expect(bonus.locator("input[name=bonus_y]")).to_have_value("2")
        move_and_wait(page, lambda page: place.locator("button.primary").click())
        browser.close()
    match.refresh_from_db()
    tiles = {t["tile"]: t["cells"] for t in match.state["players"][0]["tiles"]}
    assert tiles["cat-16"] == sorted([2 + 15 * 1, 3 + 15, 4 + 15, 5 + 15, 3 + 30, 4 + 30])
    assert tiles["common-12"] == [2 + 30, 2 + 45]


def test_a_keyboard_user_places_a_cat_with_the_arrow_keys(site, people):
    """No pointer: the piece is chosen with the keyboard, the boat takes the focus, arrows move
    the ghost from the middle of the boat, Enter fixes it and the form is sent from the keyboard."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = _with_cat_16_to_rescue(people[0], seed=20261127)
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page, place = _until_cat_16_is_offered(playwright, site, cookie, match)
        place.locator("input[value='rescue|cat-16']").focus()
        page.keyboard.press("Space")
        place.locator("svg.ioc-boat").focus()
        for key in ["ArrowLeft"] * 3 + ["ArrowUp"] * 3:
            page.keyboard.press(key)
        expect(place.locator(".ghost rect.ok")).to_have_count(6)
        page.keyboard.press("Enter")
        expect(place.locator("input[name=x]")).to_have_value("2")
        expect(place.locator("input[name=y]")).to_have_value("1")

        def confirm(page) -> None:
            place.locator("button.primary").focus()
            page.keyboard.press("Enter")

        move_and_wait(page, confirm)
        browser.close()
    match.refresh_from_db()
    tiles = {t["tile"]: t["cells"] for t in match.state["players"][0]["tiles"]}
    assert tiles["cat-16"] == [17, 18, 19, 20, 33, 34]


def _play_until(match: Match, people, ready) -> Match:
    """Play every seat with the game's bot until `ready(state)` holds: the page then opens on
    the position the test needs."""
    import random

    from games.isle_of_cats import bot, engine

    rng = random.Random(match.seed)
    for _move in range(2000):
        match.refresh_from_db()
        if ready(match.state):
            return match
        if services.play_bot_turns(match_id=match.pk):
            continue
        seat = min(engine.to_act(match.state))
        services.submit_move(
            match_id=match.pk,
            user=people[seat],
            move=bot.choose_move(match.state, seat, rng),
            expected_seq=match.move_count,
        )
    raise AssertionError("the position never came")


def test_a_phone_shows_status_boat_and_fields_first_and_the_others_last_tiles(site, people):
    """On a 390×844 phone, in Czech, the status, your boat and the two fields of cats lie within
    the first screen; the other seat's last placed tile is marked on its boat, and hovering the
    log line of that placement marks the tile."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = services.start_match(game="isle_of_cats", players=people[:2], seed=20261128)
    match = _play_until(
        match,
        people,
        lambda s: s["phase"] == "rescue" and s["current"] == 0 and s["players"][1]["last_placed"],
    )
    last = match.state["players"][1]["last_placed"]
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(locale="cs-CZ", viewport=PHONE)
        context.add_cookies([cookie])
        page = context.new_page()
        page.goto(site + match.get_absolute_url())
        for selector in ("#status", "#mine .ioc-own-boat svg.ioc-boat", "#board .ioc-fields"):
            box = page.locator(selector).first.bounding_box()
            assert box is not None, selector
            assert box["y"] >= 0, (selector, box)
            assert box["y"] + box["height"] <= PHONE["height"], (selector, box)
        # The status bar comes first, with no empty line above it (the inlined symbols take none).
        gap = page.evaluate(
            """() => {
                const main = document.querySelector("main");
                const top = main.getBoundingClientRect().top;
                const padding = parseFloat(getComputedStyle(main).paddingTop);
                const status = document.querySelector("#status").getBoundingClientRect();
                return status.top - top - padding;
            }"""
        )
        assert gap < 1, gap
        # One column, every part as wide as the status bar (no ragged right edge).
        width = page.locator("#status").bounding_box()["width"]
        for selector in ("#ioc-order", "#ioc-treasures", "#board .ioc-other-boats", "#log"):
            box = page.locator(selector).bounding_box()
            assert abs(box["width"] - width) < 1, (selector, box["width"], width)
        other = page.locator("#board .ioc-other-boats svg.ioc-boat")
        assert sorted(
            other.locator(".t.last").evaluate_all("els => els.map(e => e.dataset.tile)")
        ) == sorted(last)
        line = page.locator(f'#log .log-line[data-marks~="{last[0]}"]').first
        line.hover()
        expect(other.locator(f'.t[data-tile="{last[0]}"]')).to_have_class(re.compile("log-named"))
        browser.close()


def test_the_buy_form_totals_the_ticked_cards_against_your_fish(site, people):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = services.start_match(game="isle_of_cats", players=[people[0]], seed=20261129)
    match = _play_until(match, people, lambda s: s["phase"] == "buy")
    # Fewer fish than the draft costs, so that the total runs past them.
    fish = 5
    match.state["players"][0]["fish"] = fish
    match.save(update_fields=["state"])
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page = _open(playwright, site, cookie, match)
        total = page.locator("#mine .ioc-buy-total")
        expect(total).to_contain_text(f"Ticked cards cost 0 fish; you have {fish}.")
        boxes = page.locator("#mine input[name=cards][data-cost]")
        costs = [int(c) for c in boxes.evaluate_all("els => els.map(e => e.dataset.cost)")]
        spent = 0
        for i, cost in enumerate(costs):
            boxes.nth(i).check()
            spent += cost
            expect(total.locator('[data-role="cost"]')).to_have_text(str(spent))
            expect(total.locator('[data-role="short"]')).to_be_visible(visible=spent > fish)
        assert spent > fish, "the hand never cost more than the fish"
        browser.close()


def _free_spot(cells: list[tuple[int, int]], taken: set[tuple[int, int]], must: tuple | None):
    """A top-left corner where `cells` lie on free boat squares touching `taken` (covering
    `must` if given)."""
    from games.isle_of_cats.components import BOAT_SET, index

    for y in range(11):
        for x in range(15):
            at = [(x + a, y + b) for a, b in cells]
            if must and must not in at:
                continue
            on_boat = all(c[0] < 15 and c[1] < 11 and index(*c) in BOAT_SET for c in at)
            free = not taken & set(at)
            touches = not taken or any(
                (cx + dx, cy + dy) in taken
                for cx, cy in at
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
            )
            if on_boat and free and touches:
                return (x, y), at
    raise AssertionError("no spot")


def test_an_oshax_takes_its_map_bonus_and_the_cards_treasure_in_one_move_by_pointer(site, people):
    """The oshax is laid over the red map, its colour chosen only then: the map bonus is
    offered, then the Oshax friend's small treasure; one move stores all three."""
    from playwright.sync_api import expect, sync_playwright

    from games.isle_of_cats.components import EMPTY_GRID, MAPS, TILE_SHAPE, WIDTH
    from games.isle_of_cats.labels import oriented

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = services.start_match(game="isle_of_cats", players=[people[0]], seed=20261130)
    match = _play_until(match, people, lambda s: s["phase"] == "rare_finds" and s["current"] == 0)
    # An empty boat and the Oshax friend in hand: the position this test is about.
    player = match.state["players"][0]
    player.update(hand=["107"], tiles=[], grid=list(EMPTY_GRID))
    match.save(update_fields=["state"])
    oshax = match.state["oshax"][0]
    red = (MAPS["red"] % WIDTH, MAPS["red"] // WIDTH)
    shape = oriented(TILE_SHAPE[oshax], 0)
    corner, covered = _free_spot(shape, set(), red)
    mono, _cells = _free_spot([(0, 0)], set(covered), None)
    domino, _cells = _free_spot([(0, 0), (1, 0)], {*covered, mono}, None)
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page = _open(playwright, site, cookie, match)
        place = page.locator("#mine form:has(input[name=type][value=place])")
        place.locator(f"label.ioc-pick:has(input[value='find|107|{oshax}'])").click()

        def click(cell: tuple[int, int], piece_cells: list[tuple[int, int]]) -> None:
            w = max(a for a, _b in piece_cells)
            h = max(b for _a, b in piece_cells)
            x, y = cell[0] + w // 2, cell[1] + h // 2
            svg = place.locator("svg.ioc-boat")
            svg.scroll_into_view_if_needed()
            box = svg.bounding_box()
            point = (
                box["x"] + (x + 0.6) * box["width"] / 15.2,
                box["y"] + (y + 0.6) * box["height"] / 11.2,
            )
            page.mouse.move(*point)
            page.mouse.click(*point)

        click(corner, shape)
        bonus = place.locator("fieldset[data-piece=bonus]")
        expect(bonus).to_be_hidden()
        place.locator("select[name=colour]").select_option("red")
        expect(bonus).to_be_visible()
        bonus.locator("select[name=bonus_shape]").select_option("mono")
        click(mono, [(0, 0)])
        expect(bonus.locator("input[name=bonus_x]")).to_have_value(str(mono[0]))
        extra = place.locator("fieldset[data-piece=extra]")
        expect(extra).to_have_class(re.compile("ioc-active"))
        extra.locator("select[name=extra_choice]").select_option("domino")
        click(domino, [(0, 0), (1, 0)])
        expect(extra.locator("input[name=extra_y]")).to_have_value(str(domino[1]))
        move_and_wait(page, lambda page: place.locator("button.primary").click())
        browser.close()
    match.refresh_from_db()
    tiles = match.state["players"][0]["tiles"]
    assert len(tiles) == 3
    assert (tiles[0]["tile"], tiles[0]["colour"]) == (oshax, "red")
    assert [len(t["cells"]) for t in tiles[1:]] == [1, 2]


def test_a_solo_table_shows_what_the_sisters_face_up_card_takes_next(site, people):
    """Her first card of the day, sister-21 (speed 0, so the player goes first), says cat 3,
    oshax 1: beside the fields the page shows the card and which cat and oshax she takes on her
    next turn, and the cat at position 3 is marked in its field."""
    from playwright.sync_api import expect, sync_playwright

    from games.isle_of_cats.labels import tile_label

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    stack = {"turn_order": [0, "sister"], "sister_deck": ["sister-21"]}
    match = services.start_match(
        game="isle_of_cats", players=[people[0]], seed=20261131, stack=stack
    )
    match = _play_until(match, people, lambda s: s["phase"] == "rescue" and s["current"] == 0)
    zones = match.state["zones"]
    cat = [*zones["left"], *zones["right"]][2]
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page = _open(playwright, site, cookie, match)
        today = page.locator("#ioc-sister-today")
        expect(today).to_be_visible()
        expect(today.locator(".ioc-next")).to_contain_text("Cat 3")
        expect(today.locator(".ioc-next")).to_contain_text("Oshax 1")
        expect(today).to_contain_text(
            f"Her next turn, if the fields stay as they are: takes away the {tile_label(cat)}"
        )
        marked = page.locator("#board .ioc-field li.ioc-sister-next")
        expect(marked).to_have_count(1)
        expect(marked).to_have_attribute("data-tile", cat)
        expect(marked.locator(".ioc-pos")).to_have_text("3")
        expect(marked).to_contain_text("the sister's next")
        browser.close()


def test_choosing_a_cat_shows_what_the_sister_takes_after_that_rescue(site, people):
    """Her "Cat 3" counts when she plays, after the player's rescue: while the first cat is
    chosen the line and the mark move to the cat that will then be third; Cancel brings back
    what she takes from the fields as they are."""
    from playwright.sync_api import expect, sync_playwright

    from games.isle_of_cats.labels import tile_label

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    stack = {"turn_order": [0, "sister"], "sister_deck": ["sister-21"]}
    match = services.start_match(
        game="isle_of_cats", players=[people[0]], seed=20261131, stack=stack
    )
    match = _play_until(match, people, lambda s: s["phase"] == "rescue" and s["current"] == 0)
    cats = [*match.state["zones"]["left"], *match.state["zones"]["right"]]
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page = _open(playwright, site, cookie, match)
        says = page.locator("#ioc-sister-today .ioc-sister-says")
        marked = page.locator("#board .ioc-field li.ioc-sister-next")
        expect(says).to_contain_text(
            f"if the fields stay as they are: takes away the {tile_label(cats[2])}"
        )
        expect(marked).to_have_attribute("data-tile", cats[2])
        place = page.locator("#mine form:has(input[name=type][value=place])")
        place.locator(f"label.ioc-pick:has(input[value='rescue|{cats[0]}'])").click()
        expect(says).to_contain_text(
            f"after you rescue this cat: takes away the {tile_label(cats[3])}"
        )
        expect(marked).to_have_count(1)
        expect(marked).to_have_attribute("data-tile", cats[3])
        expect(marked.locator(".ioc-sister-tag")).to_be_visible()
        expect(page.locator(f"#board li[data-tile='{cats[2]}'] .ioc-sister-tag")).to_be_hidden()
        place.locator(".ioc-boat-actions button[type=reset]").click()
        expect(says).to_contain_text(
            f"if the fields stay as they are: takes away the {tile_label(cats[2])}"
        )
        expect(marked).to_have_attribute("data-tile", cats[2])
        browser.close()


def _cell_point(svg, x: int, y: int) -> tuple[float, float]:
    """The middle of boat square (x, y) on the page."""
    box = svg.bounding_box()
    return (
        box["x"] + (x + 0.6) * box["width"] / 15.2,
        box["y"] + (y + 0.6) * box["height"] / 11.2,
    )


def test_a_tile_is_placed_by_taps_on_a_phone_with_an_illegal_tap_explained(site, people):
    """On a 390 px touch screen: a tap shows the cat's ghost where it lands, red with the reason
    when part of it hangs off the boat, green where it fits; a second tap on the ghost places it
    (its corner goes into the form); a tap elsewhere picks it up and shows it there, and Confirm
    places that green ghost and sends the move."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = _with_cat_16_to_rescue(people[0], seed=20261132)
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page, place = _until_cat_16_is_offered(
            playwright, site, cookie, match, viewport=PHONE, touch=True
        )
        place.locator("label.ioc-pick:has(input[value='rescue|cat-16'])").tap()
        svg = place.locator("svg.ioc-boat")
        svg.scroll_into_view_if_needed()
        assert svg.bounding_box()["width"] / 15.2 >= 24, "boat squares under 24 px"
        why = place.locator(".ioc-why")
        # cat-16 lies 4 squares by 2 around the tapped square: at (1, 0) it covers (0, 0).
        page.touchscreen.tap(*_cell_point(svg, 1, 0))
        expect(place.locator(".ghost rect.bad")).to_have_count(6)
        expect(why).to_have_text("Does not fit: part of the piece lies off the boat.")
        page.touchscreen.tap(*_cell_point(svg, 3, 1))
        expect(place.locator(".ghost rect.ok")).to_have_count(6)
        expect(why).to_have_text("It fits: tap it again or press Confirm to place it.")
        expect(place.locator("input[name=x]")).to_have_value("")
        page.touchscreen.tap(*_cell_point(svg, 4, 2))
        expect(place.locator("input[name=x]")).to_have_value("2")
        expect(place.locator("input[name=y]")).to_have_value("1")
        expect(why).to_have_text("Placed. Confirm sends your move; tap elsewhere to move it.")
        page.touchscreen.tap(*_cell_point(svg, 7, 5))
        expect(place.locator("input[name=x]")).to_have_value("")
        expect(place.locator(".ghost rect.ok")).to_have_count(6)
        move_and_wait(page, lambda page: place.locator(".ioc-boat-actions .primary").tap())
        browser.close()
    match.refresh_from_db()
    tiles = {t["tile"]: t["cells"] for t in match.state["players"][0]["tiles"]}
    assert tiles["cat-16"] == sorted([6 + 75, 7 + 75, 8 + 75, 9 + 75, 7 + 90, 8 + 90])


def test_tapping_the_same_square_again_places_a_piece_with_a_gap_there(site, people):
    """Blue cat-11 is a U: the tapped square, its middle, is the gap between its arms. The hint
    says to tap again: a second tap on that square places it, as a tap on the piece does."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = _with_cat_16_to_rescue(people[0], seed=20261136, cat="cat-11")
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page, place = _until_cat_16_is_offered(
            playwright, site, cookie, match, cat="cat-11", viewport=PHONE, touch=True
        )
        place.locator("label.ioc-pick:has(input[value='rescue|cat-11'])").tap()
        svg = place.locator("svg.ioc-boat")
        svg.evaluate("el => el.scrollIntoView({block: 'end'})")
        page.touchscreen.tap(*_cell_point(svg, 5, 4))
        expect(place.locator(".ghost rect.ok")).to_have_count(5)
        expect(place.locator(".ioc-why")).to_have_text(
            "It fits: tap it again or press Confirm to place it."
        )
        page.touchscreen.tap(*_cell_point(svg, 5, 4))
        expect(place.locator("input[name=x]")).to_have_value("4")
        expect(place.locator("input[name=y]")).to_have_value("4")
        expect(place.locator(".ioc-why")).to_have_text(
            "Placed. Confirm sends your move; tap elsewhere to move it."
        )
        browser.close()


@pytest.mark.parametrize("screen", [{"width": 1366, "height": 768}, PHONE])
def test_turn_mirror_and_confirm_are_in_view_with_the_whole_boat(site, people, screen):
    """Turning and placing need no scrolling: the buttons under the boat and the boat fit on
    one screen below the sticky status bar, which carries the same buttons."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = _with_cat_16_to_rescue(people[0], seed=20261133)
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page, place = _until_cat_16_is_offered(
            playwright, site, cookie, match, viewport=screen
        )
        place.locator("label.ioc-pick:has(input[value='rescue|cat-16'])").click()
        actions = place.locator(".ioc-boat-actions")
        actions.evaluate("el => el.scrollIntoView({block: 'end'})")
        top = page.locator("#status").bounding_box()
        shown = [place.locator("svg.ioc-boat")] + [
            actions.locator(selector)
            for selector in ("[data-action=rotate]", "[data-action=mirror]", ".primary")
        ]
        for element in shown:
            box = element.bounding_box()
            assert box["y"] >= top["y"] + top["height"], (screen, box, top)
            assert box["y"] + box["height"] <= screen["height"] + 1, (screen, box)
        for selector in ("[data-action=rotate]", "[data-action=mirror]", ".primary"):
            button = page.locator(f"#status .ioc-status-actions {selector}")
            expect(button).to_be_in_viewport()
        # Confirm, the move's main action, is drawn filled; Turn is outlined.
        for where in (place.locator(".ioc-boat-actions"), page.locator("#status")):
            confirm = where.locator("button.primary[type=submit]")
            turn = where.locator("[data-action=rotate]")
            filled = "el => getComputedStyle(el).backgroundColor"
            assert confirm.evaluate(filled) == "rgb(31, 95, 191)", confirm.evaluate(filled)
            assert turn.evaluate(filled) == "rgba(0, 0, 0, 0)"
        page.locator("#status [data-action=rotate]").click()
        expect(place.locator("select[name=orientation]")).to_have_value("1")
        browser.close()


def test_enter_on_a_piece_takes_it_to_the_boat_as_the_hint_says(site, people):
    """The hint tells a keyboard player how to reach the boat and move the piece there; Enter on
    a piece does so (instead of sending an unplaced move), the piece showing in the middle."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = _with_cat_16_to_rescue(people[0], seed=20261134)
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page, place = _until_cat_16_is_offered(playwright, site, cookie, match)
        expect(place.locator(".ioc-keys")).to_contain_text(
            "press Enter to go to the boat; there the arrow keys move the piece"
        )
        place.locator("input[value='rescue|cat-16']").focus()
        page.keyboard.press("Enter")
        expect(place.locator("svg.ioc-boat")).to_be_focused()
        expect(place.locator(".ghost rect.ok")).to_have_count(6)
        expect(place.locator(".ioc-why")).to_have_text("It fits: press Enter to place it.")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("Enter")
        expect(place.locator("input[name=x]")).to_have_value("4")
        expect(place.locator("input[name=y]")).to_have_value("4")
        expect(place.locator(".ioc-why")).to_have_text(
            "Placed. Tab to Confirm to send your move; the arrow keys move it again."
        )
        browser.close()
    match.refresh_from_db()
    assert not match.state["players"][0]["tiles"], "Enter on the piece sent a move"


def test_the_placed_piece_is_kept_when_a_card_played_meanwhile_redraws_the_boat(site, people):
    """A cat placed on its map, then a Fishing trip played before confirming: the push that
    redraws the boat's form keeps the cat chosen and placed (it still fits) with its map bonus
    offered, so Confirm sends it where it was put."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = _with_cat_16_to_rescue(people[0], seed=20261135)
    match = _play_until(match, people, lambda s: s["phase"] == "rescue" and s["current"] == 0)
    state = match.state
    assert "cat-16" in state["zones"]["left"] + state["zones"]["right"]
    for pile in (state["deck"], state["discard"], state["players"][0]["hand"]):
        if "081" in pile:
            pile.remove("081")
    state["players"][0]["hand"].append("081")
    match.save(update_fields=["state"])
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page = _open(playwright, site, cookie, match)
        place = page.locator("#mine form:has(input[name=type][value=place])")
        place.locator("label.ioc-pick:has(input[value='rescue|cat-16'])").click()
        svg = place.locator("svg.ioc-boat")
        svg.scroll_into_view_if_needed()
        page.mouse.move(*_cell_point(svg, 3, 1))
        page.mouse.click(*_cell_point(svg, 3, 1))
        expect(place.locator("input[name=x]")).to_have_value("2")
        fishing = page.locator("#mine .ioc-simple form:has(input[name=card][value='081'])")
        move_and_wait(page, lambda page: fishing.locator("button").click())
        expect(page.locator("#mine .ioc-total")).to_contain_text(
            str(state["players"][0]["fish"] + 4)
        )
        expect(place.locator("input[value='rescue|cat-16']")).to_be_checked()
        expect(place.locator("input[name=x]")).to_have_value("2")
        expect(place.locator("input[name=y]")).to_have_value("1")
        expect(place.locator(".ghost rect.fixed")).to_have_count(6)
        expect(place.locator("fieldset[data-piece=bonus]")).to_be_visible()
        move_and_wait(page, lambda page: place.locator(".ioc-boat-actions .primary").click())
        browser.close()
    match.refresh_from_db()
    tiles = {t["tile"]: t["cells"] for t in match.state["players"][0]["tiles"]}
    assert tiles["cat-16"] == sorted([2 + 15 * 1, 3 + 15, 4 + 15, 5 + 15, 3 + 30, 4 + 30])


def test_the_log_leaves_room_for_three_figure_line_numbers(site, people):
    """A page left open through an Isle of Cats match gathers two hundred log lines and more:
    the newest line's number ("236."), drawn bold beside it, fits in the log's margin instead
    of running off its left edge."""
    from playwright.sync_api import sync_playwright

    match = services.start_match(game="isle_of_cats", players=people[:2], seed=20261137)
    match = _play_until(match, people, lambda s: s["phase"] == "buy")
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page = _open(playwright, site, cookie, match)
        room, number = page.locator("#log-lines > li").first.evaluate(
            """li => {
                const probe = document.createElement("span");
                probe.style.position = "absolute";
                probe.textContent = "999.";
                li.append(probe);
                const width = probe.getBoundingClientRect().width;
                probe.remove();
                return [parseFloat(getComputedStyle(li.parentElement).paddingLeft), width];
            }"""
        )
        assert room >= number + 4, (room, number)
        browser.close()
