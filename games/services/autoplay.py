"""A bot that plays for a person who stays: letting a bot of a chosen level play one's own seat,
and taking the seat back at any moment.

Apart from `seats` (which hands over seats of people who leave) because a seat taken back
starts its clock again, and the clocks hand a seat whose time ran out over through `seats`."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Seat
from games.registry import GAMES
from games.services.announce import after_commit, tell_my_games
from games.services.clocks import pause_clock, resume_clock
from games.services.locks import locked
from games.services.refusals import MoveRefused
from games.services.seats import held_seat


def let_bot_play(*, match_id: int, user: User, level: str) -> Seat:
    """A bot of `level` plays the player's seat from now on, until they take it back; their
    clock stops (a bot seat has none) and their turns no longer call them.

    A bot must not earn rating for a person, so a rated match with other people refuses it:
    resigning or abandoning is the way out there. Against bots only, or alone (Ostrov koček's
    solo game against the sister), a match is not rated and the player may watch a bot play."""
    if level not in Seat.Level.values:
        raise MoveRefused(_("Choose one of the bots' levels: easy, normal or strong."))
    with transaction.atomic():
        match = locked(match_id)
        seat = held_seat(match, user, bot_for_me=True)
        if seat.handed:
            raise MoveRefused(_("A bot already plays for you; take your seat back first."))
        if not match.bot_may_play_for(seat):
            raise MoveRefused(
                _(
                    "In a rated match against other people no bot may play for you. "
                    "Resign or abandon the match if you cannot finish it."
                )
            )
        now = timezone.now()
        pause_clock(seat, now)
        seat.is_bot = True
        seat.bot_level = level
        seat.handed_at = now
        seat.bot_helped = True
        seat.save(
            update_fields=[
                "is_bot",
                "bot_level",
                "handed_at",
                "bot_helped",
                "time_left_ms",
                "turn_started_at",
            ]
        )
        tell_my_games({user.pk})
        after_commit(match, GAMES[match.game])
    return seat


def take_seat_back(*, match_id: int, user: User) -> Seat:
    """The player plays their seat again; the bot stops. A bot move that committed first stays
    (the match's lock decides), and a bot run that comes after finds no bot to play."""
    with transaction.atomic():
        match = locked(match_id)
        seat = held_seat(match, user, bot_for_me=True)
        if not seat.handed:
            raise MoveRefused(_("No bot plays for you: your seat is already yours."))
        seat.is_bot = False
        seat.handed_at = None
        resume_clock(match, seat, timezone.now())
        seat.save(update_fields=["is_bot", "handed_at", "turn_started_at"])
        tell_my_games({user.pk})
        after_commit(match, GAMES[match.game], wake_bots=False)
    return seat
