"""Every game's score sheet at the end lists the players in rank order, not seat order."""

from __future__ import annotations

import random
import re

import pytest
from django.template.loader import render_to_string

from games.registry import GAMES
from games.tests.forms import CSRF_TOKEN, EXPECTED_SEQ, MOVE_URL
from games.translated import reading

NAMES = ["Ann", "Ben", "Cid"]


def _finished_with_seat_0_behind(game: str) -> dict:
    """A game of three played to the end by random moves in which seat 0 is not first: its
    score sheet in seat order would not be in rank order."""
    engine = GAMES[game].engine
    for seed in range(1, 100):
        state = engine.setup(3, {}, seed)
        rng = random.Random(seed)
        while not engine.is_over(state):
            seat = min(engine.to_act(state))
            engine.apply_in_place(state, seat, rng.choice(engine.legal_moves(state, seat)))
        if engine.result(state)["ranks"][0] > 1:
            return state
    raise AssertionError("seat 0 always won")


@pytest.mark.parametrize("game", sorted(slug for slug, info in GAMES.items() if info.playable))
def test_the_score_sheet_lists_the_players_in_rank_order(game):
    info = GAMES[game]
    state = _finished_with_seat_0_behind(game)
    view = info.engine.view(state, 0)
    with reading():
        html = render_to_string(
            info.templates["result"],
            {
                "g": info.table.table_context(view, [], 0, NAMES),
                "view": view,
                "seat": 0,
                "names": NAMES,
                "move_url": MOVE_URL,
                "expected_seq": int(EXPECTED_SEQ),
                "csrf_token": CSRF_TOKEN,
            },
        )
    body = html[html.index("<tbody>") : html.index("</tbody>")]
    listed = [
        next(n for n, name in enumerate(NAMES) if name in row)
        for row in re.findall(r'<th scope="row">(.*?)</th>', body, re.S)
        if any(name in row for name in NAMES)
    ]
    ranks = info.engine.result(state)["ranks"]
    assert sorted(listed) == [0, 1, 2]
    assert listed == sorted(range(3), key=lambda seat: (ranks[seat], seat))


def test_kosmopolis_score_sheet_shows_every_column_on_a_phone():
    """At 390 px a Czech player sees the whole score sheet, the totals included, without
    scrolling it sideways (a sheet with the tie-break's columns may still scroll)."""
    from django.conf import settings
    from django.utils import translation
    from playwright.sync_api import sync_playwright

    from games.tests.browser import CHROMIUM, CHROMIUM_ARGS

    info = GAMES["kosmopolis"]
    state = _finished_with_seat_0_behind("kosmopolis")
    view = info.engine.view(state, 0)
    names = ["Robot Karel", "Eva", "Jan"]
    with translation.override("cs"), reading():
        g = info.table.table_context(view, [], 0, names)
        html = render_to_string(info.templates["result"], {"g": g, "seat": 0, "names": names})
    assert not g["result"]["tiebreak"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
        page.set_content(
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<main class="table-page"><div id="result"><section class="result-panel">'
            f"{html}</section></div></main>"
        )
        for css in (
            settings.BASE_DIR / "static" / "css" / "site.css",
            settings.BASE_DIR / "games" / "static" / "games" / "table.css",
            settings.BASE_DIR / "games" / "kosmopolis" / "static" / "kosmopolis" / "kosmopolis.css",
        ):
            page.add_style_tag(path=css)
        hidden = page.evaluate(
            """() => {
                const box = document.querySelector(".k-score").parentElement;
                return box.scrollWidth - box.clientWidth;
            }"""
        )
        browser.close()
    assert hidden <= 0
