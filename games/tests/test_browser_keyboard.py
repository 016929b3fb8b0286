"""Whole matches played by keyboard alone (Tab, Enter, Space) against a bot: after every move
the focus is on the player's hand or on the status, never lost to the page; a screen reader's
polite live region reads the bot's moves and the new status (issue 23)."""

from games import services
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    follow_moves,
    move_and_wait,
    my_turn_now,
    session_cookie,
)

FOCUSED = """() => {
    const el = document.activeElement;
    const form = el.form || null;
    const keep = form && form.querySelector("[data-keep]");
    const city = form && form.querySelector("button[value=city]");
    const groups = form ? new Set(Array.from(
        form.querySelectorAll("input[type=radio]:not([disabled])"), (radio) => radio.name)) : [];
    const needed = Array.from(groups).filter((name) => name !== "take" || !city);
    const checked = form ? form.querySelectorAll("input[name=cards]:checked").length : 0;
    const opened = document.querySelector("#mine details[open] form");
    return {
        inMine: !!el.closest("#mine"),
        litOnBoard: !!el.closest("#board") && el.classList.contains("sd-lit"),
        placeChosen: !!(opened && opened.querySelector("input[type=radio]:checked")),
        tag: el.tagName,
        type: el.type || "",
        name: el.name || "",
        open: el.tagName === "SUMMARY" && el.parentElement.open,
        checked: !!el.checked,
        groupChosen: !!(form && el.name && form.querySelector(`input[name="${el.name}"]:checked`)),
        skip: el.name === "take" && !!city,
        missingCards: keep ? Number(keep.dataset.keep) - checked : 0,
        ready: !!form && needed.every((name) => form.querySelector(`input[name="${name}"]:checked`))
            && (!keep || checked === Number(keep.dataset.keep)),
    };
}"""
WHERE_FOCUS_IS = """() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "nowhere";
    if (el.id === "status") return "status";
    return el.closest("#mine") ? "hand" : el.tagName + "#" + el.id;
}"""


def keyboard_move(page) -> None:
    """Tab through the page to the player's area and make the first move it offers: Enter opens
    a card's choices and confirms, Space picks a card or an option; a place the open card may
    go, lit on the board (Sedm draků), is chosen with Enter."""
    for _press in range(400):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused["litOnBoard"] and not focused["placeChosen"]:
            page.keyboard.press("Enter")
            continue
        if not focused["inMine"]:
            continue
        if focused["tag"] == "SUMMARY" and not focused["open"]:
            page.keyboard.press("Enter")
        elif (
            focused["type"] == "checkbox" and focused["missingCards"] and not focused["checked"]
        ) or (focused["type"] == "radio" and not focused["groupChosen"] and not focused["skip"]):
            page.keyboard.press("Space")
        elif focused["type"] == "submit" and focused["ready"]:
            page.keyboard.press("Enter")
            return
    raise AssertionError("no move could be made by keyboard")


def _play_by_keyboard(
    site, person, bot, game: str, seed: int
) -> tuple[int, list[tuple[str, list[str]]]]:
    """Play the person's seat to the end; returns the moves made and, each time the turn came
    back, what the live region said and the log's lines since the person's move."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    match = services.start_match(game=game, players=[person, bot], seed=seed)
    cookie = session_cookie(person, site)
    moves = 0
    heard: list[tuple[str, list[str]]] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900})
        context.add_cookies([cookie])
        page = context.new_page()
        follow_moves(page)
        page.goto(site + match.get_absolute_url())
        expect(page.locator("#table")).to_be_visible()
        page.wait_for_timeout(300)
        for _turn in range(500):
            if page.locator("#result .result-panel").count():
                break
            if not my_turn_now(page):
                page.wait_for_timeout(30)
                continue
            if moves:
                heard.append((_check_announcement(page), _bots_newest_lines(page)))
            move_and_wait(page, keyboard_move)
            moves += 1
            assert page.evaluate(WHERE_FOCUS_IS) in ("hand", "status"), f"after move {moves}"
        expect(page.locator("#result .result-panel")).to_be_visible()
        assert page.evaluate(WHERE_FOCUS_IS) in ("hand", "status")
        browser.close()
    match.refresh_from_db()
    assert match.is_over
    return moves, heard


def _check_announcement(page) -> str:
    """On the person's turn again the live region has read the new status last."""
    announced = page.locator("#announcer").inner_text()
    status = page.locator("#status .status-text").inner_text().strip()
    assert announced.endswith(status)
    return announced


def _bots_newest_lines(page) -> list[str]:
    """The log's lines since the person's own last move, oldest first."""
    lines = []
    for line in page.locator("#log-lines > li.log-line").all():
        if "seat-0" in (line.get_attribute("class") or "").split():
            break
        lines.append(line.inner_text().strip())
    return lines[::-1]


def test_seven_dragons_played_to_the_end_by_keyboard(site, people, bots):
    moves, heard = _play_by_keyboard(site, people[0], bots[0], "seven_dragons", seed=20261124)
    assert moves >= 5
    # Turns alternate: each time the turn came back, the bot's move (its log lines since the
    # person's own, the person's lines never) had just been read, then the status.
    assert len(heard) == moves - 1
    for said, lines in heard:
        assert lines
        assert said.startswith(" ".join(lines[-5:])), (said, lines)


def test_kosmopolis_played_to_the_end_by_keyboard(site, people, bots):
    moves, heard = _play_by_keyboard(site, people[0], bots[0], "kosmopolis", seed=20261124)
    assert moves >= 20
    # Simultaneous drafts give the turn back without a move of the bot's; its plays are read.
    assert any(lines and said.startswith(" ".join(lines[-5:])) for said, lines in heard), heard


def test_the_sticky_status_bar_never_hides_the_focused_control(site, people, bots):
    """WCAG 2.4.11: Tab onto a card lying just under the status bar (the page scrolled there)
    scrolls the card out from under it."""
    from playwright.sync_api import expect, sync_playwright

    match = services.start_match(game="kosmopolis", players=[people[0], bots[0]], seed=7)
    cookie = session_cookie(people[0], site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 600})
        context.add_cookies([cookie])
        page = context.new_page()
        page.goto(site + match.get_absolute_url())
        cards = page.locator("#mine input[name=cards]")
        expect(cards.nth(1)).to_be_attached()
        page.evaluate(
            """() => {
                const cards = document.querySelectorAll("#mine input[name=cards]");
                const second = cards[1].closest("label").getBoundingClientRect();
                window.scrollTo(0, window.scrollY + second.top - 5);
                cards[0].focus({ preventScroll: true });
            }"""
        )
        page.keyboard.press("Tab")
        covered = page.evaluate(
            """() => {
                const bar = document.getElementById("status").getBoundingClientRect();
                const box = document.activeElement.closest("label").getBoundingClientRect();
                return box.top < bar.bottom;
            }"""
        )
        browser.close()
    assert not covered


TABLE = """
<div id="table">
  <div id="status" tabindex="-1" data-seq="{seq}"><p class="status-text">{status}</p></div>
  <aside id="players"><ol><li class="seat-0 you">Eva</li><li class="seat-1">Bot</li></ol></aside>
  <section id="mine"><form>{cards}<button type="submit">Play</button></form></section>
  <aside id="log"><ol id="log-lines" reversed>{lines}</ol></aside>
</div>
"""


def _table(seq: int, status: str, cards: list[int], lines: list[tuple[int, str]]) -> str:
    return TABLE.format(
        seq=seq,
        status=status,
        cards="".join(f'<input type="radio" name="card" value="{card}">' for card in cards),
        lines="".join(f'<li class="log-line seat-{seat}">{text}</li>' for seat, text in lines),
    )


def test_a_redrawn_table_keeps_focus_and_announces_the_other_seats_moves():
    """The HTTP fallback swaps the whole table: focus goes back to the same card if it is still
    there, else to the status; the live region reads the bot's new lines, not the player's own,
    then the status."""
    from pathlib import Path

    from django.conf import settings
    from playwright.sync_api import sync_playwright

    script = Path(settings.BASE_DIR) / "games" / "static" / "games" / "table.js"
    first = _table(1, "Your turn.", [7, 8], [(0, "Eva starts.")])
    after_bot = _table(
        3,
        "Your turn again.",
        [8, 9],
        [(1, "Bot plays 5."), (0, "Eva plays 7."), (0, "Eva starts.")],
    )
    after_eva = _table(4, "Waiting for Bot.", [], [(0, "Eva plays 8."), *[(1, "Bot plays 5.")]])
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_content(
            '<div id="announcer" role="status" aria-live="polite"></div>'
            f'<div id="live">{first}</div>'
        )
        page.add_script_tag(content=script.read_text())
        page.keyboard.press("Tab")
        page.keyboard.press("ArrowDown")
        assert page.evaluate("document.activeElement.value") == "8"
        swap = """(html) => {
            document.getElementById("table").outerHTML = html;
            document.body.dispatchEvent(new CustomEvent("htmx:afterSettle"));
            const el = document.activeElement;
            const announcer = document.getElementById("announcer");
            return [el.id || el.value || el.tagName, announcer.textContent];
        }"""
        focused_on, announced = page.evaluate(swap, after_bot)
        assert focused_on == "8"
        assert announced == "Bot plays 5. Your turn again."
        focused_on, announced = page.evaluate(swap, after_eva)
        assert focused_on == "status"
        assert announced == "Waiting for Bot."
        browser.close()
