"""What one viewer reads of a table's talk, and whether they may join in."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from chat.models import LINE_LENGTH, ChatLine, ChatMute
from games.models import Seat
from lobby.models import Table

SHOWN_LINES = 50
"""How many of the newest lines a panel shows; older ones stay stored for the moderators."""


@dataclass(frozen=True)
class Said:
    """A line as the panel shows it."""

    id: int
    author_id: int
    author: str
    text: str
    said_at: datetime

    def message(self) -> dict[str, Any]:
        """The line as the table's sockets are told it (`chat.live`): no socket loads it."""
        return {
            "id": self.id,
            "author_id": self.author_id,
            "author": self.author,
            "text": self.text,
            "said_at": self.said_at.isoformat(),
        }

    @classmethod
    def told(cls, message: dict[str, Any]) -> Said:
        said_at = parse_datetime(message["said_at"])
        assert said_at is not None
        return cls(
            id=message["id"],
            author_id=message["author_id"],
            author=message["author"],
            text=message["text"],
            said_at=said_at,
        )


def said(line: ChatLine) -> Said:
    return Said(line.id, line.author_id, line.author.public_name, line.text, line.said_at)


@dataclass(frozen=True)
class Talk:
    """Everything the chat panel shows one viewer."""

    match_id: int
    lines: list[Said]
    viewer_id: int | None
    may_talk: bool
    why_not: str
    muted: list[tuple[int, str]]
    line_length: int = LINE_LENGTH

    def context(self, *, error: str | None = None, oob: bool = False) -> dict[str, Any]:
        return {"talk": self, "error": error, "oob": oob}


def may_talk(match_id: int, user: Any) -> tuple[bool, str]:
    """Whether `user` may say a line at this match's table (its people may watch it; the caller
    checks that), and if not, why. A match's players always may; its spectators only if the
    table's host allowed them."""
    if not getattr(user, "is_authenticated", False):
        return False, _("Sign in to talk at the table.")
    # A player who left is a spectator now; one who lets a bot play for them still plays.
    seated = Seat.objects.filter(match_id=match_id, user=user)
    if seated.exclude(is_bot=True, handed_at__isnull=True).exists():
        return True, ""
    if Table.objects.filter(match_id=match_id, spectators_chat=True).exists():
        return True, ""
    return False, _("Only the players talk at this table; spectators read along.")


def muted_by(user: Any) -> set[int]:
    """The players whose lines `user` does not want to read."""
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(ChatMute.objects.filter(user=user).values_list("muted_id", flat=True))


def talk_for(match_id: int, user: Any) -> Talk:
    """The newest lines of the match's talk that `user` reads (none by players they muted)."""
    signed_in = getattr(user, "is_authenticated", False)
    muted = list(ChatMute.objects.filter(user=user).select_related("muted")) if signed_in else []
    muted_ids = [mute.muted_id for mute in muted]
    lines = (
        ChatLine.objects.filter(match_id=match_id)
        .exclude(author_id__in=muted_ids)
        .select_related("author")
        .order_by("-id")[:SHOWN_LINES]
    )
    allowed, why_not = may_talk(match_id, user)
    return Talk(
        match_id=match_id,
        lines=[said(line) for line in reversed(lines)],
        viewer_id=user.pk if signed_in else None,
        may_talk=allowed,
        why_not=why_not,
        muted=sorted(
            ((mute.muted_id, mute.muted.public_name) for mute in muted), key=lambda m: m[1]
        ),
    )
