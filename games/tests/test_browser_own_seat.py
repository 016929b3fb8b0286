"""A player on a phone, in Czech, lets a strong bot play her seat against a bot, watches it
move for her on the live table, and takes the seat back to play on herself."""

from games import services
from games.models import Move, Seat
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

PHONE = {"width": 390, "height": 844}
SCREENSHOTS = "/tmp/deskovky-own-seat-phone-cs-{}.png"


def test_a_player_hands_her_seat_to_a_strong_bot_watches_it_and_takes_it_back(site, people, bots):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva = people[0]
    eva.language = "cs"
    eva.save(update_fields=["language"])
    match = services.play_against_bots(user=eva, game="kosmopolis", seats=2)
    cookie = session_cookie(eva, site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, locale="cs-CZ")
        context.add_cookies([cookie])
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        follow_moves(page)
        page.goto(site + match.get_absolute_url())
        expect(page.locator("#status")).to_have_attribute("data-my-turn", "1")
        seq = table_seq(page)

        footer = page.locator("#table-footer")
        footer.locator(".let-bot-play > summary").click()
        expect(footer).to_contain_text("se vám nikdy nepočítá jako výhra")
        footer.locator("#bot-for-me-level").select_option("strong")
        page.locator("#bot-for-me").scroll_into_view_if_needed()
        page.screenshot(path=SCREENSHOTS.format("choosing"))
        footer.get_by_role("button", name="Nechat hrát bota").click()

        # The bot keeps cards for her: the live table moves on while she only watches.
        expect(page.locator("#status")).to_contain_text("Za vás hraje silný bot.")
        expect(page.locator("#bot-for-me-heading")).to_have_text("Za vás hraje silný bot.")
        expect(page.locator("#players .you")).to_contain_text("Bot za hráče Eva (silný)")
        wait_until_seq(page, seq + 2)
        assert page.locator("#mine form").count() == 0
        page.locator("#bot-for-me").scroll_into_view_if_needed()
        page.screenshot(path=SCREENSHOTS.format("handed"))

        page.get_by_role("button", name="Vzít si místo zpět").click()
        expect(page.locator("#bot-for-me-heading")).to_have_text("Nechat za sebe hrát bota")
        expect(page.locator("#players .you")).not_to_contain_text("Bot za hráče")
        expect(page.locator("#status")).to_have_attribute("data-my-turn", "1")
        assert my_turn_now(page)
        move_and_wait(page, make_a_kosmopolis_move)
        assert errors == []
        browser.close()
    seat = Seat.objects.get(match=match, number=0)
    assert (seat.is_bot, seat.handed, seat.bot_helped) == (False, False, True)
    assert Move.objects.filter(match=match, seat=0).count() >= 2
