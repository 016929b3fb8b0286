"""Two people sign up in their browsers, are taken to their table when the tournament starts,
play, and a third person watching the tournament's page sees it all live: the sign-ups, the
round's table, and the standings once the match ends (one resigns, the other ends it). After the
break the next round takes both to their new table: one waiting at the finished table, the other
coming back to it from the replay after the seating; the last round's end ends the
tournament."""

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from django.db import connection, connections
from django.utils import timezone

from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    follow_moves,
    make_a_kosmopolis_move,
    move_and_wait,
    session_cookie,
)
from notifications.models import Notification
from tournaments import services
from tournaments.models import Pairing, Tournament
from tournaments.tests.conftest import settings_for


def _in_a_thread(work) -> None:
    """Django refuses to query in Playwright's event loop: the test's own writes go here."""

    def run() -> None:
        try:
            work()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(run).result()


def _start_now(tournament_id: int) -> None:
    """The start time comes: the site's worker starts the tournament, as at any start."""
    Tournament.objects.filter(pk=tournament_id).update(starts_at=timezone.now())
    services.start_on_time.defer(tournament_id=tournament_id)


def _end_the_break(tournament_id: int) -> None:
    """The break's end comes (half a minute on the site): the next round's job, scheduled for
    then, is due now, and the site's worker seats the round as it does after any break."""
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE procrastinate_jobs SET scheduled_at = now() WHERE status = 'todo'"
            " AND task_name = 'tournaments.services.next_round'"
            " AND (args->>'tournament_id')::int = %s",
            [tournament_id],
        )
        assert cursor.rowcount == 1, "the next round is not waiting for the break's end"


def _round_match(tournament_id: int, number: int) -> int:
    found: list[int] = []

    def read() -> None:
        pairings = Pairing.objects.filter(round__tournament=tournament_id, round__number=number)
        found.extend(pairings.values_list("match_id", flat=True)[:1])

    _in_a_thread(read)
    return found[0]


def _notices_read(match_id: int) -> list[tuple[str, bool]]:
    """Who was told of the match as a tournament's round, and whether they have read it."""
    found: list[tuple[str, bool]] = []

    def read() -> None:
        notices = Notification.objects.filter(kind="tournament_round", match_id=match_id)
        found.extend((n.user.username, n.read_at is not None) for n in notices.order_by("user"))

    _in_a_thread(read)
    return found


def _resign_and_end(eva_page, jan_page) -> None:
    """Eva resigns, Jan ends the match the bot would play on."""
    from playwright.sync_api import expect

    eva_page.locator(".leave-match > summary").click()
    resign = eva_page.locator(".confirm-leave", has_text="Resign…")
    resign.locator("summary").click()
    resign.get_by_role("button", name="Yes, resign").click()
    jan_page.get_by_role("button", name="End the match now").click()
    expect(jan_page.locator("#result .result-panel")).to_be_visible()


def test_two_sign_up_are_seated_play_and_the_standings_change_live(site, people, queued_tasks):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva, jan, ota = people[0], people[1], people[2]
    tournament = services.create_tournament(
        creator=ota,
        now=timezone.now(),
        **settings_for(
            name="Evening cup",
            game="kosmopolis",
            rounds=2,
            clock_minutes=10,
            starts_at=timezone.now() + timedelta(hours=1),
        ),
    )
    cookies = [session_cookie(person, site) for person in (eva, jan, ota)]
    page_url = site + tournament.get_absolute_url()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = []
        for cookie in cookies:
            context = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
            context.add_cookies([cookie])
            page = context.new_page()
            follow_moves(page)
            page.goto(page_url)
            pages.append(page)
        eva_page, jan_page, watcher = pages
        standings = watcher.locator("#standings tbody tr[data-player]")
        expect(standings).to_have_count(0)

        for page in (eva_page, jan_page):
            page.get_by_role("button", name="Sign up").click()
            expect(page.get_by_role("button", name="Withdraw")).to_be_visible()
        expect(standings).to_have_count(2)  # heard live, without a reload

        _in_a_thread(lambda: _start_now(tournament.pk))
        expect(watcher.locator("#tournament-live")).to_have_attribute("data-status", "running")
        expect(watcher.locator(".round-table")).to_have_count(1)
        expect(watcher.locator(".round-table")).to_contain_text("Eva")
        expect(watcher.locator(".round-table")).to_contain_text("Jan")
        for page in (eva_page, jan_page):  # taken to their table as the round seats them
            expect(page.locator("#table")).to_be_visible()
        for page in (eva_page, jan_page):
            move_and_wait(page, make_a_kosmopolis_move)

        _resign_and_end(eva_page, jan_page)
        expect(standings.first).to_have_attribute("data-player", "Jan")
        expect(standings.first.locator("[data-stat=points]")).to_have_text("1")
        expect(standings.last.locator("[data-stat=points]")).to_have_text("0")
        expect(standings.last.locator("[data-round='1'] a")).to_have_attribute(
            "title", "left the match"
        )

        # During the break Jan looks at the replay; Eva stays at the finished table.
        first = _round_match(tournament.pk, 1)
        jan_page.goto(f"{site}/matches/{first}/replay/")
        _in_a_thread(lambda: _end_the_break(tournament.pk))
        expect(watcher.locator("#status-heading")).to_contain_text("round 2 of 2")
        second = _round_match(tournament.pk, 2)
        # Round 2: Eva's page goes on to the new table; Jan's bell tells him, and the finished
        # table he comes back to (opened after the seating) takes him on too.
        expect(eva_page).to_have_url(f"{site}/matches/{second}/")
        bell = jan_page.locator("#bell")
        expect(bell).to_have_attribute("data-table-waiting", f"/matches/{second}/")
        jan_page.go_back()
        for page in (eva_page, jan_page):
            expect(page).to_have_url(f"{site}/matches/{second}/")
            expect(page.locator("#table")).to_be_visible()
        assert _notices_read(second) == [("Eva", True), ("Jan", True)]
        for page in (eva_page, jan_page):
            move_and_wait(page, make_a_kosmopolis_move)
        _resign_and_end(eva_page, jan_page)

        expect(watcher.locator("#tournament-live")).to_have_attribute("data-status", "finished")
        expect(standings.first.locator("[data-stat=points]")).to_have_text("2")
        browser.close()


def test_the_create_forms_texts_and_fields_follow_the_chosen_format(site, people):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
        context.add_cookies([cookie])
        page = context.new_page()
        page.goto(f"{site}/tournaments/new/seven_dragons/")
        swiss_only = [
            page.get_by_text("Swiss rounds: each round seats"),
            page.locator("#id_rounds"),
            page.locator("#id_round_days"),
            page.locator("#id_move_hours"),
            page.get_by_text("the first round is seated then"),
        ]
        arena_only = [
            page.get_by_text("Arena: until its time is up"),
            page.locator("#id_duration_minutes"),
            page.get_by_text("the first tables are seated then"),
            page.get_by_text("An arena is played in real time."),
        ]
        for shown, hidden in ((swiss_only, arena_only), (arena_only, swiss_only)):
            for text in shown:
                expect(text).to_be_visible()
            for text in hidden:
                expect(text).to_be_hidden()
            page.get_by_label("arena", exact=True).check()
        browser.close()
