"""A Czech host opens a Space Bastards table with planets and an order of their own, by keyboard
and plain form controls: a wrong number of planets is refused at its field, the right one opens
the table, whose waiting room shows both options. Both pages pass axe."""

from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    session_cookie,
)
from games.tests.test_accessibility import Audit
from lobby.models import Table

ORDER = ["change", "love", "shooting", "eating", "trade", "diplomacy", "migration", "mutation"]


def test_a_table_with_chosen_planets_and_an_own_order_is_opened_by_keyboard(site, people):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    host = people[0]
    host.language = "cs"
    host.save(update_fields=["language"])
    cookie = session_cookie(host, site)
    audit = Audit()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(locale="cs-CZ", viewport={"width": 1200, "height": 900})
        context.add_cookies([cookie])
        page = context.new_page()
        page.goto(site + "/tables/new/space_bastards/")
        page.locator("#id_seats").select_option("3")
        page.get_by_label("Vypnuté planety:", exact=True).select_option(label="vybrané níže")
        planets = page.get_by_role("group", name="Planety k vypnutí")
        expect(planets).to_contain_text("přesně 5 při 2 hráčích, 3 při 3 hráčích")
        planets.get_by_label("Amberis").check()
        planets.get_by_label("Tealos").check()
        page.get_by_label("Pořadí vztahů:", exact=True).select_option(label="vlastní pořadí (níže)")
        names = {"change": "Změna vztahů", "love": "Láska", "shooting": "Střelba"}
        for place, relationship in enumerate(ORDER[:3], start=1):
            choice = page.get_by_label(f"Vlastní pořadí, {place}. místo:", exact=True)
            choice.select_option(label=names[relationship])
        for place, relationship in enumerate(ORDER[3:], start=4):
            page.get_by_label(f"Vlastní pořadí, {place}. místo:", exact=True).select_option(
                relationship
            )
        page.get_by_role("button", name="Otevřít stůl").press("Enter")
        error = planets.locator(".errorlist")
        expect(error).to_have_text("Vypnuté planety: pro 3 hráče vyberte přesně 3.")
        audit.check(page, "the form refused")
        planets.get_by_label("Indigon").check()
        page.get_by_role("button", name="Otevřít stůl").press("Enter")
        expect(page.locator("#room")).to_have_attribute("data-status", "open")
        room = page.locator("#room")
        expect(room).to_contain_text("Vypnuté planety: Amberis, Tealos, Indigon")
        expect(room).to_contain_text("Pořadí vztahů: Změna vztahů, Láska, Střelba, Požírání")
        audit.check(page, "the waiting room")
        browser.close()
    audit.assert_clean()
    assert Table.objects.get().options == {"planets_off": ["P2", "P5", "P7"], "priority": ORDER}
