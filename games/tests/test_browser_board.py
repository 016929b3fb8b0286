"""Playing on the board itself, in Chromium on a real server: a Sedm draků card placed by
clicking a lit place and rotating, a Kosmopolis card played by clicking its column, a Kosmodraci
card by clicking it; the others' last moves marked; a phone's first screen shows the hand and
the board."""

import random
import re

from games import services
from games.models import Match, Move, Seat
from games.registry import GAMES
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    follow_moves,
    move_and_wait,
    session_cookie,
    table_page,
)

PHONE = {"width": 390, "height": 844}


def _play_until(match: Match, ready) -> Match:
    """Play every seat with the game's bot (people's seats here, in the test) until `ready(state)`
    holds: the page then opens on the position the test needs."""
    info = GAMES[match.game]
    rng = random.Random(match.seed)
    users = {s.number: s.user for s in Seat.objects.filter(match=match).select_related("user")}
    for _move in range(500):
        match.refresh_from_db()
        if ready(match.state):
            return match
        if services.play_bot_turns(match_id=match.pk):
            continue
        seat = min(info.engine.to_act(match.state))
        move = info.bot.choose_move(match.state, seat, rng)
        services.submit_move(
            match_id=match.pk, user=users[seat], move=move, expected_seq=match.move_count
        )
    raise AssertionError("the position never came")


def _last_move_of(match: Match, seat: int) -> dict:
    return Move.objects.filter(match=match, seat=seat).order_by("-seq").first().payload


def _first_screen_shows(browser, cookie: str, url: str, hand: str, board: str) -> None:
    """On a phone, in Czech, the hand and the board lie within the first screen."""
    context = browser.new_context(locale="cs-CZ", viewport=PHONE)
    context.add_cookies([cookie])
    page = context.new_page()
    page.goto(url)
    for selector in ("#status", hand, board):
        box = page.locator(selector).first.bounding_box()
        assert box is not None, selector
        assert box["y"] >= 0, (selector, box)
        assert box["y"] + box["height"] <= PHONE["height"], (selector, box)
    page.screenshot()
    context.close()


def _open(browser, cookie: str, url: str):
    from playwright.sync_api import expect

    context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900})
    context.add_cookies([cookie])
    page = context.new_page()
    follow_moves(page)
    page.goto(url)
    expect(page.locator("#table")).to_be_visible()
    return page


def test_a_dragon_card_is_placed_by_clicking_a_lit_place_and_rotating(site, people, bots):
    from playwright.sync_api import expect, sync_playwright

    from games.seven_dragons import engine
    from games.seven_dragons.components import DRAGON_QUADRANTS

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva = people[0]
    match = services.start_match(
        game="seven_dragons", players=[eva, bots[0], bots[1]], seed=20261124
    )
    match = _play_until(match, lambda s: s["current"] == 0 and s["move_count"] >= 3)
    legal = engine.legal_moves(match.state, 0)
    # A card that looks different upside down, at a place where it fits both ways up.
    turned = {(m["card"], m["x"], m["y"]) for m in legal if m["type"] == "play_dragon"}
    card, x, y = next(
        (c, x, y)
        for c, x, y in sorted(turned)
        if DRAGON_QUADRANTS[c] != DRAGON_QUADRANTS[c][::-1]
        and {"type": "play_dragon", "card": c, "x": x, "y": y, "rot": 180} in legal
        and {"type": "play_dragon", "card": c, "x": x, "y": y, "rot": 0} in legal
    )
    places = {(m["x"], m["y"]) for m in legal if m["type"] == "play_dragon" and m["card"] == card}
    cookie = session_cookie(eva, site)
    url = site + match.get_absolute_url()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        _first_screen_shows(browser, cookie, url, "#mine .sd-hand", "#board .sd-grid")
        page = _open(browser, cookie, url)
        # The others' last cards are marked on the layout, with who played them.
        expect(page.locator("#board .sd-grid .sd-last").first).to_be_visible()
        expect(page.locator("#board .sd-last-tag").first).to_contain_text(re.compile(r"[23]"))
        # Hovering a log line marks the card it names.
        line = page.locator("#log .log-line[data-marks]").first
        line.hover()
        expect(page.locator("#board .log-named").first).to_be_visible()

        def place(page) -> None:
            page.locator(f'#mine details.sd-play:has(summary [data-card="{card}"]) summary').click()
            expect(page.locator("#board .sd-spot.sd-lit")).to_have_count(len(places))
            spot = page.locator(f'#board .sd-spot[data-position="{x},{y}"]')
            spot.click()
            expect(spot.locator(".sd-ghost")).to_be_visible()
            expect(page.locator(f'#mine input[name=at][value="{x},{y},0"]')).to_be_checked()
            page.keyboard.press("r")
            expect(page.locator(f'#mine input[name=at][value="{x},{y},180"]')).to_be_checked()
            form = page.locator(f'#mine form:has(input[name=card][value="{card}"])')
            form.locator("button.primary").click()

        _seq, kind = move_and_wait(page, place)
        assert kind == "play_dragon"
        placed = page.locator(f'#board .sd-grid [data-position="{x},{y}"] [data-card="{card}"]')
        expect(placed).to_be_visible()
        browser.close()
    assert _last_move_of(match, 0) == {
        "type": "play_dragon",
        "card": card,
        "x": x,
        "y": y,
        "rot": 180,
    }


def test_the_card_to_take_is_picked_by_clicking_it_on_the_layout(site, people, bots):
    from playwright.sync_api import expect, sync_playwright

    from games.seven_dragons.components import ACTION_OF

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva = people[0]
    match = services.start_match(game="seven_dragons", players=[eva, bots[0], bots[1]], seed=4)

    def holds_take_a_card(state) -> bool:
        zap = any(ACTION_OF.get(c) == "zap_card" for c in state["hands"][0])
        return state["current"] == 0 and len(state["layout"]) >= 3 and zap

    match = _play_until(match, holds_take_a_card)
    zap = next(c for c in match.state["hands"][0] if ACTION_OF.get(c) == "zap_card")
    legal = GAMES["seven_dragons"].engine.legal_moves(match.state, 0)
    targets = {m["action"]["card"] for m in legal if m["card"] == zap and m["action"]}
    target, x, y, _rot = next(row for row in match.state["layout"] if row[0] in targets)
    cookie = session_cookie(eva, site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = _open(browser, cookie, site + match.get_absolute_url())

        def take(page) -> None:
            page.locator(f'#mine details.sd-play:has(summary [data-card="{zap}"]) summary').click()
            expect(page.locator("#board .sd-target.sd-lit")).to_have_count(len(targets))
            page.locator(f'#board .sd-target[data-position="{x},{y}"]').click()
            form = page.locator(f'#mine form:has(input[name=card][value="{zap}"])')
            expect(form.locator("input[name=option]:checked")).to_have_attribute(
                "data-target", f"{x},{y}"
            )
            form.locator("button.primary").click()

        _seq, kind = move_and_wait(page, take)
        assert kind == "play_action"
        browser.close()
    assert _last_move_of(match, 0)["action"] == {"card": target}


def test_a_kosmopolis_card_is_played_by_clicking_its_column(site, people, bots):
    from playwright.sync_api import expect, sync_playwright

    from games.kosmopolis.components import CARD_COLOR
    from games.kosmopolis.labels import PRIEST_COLOR

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva = people[0]
    match = services.start_match(game="kosmopolis", players=[eva, bots[0], bots[1]], seed=5)
    match = _play_until(
        match,
        lambda s: s["phase"] == "play" and s["current"] == 0 and any(s["last_played"][1:]),
    )
    legal = GAMES["kosmopolis"].engine.legal_moves(match.state, 0)
    card = next(
        m["card"]
        for m in legal
        if m["to"] == "kosmopolis" and CARD_COLOR[m["card"]] != PRIEST_COLOR
    )
    colour = CARD_COLOR[card]
    cookie = session_cookie(eva, site)
    url = site + match.get_absolute_url()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        _first_screen_shows(browser, cookie, url, "#mine .k-play .k-hand", "#board .k-columns")
        page = _open(browser, cookie, url)
        expect(page.locator("#table .k-last").first).to_be_visible()
        column = page.locator(f"#board .k-column.k-{colour}")

        def play(page) -> None:
            expect(column.locator("[data-k-play]")).to_be_hidden()
            page.locator(f'#mine label.k-pick:has(input[value="{card}"])').click()
            expect(column).to_have_class(re.compile(r"\bk-lit\b"))
            expect(page.locator("#board .k-lit")).to_have_count(1)
            column.locator(".k-ability").click()

        _seq, kind = move_and_wait(page, play)
        assert kind == "play"
        expect(column.locator(f'[data-card="{card}"]')).to_be_visible()
        browser.close()
    assert _last_move_of(match, 0) == {"type": "play", "card": card, "to": "kosmopolis"}


def test_a_kosmodraci_card_is_played_by_clicking_it(site, people, bots):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva = people[0]
    match = services.start_match(game="space_dragons", players=[eva, bots[0], bots[1]], seed=9)
    match = _play_until(
        match, lambda s: s["phase"] == "hunt" and s["turn"] == 0 and s["trick_plays"]
    )
    card = GAMES["space_dragons"].engine.legal_moves(match.state, 0)[-1]["card"]
    cookie = session_cookie(eva, site)
    url = site + match.get_absolute_url()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        _first_screen_shows(browser, cookie, url, "#mine .sd-hand", "#board .sd-trick")
        page = _open(browser, cookie, url)
        expect(page.locator("#board .sd-trick .sd-last")).to_have_count(1)

        def play(page) -> None:
            page.locator(f'#mine label.sd-pick:has(input[value="{card}"])').click()
            page.locator("#mine .sd-play button.primary").click()

        _seq, kind = move_and_wait(page, play)
        assert kind == "play"
        expect(page.locator(f'#board [data-card="{card}"]').first).to_be_visible()
        browser.close()
    assert _last_move_of(match, 0) == {"type": "play", "card": card}


def test_a_finished_score_sheet_keeps_the_names_in_view_on_a_phone(site, people, bots):
    """Kosmodraci's sheet has ten columns: on a phone it scrolls sideways, and the column of
    names stays, so every figure can be read against its player."""
    from playwright.sync_api import expect

    eva = people[0]
    match = services.start_match(game="space_dragons", players=[eva, bots[0], bots[1]], seed=9)
    match = _play_until(match, GAMES["space_dragons"].engine.is_over)
    with table_page(site, match, eva, viewport=PHONE) as page:
        sheet = page.locator("#result .table-scroll")
        expect(sheet).to_be_visible()
        name = sheet.locator("tbody th[scope=row]").first
        sheet.evaluate("element => { element.scrollLeft = element.scrollWidth; }")
        total = sheet.locator("tbody td strong").first
        expect(total).to_be_in_viewport()
        expect(name).to_be_in_viewport()
        left = sheet.bounding_box()["x"]
        after = name.bounding_box()
        assert abs(after["x"] - left) < 1, (left, after)
        assert after["x"] + after["width"] <= total.bounding_box()["x"]
