"""A private table from invitation to play, watched live from a third player's lobby.

A private table is invisible to anyone not invited, so the third player is invited too and
simply does not answer: their lobby shows the table appear, then start."""

from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    follow_moves,
    make_a_kosmopolis_move,
    move_and_wait,
    session_cookie,
    table_seq,
)


def test_invite_accept_start_with_a_bot_and_play_while_the_lobby_follows(site, people, bots):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)

    eva, jan, ota = people[0], people[1], people[2]
    cookies = [session_cookie(person, site) for person in (eva, jan, ota)]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = []
        for cookie in cookies:
            context = browser.new_context(locale="en-GB", viewport={"width": 1200, "height": 900})
            context.add_cookies([cookie])
            pages.append(context.new_page())
            follow_moves(pages[-1])
        host, guest, watcher = pages
        watcher.goto(site + "/")
        guest.goto(site + "/")
        expect(watcher.locator(".lobby-table")).to_have_count(0)

        host.goto(site + "/tables/new/kosmopolis/")
        host.select_option("#id_seats", "3")
        host.check("#id_private")
        host.click("main form button[type=submit]")
        expect(host.locator("#room")).to_have_attribute("data-status", "open")

        expect(watcher.locator(".lobby-table")).to_have_count(0)
        for person in (ota, jan):
            host.fill("#invite-name", person.username)
            host.click("form[action$='/invite/'] button")
            expect(host.locator("#room .link-list")).to_contain_text(person.public_name)
        expect(watcher.locator(".lobby-table[data-status=open]")).to_have_count(1)
        invitation = guest.locator(".invitation")
        expect(invitation).to_have_count(1)
        invitation.locator("button[value=accept]").click()
        expect(guest.locator("#room .seat-taken")).to_have_count(2)

        expect(host.locator("#room .seat-taken")).to_have_count(2)
        host.click("form[action$='/bots/'] button")
        expect(host.locator("#status")).to_be_visible()
        expect(guest.locator("#status")).to_be_visible()
        expect(watcher.locator(".lobby-table[data-status=started]")).to_have_count(1)
        expect(watcher.locator(".lobby-table[data-status=open]")).to_have_count(0)
        assert watcher.url == site + "/", "the lobby was never reloaded"

        for page in (host, guest):
            expect(page.locator("#status")).to_have_attribute("data-my-turn", "1")
            move_and_wait(page, make_a_kosmopolis_move)
        assert table_seq(host) >= 2
        browser.close()
