"""Reads for the table: what one viewer (a seat or a spectator) may see of a match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Match, Move, Seat
from games.registry import GAMES, GameInfo
from games.rules import RECORD_FORMAT

LOG_LENGTH = 60


@dataclass(frozen=True)
class LogLine:
    seq: int
    seat: int
    text: str


@dataclass(frozen=True)
class PlayerPanel:
    number: int
    name: str
    url: str | None
    is_bot: bool
    is_you: bool
    to_act: bool
    score: int | None
    rank: int | None


@dataclass(frozen=True)
class Table:
    """Everything a table page, push or fallback renders for one viewer."""

    match: Match
    game: GameInfo
    seat: int | None
    view: dict[str, Any]
    legal: list[dict[str, Any]]
    names: list[str]
    players: list[PlayerPanel]
    status: str
    is_my_turn: bool
    log: list[LogLine]
    result: dict[str, Any] | None
    extra: dict[str, Any]

    @property
    def expected_seq(self) -> int:
        return self.match.move_count


def seat_of(match: Match, user: User | Any) -> int | None:
    """The seat this user plays at the match, or None for a spectator."""
    if not getattr(user, "is_authenticated", False):
        return None
    for seat in match.seats.all():
        if seat.user_id == user.pk and not seat.is_bot:
            return seat.number
    return None


def table_for(match: Match, user: User | Any) -> Table:
    info = GAMES[match.game]
    engine = info.engine
    seats: list[Seat] = sorted(match.seats.all(), key=lambda s: s.number)
    seat = seat_of(match, user)
    names = [s.user.public_name for s in seats]
    state = match.state
    acting = engine.to_act(state) if not match.is_over else set()
    view = engine.view(state, seat)
    legal = engine.legal_moves(state, seat) if seat is not None and seat in acting else []
    players = [
        PlayerPanel(
            number=s.number,
            name=names[s.number],
            url=None if s.user.deleted_at else s.user.get_absolute_url(),
            is_bot=s.is_bot,
            is_you=s.number == seat,
            to_act=s.number in acting,
            score=s.score,
            rank=s.rank,
        )
        for s in seats
    ]
    return Table(
        match=match,
        game=info,
        seat=seat,
        view=view,
        legal=legal,
        names=names,
        players=players,
        status=info.table.status_text(view, seat, names),
        is_my_turn=bool(legal),
        log=game_log(match, seat, names),
        result=match.result,
        extra=info.table.table_context(view, legal, seat, names),
    )


def visible_events(events: list[dict[str, Any]], viewer: int | None) -> list[dict[str, Any]]:
    """Drop the events meant for other seats only."""
    return [
        event
        for event in events
        if "visible_to" not in event or (viewer is not None and viewer in event["visible_to"])
    ]


def game_log(match: Match, viewer: int | None, names: list[str]) -> list[LogLine]:
    """The newest log lines first, in the active language, hidden information left out."""
    describe = GAMES[match.game].table.describe
    moves = Move.objects.filter(match=match).order_by("-seq")[:LOG_LENGTH]
    lines: list[LogLine] = []
    for move in moves:
        texts = [describe(event, names, viewer) for event in visible_events(move.events, viewer)]
        for text in reversed([t for t in texts if t]):
            lines.append(LogLine(seq=move.seq, seat=move.seat, text=text))
    return lines


def record_of(match: Match) -> dict[str, Any]:
    """The match as a game record (the contract's JSON format); only once it is over."""
    if not match.is_over:
        raise ValueError(_("The record of a match is published when it ends."))
    seats = sorted(match.seats.all(), key=lambda s: s.number)
    return {
        "format": RECORD_FORMAT,
        "game": match.game,
        "seats": [s.user.username for s in seats],
        "options": match.options,
        "seed": int(match.seed),
        "stack": match.stack,
        "moves": [
            {"seat": seat, "move": payload}
            for seat, payload in match.moves.order_by("seq").values_list("seat", "payload")
        ],
    }
