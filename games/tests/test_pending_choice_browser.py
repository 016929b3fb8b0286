"""The choice a player was assembling survives a push that redraws their area, in the same form
only (issue 19: after the Kosmodraci draft, the last kept card came back selected in the form
of the first trick)."""

from pathlib import Path

import pytest
from django.conf import settings

from games.tests.browser import CHROMIUM, CHROMIUM_ARGS

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
