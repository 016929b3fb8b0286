"""Web Push end to end without the internet: a push service on this machine takes what the
worker sends, and the test reads it as the player's browser would (VAPID, RFC 8291)."""

import asyncio
import base64
import json
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, timedelta

import http_ece
import pytest
from aiohttp import web
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management import call_command
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from multidict import CIMultiDict
from procrastinate.contrib.django import app
from procrastinate.contrib.django.models import ProcrastinateJob
from py_vapid import Vapid02

from games import services
from games.models import Match
from games.presence import arrive, depart
from games.tests.browser import database_url
from notifications import push
from notifications.models import Notification, PushSubscription
from notifications.services import mark_match_read, notify

SEND_PUSH = "notifications.push.send_push"


@dataclass
class Received:
    path: str
    headers: CIMultiDict
    body: bytes


@dataclass
class PushService:
    """A push service (RFC 8030) on a free port: keeps each push it is sent and answers 201,
    or the status a test gives for a device's address."""

    url: str = ""
    received: list[Received] = field(default_factory=list)
    answers: dict[str, int] = field(default_factory=dict)

    async def take(self, request: web.Request) -> web.Response:
        headers = CIMultiDict(request.headers)
        self.received.append(Received(request.path, headers, await request.read()))
        return web.Response(status=self.answers.get(request.path, 201))

    def address(self, device: str) -> str:
        return f"{self.url}/push/{device}"

    def pushes_to(self, device: str) -> list[Received]:
        return [push for push in self.received if push.path == f"/push/{device}"]

    def answer(self, device: str, status: int) -> None:
        self.answers[f"/push/{device}"] = status


@pytest.fixture
def push_service():
    service = PushService()
    loop = asyncio.new_event_loop()
    started = threading.Event()
    runner: web.AppRunner | None = None

    async def start() -> None:
        nonlocal runner
        application = web.Application()
        application.router.add_post("/push/{device}", service.take)
        runner = web.AppRunner(application)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        service.url = f"http://127.0.0.1:{runner.addresses[0][1]}"
        started.set()

    thread = threading.Thread(target=lambda: (loop.run_until_complete(start()), loop.run_forever()))
    thread.start()
    assert started.wait(10)
    yield service
    asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(10)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(10)
    loop.close()


@pytest.fixture
def vapid(settings):
    """The site's key, made by its own command."""
    from io import StringIO

    out = StringIO()
    call_command("vapid_keys", stdout=out)
    line = next(line for line in out.getvalue().splitlines() if line.startswith("VAPID_"))
    settings.VAPID_PRIVATE_KEY = line.split("=", 1)[1]
    settings.VAPID_SUBJECT = "mailto:games@deskovky.example"
    return settings.VAPID_PRIVATE_KEY


@dataclass
class Browser:
    """A browser's side of a subscription: its key pair and secret (RFC 8291)."""

    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    secret: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return push.base64url(point)

    def subscribe(self, user, endpoint: str) -> PushSubscription:
        """As the worker knows it (the local push service's plain-http address, which
        `add_device` would refuse, is stored as it is)."""
        return PushSubscription.objects.create(
            user=user,
            endpoint=endpoint,
            p256dh=self.p256dh,
            auth=push.base64url(self.secret),
        )

    def read(self, received: Received) -> dict:
        plain = http_ece.decrypt(
            received.body, private_key=self.key, auth_secret=self.secret, version="aes128gcm"
        )
        return json.loads(plain)


def _claims(authorization: str) -> dict:
    token = authorization.split("t=", 1)[1].split(",", 1)[0]
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def _start(players, pace=Match.Pace.TURN_BASED) -> Match:
    return services.start_match(game="kosmopolis", players=players, pace=pace, move_hours=24)


def _waiting_pushes() -> list[dict]:
    return app.connector.scheduled(SEND_PUSH)  # type: ignore[attr-defined]


def test_a_turn_is_pushed_encrypted_signed_and_in_each_players_language(
    people, push_service, vapid, mailoutbox
):
    eva, jan = people[:2]
    jan.language = "cs"
    jan.save()
    browsers = {eva: Browser(), jan: Browser()}
    for player, browser in browsers.items():
        browser.subscribe(player, push_service.address(player.username))
    before = time.time()
    match = _start([eva, jan])

    assert mailoutbox == [], "a pushed notice is not mailed too"
    texts = {}
    for player, browser in browsers.items():
        [received] = push_service.pushes_to(player.username)
        headers = received.headers
        assert headers["TTL"] == str(push.TTL_SECONDS)
        assert headers["Content-Encoding"] == "aes128gcm"
        assert headers["Topic"] == f"match-{match.pk}"
        scheme, credentials = headers["Authorization"].split(" ", 1)
        assert scheme == "vapid"
        assert f"k={push.application_server_key()}" in credentials
        assert Vapid02.verify(headers["Authorization"]), "signed with the site's key"
        claims = _claims(headers["Authorization"])
        assert claims["aud"] == push_service.url
        assert claims["sub"] == "mailto:games@deskovky.example"
        assert before < claims["exp"] <= time.time() + 24 * 3600
        notice = browser.read(received)
        assert notice["link"] == match.get_absolute_url()
        assert notice["tag"] == f"match-{match.pk}"
        assert notice["lang"] == player.language
        texts[player] = notice["body"]
    assert texts[eva] == f"It is your turn in Kosmopolis #{match.pk}."
    assert texts[jan] == f"Jste na tahu ve hře Kosmopolis č. {match.pk}."
    assert Notification.objects.filter(pushed_at__isnull=False).count() == 2


def test_every_device_of_a_player_is_pushed_and_the_mover_is_not(people, push_service, vapid):
    eva, jan = people[:2]
    Browser().subscribe(eva, push_service.address("eva-phone"))
    Browser().subscribe(eva, push_service.address("eva-laptop"))
    Browser().subscribe(jan, push_service.address("jan-phone"))
    _start([eva, jan])
    assert sorted(p.path for p in push_service.received) == [
        "/push/eva-laptop",
        "/push/eva-phone",
        "/push/jan-phone",
    ]


def test_a_device_the_push_service_calls_gone_is_forgotten_and_the_notice_mailed(
    people, push_service, vapid, mailoutbox
):
    eva, jan = people[:2]
    gone = Browser().subscribe(eva, push_service.address("eva-old-phone"))
    push_service.answer("eva-old-phone", 410)
    Browser().subscribe(jan, push_service.address("jan-phone"))
    push_service.answer("jan-phone", 404)
    match = _start([eva, jan])
    assert push_service.pushes_to("eva-old-phone")
    assert not PushSubscription.objects.filter(pk=gone.pk).exists()
    assert not PushSubscription.objects.exists()
    assert sorted(m.to[0] for m in mailoutbox) == ["eva@example.com", "jan@example.com"]
    assert f"#{match.pk}" in mailoutbox[0].subject


def test_a_failing_push_service_is_tried_again_then_the_notice_is_mailed(
    people, push_service, vapid, mailoutbox
):
    eva, jan = people[:2]
    jan.notification_preferences = {"your_turn": {"push": False}}
    jan.save()
    kept = Browser().subscribe(eva, push_service.address("eva-phone"))
    push_service.answer("eva-phone", 503)
    _start([eva, jan])
    assert [m.to for m in mailoutbox] == [["jan@example.com"]], "jan wants no pushes: mailed"
    for attempt in range(1, len(push.RETRY_AFTER_SECONDS) + 1):
        [waiting] = _waiting_pushes()
        assert waiting["args"]["attempt"] == attempt
        waiting["status"] = "succeeded"
        assert mailoutbox[1:] == [], "not mailed while the push may still go"
        push.send_push(**waiting["args"])
    assert _waiting_pushes() == []
    assert len(push_service.pushes_to("eva-phone")) == 1 + len(push.RETRY_AFTER_SECONDS)
    assert [m.to for m in mailoutbox[1:]] == [["eva@example.com"]]
    assert PushSubscription.objects.filter(pk=kept.pk).exists(), "a failure is no goodbye"


def test_one_device_taking_the_push_is_enough(people, push_service, vapid, mailoutbox):
    eva, jan = people[:2]
    jan.notification_preferences = {"your_turn": {"email": False}}
    jan.save()
    Browser().subscribe(eva, push_service.address("eva-broken"))
    push_service.answer("eva-broken", 500)
    Browser().subscribe(eva, push_service.address("eva-phone"))
    _start([eva, jan])
    assert len(push_service.received) == 2
    assert _waiting_pushes() == []
    assert mailoutbox == []


def test_pushes_wait_for_the_end_of_quiet_hours_and_skip_a_player_at_the_table(
    people, push_service, vapid, mailoutbox
):
    eva, jan = people[:2]
    now = timezone.now().astimezone(UTC).replace(second=0, microsecond=0)
    eva.time_zone = "UTC"
    eva.quiet_hours_start = (now - timedelta(hours=1)).time()
    eva.quiet_hours_end = (now + timedelta(hours=1)).time()
    eva.save()
    Browser().subscribe(eva, push_service.address("eva-phone"))
    Browser().subscribe(jan, push_service.address("jan-phone"))
    match = _start([eva, jan])
    assert len(push_service.pushes_to("jan-phone")) == 1
    assert push_service.pushes_to("eva-phone") == []
    [held] = _waiting_pushes()
    assert held["scheduled_at"] == now + timedelta(hours=1)
    assert mailoutbox == [], "nor is she mailed meanwhile"

    eva.quiet_hours_start = eva.quiet_hours_end = None
    eva.save()
    arrive(match.pk, eva.pk, "socket-1")
    assert push.send_push(**held["args"]) == 0
    assert push_service.pushes_to("eva-phone") == [], "she has the table open"
    assert mailoutbox == []
    depart(match.pk, eva.pk, "socket-1")
    assert push.send_push(**held["args"]) == 1


def test_without_a_vapid_key_nothing_is_pushed_and_mail_goes_as_before(
    people, push_service, settings, mailoutbox
):
    settings.VAPID_PRIVATE_KEY = ""
    eva, jan = people[:2]
    Browser().subscribe(eva, push_service.address("eva-phone"))
    _start([eva, jan])
    assert push_service.received == []
    assert sorted(m.to[0] for m in mailoutbox) == ["eva@example.com", "jan@example.com"]


def test_a_matchs_notices_take_one_place_on_the_device(people, push_service, vapid):
    eva, jan = people[:2]
    browser = Browser()
    browser.subscribe(eva, push_service.address("eva-phone"))
    match = _start([eva, jan])
    with transaction.atomic():
        notify(
            users=[eva],
            kind="match_ended",
            link=match.get_absolute_url(),
            match_id=match.pk,
            params={"game": match.game, "match": match.pk, "rank": 1},
        )
        notify(
            users=[eva],
            kind="seat_offer",
            link="/offers/7/",
            params={"game": match.game, "match": match.pk, "name": "jan", "offer": 7},
        )
    pushed = push_service.pushes_to("eva-phone")
    assert len(pushed) == 3
    assert {browser.read(p)["tag"] for p in pushed} == {f"match-{match.pk}"}
    assert {p.headers["Topic"] for p in pushed} == {f"match-{match.pk}"}
    assert browser.read(pushed[1])["body"] == f"Kosmopolis #{match.pk} has ended: you placed 1."
    assert browser.read(pushed[2])["link"] == "/offers/7/"


def test_a_notice_is_pushed_again_only_once_read(people, push_service, vapid):
    eva, jan = people[:2]
    Browser().subscribe(eva, push_service.address("eva-phone"))
    match = _start([eva, jan])

    def your_turn() -> None:
        with transaction.atomic():
            notify(
                users=[eva],
                kind="your_turn",
                link=match.get_absolute_url(),
                match_id=match.pk,
                params={"game": match.game, "match": match.pk},
            )

    your_turn()
    assert len(push_service.pushes_to("eva-phone")) == 1, "still unread: not again"
    mark_match_read(user=eva, match_id=match.pk)
    your_turn()
    assert len(push_service.pushes_to("eva-phone")) == 2


def test_the_move_only_queues_the_push_and_the_worker_sends_it(
    people, push_service, vapid, queued_tasks, settings
):
    eva, jan = people[:2]
    browser = Browser()
    browser.subscribe(eva, push_service.address("eva-phone"))
    match = _start([eva, jan])
    assert push_service.received == [], "never from the move's request"
    queued = ProcrastinateJob.objects.filter(task_name=SEND_PUSH, status="todo")
    assert set(queued.values_list("queue_name", flat=True)) == {"mail"}
    env = {**os.environ, "DATABASE_URL": database_url(), "DEBUG": "1", "VAPID_PRIVATE_KEY": vapid}
    subprocess.run(
        [sys.executable, "manage.py", "worker", "--batch", "--queues", "mail"],
        cwd=settings.BASE_DIR,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    [received] = push_service.pushes_to("eva-phone")
    assert browser.read(received)["link"] == match.get_absolute_url()


# The settings page: adding this browser, listing and removing devices.

ENDPOINT = "https://fcm.googleapis.com/fcm/send/abc:def-123"


def _form(browser: Browser, endpoint: str = ENDPOINT) -> dict:
    return {"endpoint": endpoint, "p256dh": browser.p256dh, "auth": push.base64url(browser.secret)}


def test_notify_this_device_adds_it_once_and_lists_it_with_a_remove_button(client, people, vapid):
    eva = people[0]
    client.force_login(eva)
    page = client.get(reverse("edit_profile")).content.decode()
    assert "Notify this device" in page
    assert f'data-key="{push.application_server_key()}"' in page
    firefox = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0"
    answer = client.post(reverse("push_add_device"), _form(Browser()), HTTP_USER_AGENT=firefox)
    assert answer.status_code == 302
    again = Browser()
    client.post(reverse("push_add_device"), _form(again), HTTP_USER_AGENT=firefox)
    [device] = PushSubscription.objects.all()
    assert (device.user, device.endpoint, device.p256dh) == (eva, ENDPOINT, again.p256dh)
    assert device.device == "Firefox · Android"
    page = client.get(reverse("edit_profile")).content.decode()
    assert "This device will be notified." in page
    assert "Firefox · Android" in page
    assert reverse("push_remove_device", args=[device.pk]) in page

    client.force_login(people[1])
    assert client.post(reverse("push_remove_device", args=[device.pk])).status_code == 404
    assert PushSubscription.objects.filter(pk=device.pk).exists()
    client.force_login(eva)
    client.post(reverse("push_remove_device", args=[device.pk]))
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"endpoint": "http://fcm.googleapis.com/fcm/send/x"}, "push service"),
        ({"endpoint": "https://127.0.0.1:6379/"}, "push service"),
        ({"endpoint": "https://fcm.googleapis.com.evil.example/x"}, "push service"),
        ({"endpoint": "not a URL"}, "push service"),
        ({"endpoint": ""}, "push service"),
        ({"p256dh": "BAAA"}, "keys"),
        ({"p256dh": "Z" * 87}, "keys"),
        ({"auth": "c2hvcnQ"}, "keys"),
        ({"auth": "%%%"}, "keys"),
    ],
)
def test_a_bad_subscription_is_refused_with_a_reason_and_stores_nothing(
    client, people, vapid, change, reason
):
    client.force_login(people[0])
    answer = client.post(reverse("push_add_device"), {**_form(Browser()), **change}, follow=True)
    assert answer.status_code == 200
    assert reason in answer.content.decode()
    assert not PushSubscription.objects.exists()


def test_without_a_vapid_key_the_settings_offer_no_devices(client, people, settings):
    settings.VAPID_PRIVATE_KEY = ""
    eva = people[0]
    eva.notification_preferences = {"match_ended": {"push": False}}
    eva.save()
    client.force_login(eva)
    page = client.get(reverse("edit_profile")).content.decode()
    assert "Notify this device" not in page
    assert "notify_your_turn_push" not in page
    form = {"language": "en", "time_zone": "UTC", "notify_your_turn_email": "on"}
    assert client.post(reverse("edit_profile"), form).status_code == 302
    eva.refresh_from_db()
    assert eva.wants("your_turn", "push"), "the choices of a column not shown are kept"
    assert not eva.wants("match_ended", "push")
    answer = client.post(reverse("push_add_device"), _form(Browser()), follow=True)
    assert "does not send notifications to devices" in answer.content.decode()
    assert not PushSubscription.objects.exists()


def test_the_settings_grid_turns_pushes_off_per_kind(client, people, vapid):
    eva = people[0]
    client.force_login(eva)
    page = client.get(reverse("edit_profile")).content.decode()
    assert 'name="notify_your_turn_push"' in page
    assert 'name="notify_turn_reminder_push"' not in page, "not a pushed kind"
    form = {"language": "en", "time_zone": "UTC", "notify_invitation_push": "on"}
    assert client.post(reverse("edit_profile"), form).status_code == 302
    eva.refresh_from_db()
    assert not eva.wants("your_turn", "push")
    assert eva.wants("invitation", "push")


def test_logging_out_stops_the_pushes_to_that_browser(client, people, vapid):
    eva = people[0]
    client.force_login(eva)
    client.post(reverse("push_add_device"), _form(Browser()))
    other = Browser().subscribe(eva, ENDPOINT + "-her-laptop")
    client.post(reverse("account_logout"))
    assert list(PushSubscription.objects.all()) == [other], "her other devices stay"


def test_a_deleted_account_leaves_no_devices(people):
    from accounts.services import delete_account

    Browser().subscribe(people[0], ENDPOINT)
    delete_account(user=people[0])
    assert not PushSubscription.objects.exists()


def test_a_bad_vapid_key_fails_the_system_check(settings):
    from django.core.management.base import SystemCheckError

    settings.VAPID_PRIVATE_KEY = "not-a-key"
    with pytest.raises(SystemCheckError, match="vapid_keys"):
        call_command("check")


def test_the_bells_desktop_notice_takes_the_place_a_push_of_it_takes(client, people):
    """bell.js shows it through the service worker with the push's tag, so the browser that
    gets both shows one."""
    eva, jan = people[:2]
    eva.notification_preferences = {"your_turn": {"browser": True}}
    eva.save()
    match = _start([eva, jan])
    client.force_login(eva)
    page = client.get(reverse("home")).content.decode()
    assert f'data-tag="match-{match.pk}" data-link="{match.get_absolute_url()}"' in page
