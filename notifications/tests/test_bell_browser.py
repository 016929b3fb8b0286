"""The bell rises live in one browser when another player moves in another."""

from games import services
from games.kosmopolis import engine
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    make_a_kosmopolis_move,
    session_cookie,
)
from notifications.models import Notification
from notifications.tests.test_notifications import _play_draft_and_first_turns


def test_the_bell_count_rises_when_another_player_moves(site, people):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = services.start_match(game="kosmopolis", players=people[:2], seed=20261121)
    _play_draft_and_first_turns(match, people)
    match.refresh_from_db()
    mover = min(engine.to_act(match.state))
    waiting = 1 - mover
    Notification.objects.update(read_at=match.started_at)
    cookies = [session_cookie(people[n], site) for n in (mover, waiting)]
    table_url = site + match.get_absolute_url()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = []
        for cookie in cookies:
            context = browser.new_context(locale="en-GB")
            context.add_cookies([cookie])
            pages.append(context.new_page())
        moving, watching = pages
        watching.goto(site + "/")
        expect(watching.locator("#bell")).to_have_attribute("data-unread", "0")
        moving.goto(table_url)
        expect(moving.locator("#status")).to_have_attribute("data-my-turn", "1")
        make_a_kosmopolis_move(moving)
        expect(watching.locator("#bell")).to_have_attribute("data-unread", "1")
        assert watching.url == site + "/", "the page was never reloaded"
        browser.close()
