"""A replay on a slow connection: every press of an arrow key or an arrow button counts, each
stepping on from the step asked for before, not from the one still shown; the 38-digit seed
is shown with every digit."""

from django.urls import reverse

from games import services
from games.models import Seat
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    session_cookie,
)
from games.tests.playing import play_first_legal_move

SEED = 12345678901234567890123456789012345678


def test_quick_presses_on_a_slow_connection_each_take_one_step(site, people):
    from playwright.sync_api import expect, sync_playwright

    from games.kosmopolis import engine

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva, jan = people[:2]
    match = services.start_match(game="kosmopolis", players=[eva, jan], seed=SEED)
    for _move in range(10):
        match.refresh_from_db()
        seat = min(engine.to_act(match.state))
        play_first_legal_move(match, people[seat], seat)
    services.leave_match(match_id=match.pk, user=eva, reason=Seat.Left.RESIGNED)
    assert services.end_match_early(match_id=match.pk, user=jan)
    match.refresh_from_db()
    total = match.move_count
    assert total >= 8
    cookie = session_cookie(jan, site)
    url = site + reverse("match_replay", args=[match.pk])
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        context.add_cookies([cookie])
        page = context.new_page()
        page.goto(url + "?step=0")
        replay = page.locator("#replay")
        expect(replay).to_have_attribute("data-step", "0")
        expect(page.locator(".replay-seed code.seed")).to_have_text(str(SEED))
        slow = context.new_cdp_session(page)
        slow.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 400, "downloadThroughput": -1, "uploadThroughput": -1},
        )
        page.locator("body").focus()
        for _press in range(5):
            page.keyboard.press("ArrowRight")
        expect(replay).to_have_attribute("data-step", "5")
        expect(page.locator(".replay-position")).to_contain_text(f"Move 5 of {total}")
        assert page.url.endswith("?step=5")
        for _press in range(3):
            page.locator('[data-replay="previous"]').click()
        expect(replay).to_have_attribute("data-step", "2")
        page.keyboard.press("End")
        page.keyboard.press("ArrowLeft")
        expect(replay).to_have_attribute("data-step", str(total - 1))
        page.wait_for_timeout(1000)
        expect(replay).to_have_attribute("data-step", str(total - 1))
        browser.close()
