"""E-mails for notifications: sent by the task worker, in the reader's language, never in
quiet hours, always with a signed one-click unsubscribe link."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from procrastinate.contrib.django import app

from accounts.models import User
from accounts.preferences import NOTIFICATION_KINDS
from config.worker import RETRY_UNTIL_DELIVERED
from games.models import Match
from notifications.models import Notification, PendingDigest
from notifications.selectors import sentence

UNSUBSCRIBE_SALT = "notifications.unsubscribe"
DIGEST = "digest"
"""The unsubscribe link of a digest, which lists notices of every kind, turns off every mail."""
DIGEST_HOUR = time(8)


def unsubscribe_token(user: User, kind: str) -> str:
    return signing.dumps({"user": user.pk, "kind": kind}, salt=UNSUBSCRIBE_SALT)


def read_unsubscribe_token(token: str) -> tuple[int, str]:
    """The user and kind a link was made for; raises `signing.BadSignature` if forged."""
    data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    return int(data["user"]), str(data["kind"])


def quiet_until(user: User, now: datetime) -> datetime | None:
    """The end of the player's quiet hours if `now` falls in them, else None."""
    start, end = user.quiet_hours_start, user.quiet_hours_end
    if start is None or end is None or start == end:
        return None
    local = now.astimezone(user.zone)
    clock = local.time()
    inside = start <= clock < end if start < end else clock >= start or clock < end
    if not inside:
        return None
    ends = datetime.combine(local.date(), end, tzinfo=user.zone)
    if ends <= local:
        ends += timedelta(days=1)
    return ends


@app.task(queue="mail", retry=RETRY_UNTIL_DELIVERED)
def send_notification_email(*, notification_id: int) -> bool:
    """Mail one notice unless it was read meanwhile or mails of its kind were turned off."""
    notice = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if notice is None or notice.emailed_at or notice.read_at:
        return False
    user = notice.user
    if not user.email or not user.is_active or not user.wants(notice.kind, "email"):
        return False
    now = timezone.now()
    if user.email_digest:
        _queue_digest(user, now)
        return False
    resume = quiet_until(user, now)
    if resume is not None:
        send_notification_email.configure(schedule_at=resume).defer(notification_id=notification_id)
        return False
    site = settings.SITE_URL.rstrip("/")
    unsubscribe = site + reverse(
        "notifications_unsubscribe", args=[unsubscribe_token(user, notice.kind)]
    )
    with translation.override(user.language):
        text = sentence(notice)
        context = {
            "user": user,
            "text": text,
            "link": site + notice.link,
            "unsubscribe": unsubscribe,
        }
        mail = EmailMultiAlternatives(
            subject=f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}{text}",
            body=render_to_string("notifications/email/notice.txt", context),
            to=[user.email],
            headers=_unsubscribe_headers(unsubscribe),
        )
        mail.attach_alternative(
            render_to_string("notifications/email/notice.html", context), "text/html"
        )
        mail.send()
    notice.emailed_at = now
    notice.save(update_fields=["emailed_at"])
    return True


def _unsubscribe_headers(link: str) -> dict[str, str]:
    """RFC 2369 and RFC 8058: mail clients offer an unsubscribe button that POSTs to `link`."""
    return {
        "List-Unsubscribe": f"<{link}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }


def next_digest_time(user: User, now: datetime) -> datetime:
    """The next 8 o'clock in the player's time zone."""
    local = now.astimezone(user.zone)
    due = datetime.combine(local.date(), DIGEST_HOUR, tzinfo=user.zone)
    return due if due > local else due + timedelta(days=1)


def _queue_digest(user: User, now: datetime) -> None:
    due = next_digest_time(user, now)
    _pending, created = PendingDigest.objects.get_or_create(user=user, defaults={"due_at": due})
    if created:
        send_digest.configure(schedule_at=due).defer(user_id=user.pk)


@app.task(queue="mail", retry=RETRY_UNTIL_DELIVERED)
def send_digest(*, user_id: int) -> int:
    """One mail with every notice not yet read, mailed or pushed to a device; returns how
    many it listed."""
    PendingDigest.objects.filter(user_id=user_id).delete()
    user = User.objects.filter(pk=user_id, is_active=True).first()
    if user is None or not user.email:
        return 0
    unread = Notification.objects.filter(
        user=user, read_at__isnull=True, emailed_at__isnull=True, pushed_at__isnull=True
    ).order_by("created_at")
    playing = _live_matches_on({notice.match_id for notice in unread if notice.match_id})
    notices = [
        notice
        for notice in unread
        if user.wants(notice.kind, "email") and notice.match_id not in playing
    ]
    if not notices:
        return 0
    site = settings.SITE_URL.rstrip("/")
    settings_link = site + reverse("edit_profile")
    unsubscribe = site + reverse(
        "notifications_unsubscribe", args=[unsubscribe_token(user, DIGEST)]
    )
    with translation.override(user.language):
        lines = [(sentence(notice), site + notice.link) for notice in notices]
        context = {"user": user, "lines": lines, "settings_link": settings_link}
        mail = EmailMultiAlternatives(
            subject=settings.ACCOUNT_EMAIL_SUBJECT_PREFIX
            + render_to_string("notifications/email/digest_subject.txt", context).strip(),
            body=render_to_string("notifications/email/digest.txt", context),
            to=[user.email],
            headers=_unsubscribe_headers(unsubscribe),
        )
        mail.attach_alternative(
            render_to_string("notifications/email/digest.html", context), "text/html"
        )
        mail.send()
    Notification.objects.filter(pk__in=[n.pk for n in notices]).update(emailed_at=timezone.now())
    return len(notices)


def _live_matches_on(match_ids: set[int]) -> set[int]:
    """Those of the matches that are real-time and still being played: never mailed about."""
    if not match_ids:
        return set()
    live = Match.objects.filter(
        pk__in=match_ids, pace=Match.Pace.LIVE, status=Match.Status.ACTIVE
    ).values_list("pk", flat=True)
    return set(live)


def unsubscribe_link_owner(*, token: str) -> tuple[User, str]:
    """The player and the kind of mail a signed unsubscribe link is for; raises
    `signing.BadSignature` if forged, `User.DoesNotExist` if the player is gone."""
    user_id, kind = read_unsubscribe_token(token)
    return User.objects.get(pk=user_id), kind


def unsubscribe(*, token: str) -> tuple[User, str]:
    """Turn off e-mails of one kind (of every kind, from a digest) for the player the signed
    link was made for."""
    user, kind = unsubscribe_link_owner(token=token)
    preferences = dict(user.notification_preferences)
    for each in NOTIFICATION_KINDS if kind == DIGEST else [kind]:
        preferences[each] = {**preferences.get(each, {}), "email": False}
    user.notification_preferences = preferences
    user.save(update_fields=["notification_preferences"])
    return user, kind
