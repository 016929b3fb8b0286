"""The lobby's filter in a browser: htmx narrows the list and puts the filter in the URL, and
the live list keeps to it as other players open tables."""

from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    session_cookie,
)


def test_the_filtered_lobby_follows_new_tables_of_its_kind_only(site, people):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    cookies = [session_cookie(person, site) for person in people[:2]]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = []
        for cookie in cookies:
            context = browser.new_context(locale="en-GB")
            context.add_cookies([cookie])
            pages.append(context.new_page())
        watcher, host = pages
        watcher.goto(site + "/")
        watcher.select_option("#filter-pace", "turn")
        expect(watcher).to_have_url(site + "/?game=&pace=turn&players=")
        expect(watcher.locator("#live-tables")).to_have_attribute(
            "ws-connect", "/ws/lobby/?pace=turn"
        )
        watcher.wait_for_timeout(1000)  # the narrowed list's socket connects

        host.goto(site + "/tables/new/kosmopolis/")
        host.click("main form button[type=submit]")  # real time, the form's default
        expect(host.locator("#room")).to_have_attribute("data-status", "open")
        host.goto(site + "/tables/new/kosmopolis/")
        host.check("#id_pace_1")
        host.click("main form button[type=submit]")
        expect(host.locator("#room")).to_have_attribute("data-status", "open")

        expect(watcher.locator(".lobby-table")).to_have_count(1)
        expect(watcher.locator(".lobby-table")).to_contain_text("turn-based")
        browser.close()
