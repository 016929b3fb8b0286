"""In Chromium: the service worker registers for the whole site, a push delivered to it (the
DevTools protocol's `ServiceWorker.deliverPushMessage`, as a push service would) shows a
notification on the desktop (`desktop.py`), and a click on it opens the table or brings its tab
forward. The site installs, and opens an offline page when it cannot be reached."""

import json
import os
import time

import pytest
from django.urls import reverse

from games import services
from games.models import Match
from games.tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT_MS,
    serve_site,
    session_cookie,
)
from notifications import push
from notifications.models import Notification
from notifications.tests.desktop import desktop_notifications


@pytest.fixture
def site_that_pushes(transactional_db, monkeypatch, shared_site_stopped):
    """The site with a VAPID key, as production has it."""
    monkeypatch.setenv("VAPID_PRIVATE_KEY", push.new_key_pair()[0])
    yield from serve_site()


def _browser(playwright, folder, desktop, cookie: dict):
    """A browser with a profile of its own (a click on a notification reaches only a real
    profile's worker, not an incognito context's), notifications allowed, a player signed in
    (`session_cookie`, made before Playwright starts)."""
    context = playwright.chromium.launch_persistent_context(
        folder,
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        env={**os.environ, "DBUS_SESSION_BUS_ADDRESS": desktop.address},
        locale="en-GB",
        permissions=["notifications"],
    )
    context.add_cookies([cookie])
    return context


def _worker(context, page, site: str):
    """The page's service worker, once it runs: the DevTools session and its registration."""
    devtools = context.new_cdp_session(page)
    registrations: list[dict] = []
    devtools.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    devtools.send("ServiceWorker.enable")
    page.goto(site + reverse("my_games"))
    assert page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)") == site + "/"
    deadline = time.monotonic() + 10
    while not any(r["scopeURL"] == site + "/" for r in registrations):
        assert time.monotonic() < deadline, "no registration reported"
        page.wait_for_timeout(20)
    registration = next(r for r in registrations if r["scopeURL"] == site + "/")
    return devtools, registration["registrationId"]


def test_a_pushed_notice_shows_on_the_desktop_and_its_click_opens_the_table(site, people, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    eva, jan = people[:2]
    match = services.start_match(
        game="kosmopolis", players=[eva, jan], pace=Match.Pace.TURN_BASED, move_hours=24
    )
    turn = push.message(Notification.objects.get(user=eva, match_id=match.pk))
    table_url = site + match.get_absolute_url()
    cookie = session_cookie(eva, site)
    with desktop_notifications() as desktop, sync_playwright() as playwright:
        context = _browser(playwright, tmp_path, desktop, cookie)
        my_games = context.new_page()
        devtools, registration = _worker(context, my_games, site)

        def deliver(message: dict) -> None:
            devtools.send(
                "ServiceWorker.deliverPushMessage",
                {"origin": site, "registrationId": registration, "data": json.dumps(message)},
            )

        deliver(turn)
        first = desktop.wait_for(1)
        assert first.title == "Deskovky"
        assert first.body.endswith(f"It is your turn in Kosmopolis #{match.pk}.")
        newer = {**turn, "body": "Newer news of the match."}
        deliver(newer)
        second = desktop.wait_for(2)
        assert second.replaces == first.id, "one notification per match on the device"

        with context.expect_page() as opened:
            desktop.click(second)
        table = opened.value
        expect(table).to_have_url(table_url)
        expect(table.locator("#status")).to_be_visible()

        # At the table (its tab in front), its notices are not shown; another match's are.
        table.bring_to_front()
        deliver(turn)
        deliver({**turn, "link": "/tables/1/", "tag": "invitation-1", "body": "Come and play"})
        third = desktop.wait_for(3)
        assert third.body.endswith("Come and play")

        # With the table's tab behind another, a click brings it forward: no second tab.
        # (Playwright lets every page think it has the focus; here the browser says.)
        for each in (table, my_games):
            context.new_cdp_session(each).send(
                "Emulation.setFocusEmulationEnabled", {"enabled": False}
            )
        my_games.bring_to_front()
        assert not table.evaluate("document.hasFocus()")
        deliver(turn)
        fourth = desktop.wait_for(4)
        pages = len(context.pages)
        desktop.click(fourth)
        deadline = time.monotonic() + 10
        while not table.evaluate("document.hasFocus()"):
            assert time.monotonic() < deadline, "the table's tab never came forward"
            table.wait_for_timeout(50)
        assert len(context.pages) == pages
        context.close()


def test_the_site_installs_and_shows_its_offline_page_without_a_connection(
    site_that_pushes, people, tmp_path
):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    site = site_that_pushes
    cookie = session_cookie(people[0], site)
    with desktop_notifications() as desktop, sync_playwright() as playwright:
        context = _browser(playwright, tmp_path, desktop, cookie)
        page = context.new_page()
        devtools, _registration = _worker(context, page, site)
        assert devtools.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = devtools.send("Page.getAppManifest")
        assert manifest["url"] == site + "/manifest.webmanifest"
        assert manifest["errors"] == []
        assert json.loads(manifest["data"])["start_url"] == reverse("my_games")

        context.set_offline(True)
        page.goto(site + reverse("my_games"))
        expect(page.locator("h1")).to_have_text("You are offline")
        expect(page.locator("link[rel=stylesheet]")).to_have_count(1)
        assert page.evaluate("getComputedStyle(document.body).margin") == "0px", "styled"
        context.set_offline(False)
        page.get_by_role("link", name="Try again").click()
        expect(page.locator("h1")).to_have_text("My games")

        # This Chromium reaches no push service: the button says so, and can be tried again.
        page.goto(site + reverse("edit_profile"))
        button = page.get_by_role("button", name="Notify this device")
        button.click()
        expect(page.locator("[data-push-state]")).to_contain_text("could not be set up")
        expect(button).to_be_enabled()
        context.close()
