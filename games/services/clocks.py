"""The players' clocks: charged and started with each move, checked when a deadline passes,
reminders before it does, and vacations that pause turn-based ones."""

from __future__ import annotations

import functools
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from procrastinate.contrib.django import app

from accounts.models import User
from config.batch import Batch
from config.worker import RETRY_ON_OUTAGE
from games.models import Match, Seat, Vacation
from games.registry import GAMES, GameInfo
from games.selectors import clock_warning
from games.services.announce import after_commit, announce_move
from games.services.locks import locked
from games.services.refusals import MoveRefused
from games.services.seats import hand_to_bot
from notifications.services import notify

REMINDER_BEFORE = timedelta(hours=2)
ARRIVAL_SECONDS = 60
"""How long a real-time match that seats people who may not be at hand (a live tournament's
round: `start_match(awaited=True)`) waits for each player to come to its table before their
clock starts; a player not come by then is taken for gone, as lichess takes one who has not
made their first move."""


def run_clocks(
    match: Match,
    info: GameInfo,
    *,
    mover: int | None,
    before: set[int],
    now: datetime,
    writes: Batch,
) -> None:
    """Charge the mover the time it took (plus the increment) and start the clocks of the seats
    that must act now; a seat that starts acting gets a deadline check queued."""
    if match.clock_seconds is None and match.move_hours is None:
        return
    after = info.engine.to_act(match.state)
    changed: list[Seat] = []
    for seat in match.seat_list:
        if seat.is_bot:
            continue
        was, will = seat.number in before, seat.number in after
        if seat.number == mover and seat.awaited_until is not None:
            # A move shows its player came: the clock that waited for them charges nothing.
            seat.awaited_until, seat.turn_started_at = None, now
        if was and (seat.number == mover or not will):
            bonus = match.increment_seconds * 1000 if seat.number == mover else 0
            _charge(seat, now, bonus)
            seat.turn_started_at = now if will else None
            changed.append(seat)
        elif will and not was:
            seat.turn_started_at = now
            changed.append(seat)
    for seat in changed:
        writes.update(
            Seat.objects.filter(pk=seat.pk),
            time_left_ms=seat.time_left_ms,
            turn_started_at=seat.turn_started_at,
            awaited_until=seat.awaited_until,
        )
        check_at(match, seat.deadline(match))
        _remind_before(match, seat)


def _charge(seat: Seat, now: datetime, bonus: int = 0) -> None:
    """Take the time its turn ran since it started off a real-time seat's clock (none while its
    player is awaited); add `bonus`."""
    if (
        seat.time_left_ms is not None
        and seat.turn_started_at is not None
        and seat.awaited_until is None
    ):
        spent = int((now - seat.turn_started_at).total_seconds() * 1000)
        seat.time_left_ms = max(seat.time_left_ms - spent, 0) + bonus


def pause_clock(seat: Seat, now: datetime) -> None:
    """Stop a seat's clock, charged the time it ran: a bot is about to play for its person, and
    a bot seat has no clock running. The caller saves the seat."""
    _charge(seat, now)
    seat.turn_started_at = None


def resume_clock(match: Match, seat: Seat, now: datetime) -> None:
    """Start again the clock of a seat its person takes back from the bot, if the seat must act:
    with the time it had left, its deadline checked and its reminder queued. The caller saves
    the seat."""
    if match.clock_seconds is None and match.move_hours is None:
        return
    if seat.number not in GAMES[match.game].engine.to_act(match.state):
        return
    seat.turn_started_at = now
    check_at(match, seat.deadline(match))
    _remind_before(match, seat)


def _remind_before(match: Match, seat: Seat) -> None:
    """Queue the reminder of a move that may last longer: two hours before a turn-based move's
    time is up, `clock_warning` before a real-time clock runs out (not while its player is
    awaited: their clock has not started)."""
    deadline = seat.deadline(match)
    if deadline is None or seat.turn_started_at is None or seat.awaited_until is not None:
        return
    before = REMINDER_BEFORE if match.pace == Match.Pace.TURN_BASED else clock_warning(match)
    at = deadline - before
    if at <= seat.turn_started_at:
        return
    match_id, number, since = match.pk, seat.number, seat.turn_started_at.isoformat()
    transaction.on_commit(
        lambda: remind_turn.configure(schedule_at=at).defer(
            match_id=match_id, seat=number, since=since
        )
    )


def send_turn_reminder(*, match_id: int, seat: int, since: str) -> bool:
    """Remind a player whose move started at `since` and is still not made."""
    with transaction.atomic():
        match = locked(match_id)
        target = next((s for s in match.seat_list if s.number == seat), None)
        if (
            match.is_over
            or target is None
            or target.is_bot
            or target.turn_started_at is None
            or target.turn_started_at.isoformat() != since
        ):
            return False
        params: dict[str, Any] = {"game": match.game, "match": match.pk}
        live = match.pace == Match.Pace.LIVE
        if live:
            params["seconds"] = int(clock_warning(match).total_seconds())
        notify(
            users=[target.user],
            kind="turn_reminder",
            link=match.get_absolute_url(),
            match_id=match.pk,
            params=params,
            email=not live,
        )
        return True


@app.task(name="games.services.remind_turn", queue="clocks", retry=RETRY_ON_OUTAGE)
def remind_turn(*, match_id: int, seat: int, since: str) -> bool:
    return send_turn_reminder(match_id=match_id, seat=seat, since=since)


def come_to_table(*, match_id: int, user: User, now: datetime) -> bool:
    """The player opened the table of a match that awaited them: their clock starts now if they
    must act, having lost nothing before, and the table shows it running. Returns whether they
    were awaited."""
    with transaction.atomic():
        match = locked(match_id)
        seat = next(
            (s for s in match.seat_list if s.user_id == user.pk and s.awaited_until is not None),
            None,
        )
        if match.is_over or seat is None or seat.is_bot:
            return False
        seat.awaited_until = None
        if seat.turn_started_at is not None:
            seat.turn_started_at = now
            check_at(match, seat.deadline(match))
            _remind_before(match, seat)
        seat.save(update_fields=["awaited_until", "turn_started_at"])
        after_commit(match, GAMES[match.game], wake_bots=False)
        return True


def check_at(match: Match, deadline: datetime | None) -> None:
    """Queue a clock check for when a deadline passes."""
    if deadline is None:
        return
    match_id = match.pk
    transaction.on_commit(
        lambda: check_clock.configure(schedule_at=deadline).defer(match_id=match_id)
    )


def expire_clocks(*, match_id: int, now: datetime) -> list[int]:
    """Hand every acting seat whose time is up at `now` to a bot (one whose player never came
    abandoned it); returns those seats.

    The clock is an argument so tests (and a late worker) decide what "now" is.
    """
    with transaction.atomic():
        match = locked(match_id)
        if match.is_over:
            return []
        acting = GAMES[match.game].engine.to_act(match.state)
        expired = [
            seat
            for seat in match.seat_list
            if seat.number in acting and (deadline := seat.deadline(match)) and deadline <= now
        ]
        for seat in expired:
            gone = seat.awaited_until is not None  # never came to the table
            hand_to_bot(match, seat, Seat.Left.ABANDONED if gone else Seat.Left.TIMED_OUT, now)
        return [seat.number for seat in expired]


@app.task(name="games.services.check_clock", queue="clocks", retry=RETRY_ON_OUTAGE)
def check_clock(*, match_id: int) -> list[int]:
    """Runs when a seat's time may be up; the match is re-read, so an early run does nothing."""
    return expire_clocks(match_id=match_id, now=timezone.now())


def declare_vacation(*, user: User, days: int, now: datetime) -> Vacation:
    """Pause the turn-based clocks of the player's matches for some days of their yearly
    allowance; the other players see it on the table. The player's row is locked while the
    allowance is counted, so requests sent at once are counted one after the other."""
    with transaction.atomic():
        locked_user = User.objects.select_for_update().only("vacation_until").get(pk=user.pk)
        if locked_user.vacation_until is not None and locked_user.vacation_until > now:
            raise MoveRefused(_("You are already on vacation."))
        taken = sum(
            (vacation.ends - vacation.starts).days
            for vacation in Vacation.objects.filter(user=user, starts__year=now.year)
        )
        if not 1 <= days <= Vacation.DAYS_PER_YEAR - taken:
            raise MoveRefused(
                _("You have %(left)d vacation days left this year.")
                % {"left": Vacation.DAYS_PER_YEAR - taken}
            )
        vacation = Vacation.objects.create(user=user, starts=now, ends=now + timedelta(days=days))
        user.vacation_until = vacation.ends
        user.save(update_fields=["vacation_until"])
        seats = Seat.objects.filter(
            user=user,
            is_bot=False,
            turn_started_at__isnull=False,
            match__status=Match.Status.ACTIVE,
            match__pace=Match.Pace.TURN_BASED,
        ).select_related("match", "user")
        for seat in seats:
            check_at(seat.match, seat.deadline(seat.match))
            transaction.on_commit(
                functools.partial(announce_move, seat.match.pk, seat.match.move_count)
            )
    return vacation
