"""E-mails for notifications: sent by the task worker, in the reader's language, never in
quiet hours, always with a signed one-click unsubscribe link."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django_tasks import default_task_backend, task

from accounts.models import User
from notifications.models import Notification
from notifications.selectors import sentence

UNSUBSCRIBE_SALT = "notifications.unsubscribe"


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


@task()
def send_notification_email(*, notification_id: int) -> bool:
    """Mail one notice unless it was read meanwhile or mails of its kind were turned off."""
    notice = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if notice is None or notice.emailed_at or notice.read_at:
        return False
    user = notice.user
    if not user.email or not user.is_active or not user.wants(notice.kind, "email"):
        return False
    now = timezone.now()
    resume = quiet_until(user, now)
    if resume is not None:
        if default_task_backend.supports_defer:
            send_notification_email.using(run_after=resume).enqueue(notification_id=notification_id)
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
            headers={
                "List-Unsubscribe": f"<{unsubscribe}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            },
        )
        mail.attach_alternative(
            render_to_string("notifications/email/notice.html", context), "text/html"
        )
        mail.send()
    notice.emailed_at = now
    notice.save(update_fields=["emailed_at"])
    return True


def unsubscribe(*, token: str) -> tuple[User, str]:
    """Turn off e-mails of one kind for the player the signed link was made for."""
    user_id, kind = read_unsubscribe_token(token)
    user = User.objects.get(pk=user_id)
    preferences = dict(user.notification_preferences)
    preferences[kind] = {**preferences.get(kind, {}), "email": False}
    user.notification_preferences = preferences
    user.save(update_fields=["notification_preferences"])
    return user, kind
