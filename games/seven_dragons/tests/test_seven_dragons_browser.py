"""A person plays a whole Seven Dragons game against two bots in Chromium, then opens the replay."""

from accounts.models import User
from games import services
from games.tests.browser import bots_play_at_once, play_to_the_end, table_page, table_seq


def _make_a_move(page) -> None:
    """Open a playable card, take its first place on the layout (or option) and confirm once."""
    mine = page.locator("#mine")
    dragons = mine.locator("details.sd-play:has(input[name=at])")
    card = dragons.first if dragons.count() else mine.locator("details.sd-play").first
    card.locator("summary").first.click()
    if dragons.count():
        # A dragon card is placed on the layout: the first place it lights up.
        page.locator("#board .sd-grid .sd-lit").first.click()
        card.locator("button.primary").click()
        return
    group = card.locator("details.sd-group")
    if group.count():
        group.first.locator("summary").click()
    card.locator("input[type=radio]").first.check()
    card.locator("button.primary").click()


def test_a_person_plays_seven_dragons_against_bots_to_the_end(site):
    from playwright.sync_api import expect

    eva = User.objects.create_user("eva", "eva@example.com", "heslo-123-abc", display_name="Eva")
    bots_play_at_once(eva)
    bots = [
        User.objects.create(username=f"robot-{n}", display_name=f"Robot {n}", is_bot=True)
        for n in range(2)
    ]
    match = services.start_match(game="seven_dragons", players=[eva, *bots], seed=20261121)
    table_url = site + match.get_absolute_url()
    with table_page(site, match, eva) as page:
        expect(page.locator(".sd-grid")).to_be_visible()
        cell = page.locator("#board .sd-cell").first
        before = cell.bounding_box()["width"]
        page.locator("[data-sd-zoom-step='1']").click()
        expect(page.locator("body")).to_have_attribute("data-sd-zoom", "4")
        assert cell.bounding_box()["width"] > before
        moves = play_to_the_end(page, _make_a_move, turns=300, pause_ms=50)
        assert page.url == table_url, "the page was never reloaded"
        expect(page.locator("body")).to_have_attribute("data-sd-zoom", "4")
        assert moves
        assert page.locator("#board .sd-win").count() >= 7
        final_seq = table_seq(page)
        page.locator("#result a[href$='/replay/']").click()
        expect(page.locator("#replay")).to_have_attribute("data-step", str(final_seq))
        expect(page.locator("#replay .sd-grid")).to_be_visible()
    match.refresh_from_db()
    assert match.is_over
    assert match.move_count == final_seq
