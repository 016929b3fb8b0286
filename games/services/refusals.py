"""What a write refuses, as the player reads it."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.rules import IllegalMove


class MoveRefused(Exception):  # noqa: N818 - a refusal, not a failure
    """A move the server will not record; the message is shown to the player as it is."""

    def __init__(self, message: str, *, stale: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.stale = stale


def refusal_text(refusal: IllegalMove) -> str:
    """The engine's refusal in the active language, the names it fills in translated too."""
    names = {key: _(name) for key, name in refusal.names.items()}
    return _(refusal.template) % names if names else _(refusal.template)


class SessionEnded(Exception):  # noqa: N818 - a verdict, not a failure
    """The socket's session no longer signs its player in: the move is not even read."""
