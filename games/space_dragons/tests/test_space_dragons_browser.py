"""A person drafts a crew and hunts dragons against two bots in Chromium, to the final score."""

from __future__ import annotations

from collections import Counter

import pytest

from accounts.models import User
from games import services
from games.models import Match
from games.tests.browser import play_to_the_end, table_page, table_seq


@pytest.fixture
def players(transactional_db):
    """Eva and two bots; Eva lets the bots play at once (no pace between their moves: the pace
    has tests of its own, and this game's two bots move in a row in every trick)."""
    eva = User.objects.create_user(
        "eva", "eva@example.com", "heslo-123-abc", display_name="Eva", bot_pace_ms=0
    )
    bots = [
        User.objects.create(username=f"robot-{n}", display_name=f"Robot {n}", is_bot=True)
        for n in range(2)
    ]
    return [eva, *bots]


def _choose_and_confirm(page) -> None:
    """Pick the first offered card (draft or play), then press the one confirm button."""
    form = page.locator("#mine form")
    form.locator("label.sd-pick:has(input[name=card]:not([disabled]))").first.click()
    form.locator("button.primary").click()


def test_a_person_drafts_and_plays_a_whole_game_against_bots(site, players):
    from playwright.sync_api import expect

    match = services.start_match(game="space_dragons", players=players, seed=20261121)
    table_url = site + match.get_absolute_url()
    with table_page(site, match, players[0]) as page:
        moves = play_to_the_end(page, _choose_and_confirm, turns=200, pause_ms=30)
        expect(page.locator("#result .sd-score tbody tr")).to_have_count(3)
        expect(page.locator("#result .sd-winner")).to_be_visible()
        assert page.url == table_url, "the page was never reloaded"
        assert Counter(moves) == {"draft": 8, "play": 7}
        final_seq = table_seq(page)
        page.locator("#result a[href$='/replay/']").click()
        expect(page.locator("#replay")).to_have_attribute("data-step", str(final_seq))
        # The player's own seat only (§7: the unplayed cards are their owner's alone).
        expect(page.locator("#replay .replay-seat")).to_have_count(1)
        expect(page.locator(".replay-seed code.seed")).to_have_text(str(match.seed))
        page.wait_for_load_state()
        page.keyboard.press("ArrowLeft")
        expect(page.locator("#replay")).to_have_attribute("data-step", str(final_seq - 1))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.move_count == final_seq
