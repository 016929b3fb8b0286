"""Creating and reading notifications. Callers create them inside their own transaction;
the bell of each recipient is told after commit, over the user's channel group."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from config.batch import Batch, Rows
from games.live import tell_group
from notifications.mail import send_notification_email
from notifications.models import Notification
from notifications.push import queue as queue_push
from notifications.push import wants_push


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
    writes: Batch | None = None,
) -> list[Notification]:
    """Notify people (never bots), on the site and by e-mail as each of them chose.

    Notices of one match are grouped: a player has one notice of a kind per match, and a new one
    updates it (its details and time, unread again) instead of adding another. A notice still
    unread is not mailed again, so a player gets at most one unread mail per match and kind.
    A notice that would be mailed goes first to the player's devices (`notifications.push`),
    and is mailed only if none takes it. `email=False` keeps it on the site (a real-time
    match, where the player is at the table); then, with `writes`, the grouped notices are
    one statement sent with the caller's other writes (`_renew_in_batch`), and nothing is
    returned.
    """
    wanted = [
        user
        for user in users
        if not user.is_bot
        and user.deleted_at is None
        and (
            user.wants(kind, "site")
            or (email and (user.wants(kind, "email") or wants_push(user, kind)))
        )
    ]
    if not wanted:
        return []
    if writes is not None and not email:
        _renew_in_batch(writes, wanted, kind=kind, link=link, match_id=match_id, params=params)
        for user in wanted:
            transaction.on_commit(lambda user_id=user.pk: _ring(user_id))
        return []
    fresh, renewed, to_mail = _grouped(
        wanted, kind=kind, link=link, match_id=match_id, params=params
    )
    for user in wanted:
        transaction.on_commit(lambda user_id=user.pk: _ring(user_id))
    if email:
        _send_on(to_mail, kind)
    return fresh + renewed


def _grouped(
    users: list[User],
    *,
    kind: str,
    link: str,
    match_id: int | None,
    params: dict[str, Any] | None,
) -> tuple[list[Notification], list[Notification], list[Notification]]:
    """`notify`'s notices written: each player's newest of this kind and match renewed (unread
    again, and to be sent on again if it had been read), a new one for the others. Returns the
    new ones, the renewed ones, and those to send on."""
    existing: dict[int, Notification] = {}
    if match_id is not None:
        grouped = Notification.objects.filter(user__in=users, kind=kind, match_id=match_id)
        newest = grouped.order_by("user_id", "-created_at", "-pk").distinct("user_id")
        existing = {notice.user_id: notice for notice in newest}
    now = timezone.now()
    fresh: list[Notification] = []
    renewed: list[Notification] = []
    to_mail: list[Notification] = []
    for user in users:
        notice = existing.get(user.pk)
        if notice is None:
            notice = Notification(user=user, kind=kind, link=link, match_id=match_id)
            fresh.append(notice)
            to_mail.append(notice)
        else:
            if notice.read_at is not None:
                notice.emailed_at = None
                notice.pushed_at = None
                to_mail.append(notice)
            notice.read_at = None
            notice.link = link
            notice.created_at = now
            renewed.append(notice)
        notice.user = user
        notice.params = params or {}
    Notification.objects.bulk_create(fresh)
    Notification.objects.bulk_update(
        renewed, ["read_at", "link", "params", "created_at", "emailed_at", "pushed_at"]
    )
    return fresh, renewed, to_mail


def _send_on(notices: list[Notification], kind: str) -> None:
    """Each notice to the player's devices if they take this kind, else by mail if they want
    it so (`notifications.push`, `notifications.mail`)."""
    for notice in notices:
        if wants_push(notice.user, kind):
            queue_push(notice)
        elif notice.user.wants(kind, "email"):
            transaction.on_commit(
                lambda notice_id=notice.pk: send_notification_email.defer(notification_id=notice_id)
            )


def _renew_in_batch(
    writes: Batch,
    users: list[User],
    *,
    kind: str,
    link: str,
    match_id: int | None,
    params: dict[str, Any] | None,
) -> None:
    """`notify`'s grouping as one statement: each player's notice of this kind and match (the
    unread one first, so there is never a second unread) is renewed, and the players who have
    none get a new one."""
    table = Notification._meta.db_table
    now = timezone.now()
    details = json.dumps(params or {})
    user_ids = [user.pk for user in users]
    writes.add(
        f"""WITH newest AS (
                SELECT DISTINCT ON (user_id) id FROM {table}
                WHERE user_id = ANY(%s) AND kind = %s AND match_id IS NOT DISTINCT FROM %s
                ORDER BY user_id, read_at IS NULL DESC, created_at DESC, id DESC
            ), renewed AS (
                UPDATE {table} AS notice
                SET read_at = NULL, link = %s, params = %s::jsonb, created_at = %s
                FROM newest WHERE notice.id = newest.id RETURNING notice.user_id
            )
            INSERT INTO {table} (user_id, kind, params, link, match_id, created_at, on_site)
            SELECT wanted.user_id, %s, %s::jsonb, %s, %s, %s, TRUE
            FROM unnest(%s::bigint[]) AS wanted(user_id)
            WHERE wanted.user_id NOT IN (SELECT user_id FROM renewed)""",
        [
            *(user_ids, kind, match_id),  # newest
            *(link, details, now),  # renewed
            *(kind, details, link, match_id, now, user_ids),  # the players who had none
        ],
    )


def mark_match_read(*, user: User, match_id: int, writes: Batch | None = None) -> int | None:
    """Opening a match, or moving in it, reads its notifications. With `writes`, the statement
    goes with the caller's other writes, and the count is not known yet (None)."""
    if writes is None:
        unread = Notification.objects.filter(user=user, match_id=match_id, read_at__isnull=True)
        count = unread.update(read_at=timezone.now())
        if count:
            transaction.on_commit(lambda: _ring(user.pk))
        return count

    def ring_if_read(rows: Rows) -> None:
        if rows:
            transaction.on_commit(lambda: _ring(user.pk))

    # Plain SQL: a move sends it with its other writes, and compiling the ORM's UPDATE cost
    # more than sending it.
    writes.add(
        f"UPDATE {Notification._meta.db_table} SET read_at = %s"
        " WHERE user_id = %s AND match_id = %s AND read_at IS NULL RETURNING id",
        [timezone.now(), user.pk, match_id],
        then=ring_if_read,
    )
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
