"""Creating and reading notifications. Callers create them inside their own transaction;
the bell of each recipient is told after commit, over the user's channel group."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.live import tell_group
from notifications.mail import send_notification_email
from notifications.models import Notification


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def notify(
    *,
    users: Iterable[User],
    kind: str,
    link: str,
    match_id: int | None = None,
    params: dict[str, Any] | None = None,
    email: bool = True,
) -> list[Notification]:
    """Notify people (never bots), on the site and by e-mail as each of them chose.

    Notices of one match are grouped: a player has one notice of a kind per match, and a new one
    updates it (its details and time, unread again) instead of adding another. A notice still
    unread is not mailed again, so a player gets at most one unread mail per match and kind.
    `email=False` keeps it on the site (a real-time match, where the player is at the table).
    """
    wanted = [
        user
        for user in users
        if not user.is_bot
        and user.deleted_at is None
        and (user.wants(kind, "site") or (email and user.wants(kind, "email")))
    ]
    if not wanted:
        return []
    existing: dict[int, Notification] = {}
    if match_id is not None:
        grouped = Notification.objects.filter(user__in=wanted, kind=kind, match_id=match_id)
        newest = grouped.order_by("user_id", "-created_at", "-pk").distinct("user_id")
        existing = {notice.user_id: notice for notice in newest}
    now = timezone.now()
    fresh: list[Notification] = []
    renewed: list[Notification] = []
    to_mail: list[Notification] = []
    for user in wanted:
        notice = existing.get(user.pk)
        if notice is None:
            notice = Notification(user=user, kind=kind, link=link, match_id=match_id)
            fresh.append(notice)
            to_mail.append(notice)
        else:
            if notice.read_at is not None:
                notice.emailed_at = None
                to_mail.append(notice)
            notice.read_at = None
            notice.link = link
            notice.created_at = now
            renewed.append(notice)
        notice.user = user
        notice.params = params or {}
    Notification.objects.bulk_create(fresh)
    Notification.objects.bulk_update(
        renewed, ["read_at", "link", "params", "created_at", "emailed_at"]
    )
    for user in wanted:
        transaction.on_commit(lambda user_id=user.pk: _ring(user_id))
    if email:
        for notice in to_mail:
            if notice.user.wants(kind, "email"):
                transaction.on_commit(
                    lambda notice_id=notice.pk: send_notification_email.defer(
                        notification_id=notice_id
                    )
                )
    return fresh + renewed


def mark_match_read(*, user: User, match_id: int) -> int:
    """Opening a match reads its notifications."""
    count = Notification.objects.filter(user=user, match_id=match_id, read_at__isnull=True).update(
        read_at=timezone.now()
    )
    if count:
        transaction.on_commit(lambda: _ring(user.pk))
    return count


def mark_answered(*, user_id: int, kind: str, link: str) -> int:
    """A notice that asked a question (a seat offer) is read once the question is settled."""
    count = Notification.objects.filter(
        user_id=user_id, kind=kind, link=link, read_at__isnull=True
    ).update(read_at=timezone.now())
    if count:
        transaction.on_commit(lambda: _ring(user_id))
    return count


def mark_all_read(*, user: User) -> int:
    count = Notification.objects.filter(user=user, read_at__isnull=True).update(
        read_at=timezone.now()
    )
    if count:
        transaction.on_commit(lambda: _ring(user.pk))
    return count


def _ring(user_id: int) -> None:
    tell_group(user_group(user_id), {"type": "bell.changed"})
