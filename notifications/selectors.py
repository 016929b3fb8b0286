"""Reads for the bell and the notifications page, and each notice's sentence."""

from __future__ import annotations

from django.db.models import Count, Max, QuerySet
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Match
from games.registry import GAMES
from notifications.models import Notification


def unread_state(user: User) -> tuple[int, str]:
    """The unread count, and a mark of what the bell shows (the count and the newest unread
    notice's time): a bell socket opened after its page was made compares the page's mark with
    the present one, so a notice given (or read) between the two is not missed."""
    unread = Notification.objects.filter(user=user, on_site=True, read_at__isnull=True)
    found = unread.aggregate(count=Count("pk"), newest=Max("created_at"))
    newest = found["newest"]
    return found["count"], f"{found['count']}-{int(newest.timestamp() * 1000) if newest else 0}"


def latest_unread(user: User, *, channel: str) -> Notification | None:
    """The newest unread notice, if the player wants its kind on that channel."""
    notice = Notification.objects.filter(user=user, on_site=True, read_at__isnull=True).first()
    return notice if notice and user.wants(notice.kind, channel) else None


def table_waiting(user: User) -> str | None:
    """The link of an unread notice that seats the player at a real-time table at once (a
    live tournament's round or arena: `params["at_once"]`), which a page with nothing left to
    play takes them to (`bell.js`); the table's page reads it. A table that ended meanwhile
    waits no more: a finished page would otherwise take them to a finished table."""
    playing = Match.objects.filter(status=Match.Status.ACTIVE).values("pk")
    notices = Notification.objects.filter(
        user=user, read_at__isnull=True, params__at_once=True, match_id__in=playing
    )
    return notices.values_list("link", flat=True).first()


def latest(user: User, limit: int = 20) -> QuerySet[Notification]:
    return Notification.objects.filter(user=user, on_site=True)[:limit]


def sentence(notification: Notification) -> str:
    """The notice in the active language (the reader's, not the sender's)."""
    params = dict(notification.params)
    info = GAMES.get(params.get("game", ""))
    params["game"] = str(info.name) if info else params.get("game", "")
    texts = {
        "your_turn": _("It is your turn in %(game)s #%(match)s."),
        "invitation": _("%(name)s invites you to a table of %(game)s."),
        "table_started": _("Your table of %(game)s has started."),
        "match_ended": _("%(game)s #%(match)s has ended: you placed %(rank)s."),
        "replaced_by_bot": _("Your time ran out in %(game)s #%(match)s; a bot plays your seat."),
        "turn_reminder": _("Two hours left for your move in %(game)s #%(match)s."),
        "seat_offer": _("%(name)s offers you their seat in %(game)s #%(match)s."),
        "tournament_round": _(
            "Round %(round)s of %(tournament)s seats you at %(game)s #%(match)s."
        ),
    }
    if notification.kind == "tournament_round" and "round" not in params:
        return _("%(tournament)s seats you at %(game)s #%(match)s.") % params
    if notification.kind == "turn_reminder" and "seconds" in params:
        text = _("Less than %(seconds)s seconds left on your clock in %(game)s #%(match)s.")
        return text % params
    return texts[notification.kind] % params


def device_tag(notice: Notification) -> str:
    """Where a notice shows on a device (a notification's tag, a push's topic): a match's
    notices share one place, so a newer one replaces the older."""
    match = notice.match_id or notice.params.get("match")
    return f"match-{match}" if match else f"{notice.kind}-{notice.pk}"
