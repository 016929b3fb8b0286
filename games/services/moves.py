"""A move recorded: a person's from the table's form or the record, checked, stored with what it
changes in one round trip, and told after commit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.http import QueryDict
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.sockets import session_signs_in
from config.batch import Batch, Rows
from config.guards import whole_number
from games.models import Match, Move
from games.registry import GAMES, GameInfo
from games.rules import IllegalMove
from games.selectors import AtTable, seen_at, table_after_move
from games.services.announce import after_commit, away, tell_my_games
from games.services.clocks import run_clocks
from games.services.finishing import finish
from games.services.locks import lock, locked
from games.services.refusals import MoveRefused, SessionEnded, refusal_text
from notifications.services import mark_match_read, notify


@dataclass(frozen=True)
class MoveAccepted:
    seq: int
    duplicate: bool = False


def submit_move(*, match_id: int, user: User, move: Any, expected_seq: int) -> MoveAccepted:
    """Record a person's move, or refuse it with a reason and change nothing.

    `expected_seq` is the number of moves the player's page had seen. A repeat of a move
    already recorded (double click, resend after a dropped connection) is accepted once. A page
    that missed moves by other seats may still act in a simultaneous phase, since those moves
    did not change what it shows; if the player's own seat moved since, the page is stale.
    """
    with transaction.atomic():
        return _move_of(locked(match_id), user, move, expected_seq)


def submit_move_form(
    *,
    match_id: int,
    user: User | AnonymousUser,
    form: QueryDict,
    session_key: str | None = None,
) -> MoveAccepted:
    """A move as a table's form sends it, over HTTP or the table's websocket: read by the game's
    table, recorded, and the mover's notices of the match marked read, all in one transaction.
    A form that cannot be read is refused like an illegal move; an unknown match raises
    `Match.DoesNotExist`.

    A socket passes its `session_key`: the session is read with the match, and a session that
    no longer signs the player in (logged out, password changed, account closed) raises
    `SessionEnded` before the move is read (`accounts.sockets`). A signed-out viewer (a socket's)
    sits nowhere.

    A common move is four round trips to PostgreSQL: BEGIN, the read (`lock`), the writes
    (`record`) and COMMIT."""
    with transaction.atomic():
        match, session_data = lock(match_id, session_key=session_key)
        if not isinstance(user, User):
            raise MoveRefused(_("You do not sit at this table."))
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
    if seat.handed:
        raise MoveRefused(_("A bot plays for you now: take your seat back to move."))
    if seat.is_bot:
        raise MoveRefused(_("A bot plays this seat now."))
    return record(match, seat.number, move, expected_seq, read_by=read_by)


def _current(match: Match, user: User) -> User | None:
    """The player's account as it is now: read with the seats if the player sits here."""
    seated = next((s.user for s in match.seat_list if s.user_id == user.pk), None)
    return seated or User.objects.filter(pk=user.pk).first()


def record(
    match: Match,
    seat: int,
    move: Any,
    expected_seq: int,
    *,
    wake_bots: bool = True,
    read_by: User | None = None,
    by_bot: bool = False,
) -> MoveAccepted:
    """Check and store one move of a locked match (the caller holds the transaction), then tell
    of it after commit; the notices of the match to `read_by` are read with it. The bot loop
    stores its moves `by_bot`, a bot's own seat's or a person's it plays for them.

    The bot loop and an import pass `wake_bots=False`: the loop goes on by itself, so it must not
    queue itself, and neither leaves the match as stored for the sockets (they change it on)."""
    repeated = _check(match, seat, move, expected_seq)
    if repeated is not None:
        return repeated
    info = GAMES[match.game]
    acting_before = info.engine.to_act(match.state)
    try:
        events = info.engine.apply_in_place(match.state, seat, move)
    except IllegalMove as refusal:
        raise MoveRefused(refusal_text(refusal)) from None
    stored, seen = _store(
        match,
        info,
        Move(match_id=match.pk, seat=seat, payload=move, events=events, by_bot=by_bot),
        acting_before,
        wake_bots=wake_bots,
        read_by=read_by,
    )
    # A bot loop or an import goes on changing this match; a person's move leaves it as stored.
    table = table_after_move(match, stored, seen) if seen is not None else None
    after_commit(match, info, wake_bots=wake_bots, table=table)
    return MoveAccepted(seq=stored.seq)


def _check(match: Match, seat: int, move: Any, expected_seq: int) -> MoveAccepted | None:
    """Refuse a move to a match that is over or from a stale page; a repeat of the seat's move
    already recorded is accepted as that move (returned), once."""
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
    return None


def _store(
    match: Match,
    info: GameInfo,
    stored: Move,
    acting_before: set[int],
    *,
    wake_bots: bool,
    read_by: User | None,
) -> tuple[Move, AtTable | None]:
    """Write the applied move with all it changes in one round trip (`config.batch`): the move
    row, the match's state, the clocks and the next players' notices, or the end of the match
    (`finish` reads and locks the ratings and statistics it changes first, and its writes go
    with the move's). Returns the stored move and who is at the table, read once for the notices
    and for this process's pushes (not for a bot loop or an import). The move, numbered here,
    points at its match by id: one that pointed at the match kept for the sockets would form a
    cycle with it."""
    seq = stored.seq = match.move_count
    writes = Batch()
    writes.insert([stored], returning=["id"], then=lambda rows: _stored(stored, rows))
    match.move_count = seq + 1
    fields = ["state", "move_count"]
    seen = seen_at(match) if wake_bots else None
    here = seen[0] if seen is not None else None
    if info.engine.is_over(match.state):
        finish(match, info, writes=writes, here=here)
        fields += ["status", "result", "finished_at"]
    else:
        now = timezone.now()
        run_clocks(match, info, mover=stored.seat, before=acting_before, now=now, writes=writes)
        notify_turns(match, info, before=acting_before, writes=writes, here=here)
    if read_by is not None:
        mark_match_read(user=read_by, match_id=match.pk, writes=writes)
    writes.update_row(Match, match.pk, **{name: getattr(match, name) for name in fields})
    writes.send()
    return stored, seen


def _stored(move: Move, rows: Rows) -> None:
    move.pk = rows[0][0]
    move._state.adding, move._state.db = False, "default"


def notify_turns(
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
    tell_my_games(
        {s.user_id for s in match.seat_list if not s.is_bot and s.number in now_acting ^ before}
    )
    acting = now_acting - before
    absent = away(match, [s for s in match.seat_list if s.number in acting and not s.is_bot], here)
    if not absent:
        return  # nobody to tell: no notice's link worked out (a `reverse` a move)
    notify(
        users=absent,
        kind="your_turn",
        link=match.get_absolute_url(),
        match_id=match.pk,
        params={"game": match.game, "match": match.pk},
        email=match.pace == Match.Pace.TURN_BASED,
        writes=writes,
    )
