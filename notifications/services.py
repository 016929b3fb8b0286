"""Creating and reading notifications. Callers create them inside their own transaction;
the bell of each recipient is told after commit, over the user's channel group."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from config.batch import Batch, Rows
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
    once_per_match: bool = False,
    email: bool = True,
    writes: Batch | None = None,
) -> list[Notification]:
    """Notify people (never bots), on the site and by e-mail as each of them chose.

    `once_per_match` keeps a single unread notice of this kind per match (e.g. "your turn"),
    so never more than one unread mail either. `email=False` for real-time matches, where the
    player is at the table: then the notices are written in one statement that skips the
    players who still have one unread (a unique constraint), and their bells are told anyway;
    that statement goes with the caller's other `writes` if given.
    """
    wanted = [
        user
        for user in users
        if not user.is_bot
        and user.deleted_at is None
        and (user.wants(kind, "site") or (email and user.wants(kind, "email")))
    ]
    if once_per_match and email:
        unread = set(
            Notification.objects.filter(
                user__in=wanted, kind=kind, match_id=match_id, read_at__isnull=True
            ).values_list("user_id", flat=True)
        )
        wanted = [user for user in wanted if user.pk not in unread]
    created = [
        Notification(user=user, kind=kind, link=link, match_id=match_id, params=params or {})
        for user in wanted
    ]
    if writes is not None and not email:
        writes.insert(created, ignore_conflicts=once_per_match)
    else:
        Notification.objects.bulk_create(created, ignore_conflicts=once_per_match and not email)
    for user_id in {n.user_id for n in created}:
        transaction.on_commit(lambda user_id=user_id: _ring(user_id))
    if email:
        for notice in created:
            if notice.user.wants(kind, "email"):
                transaction.on_commit(
                    lambda notice_id=notice.pk: send_notification_email.defer(
                        notification_id=notice_id
                    )
                )
    return created


def mark_match_read(*, user: User, match_id: int, writes: Batch | None = None) -> int | None:
    """Opening a match, or moving in it, reads its notifications. With `writes`, the statement
    goes with the caller's other writes, and the count is not known yet (None)."""
    unread = Notification.objects.filter(user=user, match_id=match_id, read_at__isnull=True)
    if writes is None:
        count = unread.update(read_at=timezone.now())
        if count:
            transaction.on_commit(lambda: _ring(user.pk))
        return count

    def ring_if_read(rows: Rows) -> None:
        if rows:
            transaction.on_commit(lambda: _ring(user.pk))

    writes.update(unread, read_at=timezone.now(), returning=["id"], then=ring_if_read)
    return None


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
