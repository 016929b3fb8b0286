"""Two people at one table in two browsers: one says a line, the other reads it at once, over
the table's socket; each sees the other at the table."""

from chat.models import ChatLine
from games import services
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    session_cookie,
)


def test_a_line_said_in_one_browser_appears_in_the_other(site, people):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva, jan = people[0], people[1]
    match = services.start_match(game="kosmopolis", players=[eva, jan], clock_seconds=600)
    cookies = [session_cookie(person, site) for person in (eva, jan)]
    table_url = site + match.get_absolute_url()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = []
        sent_over_socket: list[str] = []
        for cookie in cookies:
            context = browser.new_context(viewport={"width": 1200, "height": 900})
            context.add_cookies([cookie])
            page = context.new_page()
            pages.append(page)
        eva_page, jan_page = pages
        eva_page.on(
            "websocket",
            lambda socket: (
                socket.on("framesent", lambda frame: sent_over_socket.append(frame))
                if "/ws/matches/" in socket.url
                else None
            ),
        )
        jan_page.goto(table_url)
        expect(jan_page.locator("#presence-0")).to_have_text("away")
        eva_page.goto(table_url)
        # Eva's arrival reaches Jan's panel by itself.
        expect(jan_page.locator("#presence-0")).to_have_text("at the table")
        expect(eva_page.locator("#presence-1")).to_have_text("at the table")

        eva_page.get_by_label("Say at the table").fill("Hello <Jan> & good luck")
        eva_page.get_by_role("button", name="Send").click()
        log = jan_page.get_by_role("log")
        expect(log.locator(".chat-line")).to_have_count(1)
        expect(log.locator(".chat-text")).to_have_text("Hello <Jan> & good luck")
        expect(log.locator(".chat-author")).to_have_text("Eva")
        expect(eva_page.get_by_role("log").locator(".chat-text")).to_have_text(
            "Hello <Jan> & good luck"
        )
        expect(eva_page.get_by_label("Say at the table")).to_have_value("")
        assert any('"chat_line"' in frame for frame in sent_over_socket), "sent over the socket"

        jan_page.get_by_label("Say at the table").fill("Thanks, you too")
        jan_page.get_by_label("Say at the table").press("Enter")
        expect(eva_page.get_by_role("log").locator(".chat-line")).to_have_count(2)
        expect(eva_page.get_by_role("log").locator(".chat-line").last).to_contain_text(
            "Thanks, you too"
        )
        # Jan mutes Eva from a line pushed to his page (its form carries his CSRF token).
        first = jan_page.get_by_role("log").locator(".chat-line").first
        first.locator(".chat-actions > summary").click()
        first.get_by_role("button", name="Mute Eva").click()
        expect(jan_page.get_by_text("You no longer see what Eva says")).to_be_visible()
        expect(jan_page.get_by_role("log")).not_to_contain_text("good luck")
        eva_page.get_by_label("Say at the table").fill("Can you hear me?")
        eva_page.get_by_label("Say at the table").press("Enter")
        expect(eva_page.get_by_role("log").locator(".chat-line")).to_have_count(3)
        jan_page.get_by_label("Say at the table").fill("Quiet here")
        jan_page.get_by_label("Say at the table").press("Enter")
        expect(jan_page.get_by_role("log").locator(".chat-line")).to_have_count(2)
        expect(jan_page.get_by_role("log")).not_to_contain_text("Can you hear me?")
        eva_page.close()
        expect(jan_page.locator("#presence-0")).to_have_text("away")
        browser.close()
    assert list(ChatLine.objects.order_by("id").values_list("text", flat=True)) == [
        "Hello <Jan> & good luck",
        "Thanks, you too",
        "Can you hear me?",
        "Quiet here",
    ]


def test_a_line_of_talk_does_not_free_the_buttons_of_a_move_on_its_way(site, people):
    """A move sent over the socket disables its buttons until the answer (a table or a refusal,
    both redraw the status) comes; a line of talk or a presence mark arriving first must not
    let the player press again."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva, jan = people[0], people[1]
    match = services.start_match(game="kosmopolis", players=[eva, jan], clock_seconds=600)
    cookie = session_cookie(eva, site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        context.add_cookies([cookie])
        page = context.new_page()
        page.goto(site + match.get_absolute_url())
        expect(page.locator("#presence-0")).to_have_text("at the table")
        still_sending = page.evaluate(
            """() => {
                const live = document.getElementById("live");
                const button = document.querySelector("#table form button");
                button.disabled = true;
                button.dataset.sending = "1";
                const heard = (message) => live.dispatchEvent(
                    new CustomEvent("htmx:wsAfterMessage", {detail: {message}}));
                heard('<li class="chat-line" hx-swap-oob="beforeend:#chat-lines">Hi</li>');
                heard('<span id="presence-1" hx-swap-oob="true">at the table</span>');
                const waiting = button.disabled;
                heard('<div id="status" hx-swap-oob="true" data-seq="1"></div>');
                return [waiting, button.disabled];
            }"""
        )
        browser.close()
    assert still_sending == [True, False]
