"""Writes on matches: start one, submit a move, let the bots play. Each validates, locks,
stores and announces after commit; views, consumers and tasks only call these."""

from __future__ import annotations

import contextlib
import logging
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import transaction
from django.db.models import Max, QuerySet
from django.http import QueryDict
from django.utils import timezone
from django.utils.translation import gettext as _
from procrastinate.contrib.django import app
from procrastinate.exceptions import AlreadyEnqueued

from accounts.models import User
from accounts.sockets import session_signs_in
from config.batch import Batch, Rows, columns, from_row
from config.guards import whole_number
from config.worker import RETRY_ON_OUTAGE
from games.live import keep_stored, tell_group
from games.models import Match, Move, Seat, SeatHandover, SeatOffer, Vacation
from games.presence import present
from games.ratings import rate_match
from games.registry import GAMES, GameInfo
from games.rules import RECORD_FORMAT, IllegalMove
from games.selectors import clock_warning, may_watch, rating_deltas, seen_at, table_after_move
from games.signals import match_ended
from games.stats import tally_match
from notifications.services import mark_answered, mark_match_read, notify

logger = logging.getLogger(__name__)


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


@dataclass(frozen=True)
class MoveAccepted:
    seq: int
    duplicate: bool = False


REMINDER_BEFORE = timedelta(hours=2)
LOBBY_GROUP = "lobby"
"""The lobby's listeners; told when a seat looks for a substitute or finds one."""


def match_group(match_id: int) -> str:
    return f"match-{match_id}"


def my_games_group(user_id: int) -> str:
    """The player's "My games" pages, told when one of their matches changes for them."""
    return f"my-games-{user_id}"


def _tell_my_games(user_ids: set[int]) -> None:
    """After commit, re-render the "My games" pages of these players."""
    for user_id in user_ids:
        group = my_games_group(user_id)
        transaction.on_commit(lambda group=group: tell_group(group, {"type": "my_games.changed"}))


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
) -> Match:
    """Seat the players in the given order and deal; the seed is fresh 128-bit randomness.

    A real-time match gives each player `clock_seconds` plus `increment_seconds` a move; a
    turn-based one `move_hours` for each move. Without either nobody is timed (bot games).
    """
    info = _playable(game)
    if not info.min_players <= len(players) <= info.max_players:
        raise ValueError(
            _("%(game)s is played by %(low)d to %(high)d players.")
            % {"game": info.name, "low": info.min_players, "high": info.max_players}
        )
    if len({player.pk for player in players}) != len(players):
        raise ValueError(_("A player cannot sit twice at one table."))
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
        match.seat_list = Seat.objects.bulk_create(
            Seat(
                match=match,
                number=number,
                user=player,
                is_bot=player.is_bot,
                time_left_ms=match.clock_seconds * 1000 if match.clock_seconds else None,
            )
            for number, player in enumerate(players)
        )
        writes = Batch()
        _run_clocks(match, info, mover=None, before=set(), now=timezone.now(), writes=writes)
        _notify_turns(match, info, before=set(), writes=writes)
        writes.send()
        _tell_my_games({s.user_id for s in match.seat_list if not s.is_bot})
        _after_commit(match, info)
    return match


def submit_move(*, match_id: int, user: User, move: Any, expected_seq: int) -> MoveAccepted:
    """Record a person's move, or refuse it with a reason and change nothing.

    `expected_seq` is the number of moves the player's page had seen. A repeat of a move
    already recorded (double click, resend after a dropped connection) is accepted once. A page
    that missed moves by other seats may still act in a simultaneous phase, since those moves
    did not change what it shows; if the player's own seat moved since, the page is stale.
    """
    with transaction.atomic():
        return _move_of(_locked(match_id), user, move, expected_seq)


def submit_move_form(
    *, match_id: int, user: User, form: QueryDict, session_key: str | None = None
) -> MoveAccepted:
    """A move as a table's form sends it, over HTTP or the table's websocket: read by the game's
    table, recorded, and the mover's notices of the match marked read, all in one transaction.
    A form that cannot be read is refused like an illegal move; an unknown match raises
    `Match.DoesNotExist`.

    A socket passes its `session_key`: the session is read with the match, and a session that
    no longer signs the player in (logged out, password changed, account closed) raises
    `SessionEnded` before the move is read (`accounts.sockets`).

    A common move is four round trips to PostgreSQL: BEGIN, the read (`_lock`), the writes
    (`_record`) and COMMIT."""
    with transaction.atomic():
        match, session_data = _lock(match_id, session_key=session_key)
        if session_key is not None and not session_signs_in(
            session_data, _current(match, user), user
        ):
            raise SessionEnded
        try:
            move = GAMES[match.game].table.move_from_post(form)
        except IllegalMove as refusal:
            raise MoveRefused(refusal_text(refusal)) from None
        expected_seq = whole_number(form.get("expected_seq"))
        if expected_seq is None:
            raise MoveRefused(_("This page is out of date; here is the current table."), stale=True)
        return _move_of(match, user, move, expected_seq, read_by=user)


def _move_of(
    match: Match, user: User, move: Any, expected_seq: int, *, read_by: User | None = None
) -> MoveAccepted:
    """A person's move in a locked match, from the seat the person plays."""
    seat = next((s for s in match.seat_list if s.user_id == user.pk), None)
    if seat is None:
        raise MoveRefused(_("You do not sit at this table."))
    if seat.is_bot:
        raise MoveRefused(_("A bot plays this seat now."))
    return _record(match, seat.number, move, expected_seq, read_by=read_by)


def _current(match: Match, user: User) -> User | None:
    """The player's account as it is now: read with the seats if the player sits here."""
    seated = next((s.user for s in match.seat_list if s.user_id == user.pk), None)
    return seated or User.objects.filter(pk=user.pk).first()


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
        match = _locked(match.pk)
        for index, entry in enumerate(record["moves"]):
            try:
                _record(match, entry["seat"], entry["move"], match.move_count, wake_bots=False)
            except MoveRefused as refusal:
                raise ValueError(
                    _("Move %(index)d of the record is refused: %(reason)s")
                    % {"index": index, "reason": refusal.message}
                ) from None
    return match


def play_bot_turns(*, match_id: int) -> int:
    """Let every bot that must act move, one committed move at a time; returns how many.

    The first move comes at once: it answers a person's move, which that person has already
    seen leave. A further bot move in a row waits the pace of the people watching
    (`bot_pace`): it is scheduled for then instead of played, so that moves a person follows
    do not land in the same instant, and no worker sleeps meanwhile.

    A run plays at most `BOT_MOVES_PER_RUN` moves and queues the rest, so that other matches'
    bots get a worker too. A bot seat that has already moved `BOT_MOVES_IN_A_ROW` times in a
    row is stuck in a loop (no game's turn comes near): its match's bots are stopped, with an
    error logged, instead of spinning; the next run stops again at once."""
    played = 0
    in_a_row: tuple[int, int] | None = None
    while True:
        with transaction.atomic():
            match = _locked(match_id)
            if match.is_over:
                return played
            info = GAMES[match.game]
            bots = sorted(
                s.number
                for s in match.seat_list
                if s.is_bot and s.number in info.engine.to_act(match.state)
            )
            if not bots:
                return played
            pace = bot_pace(match) if played else 0
            if pace or played == settings.BOT_MOVES_PER_RUN:
                transaction.on_commit(lambda pace=pace: queue_bots(match_id, after_ms=pace))
                return played
            seat = bots[0]
            if in_a_row is None or in_a_row[0] != seat:
                in_a_row = (seat, _moves_in_a_row(match, seat))
            if in_a_row[1] >= settings.BOT_MOVES_IN_A_ROW:
                logger.error(
                    "The bot of seat %d of match %d is stopped: it moved %d times in a row.",
                    seat,
                    match.pk,
                    in_a_row[1],
                )
                return played
            rng = random.Random(f"{match.seed}/{match.move_count}/{seat}")
            move = info.bot.choose_move(match.state, seat, rng)
            _record(match, seat, move, match.move_count, wake_bots=False)
        played += 1
        in_a_row = (seat, in_a_row[1] + 1)


def _moves_in_a_row(match: Match, seat: int) -> int:
    """How many of the match's last moves `seat` made, one after another."""
    before = match.moves.exclude(seat=seat).aggregate(last=Max("seq"))["last"]
    return match.move_count - (before + 1 if before is not None else 0)


def bot_pace(match: Match) -> int:
    """How long the next bot move waits, in ms: the slowest pace any person at the table
    chose; nobody at the table (and no cache to tell) means nobody to follow, so no wait."""
    people = {s.user_id: s.user for s in match.seat_list if not s.is_bot}
    here = present(match.pk, people)
    return max((people[user_id].bot_pace_ms for user_id in here), default=0)


@app.task(queue="bots", retry=RETRY_ON_OUTAGE)
def run_bots(*, match_id: int) -> int:
    """Bots move in the task worker, never inside the request of the move that woke them."""
    return play_bot_turns(match_id=match_id)


def queue_bots(match_id: int, *, after_ms: int = 0) -> None:
    """Queue the match's bots (`after_ms` later: their pace) unless a run is already waiting:
    one waits at most, and runs of one match never overlap (the lock), so a busy match does
    not fill the queue."""
    lock = f"bots-{match_id}"
    later = {"schedule_in": {"milliseconds": after_ms}} if after_ms else {}
    task = run_bots.configure(lock=lock, queueing_lock=lock, **later)
    with contextlib.suppress(AlreadyEnqueued):
        task.defer(match_id=match_id)


def leave_match(*, match_id: int, user: User, reason: str) -> None:
    """Resign or abandon: a bot plays the seat to the end, and the seat records why."""
    if reason not in (Seat.Left.RESIGNED, Seat.Left.ABANDONED):
        raise MoveRefused(_("Choose to resign or to abandon."))
    with transaction.atomic():
        match = _locked(match_id)
        if match.is_over:
            raise MoveRefused(_("The game is over."))
        seat = next((s for s in match.seat_list if s.user_id == user.pk and not s.is_bot), None)
        if seat is None:
            raise MoveRefused(_("You do not sit at this table."))
        _hand_to_bot(match, seat, reason, timezone.now())


def abandon_every_match(*, user: User) -> None:
    """A player whose account is deleted leaves every match still on, as abandoning does: a
    bot plays each of their seats from now on, rather than once their clock runs out."""
    running = Seat.objects.filter(user=user, is_bot=False, match__status=Match.Status.ACTIVE)
    for match_id in list(running.values_list("match_id", flat=True)):
        with contextlib.suppress(MoveRefused):  # it ended meanwhile
            leave_match(match_id=match_id, user=user, reason=Seat.Left.ABANDONED)


def end_match_early(*, match_id: int, user: User) -> bool:
    """A player who stayed after another left asks to end the match now instead of finishing it
    against the bot; once every person still playing asked, it ends as it stands (`_early_result`)
    and counts for ratings and statistics like any finished match. Returns whether it ended."""
    with transaction.atomic():
        match = _locked(match_id)
        seat = _held_seat(match, user)
        if not any(s.left for s in match.seat_list):
            raise MoveRefused(_("A match can end early only after a player has left it."))
        seat.wants_end = True
        seat.save(update_fields=["wants_end"])
        info = GAMES[match.game]
        if all(s.wants_end for s in match.seat_list if not s.is_bot):
            _finish(match, info, _early_result(match, info))
            match.save(update_fields=["status", "result", "finished_at"])
        _after_commit(match, info, wake_bots=False)
        return match.is_over


def _early_result(match: Match, info: GameInfo) -> dict[str, Any]:
    """The match as it stands (the engine's `standing`, with the game's own tie-breaks), the
    players who left last and the others ranked among themselves."""
    standing = info.engine.standing(match.state)
    stayed = [s.number for s in match.seat_list if not s.left]
    ranks = [
        len(stayed) + 1
        if seat.left
        else 1 + sum(1 for o in stayed if standing["ranks"][o] < standing["ranks"][seat.number])
        for seat in match.seat_list
    ]
    winners = [number for number, rank in enumerate(ranks) if rank == 1]
    return {**standing, "ranks": ranks, "winners": winners, "ended_early": True}


def offer_seat(*, match_id: int, user: User, substitute: User) -> SeatOffer:
    """Offer one's seat to a named player, who is asked (a notice) and takes it only by
    accepting; until then the holder plays on. A new offer for the seat withdraws the old.
    The player has one notice of the match's offers (`notify` groups them), and is mailed the
    offer of this seat by this holder once: an offer made again shows on the site only."""
    with transaction.atomic():
        match = _locked(match_id)
        seat = _held_seat(match, user)
        _check_substitute(match, user, substitute)
        _withdraw_offers(SeatOffer.objects.filter(match_id=match.pk, seat=seat.number))
        offered_before = SeatOffer.objects.filter(
            match=match, seat=seat.number, from_user=user, to_user=substitute
        ).exists()
        offer = SeatOffer.objects.create(
            match=match, seat=seat.number, from_user=user, to_user=substitute
        )
        notify(
            users=[substitute],
            kind="seat_offer",
            link=offer.get_absolute_url(),
            match_id=match.pk,
            email=not offered_before,
            params={
                "game": match.game,
                "match": match.pk,
                "name": user.public_name,
                "offer": offer.pk,
            },
        )
    return offer


def accept_seat_offer(*, offer_id: int, user: User) -> SeatOffer:
    """The offered player takes the seat, if the offer still stands: not withdrawn, declined
    or replaced, the seat still with the player who offered it, the match still on."""
    with transaction.atomic():
        offer = _offer_for(offer_id, user)
        match = _locked(offer.match_id)
        offer = SeatOffer.objects.select_for_update().get(pk=offer.pk)
        seat = next((s for s in match.seat_list if s.number == offer.seat), None)
        if (
            offer.answer != SeatOffer.Answer.PENDING
            or match.is_over
            or seat is None
            or seat.is_bot
            or seat.user_id != offer.from_user_id
        ):
            raise MoveRefused(_("This offer is no longer open."))
        _check_substitute(match, seat.user, user)
        offer.answer = SeatOffer.Answer.ACCEPTED
        offer.save(update_fields=["answer"])
        _hand_over(match, seat, user)
        _offer_answered(offer)
    return offer


def decline_seat_offer(*, offer_id: int, user: User) -> SeatOffer:
    with transaction.atomic():
        offer = _offer_for(offer_id, user, lock=True)
        if offer.answer != SeatOffer.Answer.PENDING:
            raise MoveRefused(_("This offer is no longer open."))
        offer.answer = SeatOffer.Answer.DECLINED
        offer.save(update_fields=["answer"])
        _offer_answered(offer)
    return offer


def withdraw_seat_offer(*, match_id: int, user: User) -> None:
    """The holder takes back the offer of their seat."""
    with transaction.atomic():
        if not _withdraw_offers(SeatOffer.objects.filter(match_id=match_id, from_user=user)):
            raise MoveRefused(_("You have not offered your seat to anyone."))


def ask_for_substitute(*, match_id: int, user: User) -> None:
    """Offer one's seat to a volunteer from the lobby; the player plays on until one comes."""
    with transaction.atomic():
        match = _locked(match_id)
        seat = _held_seat(match, user)
        seat.substitute_wanted = True
        seat.save(update_fields=["substitute_wanted"])
        _after_commit(match, GAMES[match.game], wake_bots=False)
        transaction.on_commit(_tell_lobby)


def volunteer(*, match_id: int, seat_number: int, user: User) -> None:
    """Take over a seat whose player asked for a substitute: the volunteer's click is the
    answer to that open offer."""
    with transaction.atomic():
        match = _locked(match_id)
        seat = next((s for s in match.seat_list if s.number == seat_number), None)
        if match.is_over or seat is None or not seat.substitute_wanted or seat.is_bot:
            raise MoveRefused(_("This seat no longer needs a substitute."))
        if not may_watch(match_id, user):
            raise MoveRefused(_("This seat no longer needs a substitute."))
        _check_substitute(match, seat.user, user)
        _hand_over(match, seat, user)


def _held_seat(match: Match, user: User) -> Seat:
    """The seat the user plays (not a bot for them) in a match still on."""
    if match.is_over:
        raise MoveRefused(_("The game is over."))
    seat = next((s for s in match.seat_list if s.user_id == user.pk and not s.is_bot), None)
    if seat is None:
        raise MoveRefused(_("You do not sit at this table."))
    return seat


def _check_substitute(match: Match, holder: User, substitute: User) -> None:
    if substitute.is_bot or not substitute.is_active or substitute.pk == holder.pk:
        raise MoveRefused(_("Choose another player as your substitute."))
    if any(s.user_id == substitute.pk for s in match.seat_list):
        raise MoveRefused(
            _("%(name)s already plays this match.") % {"name": substitute.public_name}
        )


def _hand_over(match: Match, seat: Seat, substitute: User) -> None:
    """Give the seat to a substitute who agreed; the handover stays on record. The seat's
    other offers end with it."""
    SeatHandover.objects.create(
        match=match, seat=seat.number, from_user=seat.user, to_user=substitute
    )
    _withdraw_offers(SeatOffer.objects.filter(match_id=match.pk, seat=seat.number))
    if seat.substitute_wanted:
        transaction.on_commit(_tell_lobby)
    _tell_my_games({seat.user_id, substitute.pk})
    seat.user = substitute
    seat.substitute_wanted = False
    seat.save(update_fields=["user", "substitute_wanted"])
    _after_commit(match, GAMES[match.game])


def _offer_for(offer_id: int, user: User, *, lock: bool = False) -> SeatOffer:
    """The offer made to this user; another's offer (a forged answer) is not found."""
    offers = SeatOffer.objects.select_for_update() if lock else SeatOffer.objects
    try:
        return offers.get(pk=offer_id, to_user=user)
    except SeatOffer.DoesNotExist:
        raise MoveRefused(_("This offer was not made to you.")) from None


def _withdraw_offers(offers: QuerySet[SeatOffer]) -> int:
    """End the pending ones of these offers; their notices are read."""
    ended = list(offers.select_for_update().filter(answer=SeatOffer.Answer.PENDING))
    for offer in ended:
        offer.answer = SeatOffer.Answer.WITHDRAWN
        offer.save(update_fields=["answer"])
        _offer_answered(offer)
    return len(ended)


def _offer_answered(offer: SeatOffer) -> None:
    mark_answered(user_id=offer.to_user_id, kind="seat_offer", link=offer.get_absolute_url())


def declare_vacation(*, user: User, days: int, now: datetime) -> Vacation:
    """Pause the turn-based clocks of the player's matches for some days of their yearly
    allowance; the other players see it on the table. The player's row is locked while the
    allowance is counted, so requests sent at once are counted one after the other."""
    with transaction.atomic():
        locked = User.objects.select_for_update().only("vacation_until").get(pk=user.pk)
        if locked.vacation_until is not None and locked.vacation_until > now:
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
            _check_at(seat.match, seat.deadline(seat.match))
            transaction.on_commit(
                lambda match=seat.match: announce_move(match.pk, match.move_count)
            )
    return vacation


def expire_clocks(*, match_id: int, now: datetime) -> list[int]:
    """Hand every acting seat whose time is up at `now` to a bot; returns those seats.

    The clock is an argument so tests (and a late worker) decide what "now" is.
    """
    with transaction.atomic():
        match = _locked(match_id)
        if match.is_over:
            return []
        acting = GAMES[match.game].engine.to_act(match.state)
        expired = [
            seat
            for seat in match.seat_list
            if seat.number in acting and (deadline := seat.deadline(match)) and deadline <= now
        ]
        for seat in expired:
            _hand_to_bot(match, seat, Seat.Left.TIMED_OUT, now)
        return [seat.number for seat in expired]


@app.task(queue="clocks", retry=RETRY_ON_OUTAGE)
def check_clock(*, match_id: int) -> list[int]:
    """Runs when a seat's time may be up; the match is re-read, so an early run does nothing."""
    return expire_clocks(match_id=match_id, now=timezone.now())


def _hand_to_bot(match: Match, seat: Seat, reason: str, now: datetime) -> None:
    """A bot plays the seat on; an offer of the seat to a person ends with it."""
    _withdraw_offers(SeatOffer.objects.filter(match_id=match.pk, seat=seat.number))
    seat.is_bot = True
    seat.left = reason
    seat.replaced_at = now
    seat.turn_started_at = None
    seat.save(update_fields=["is_bot", "left", "replaced_at", "turn_started_at"])
    _tell_my_games({seat.user_id})
    if reason == Seat.Left.TIMED_OUT:
        notify(
            users=[seat.user],
            kind="replaced_by_bot",
            link=match.get_absolute_url(),
            match_id=match.pk,
            params={"game": match.game, "match": match.pk},
            email=match.pace == Match.Pace.TURN_BASED,
        )
    _after_commit(match, GAMES[match.game])


def _run_clocks(
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
        if was and (seat.number == mover or not will):
            if seat.time_left_ms is not None and seat.turn_started_at is not None:
                spent = int((now - seat.turn_started_at).total_seconds() * 1000)
                bonus = match.increment_seconds * 1000 if seat.number == mover else 0
                seat.time_left_ms = max(seat.time_left_ms - spent, 0) + bonus
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
        )
        _check_at(match, seat.deadline(match))
        _remind_before(match, seat)


def _remind_before(match: Match, seat: Seat) -> None:
    """Queue the reminder of a move that may last longer: two hours before a turn-based move's
    time is up, `clock_warning` before a real-time clock runs out."""
    deadline = seat.deadline(match)
    if deadline is None or seat.turn_started_at is None:
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
        match = _locked(match_id)
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


@app.task(queue="clocks", retry=RETRY_ON_OUTAGE)
def remind_turn(*, match_id: int, seat: int, since: str) -> bool:
    return send_turn_reminder(match_id=match_id, seat=seat, since=since)


def _check_at(match: Match, deadline: datetime | None) -> None:
    """Queue a clock check for when a deadline passes."""
    if deadline is None:
        return
    match_id = match.pk
    transaction.on_commit(
        lambda: check_clock.configure(schedule_at=deadline).defer(match_id=match_id)
    )


def _playable(game: str) -> GameInfo:
    info = GAMES.get(game)
    if info is None or not info.playable:
        raise ValueError(_("This game cannot be played here yet."))
    return info


def _locked(match_id: int) -> Match:
    """The match, locked, with its seats and people (`_lock`)."""
    return _lock(match_id)[0]


def _lock(match_id: int, *, session_key: str | None = None) -> tuple[Match, str | None]:
    """The match, locked, with its seats and people, in one round trip; with `session_key`,
    that session's data too (None if it is gone or expired).

    No seat points back at the match (a cycle only the garbage collector's full passes free:
    see `load_table`)."""
    match_sql, seats_sql, session_sql = _lock_statements()
    read: dict[str, Rows] = {}
    batch = Batch()
    batch.add(match_sql, [match_id], then=lambda rows: read.setdefault("match", rows))
    batch.add(seats_sql, [match_id], then=lambda rows: read.setdefault("seats", rows))
    if session_key is not None:
        batch.add(
            session_sql,
            [session_key, timezone.now()],
            then=lambda rows: read.setdefault("session", rows),
        )
    batch.send()
    if not read["match"]:
        raise Match.DoesNotExist(f"No match {match_id}.")
    match = from_row(Match, read["match"][0])
    width = len(Seat._meta.concrete_fields)
    match.seat_list = []
    for row in read["seats"]:
        seat = from_row(Seat, row[:width])
        seat.user = from_row(User, row[width:])
        match.seat_list.append(seat)
    session = read.get("session")
    return match, session[0][0] if session else None


@cache
def _lock_statements() -> tuple[str, str, str]:
    """The match locked; its seats with their people in seat order; a live session's data."""
    matches, seats, users = Match._meta.db_table, Seat._meta.db_table, User._meta.db_table
    return (
        f"SELECT {columns(Match, 'm')} FROM {matches} m WHERE m.id = %s FOR UPDATE",
        f"SELECT {columns(Seat, 's')}, {columns(User, 'u')} FROM {seats} s"
        f" JOIN {users} u ON u.id = s.user_id WHERE s.match_id = %s ORDER BY s.number",
        f"SELECT session_data FROM {Session._meta.db_table}"
        " WHERE session_key = %s AND expire_date > %s",
    )


def _record(
    match: Match,
    seat: int,
    move: Any,
    expected_seq: int,
    *,
    wake_bots: bool = True,
    read_by: User | None = None,
) -> MoveAccepted:
    """Check and store one move of a locked match (the caller holds the transaction); the
    notices of the match to `read_by` are read with it.

    The writes go to PostgreSQL together, in one round trip (`config.batch`); the move that
    ends the match first reads and locks the ratings and statistics it changes (`_finish`), and
    its writes carry theirs.
    The bot loop passes `wake_bots=False`: it goes on by itself, so it must not queue itself.
    """
    if match.is_over:
        raise MoveRefused(_("The game is over."))
    if type(expected_seq) is not int or not 0 <= expected_seq <= match.move_count:
        raise MoveRefused(_("This page is out of date; here is the current table."), stale=True)
    if expected_seq < match.move_count:
        since = list(
            match.moves.filter(seq__gte=expected_seq, seat=seat).values_list("seq", "payload")
        )
        if since and since[0][1] == move:
            return MoveAccepted(seq=since[0][0], duplicate=True)
        if since:
            raise MoveRefused(_("This page is out of date; here is the current table."), stale=True)
    info = GAMES[match.game]
    state = match.state
    acting_before = info.engine.to_act(state)
    try:
        events = info.engine.apply_in_place(state, seat, move)
    except IllegalMove as refusal:
        raise MoveRefused(refusal_text(refusal)) from None
    seq = match.move_count
    # By id: a move that pointed at the match kept for the sockets would form a cycle with it.
    stored = Move(match_id=match.pk, seq=seq, seat=seat, payload=move, events=events)
    writes = Batch()
    writes.insert([stored], returning=["id"], then=lambda rows: _stored(stored, rows))
    match.move_count = seq + 1
    fields = ["state", "move_count"]
    # Who is at the table, read once: for the notices, and for this process's pushes of the move.
    seen = seen_at(match) if wake_bots else None
    here = seen[0] if seen is not None else None
    if info.engine.is_over(state):
        _finish(match, info, writes=writes, here=here)
        fields += ["status", "result", "finished_at"]
    else:
        now = timezone.now()
        _run_clocks(match, info, mover=seat, before=acting_before, now=now, writes=writes)
        _notify_turns(match, info, before=acting_before, writes=writes, here=here)
    if read_by is not None:
        mark_match_read(user=read_by, match_id=match.pk, writes=writes)
    writes.update_row(Match, match.pk, **{name: getattr(match, name) for name in fields})
    writes.send()
    # A bot loop or an import goes on changing this match; a person's move leaves it as stored.
    table = table_after_move(match, stored, seen) if seen is not None else None
    _after_commit(match, info, wake_bots=wake_bots, table=table)
    return MoveAccepted(seq=seq)


def _stored(move: Move, rows: Rows) -> None:
    move.pk = rows[0][0]
    move._state.adding, move._state.db = False, "default"


def _finish(
    match: Match,
    info: GameInfo,
    result: dict[str, Any] | None = None,
    *,
    writes: Batch | None = None,
    here: set[int] | None = None,
) -> None:
    """End the match with the engine's result, or one given (a match ended early). The seats,
    ratings and statistics are written with `writes` if given (the last move's own), else at
    once; the match row is the caller's to write. The rating changes stay on the match, for
    the table pushed from it (`table_after_move`)."""
    result = result or info.engine.result(match.state)
    match.status = Match.Status.FINISHED
    match.result = result
    match.finished_at = timezone.now()
    ending = Batch() if writes is None else writes
    for seat in match.seat_list:
        seat.score = result["scores"][seat.number]
        seat.rank = result["ranks"][seat.number]
        seat.turn_started_at = None
        ending.update_row(
            Seat, seat.pk, score=seat.score, rank=seat.rank, turn_started_at=seat.turn_started_at
        )
    changes = rate_match(match, match.seat_list, writes=ending)
    match.rating_deltas = rating_deltas((c.user_id, c.before, c.after) for c in changes)
    tally_match(match, match.seat_list, writes=ending)
    if writes is None:
        ending.send()
    match_ended.send(sender=Match, match=match)
    _tell_my_games({s.user_id for s in match.seat_list if not s.user.is_bot})
    people = [s for s in match.seat_list if not s.is_bot]
    away = {user.pk for user in _away(match, people, here)}
    for seat in people:
        if seat.user_id in away:
            notify(
                users=[seat.user],
                kind="match_ended",
                link=match.get_absolute_url(),
                match_id=match.pk,
                params={"game": match.game, "match": match.pk, "rank": seat.rank},
            )


def _notify_turns(
    match: Match,
    info: GameInfo,
    *,
    before: set[int],
    writes: Batch,
    here: set[int] | None = None,
) -> None:
    """Tell the people who must act now and were not already acting (never the mover), unless
    they are looking at the table (`here`, else read now); a real-time match never mails."""
    now_acting = info.engine.to_act(match.state)
    _tell_my_games(
        {s.user_id for s in match.seat_list if not s.is_bot and s.number in now_acting ^ before}
    )
    acting = now_acting - before
    notify(
        users=_away(
            match, [s for s in match.seat_list if s.number in acting and not s.is_bot], here
        ),
        kind="your_turn",
        link=match.get_absolute_url(),
        match_id=match.pk,
        params={"game": match.game, "match": match.pk},
        email=match.pace == Match.Pace.TURN_BASED,
        writes=writes,
    )


def _away(match: Match, seats: list[Seat], here: set[int] | None = None) -> list[User]:
    """The players of these seats who do not have the table open (`games.presence`): those not
    `here`, else read now."""
    if not seats:
        return []
    if here is None:
        here = present(match.pk, [s.user_id for s in seats])
    return [s.user for s in seats if s.user_id not in here]


def _after_commit(
    match: Match,
    info: GameInfo,
    *,
    wake_bots: bool = True,
    table: Match | None = None,
) -> None:
    """Tell the table's clients (with `table`, the match as stored, for this process's own
    sockets), and wake the bots if one of them must act."""
    match_id, seq = match.pk, match.move_count
    transaction.on_commit(lambda: announce_move(match_id, seq, table=table))
    if match.is_over or not wake_bots:
        return
    acting = info.engine.to_act(match.state)
    if any(s.is_bot and s.number in acting for s in match.seat_list):
        transaction.on_commit(lambda: queue_bots(match_id))


def _tell_lobby() -> None:
    tell_group(LOBBY_GROUP, {"type": "lobby.changed"})


def announce_move(match_id: int, seq: int, *, table: Match | None = None) -> None:
    """Ids only: each client renders its own seat's view when told. `seq` is the number of
    moves made; `push` names this announcement, so the sockets of one process load the match
    once for it (a seat handed to a bot is announced at an unchanged `seq`), or not at all in
    the process that stored the `table`."""
    push = secrets.token_hex(8)
    if table is not None:
        keep_stored(push, table)
    message = {"type": "match.moved", "match_id": match_id, "seq": seq, "push": push}
    tell_group(match_group(match_id), message)
