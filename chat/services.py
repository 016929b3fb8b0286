"""Writes on a table's talk: say a line, mute or unmute a player, report a line. Each checks,
stores and tells the sockets after commit; views and the table's socket only call these."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.sockets import account_group
from chat.models import LINE_LENGTH, ChatLine, ChatMute, ChatReport
from chat.selectors import may_talk, said
from config.guards import storable, whole_number
from games.live import tell_group
from games.models import Match, Seat
from games.selectors import may_watch
from games.services import match_group


class ChatRefused(Exception):  # noqa: N818 - a refusal, not a failure
    """A line or request the server will not take; the message is shown as it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _text(text: Any, *, required: bool) -> str:
    """The text without the spaces around it; refused if it is not text, too long, empty (when
    `required`) or holds what PostgreSQL cannot store (`config.guards.storable`)."""
    if not isinstance(text, str) or not storable(text):
        raise ChatRefused(_("The line contains a character that is not allowed."))
    text = text.strip()
    if required and not text:
        raise ChatRefused(_("Write something to say first."))
    if len(text) > LINE_LENGTH:
        raise ChatRefused(
            _("A line may be at most %(limit)d characters long.") % {"limit": LINE_LENGTH}
        )
    return text


def say(*, match_id: int, user: Any, text: Any) -> ChatLine:
    """Say a line at the table: every socket at it is told the line itself after commit, and
    renders it for its own viewer (`chat.live`)."""
    text = _text(text, required=True)
    if not may_watch(match_id, user):
        raise ChatRefused(_("This match does not exist."))
    allowed, why_not = may_talk(match_id, user)
    if not allowed:
        raise ChatRefused(why_not)
    with transaction.atomic():
        line = ChatLine.objects.create(match_id=match_id, author=user, text=text)
        message = {"type": "chat.said", **said(line).message()}
        transaction.on_commit(lambda: tell_group(match_group(match_id), message))
    return line


def mute(*, user: User, match_id: int, player_id: Any, muted: bool = True) -> User:
    """Stop (or, with `muted=False`, start again) reading a player's lines, at every table;
    the player's open tables are told to read their mutes again. Only a player met at this
    match's table (seated at it, or who said a line there) can be muted, and only a muted one
    read again: an id alone names nobody, so no account's name is told."""
    player = User.objects.filter(pk=whole_number(player_id)).first()
    if player is not None and player.pk == user.pk:
        raise ChatRefused(_("You cannot mute yourself."))
    if not muted:
        if player is None or not ChatMute.objects.filter(user=user, muted=player).exists():
            raise ChatRefused(_("You have not muted this player."))
    elif player is None or not (
        Seat.objects.filter(match_id=match_id, user=player).exists()
        or ChatLine.objects.filter(match_id=match_id, author=player).exists()
    ):
        raise ChatRefused(_("There is no such player at this table."))
    with transaction.atomic():
        if muted:
            ChatMute.objects.get_or_create(user=user, muted=player)
        else:
            ChatMute.objects.filter(user=user, muted=player).delete()
        group = account_group(user.pk)
        transaction.on_commit(lambda: tell_group(group, {"type": "chat.mutes"}))
    return player


def author_deleted(*, user: User) -> None:
    """The lines of a deleted account stay (the moderators may need them) and show as the
    deleted player's: the tables of its matches still on that are open show their talk again
    (`chat.changed`); a page opened later reads the name the account has now."""
    talked = ChatLine.objects.filter(author=user, match__status=Match.Status.ACTIVE)
    for match_id in set(talked.values_list("match_id", flat=True)):
        group = match_group(match_id)
        transaction.on_commit(lambda group=group: tell_group(group, {"type": "chat.changed"}))


def report(*, user: User, line_id: Any, reason: Any) -> ChatReport:
    """Report a line to the moderators (the admin lists reports); reporting it again keeps the
    first report."""
    reason = _text(reason, required=False)
    line = ChatLine.objects.filter(pk=whole_number(line_id)).first()
    if line is None or not may_watch(line.match_id, user):
        raise ChatRefused(_("There is no such line."))
    if line.author_id == user.pk:
        raise ChatRefused(_("You cannot report your own line."))
    found, _created = ChatReport.objects.get_or_create(
        line=line, reporter=user, defaults={"reason": reason}
    )
    return found
