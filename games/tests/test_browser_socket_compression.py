"""Chromium and the site agree on permessage-deflate for the table's socket (`config.server`),
and a move sent over it comes back as a compressed push that updates the table."""

from games import services
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    keep_first_cards,
    session_cookie,
    table_seq,
    wait_until_seq,
)


def test_the_table_socket_is_compressed_and_its_pushes_still_arrive(site, people):
    from playwright.sync_api import sync_playwright

    eva, jan = people[0], people[1]
    match = services.start_match(game="kosmopolis", players=[eva, jan])
    cookie = session_cookie(eva, site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context()
        context.add_cookies([cookie])
        page = context.new_page()
        devtools = context.new_cdp_session(page)
        devtools.send("Network.enable")
        handshakes: list[dict] = []
        devtools.on(
            "Network.webSocketHandshakeResponseReceived", lambda event: handshakes.append(event)
        )
        page.goto(site + match.get_absolute_url())
        for _tick in range(100):
            if handshakes:
                break
            page.wait_for_timeout(100)
        headers = {
            name.lower(): value for name, value in handshakes[0]["response"]["headers"].items()
        }
        assert headers["sec-websocket-extensions"].startswith("permessage-deflate")
        seq = table_seq(page)
        keep_first_cards(page)
        wait_until_seq(page, seq + 1)
        browser.close()
