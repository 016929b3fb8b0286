"""The analysed replay of a finished match in a browser (issue 36): Eva opens it on a phone in
Czech and on a desktop in English, steps to a marked move from the list of marked moves, and sees
the strong bot's move beside the board with its cards outlined."""

import pytest
from django.urls import reverse

from games.tests.analysed import a_marked_move, analysed
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    serve_site,
    session_cookie,
)

SEED = 4242
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
SCREENSHOTS = "/tmp/deskovky-analysis-{}.png"


@pytest.fixture
def site(transactional_db, shared_site_stopped):
    yield from serve_site()


def test_eva_steps_to_a_marked_move_and_sees_what_the_strong_bot_would_have_played(
    site, people, bots
):
    from playwright.sync_api import expect, sync_playwright

    eva = people[0]
    match = analysed("kosmopolis", [eva, bots[0]], seed=SEED, playouts=20)
    marked = a_marked_move(match, seat=0)
    step = marked.seq + 1
    url = site + reverse("match_replay", args=[match.pk])
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    for language, viewport, locale in (("cs", PHONE, "cs-CZ"), ("en", DESKTOP, "en-GB")):
        eva.language = language
        eva.save(update_fields=["language"])
        cookie = session_cookie(eva, site)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport=viewport, locale=locale)
            context.add_cookies([cookie])
            page = context.new_page()
            page.goto(url + "?step=0")
            replay = page.locator("#replay")
            expect(replay).to_have_attribute("data-step", "0")
            expect(page.locator(".ghost")).to_have_count(0)
            expect(page.locator("svg.chart-chance")).to_be_visible()
            link = page.locator(f'.marked-moves a[href$="?step={step}"]')
            link.focus()
            page.keyboard.press("Enter")
            expect(replay).to_have_attribute("data-step", str(step))
            assert page.url.endswith(f"?step={step}")
            ghost = page.locator("aside.ghost")
            expect(ghost).to_be_visible()
            # Chosen from the list far below the board, the move is brought into view.
            expect(ghost).to_be_in_viewport()
            expect(ghost.locator(".ghost-move p").first).not_to_be_empty()
            if ghost.get_attribute("data-ghost-marks"):
                expect(page.locator("#replay .ghost-named").first).to_be_visible()
            expect(page.locator('.marked-moves [aria-current="step"]')).to_have_count(1)
            if language == "cs":
                expect(page.locator("#analysis-heading")).to_have_text("Kde se partie zlomila?")
            else:
                expect(ghost).to_contain_text("The strong bot would have played")
            ghost.scroll_into_view_if_needed()
            page.screenshot(path=SCREENSHOTS.format(f"{language}-ghost"))
            page.locator("#analysis").scroll_into_view_if_needed()
            page.screenshot(path=SCREENSHOTS.format(f"{language}-chart"))
            browser.close()
