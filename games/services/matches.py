"""A match begun: dealt for its players (a person against the site's bots at once), or recreated
from its game record."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from config.batch import Batch
from games.models import Match, Seat
from games.registry import GAMES, GameInfo
from games.rules import RECORD_FORMAT
from games.services.announce import after_commit, tell_my_games
from games.services.clocks import ARRIVAL_SECONDS, run_clocks
from games.services.locks import locked
from games.services.moves import notify_turns
from games.services.moves import record as record_move
from games.services.refusals import MoveRefused


def start_match(
    *,
    game: str,
    players: Sequence[User],
    options: dict[str, Any] | None = None,
    rated: bool = False,
    pace: str = Match.Pace.LIVE,
    seed: int | None = None,
    stack: dict[str, Any] | None = None,
    clock_seconds: int | None = None,
    increment_seconds: int = 0,
    move_hours: int | None = None,
    bot_level: str = Seat.Level.NORMAL,
    awaited: bool = False,
) -> Match:
    """Seat the players in the given order and deal; the seed is fresh 128-bit randomness.

    A real-time match gives each player `clock_seconds` plus `increment_seconds` a move; a
    turn-based one `move_hours` for each move. Without either nobody is timed (bot games).
    The bots among the players play at `bot_level`. A match `awaited` seats people who may
    not be at hand (the site seated them): each real-time clock waits for its player to come
    to the table, `ARRIVAL_SECONDS` at most (`Seat.awaited_until`).
    """
    info = _playable(game)
    _check_players(info, players, bot_level)
    seed = secrets.randbits(128) if seed is None else seed
    options = info.clean_options(options, seats=len(players))
    state = info.engine.setup(len(players), options, seed, stack)
    with transaction.atomic():
        match = Match.objects.create(
            game=game,
            options=options,
            seed=str(seed),
            stack=stack,
            rated=rated,
            pace=pace,
            clock_seconds=clock_seconds if pace == Match.Pace.LIVE else None,
            increment_seconds=increment_seconds if pace == Match.Pace.LIVE else 0,
            move_hours=move_hours if pace == Match.Pace.TURN_BASED else None,
            state=state,
        )
        now = timezone.now()
        until = now + timedelta(seconds=ARRIVAL_SECONDS) if awaited else None
        match.seat_list = _seat(match, players, bot_level, until)
        writes = Batch()
        run_clocks(match, info, mover=None, before=set(), now=now, writes=writes)
        notify_turns(match, info, before=set(), writes=writes)
        writes.send()
        tell_my_games({s.user_id for s in match.seat_list if not s.is_bot})
        after_commit(match, info)
    return match


def _check_players(info: GameInfo, players: Sequence[User], bot_level: str) -> None:
    """Refuse a table the game cannot be played at: too few or many players, one player in two
    seats, or a level the bots do not have."""
    if not info.min_players <= len(players) <= info.max_players:
        raise ValueError(
            _("%(game)s is played by %(low)d to %(high)d players.")
            % {"game": info.name, "low": info.min_players, "high": info.max_players}
        )
    if len({player.pk for player in players}) != len(players):
        raise ValueError(_("A player cannot sit twice at one table."))
    if bot_level not in Seat.Level.values:
        raise ValueError(_("Choose one of the bots' levels: easy, normal or strong."))


def _seat(
    match: Match, players: Sequence[User], bot_level: str, awaited_until: datetime | None
) -> list[Seat]:
    """The players in their seats, in order, each with the match's starting clock; a person's
    real-time clock waits for them until `awaited_until`, if given."""
    waits = match.clock_seconds is not None
    return Seat.objects.bulk_create(
        Seat(
            match=match,
            number=number,
            user=player,
            is_bot=player.is_bot,
            bot_level=bot_level if player.is_bot else Seat.Level.NORMAL,
            time_left_ms=match.clock_seconds * 1000 if match.clock_seconds else None,
            awaited_until=awaited_until if waits and not player.is_bot else None,
        )
        for number, player in enumerate(players)
    )


def import_record(*, record: dict[str, Any], players: Sequence[User]) -> Match:
    """Recreate a match from its game record: the same seed and stack, every move replayed
    through the engine and stored; a move the engine refuses stops the import."""
    if record.get("format") != RECORD_FORMAT:
        raise ValueError(_("This is not a game record."))
    if len(players) != len(record["seats"]):
        raise ValueError(_("The record has a different number of seats."))
    with transaction.atomic():
        match = start_match(
            game=record["game"],
            players=players,
            options=record.get("options") or {},
            seed=int(record["seed"]),
            stack=record.get("stack"),
        )
        match = locked(match.pk)
        for index, entry in enumerate(record["moves"]):
            try:
                record_move(match, entry["seat"], entry["move"], match.move_count, wake_bots=False)
            except MoveRefused as refusal:
                raise ValueError(
                    _("Move %(index)d of the record is refused: %(reason)s")
                    % {"index": index, "reason": refusal.message}
                ) from None
    return match


def playable_game(game: str) -> GameInfo | None:
    """The game, if a match of it may be started here (a game without its rules written yet is
    listed but not played)."""
    info = GAMES.get(game)
    return info if info is not None and info.playable else None


def _playable(game: str) -> GameInfo:
    info = playable_game(game)
    if info is None:
        raise ValueError(_("This game cannot be played here yet."))
    return info


def site_bots(count: int, *, leaving_out: Collection[int] = ()) -> list[User]:
    """Up to `count` of the site's bots (active ones, not those `leaving_out`), always the same
    ones first (by name), so a table of bots reads the same each time."""
    bots = User.objects.filter(is_bot=True, is_active=True).exclude(pk__in=leaving_out)
    return list(bots.order_by("username")[:count])


def play_against_bots(
    *,
    user: User,
    game: str,
    seats: int,
    options: dict[str, Any] | None = None,
    level: str = Seat.Level.NORMAL,
) -> Match:
    """Start a match at once: the player in the first seat, the site's bots at `level` in the
    others."""
    bots = site_bots(seats - 1)
    if len(bots) < seats - 1:
        raise MoveRefused(_("Not enough bots are available right now."))
    return start_match(game=game, players=[user, *bots], options=options, bot_level=level)
