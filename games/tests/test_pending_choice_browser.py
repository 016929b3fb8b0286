"""The choice a player was assembling survives a push that redraws their area, in the same form
only (issue 19: after the Kosmodraci draft, the last kept card came back selected in the form
of the first trick), and only while it is still legal there (issue 32: after a Space Bastards
mutation the corpse arrangement came back with the old offer's cells ticked too)."""

from pathlib import Path

import pytest
from django.conf import settings

from games import services
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    follow_moves,
    move_and_wait,
    session_cookie,
)

SCRIPT = Path(settings.BASE_DIR) / "games" / "static" / "games" / "table.js"

PAGE = """
<div id="live"></div>
<section id="mine">{form}</section>
"""


def _form(kind: str, checked: bool) -> str:
    return (
        f'<form><input type="hidden" name="expected_seq" value="{kind}-seq">'
        f'<input type="hidden" name="type" value="{kind}">'
        f'<input type="radio" name="card" value="7"{" checked" if checked else ""}>'
        '<input type="radio" name="card" value="8"></form>'
    )


@pytest.mark.parametrize(("after", "kept"), [("draft", True), ("play", False)])
def test_a_redrawn_area_keeps_a_choice_in_the_same_form_only(after, kept):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_content(PAGE.format(form=_form("draft", checked=True)))
        page.add_script_tag(content=SCRIPT.read_text())
        checked = page.evaluate(
            """(next) => {
                const mine = document.getElementById("mine");
                document.body.dispatchEvent(
                    new CustomEvent("htmx:oobBeforeSwap", { detail: { target: mine } }));
                mine.innerHTML = next;
                document.body.dispatchEvent(new CustomEvent("htmx:oobAfterSwap"));
                return mine.querySelector('input[value="7"]').checked;
            }""",
            _form(after, checked=False),
        )
        browser.close()
    assert checked is kept


def _redrawn(before: str, after: str, player: str) -> list[str]:
    """Draw `before` in the player's area, let `player` (a script) change its choice, push
    `after` in its place; the ticked inputs then, as name=value."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_content(PAGE.format(form=before))
        page.add_script_tag(content=SCRIPT.read_text())
        ticked = page.evaluate(
            """([player, next]) => {
                const mine = document.getElementById("mine");
                new Function(player)();
                document.body.dispatchEvent(
                    new CustomEvent("htmx:oobBeforeSwap", { detail: { target: mine } }));
                mine.innerHTML = next;
                document.body.dispatchEvent(new CustomEvent("htmx:oobAfterSwap"));
                return Array.from(mine.querySelectorAll("input:checked"))
                    .map((el) => el.name + "=" + el.value);
            }""",
            [player, after],
        )
        browser.close()
    return ticked


def _arrangement(offered: set[str], *, whole: bool = True) -> str:
    """A form offering an arrangement: cells 1 to 5, the offered ones ticked by the server."""
    cells = "".join(
        f'<input type="checkbox" name="cells" value="{c}"{" checked" if c in offered else ""}>'
        for c in "12345"
    )
    marker = " data-whole-choice" if whole else ""
    return (
        f'<form{marker}><input type="hidden" name="expected_seq" value="3">'
        f'<input type="hidden" name="type" value="arrange">{cells}</form>'
    )


TICK_3_UNTICK_1 = """
    document.querySelector('input[name="cells"][value="3"]').checked = true;
    document.querySelector('input[name="cells"][value="1"]').checked = false;
"""


def test_an_arrangement_comes_back_exactly_while_the_server_offers_the_same():
    same = _arrangement({"1", "2"})
    assert _redrawn(same, same, TICK_3_UNTICK_1) == ["cells=2", "cells=3"]


def test_a_new_arrangement_offered_replaces_the_choice_instead_of_mixing_with_it():
    before, after = _arrangement({"1", "2"}), _arrangement({"4", "5"})
    assert _redrawn(before, after, TICK_3_UNTICK_1) == ["cells=4", "cells=5"]
    assert _redrawn(before, after, "") == ["cells=4", "cells=5"]


def test_a_choice_the_new_form_refuses_is_not_ticked_again():
    before = _form("draft", checked=True)
    after = _form("draft", checked=False).replace('value="7"', 'value="7" disabled')
    assert _redrawn(before, after, "") == []
    assert _redrawn(before, _form("draft", checked=False), "") == ["card=7"]


def test_space_bastards_corpses_are_arranged_as_offered_after_the_players_own_mutation(
    site, people, bots
):
    """Seat 0 mutates its cactus into a spud away from the corpses; the corpse arrangement then
    offered is sent as it stands: six cells for the six corpse cells, accepted."""
    from playwright.sync_api import expect, sync_playwright

    from games.models import Move
    from games.space_bastards.tests.space_bastards_helpers import resolve, table

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva = people[0]
    match = services.start_match(game="space_bastards", players=[eva, bots[0]], seed=20261201)
    dead = {"1:slug:0", "1:slug:1", "1:toad:0", "1:toad:1"}
    state = table(
        2,
        tokens={
            "P7": {
                "0:cactus:0": [[0, 0], [1, 0], [2, 0]],
                "1:slug:0": [[0, 2], [0, 3]],
                "1:slug:1": [[1, 2], [1, 3]],
                "1:toad:0": [[2, 2]],
                "1:toad:1": [[2, 3]],
                "1:toad:2": [[0, 5]],
            }
        },
        dead=dead,
    )
    resolve(state, [["mutation", 0]])
    match.state = state
    match.save(update_fields=["state"])
    cookie = session_cookie(eva, site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        context.add_cookies([cookie])
        page = context.new_page()
        follow_moves(page)
        page.goto(site + match.get_absolute_url())
        arrange = page.locator("#mine form:has(input[name=type][value=arrange_corpses])")
        expect(arrange.locator("input[name=cells]:checked")).to_have_count(6)
        mutate = page.locator("#mine form:has(input[name=type][value=mutate])")
        mutate.locator("input[name=tokens][value='0:cactus:0']").check()
        mutate.locator("input[name=cells][value='1,4']").click()
        expect(mutate.locator("input[name=cells]:checked")).to_have_count(4)
        move_and_wait(page, lambda page: mutate.locator("button.primary").click())
        arrange.locator("summary").click()
        expect(arrange.locator("input[name=cells]:checked")).to_have_count(6)
        move_and_wait(page, lambda page: arrange.locator("button[type=submit]").click())
        browser.close()
    stored = Move.objects.filter(match=match, seat=0).order_by("seq").last().payload
    assert stored["type"] == "arrange_corpses"
    assert sorted(stored["layout"]) == sorted(dead)
    assert sum(len(cells) for cells in stored["layout"].values()) == 6


def test_isle_of_cats_a_fixed_piece_turned_where_it_no_longer_fits_is_no_longer_in_the_form(
    site, people
):
    """Cat-16 fixed on the bottom rows, then turned upright: it would stick out of the boat, so
    the form holds no position for it and the ghost follows the keys again; fixed higher up, it
    is stored where the form says (a piece turns about its middle square, so upright its
    corner is a column right and a row up)."""
    from playwright.sync_api import expect, sync_playwright

    from games.tests.test_browser_isle_of_cats import (
        _until_cat_16_is_offered,
        _with_cat_16_to_rescue,
    )

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = _with_cat_16_to_rescue(people[0], seed=20261127)
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser, page, place = _until_cat_16_is_offered(playwright, site, cookie, match)
        place.locator("input[value='rescue|cat-16']").focus()
        page.keyboard.press("Space")
        place.locator("svg.ioc-boat").focus()
        for key in ["ArrowDown"] * 5:
            page.keyboard.press(key)
        page.keyboard.press("Enter")
        expect(place.locator("input[name=y]")).to_have_value("9")
        page.keyboard.press("r")
        expect(place.locator(".ghost rect.bad").first).to_be_visible()
        expect(place.locator("input[name=x]")).to_have_value("")
        expect(place.locator("input[name=y]")).to_have_value("")
        for key in ["ArrowUp"] * 4:
            page.keyboard.press(key)
        expect(place.locator(".ghost rect.ok")).to_have_count(6)
        page.keyboard.press("Enter")
        expect(place.locator("input[name=x]")).to_have_value("6")
        expect(place.locator("input[name=y]")).to_have_value("4")
        move_and_wait(page, lambda page: place.locator("button.primary").click())
        browser.close()
    match.refresh_from_db()
    tiles = {t["tile"]: t["cells"] for t in match.state["players"][0]["tiles"]}
    assert len(tiles["cat-16"]) == 6
    assert min(tiles["cat-16"]) // 15 == 4
