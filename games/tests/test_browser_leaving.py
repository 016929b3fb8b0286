"""Two people play a real-time match in two browsers: one resigns (asked once), the other ends
the match instead of finishing it against the bot, and both see the result live."""

import pytest

from games import services
from games.models import Match, Seat
from games.registry import GAMES
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    follow_moves,
    make_a_kosmopolis_move,
    move_and_wait,
    my_turn_now,
    session_cookie,
)
from games.tests.playing import play_first_legal_move
from notifications.models import Notification


def test_one_player_resigns_and_the_other_ends_the_match(site, people):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva, jan = people[0], people[1]
    match = services.start_match(
        game="kosmopolis", players=[eva, jan], rated=True, clock_seconds=600, seed=20261124
    )
    cookies = [session_cookie(person, site) for person in (eva, jan)]
    table_url = site + match.get_absolute_url()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = []
        errors: list[str] = []
        for cookie in cookies:
            context = browser.new_context(viewport={"width": 1200, "height": 900})
            context.add_cookies([cookie])
            page = context.new_page()
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            follow_moves(page)
            page.goto(table_url)
            expect(page.locator("#table")).to_be_visible()
            pages.append(page)
        eva_page, jan_page = pages
        for page in pages:
            expect(page.locator("#status")).to_have_attribute("data-my-turn", "1")
            assert my_turn_now(page)
            move_and_wait(page, make_a_kosmopolis_move)

        # Resigning asks once: the first click only opens the explanation.
        eva_page.locator(".leave-match > summary").click()
        resign = eva_page.locator(".confirm-leave", has_text="Resign…")
        resign.locator("summary").click()
        expect(resign).to_contain_text("count the match as resigned")
        expect(eva_page.locator(".confirm-leave", has_text="Abandon…")).to_contain_text(
            "count the match as abandoned"
        )
        resign.get_by_role("button", name="Yes, resign").click()
        expect(eva_page.locator(".messages")).to_contain_text("A bot plays your seat")

        # Jan hears of it live: the log says so, and he may end the match.
        expect(jan_page.locator("#log")).to_contain_text("Eva resigned; a bot plays the seat.")
        expect(jan_page.locator("#status")).to_contain_text("A player has left")
        jan_page.get_by_role("button", name="End the match now").click()

        ended = "The match was ended early. Winner: Jan."
        for page in pages:
            expect(page.locator("#result .result-panel")).to_be_visible()
            expect(page.locator("#status")).to_contain_text(ended)
            expect(page.locator("#log")).to_contain_text(
                "The players who stayed ended the match early."
            )
            expect(page.locator("#players .seat-0")).not_to_contain_text("Time left")
            # The ranks are written out ("1. Jan, score …"): the list adds no second number.
            expect(page.locator("#result .early-result")).to_have_css("list-style-type", "none")
        assert eva_page.url == table_url
        assert errors == []
        browser.close()
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["ended_early"]
    seats = {seat.user_id: seat for seat in Seat.objects.filter(match=match)}
    assert (seats[eva.pk].rank, seats[eva.pk].left) == (2, Seat.Left.RESIGNED)
    assert seats[jan.pk].rank == 1
    # Both sat at the table throughout: no notice told them of a turn or of the end.
    unread = Notification.objects.filter(match_id=match.pk, read_at__isnull=True)
    assert list(unread.values_list("kind", flat=True)) == []


@pytest.mark.parametrize("game", sorted(slug for slug, info in GAMES.items() if info.playable))
def test_after_a_player_left_the_one_who_stays_ends_the_match_in_every_game(
    site, people, bots, game
):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva, jan = people[0], people[1]
    players = [eva, jan, *bots[: max(0, GAMES[game].min_players - 2)]]
    match = services.start_match(game=game, players=players, seed=20261124)
    engine = GAMES[game].engine
    for _move in range(4):
        match.refresh_from_db()
        people_to_act = sorted(engine.to_act(match.state) & {0, 1})
        if people_to_act:
            seat = people_to_act[0]
            play_first_legal_move(match, players[seat], seat)
    services.leave_match(match_id=match.pk, user=eva, reason=Seat.Left.ABANDONED)
    cookie = session_cookie(jan, site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        context.add_cookies([cookie])
        page = context.new_page()
        page.goto(site + match.get_absolute_url())
        expect(page.locator("#status")).to_contain_text("A player has left")
        page.get_by_role("button", name="End the match now").click()
        expect(page.locator("#result .result-panel")).to_be_visible()
        expect(page.locator("#status")).to_contain_text("The match was ended early. Winner:")
        expect(page.locator("#result .early-result li").first).to_contain_text("1. ")
        expect(page.locator("#result .early-result li").last).to_contain_text("Eva")
        browser.close()
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["ended_early"]
    assert Seat.objects.get(match=match, number=0).rank == len(players)
