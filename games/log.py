"""What the table says in words alike for every game: the log line of an engine event (the
game's `log.LINES` say each event type's sentence; choosing the sentence, leaving out another
seat's private events and naming the event's seat happen here once), the cards a line names,
and the status line of a finished game."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from games.labels import join_names, player_name
from games.translated import gettext as _
from games.translated import ngettext

Event = dict[str, Any]
Line = Callable[[Event, list[str], int | None, bool, str], str | None]
"""One event type's sentence: `(event, names, viewer, you, name)`, where `you` says the viewer
is the event's seat and `name` is how the line names that seat; None leaves the event out."""
SeatName = Callable[[Sequence[str], Any], str]


def seat_name(names: Sequence[str], seat: Any) -> str:
    """How a line names a seat: its player's name, its number where the names do not reach it,
    nothing for an event of no seat."""
    return player_name(names, seat) if isinstance(seat, int) else ""


def describe(
    lines: Mapping[str, Line],
    name_of: SeatName,
    event: Event,
    names: list[str],
    viewer: int | None,
) -> str | None:
    """The log line for one engine event in the active language, or None if the log skips it.

    An event meant for some seats only (`visible_to`) is told to them alone; a replay of a
    finished game strips `visible_to`, and such events then read by name."""
    visible_to = event.get("visible_to")
    if visible_to is not None and (viewer is None or viewer not in visible_to):
        return None
    kind = event.get("type")
    line = lines.get(kind) if isinstance(kind, str) else None
    if line is None:
        return None
    seat = event.get("seat")
    you = isinstance(seat, int) and seat == viewer
    return line(event, names, viewer, you, name_of(names, seat) if seat is not None else "")


def final_scores(scores: Sequence[int], names: Sequence[str]) -> str:
    """ "Eva 51, Jan 48": every seat's final score, for a game-over line."""
    return ", ".join(
        _("%(name)s %(total)s") % {"name": player_name(names, p), "total": score}
        for p, score in enumerate(scores)
    )


def final_scores_line(sentence: str) -> Line:
    """The game-over line of a game that ends on its scores: `sentence` (a msgid, marked with
    `gettext_noop` where the game names it) with every seat's final score as `%(list)s`."""

    def line(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
        return _(sentence) % {"list": final_scores(event["scores"], names)}

    return line


def names_nothing(event: Event) -> list[str]:
    """The marks of a game whose log lines name nothing on the table."""
    return []


def open_card(events: Collection[str]) -> Callable[[Event], list[str]]:
    """The marks of a game whose `events` each name one card (`card`), lying open on the table
    when the line is read."""

    def marks(event: Event) -> list[str]:
        return [str(event["card"])] if event.get("type") in events else []

    return marks


def over_text(result: dict[str, Any], seat: int | None, names: list[str], name_of: SeatName) -> str:
    """The status line of a finished game: who won, addressed to the viewer when it is one of
    them (the log and the score sheet have the scores)."""
    winners = list(result.get("winners", []))
    if result.get("ended_early"):
        return _("The match was ended early. Winner: %(names)s.") % {
            "names": ", ".join(name_of(names, w) for w in winners)
        }
    if seat is not None and seat in winners:
        others = [name_of(names, w) for w in winners if w != seat]
        if others:
            return _("Game over: you share the win with %(names)s.") % {"names": join_names(others)}
        return _("Game over: you win!")
    if winners:
        return ngettext("Game over: %(names)s wins.", "Game over: %(names)s win.", len(winners)) % {
            "names": join_names([name_of(names, w) for w in winners])
        }
    return _("Game over.")
