"""What every game's table names alike: its players, lists of names, signed numbers, and the
words of the envelope every move passes before its game's own rules (`games.rules.check_move`),
which the engines raise in English and are listed here for translation. A game's `labels`
module re-exports the helpers it uses, so that its table imports its names from one place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_noop

from games.translated import gettext as _

View = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]

ENGINE_MESSAGES = (
    gettext_noop("The game is over."),
    gettext_noop("Not your turn."),
    gettext_noop("A move must be an object."),
    gettext_noop("Unknown move type."),
    gettext_noop("Malformed move: missing fields: %(fields)s."),
    gettext_noop("Malformed move: unexpected fields: %(fields)s."),
)


def join_names(names: Sequence[str]) -> str:
    """ "Eva", "Eva and Jan", "Eva, Jan and Bob" in the active language."""
    if len(names) <= 1:
        return "".join(names)
    return _("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def signed(value: int) -> str:
    """A number of points or a card's value with its sign, a real minus: +4, 0, −3."""
    return f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0"


def player_name(names: Sequence[str], seat: int) -> str:
    """The name of the seat's player, or its number where the names do not reach it."""
    if 0 <= seat < len(names):
        return names[seat]
    return _("Player %(number)s") % {"number": seat + 1}
