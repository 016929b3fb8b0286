"""Two people in two browsers and a bot play a whole Kosmopolis game on a real daphne server;
two browsers stay live across server restarts."""

import signal
import statistics
import time

from games import services
from games.models import Match, Move
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    follow_moves,
    make_a_kosmopolis_move,
    move_and_wait,
    my_turn_now,
    session_cookie,
    table_seq,
    wait_until_seq,
)


def test_two_people_and_a_bot_play_kosmopolis_to_the_end_live(site, people, bots):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)

    eva, jan = people[0], people[1]
    match = services.start_match(game="kosmopolis", players=[eva, jan, bots[0]], seed=20261121)
    cookies = [session_cookie(person, site) for person in (eva, jan)]
    table_url = site + match.get_absolute_url()
    complaints: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = []
        for cookie in cookies:
            context = browser.new_context(locale="cs-CZ", viewport={"width": 1200, "height": 900})
            context.add_cookies([cookie])
            page = context.new_page()
            page.on(
                "console",
                lambda message: (
                    complaints.append(message.text) if message.type == "error" else None
                ),
            )
            follow_moves(page)
            page.goto(table_url)
            expect(page.locator("#table")).to_be_visible()
            # What a browser's autofill leaves on an input (seen in Chromium): an empty `style`
            # attribute. htmx settled it onto the pushed element, and the CSP refused it.
            page.evaluate(
                """document.querySelectorAll("#table [id]").forEach((element) => {
                    element.style.setProperty("--autofilled", "1");
                    element.style.removeProperty("--autofilled");
                })"""
            )
            pages.append(page)
        page.wait_for_timeout(300)
        latencies: list[float] = []
        for _turn in range(400):
            if (
                pages[0].locator("#result .result-panel").count()
                and pages[1].locator("#result .result-panel").count()
            ):
                break
            mover = next((p for p in pages if my_turn_now(p)), None)
            if mover is None:
                pages[0].wait_for_timeout(50)
                continue
            other = pages[1 - pages.index(mover)]
            started = time.monotonic()
            moved_to, _kind = move_and_wait(mover, make_a_kosmopolis_move)
            wait_until_seq(other, moved_to)
            latencies.append(time.monotonic() - started)
        for page in pages:
            expect(page.locator("#result .result-panel")).to_be_visible()
            assert page.url == table_url, "the page was never reloaded"
        assert complaints == [], "the browser's console stayed clean"
        final_seq = table_seq(pages[0])
        # The live log grew by each move's new lines; it reads as a fresh page's log does.
        live_log = pages[1].locator("#log-lines > li").all_inner_texts()
        fresh = pages[1].context.new_page()
        fresh.goto(table_url)
        fresh_log = fresh.locator("#log-lines > li").all_inner_texts()
        assert len(fresh_log) > 10
        assert live_log[: len(fresh_log)] == fresh_log
        pages[0].locator("#result a[href$='/replay/']").click()
        expect(pages[0].locator("#replay")).to_have_attribute("data-step", str(final_seq))
        pages[0].wait_for_load_state()
        pages[0].keyboard.press("ArrowLeft")
        expect(pages[0].locator("#replay")).to_have_attribute("data-step", str(final_seq - 1))
        browser.close()
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.move_count == final_seq
    print(
        f"\nmove → other browser: n={len(latencies)} "
        f"median={statistics.median(latencies) * 1000:.0f} ms "
        f"max={max(latencies) * 1000:.0f} ms"
    )


def test_browsers_catch_up_by_themselves_after_the_server_restarts(site_server, site, people):
    """A deploy (SIGTERM) and a crash (SIGKILL) in the middle of a match: a new server on the
    same port, then a move from one browser shows in both without a reload, and nothing is
    lost. Daphne 4.2 closes no socket itself on shutdown (browsers see 1006, as after a crash),
    and htmx's websocket extension reconnects on 1006; the reopened socket brings the table."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = services.start_match(game="kosmopolis", players=people[:2], seed=20261122)
    cookies = [session_cookie(person, site) for person in people[:2]]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages, loads = [], []
        for cookie in cookies:
            context = browser.new_context(locale="en-GB")
            context.add_cookies([cookie])
            page = context.new_page()
            follow_moves(page)
            page.goto(site + match.get_absolute_url())
            expect(page.locator("#table")).to_be_visible()
            page.on("load", lambda _page, loads=loads: loads.append(1))
            pages.append(page)
        pages[0].wait_for_timeout(300)
        seen = move_and_wait(pages[0], make_a_kosmopolis_move)[0]
        wait_until_seq(pages[1], seen)
        for how in (signal.SIGTERM, signal.SIGKILL):
            site_server.stop(how)
            site_server.start()
            mover = next(p for p in [*pages[1:], pages[0]] if my_turn_now(p))
            seen = move_and_wait(mover, make_a_kosmopolis_move)[0]
            for page in pages:
                wait_until_seq(page, seen, seconds=60)
        assert not loads, "a page was reloaded"
        browser.close()
    match.refresh_from_db()
    assert match.move_count == seen == 3
    assert list(Move.objects.filter(match=match).values_list("seq", flat=True)) == [0, 1, 2]
