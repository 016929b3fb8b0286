"""Web Push (RFC 8030, 8291, 8292): a player's notices on the devices they added, even with the
site closed. The worker sends them from the mail queue, never a request; each is encrypted for
the device and signed with the site's VAPID key (`pywebpush`). A device whose push service says
it is gone (404, 410) is forgotten; a notice that reaches none of the player's devices is
mailed as it would have been without them. Quiet hours hold pushes back as they hold mails,
and a player looking at the match's table is not pushed about it."""

from __future__ import annotations

import base64
import binascii
import functools
import json
import logging
from typing import Any
from urllib.parse import urlsplit

import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.contrib.auth.signals import user_logged_out
from django.core import checks
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpRequest
from django.templatetags.static import static
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from procrastinate.contrib.django import app
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from accounts.models import User
from accounts.preferences import PUSHED_KINDS
from config.worker import RETRY_ON_OUTAGE
from games.presence import present
from notifications.mail import quiet_until, send_notification_email
from notifications.models import Notification, PushSubscription
from notifications.selectors import device_tag, sentence

logger = logging.getLogger(__name__)

TTL_SECONDS = 24 * 3600
"""How long a push service keeps a notice for a device that is off or away."""
TIMEOUT_SECONDS = 10
"""How long a push service may take to answer before the push counts as failed."""
RETRY_AFTER_SECONDS = (60, 300)
"""A push service that failed (unreachable, 429, 5xx) is tried again after these pauses;
after the last the notice is mailed."""
SESSION_KEY = "push_subscription"
"""The session remembers the device it added, so that logging out there stops its pushes."""


class PushRefused(Exception):  # noqa: N818 - a refusal, not a failure
    """A device that cannot be added; `message` says why, in the player's language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def enabled() -> bool:
    return bool(settings.VAPID_PRIVATE_KEY)


@functools.cache
def _vapid(private_key: str) -> Vapid:
    return Vapid.from_string(private_key)


def application_server_key() -> str:
    """The site's public VAPID key as browsers take it (`applicationServerKey`): the P-256
    point, uncompressed, in unpadded base64url. Empty without a key."""
    if not enabled():
        return ""
    point = _vapid(settings.VAPID_PRIVATE_KEY).public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64url(point)


def new_key_pair() -> tuple[str, str]:
    """A new VAPID private key and its public key (`manage.py vapid_keys`)."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64url(key.private_numbers().private_value.to_bytes(32, "big")), base64url(public)


def base64url(data: bytes) -> str:
    """Unpadded base64url, as the Push API writes keys."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _from_base64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def wants_push(user: User, kind: str) -> bool:
    """Whether a notice of this kind goes to the player's devices (those they have)."""
    return enabled() and kind in PUSHED_KINDS and user.wants(kind, "push")


def devices(user: User) -> list[PushSubscription]:
    return list(user.push_subscriptions.all())


def add_device(*, request: HttpRequest, endpoint: str, p256dh: str, auth: str) -> PushSubscription:
    """Notify this browser of the signed-in player's notices. Its address stays one device's:
    the same browser added again (or by another player) is updated, not doubled."""
    if not enabled():
        raise PushRefused(_("This site does not send notifications to devices."))
    _check_endpoint(endpoint)
    _check_keys(p256dh, auth)
    device, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint,
        defaults={
            "user": request.user,
            "p256dh": p256dh,
            "auth": auth,
            "device": device_name(request.headers.get("User-Agent", "")),
        },
    )
    request.session[SESSION_KEY] = device.pk
    return device


def _check_endpoint(endpoint: str) -> None:
    """Only a known push service's https address: the worker posts to it."""
    try:
        parts = urlsplit(endpoint)
        host = parts.hostname or ""
    except ValueError:
        host, parts = "", None
    known = any(host == name or host.endswith("." + name) for name in settings.PUSH_SERVICE_HOSTS)
    if parts is None or parts.scheme != "https" or not known or len(endpoint) > 1000:
        raise PushRefused(_("This browser's push service is not one the site knows."))


def _check_keys(p256dh: str, auth: str) -> None:
    """The browser's P-256 public key and its 16-byte secret (RFC 8291), in base64url."""
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), _from_base64url(p256dh))
        secret = _from_base64url(auth)
    except (ValueError, binascii.Error):
        secret = b""
    if len(secret) != 16 or len(p256dh) > 100:
        raise PushRefused(_("The browser sent keys that cannot be used. Please try again."))


def remove_device(*, user: User, device_id: int) -> bool:
    """Stop notifying one of the player's devices; False if it is not theirs (or gone)."""
    removed, _kinds = PushSubscription.objects.filter(user=user, pk=device_id).delete()
    return bool(removed)


@receiver(user_logged_out)
def _forget_device_of_ended_session(
    sender: Any, request: HttpRequest, user: Any, **kwargs: Any
) -> None:
    """Logging out on a device stops its pushes: the next person there is not told of the
    player's matches."""
    device_id = request.session.get(SESSION_KEY) if request is not None else None
    if device_id is not None and user is not None:
        remove_device(user=user, device_id=device_id)


def device_name(user_agent: str) -> str:
    """The browser and system, as "Firefox · Android": enough to tell a player's devices
    apart in the list."""
    browsers = [
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"),
        ("Firefox/", "Firefox"),
        ("Chrome/", "Chrome"),
        ("Safari/", "Safari"),
    ]
    systems = [
        ("Android", "Android"),
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Windows", "Windows"),
        ("CrOS", "ChromeOS"),
        ("Mac OS X", "macOS"),
        ("Linux", "Linux"),
    ]
    browser = next((name for mark, name in browsers if mark in user_agent), "")
    system = next((name for mark, name in systems if mark in user_agent), "")
    if browser and system:
        return f"{browser} · {system}"
    return browser or system or user_agent[:60]


def message(notice: Notification) -> dict[str, str]:
    """What the service worker shows (`templates/webapp/sw.js`), in the reader's language."""
    user = notice.user
    with translation.override(user.language):
        return {
            "title": settings.SITE_NAME,
            "body": sentence(notice),
            "link": notice.link,
            "tag": device_tag(notice),
            "icon": static("img/icon-192.png"),
            "lang": user.language,
        }


@app.task(queue="mail", retry=RETRY_ON_OUTAGE)
def send_push(*, notification_id: int, attempt: int = 0) -> int:
    """Push one notice to the player's devices; returns to how many it went. Held until the
    player's quiet hours end, dropped if read meanwhile or if the player is at the match's
    table; mailed instead when the player has no device or none took it."""
    notice = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if notice is None or notice.read_at or notice.pushed_at:
        return 0
    user = notice.user
    targets = devices(user) if user.is_active and wants_push(user, notice.kind) else []
    if not targets:
        _mail_instead(notice)
        return 0
    resume = quiet_until(user, timezone.now())
    if resume is not None:
        send_push.configure(schedule_at=resume).defer(
            notification_id=notification_id, attempt=attempt
        )
        return 0
    if notice.match_id is not None and present(notice.match_id, [user.pk]):
        return 0
    payload = json.dumps(message(notice))
    with requests.Session() as session:
        outcomes = [_push(device, payload, device_tag(notice), session) for device in targets]
    if "delivered" in outcomes:
        notice.pushed_at = timezone.now()
        notice.save(update_fields=["pushed_at"])
        return outcomes.count("delivered")
    if "later" in outcomes and attempt < len(RETRY_AFTER_SECONDS):
        send_push.configure(schedule_in={"seconds": RETRY_AFTER_SECONDS[attempt]}).defer(
            notification_id=notification_id, attempt=attempt + 1
        )
        return 0
    _mail_instead(notice)
    return 0


def _mail_instead(notice: Notification) -> None:
    if notice.user.wants(notice.kind, "email"):
        send_notification_email.defer(notification_id=notice.pk)


def _push(device: PushSubscription, payload: str, topic: str, session: requests.Session) -> str:
    """One device: "delivered", "gone" (forgotten now), "later" (the service may take it
    on another try) or "refused" (it never will)."""
    keys = {"p256dh": device.p256dh, "auth": device.auth}
    subscription = {"endpoint": device.endpoint, "keys": keys}
    try:
        webpush(
            subscription,
            data=payload,
            vapid_private_key=_vapid(settings.VAPID_PRIVATE_KEY),
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            ttl=TTL_SECONDS,
            headers={"Urgency": "high", "Topic": topic},
            timeout=TIMEOUT_SECONDS,
            requests_session=session,
        )
    except WebPushException as failure:
        status = failure.response.status_code if failure.response is not None else None
        if status in (404, 410):
            device.delete()
            return "gone"
        if status is None or status == 429 or status >= 500:
            return "later"
        logger.warning("Push service refused a push to device %s: %s", device.pk, status)
        return "refused"
    except requests.RequestException:
        return "later"
    except ValueError:
        logger.warning("Device %s has keys no push can be encrypted with", device.pk)
        return "refused"
    return "delivered"


def queue(notice: Notification) -> None:
    """After commit, push the notice to the player's devices (or mail it if none takes it)."""
    notice_id = notice.pk
    transaction.on_commit(lambda: send_push.defer(notification_id=notice_id))


@checks.register(checks.Tags.security)
def _check_vapid_key(**kwargs: Any) -> list[checks.CheckMessage]:
    """A key that cannot sign would fail every push: say so when the site starts."""
    if not enabled():
        return []
    try:
        _vapid(settings.VAPID_PRIVATE_KEY)
    except (ValueError, binascii.Error, TypeError) as error:
        return [
            checks.Error(
                f"VAPID_PRIVATE_KEY is not a P-256 private key ({error}).",
                hint="Make one with `python manage.py vapid_keys`.",
                id="notifications.E001",
            )
        ]
    return []
