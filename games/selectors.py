"""Reads for the table: what one viewer (a seat or a spectator) may see of a match."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache, lru_cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext

from accounts.models import User
from config.batch import Batch, Rows, columns, from_row
from games.models import (
    Match,
    Move,
    PlayerStats,
    Rating,
    RatingChange,
    Seat,
    SeatHandover,
    watchable_by,
)
from games.presence import NOBODY, Watching, at_table
from games.regions import url
from games.registry import GAMES, GameInfo
from games.rules import RECORD_FORMAT
from games.translated import one_full_stop, reading

LOG_LENGTH = 60
CLOCK_WARNING = timedelta(seconds=30)
"""A real-time player is warned this long before their clock runs out, or a tenth of the
match's clock if that is longer."""
LEADERBOARD_MINIMUM = 5
TABLE_REGIONS = ("status", "result", "board", "players", "mine", "log", "footer")
BOT_FOR_ME: dict[str, str] = {
    Seat.Level.EASY: gettext_noop("An easy bot plays for you."),
    Seat.Level.NORMAL: gettext_noop("A normal bot plays for you."),
    Seat.Level.STRONG: gettext_noop("A strong bot plays for you."),
}


@dataclass(frozen=True)
class LogLine:
    seq: int
    seat: int
    text: str
    marks: str = ""
    """What the line names on the table (`data-card` ids, space-separated), for the page to mark
    while the line is hovered or focused: from the game's `log.marks(event)`."""


@dataclass(frozen=True)
class PlayerPanel:
    number: int
    name: str
    person: str
    url: str | None
    is_bot: bool
    is_you: bool
    to_act: bool
    score: int | None
    rank: int | None
    rating_change: tuple[int, int] | None
    left: str
    deadline: datetime | None
    time_left_ms: int | None
    vacation_until: datetime | None
    low_time: bool = False
    wants_end: bool = False
    score_text: str = ""
    present: bool = False
    """A person who has the table open now (`games.presence`); a bot never is."""
    bot_helped: bool = False
    """A bot played (part of) the match for the seat's person: not their own win."""
    awaited_until: datetime | None = None
    """Its person has not come to the table yet: their clock waits for them until then."""


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
    warning_seconds: int = 0
    watching: Watching = NOBODY
    """Who watches the table now (`games.presence.Watching`)."""
    bot_for_me: str = ""
    """The level of the bot that plays for the viewer now, who may take the seat back."""

    @property
    def expected_seq(self) -> int:
        return self.match.move_count

    @property
    def departed(self) -> list[PlayerPanel]:
        """The seats whose players left."""
        return [p for p in self.players if p.left]

    @property
    def bot_for_me_text(self) -> str:
        """What the table tells a viewer a bot plays for, in the bot's level's own words."""
        return _(BOT_FOR_ME[self.bot_for_me]) if self.bot_for_me else ""

    @property
    def may_let_bot_play(self) -> bool:
        """The viewer plays their seat and may let a bot play it (`Match.bot_may_play_for`)."""
        if self.seat is None or self.match.is_over or self.bot_for_me:
            return False
        return self.match.bot_may_play_for(self.match.seat_list[self.seat])

    @property
    def bot_levels(self) -> list[tuple[str, str]]:
        return [(value, str(label)) for value, label in Seat.Level.choices]

    @property
    def may_end_early(self) -> bool:
        """The viewer stays at a match another player left, and has not asked to end it yet."""
        if self.seat is None or self.match.is_over or not self.departed:
            return False
        return not self.players[self.seat].wants_end

    @property
    def end_waits_for(self) -> list[str]:
        """The players who stay (one who lets a bot play for them included) and have not asked to
        end the match early yet."""
        seats = self.match.seat_list
        return [
            p.name
            for p, s in zip(self.players, seats, strict=True)
            if s.played_by_person and not p.wants_end
        ]

    def context(self, *, error: str | None = None, oob: bool = False) -> dict[str, Any]:
        """The template context of the table page and of each region's partial."""
        return {
            "table": self,
            "match": self.match,
            "view": self.view,
            "g": self.extra,
            "seat": self.seat,
            "names": self.names,
            "expected_seq": self.expected_seq,
            "is_my_turn": self.is_my_turn,
            "result": self.result,
            "move_url": url("match_move", self.match.pk),
            "error": error,
            "oob": oob,
        }


def seat_name(seat: Seat, *, at: datetime | None = None) -> str:
    """How a table names a seat: its player, or the bot that plays it once the player left
    (from the move made `at` on; without `at`, now) or while it plays for them; a bot with the
    level it plays at. The
    player who left is last, whatever the bot then achieves, so the bot's play is never shown
    as theirs."""
    name = seat.user.public_name
    if seat.left or seat.handed:
        if at is not None and seat.replaced_at is not None and at < seat.replaced_at:
            return name
        name = _("Bot for %(name)s") % {"name": name}
    elif not seat.is_bot:
        return name
    level = Seat.Level(seat.playing_level).label
    return pgettext("bot with its level", "%(name)s (%(level)s)") % {"name": name, "level": level}


def may_watch(match_id: int, user: User | Any) -> bool:
    """Whether the user may see the match at all (its table, socket, replay and record). A match
    started from a private table of the lobby is its people's alone: those who sat at it (a
    seat handed on included) and the table's invitees; one another app closed is as that app
    says (`watchable_by`). Every other match is open to anyone. An unknown match is nobody's."""
    return Match.objects.filter(watchable_by(user), pk=match_id).exists()


def seat_of(match: Match, user: User | Any) -> int | None:
    """The seat this user plays at the match, or lets a bot play for them (they still see its
    hidden cards, and only they), or None for a spectator."""
    if not getattr(user, "is_authenticated", False):
        return None
    for seat in match.seat_list:
        if seat.user_id == user.pk and seat.played_by_person:
            return seat.number
    return None


@lru_cache(maxsize=4096)
def game_of(match_id: int) -> str:
    """The game a match plays, which never changes: a move need not read the match twice."""
    return Match.objects.values_list("game", flat=True).get(pk=match_id)


AtTable = tuple[set[int], Watching]
"""The people at a table now and who watches it (`games.presence.at_table`)."""


def load_table(match_id: int, *, log_from: int = 0) -> Match:
    """A match with all a table shows: seats, people and the log's moves from move `log_from`
    on, and the rating changes once a rated match is over: the table renders on the event loop,
    where nothing may query.

    The match, its seats and the log come in one round trip of statements compiled once (the
    ORM's compiling of three queries was a quarter of a daphne's processor time with 50 people
    against bots, `bench/README.md`); the seats handed on (whose lines the whole log shows) and
    a finished rated match's rating changes come in a second. The live table loads it once per
    announcement and process and renders every seat from the same copy, so nothing here may be
    changed. A push needs only the log's newest lines (`log_from`): reading and decoding the
    events of the whole log cost more than the rest of the load. Seats and moves point at the
    match by id only: a cycle through the match (with the whole state hanging from it) left
    every load to the garbage collector's full passes, which then paused a busy process for a
    tenth of a second.
    """
    read: dict[str, Rows] = {}
    batch = Batch()
    match_sql, moves_sql = _table_statements()
    batch.add(match_sql, [match_id], then=lambda rows: read.setdefault("match", rows))
    batch.add(seats_statement(), [match_id], then=lambda rows: read.setdefault("seats", rows))
    batch.add(
        moves_sql,
        [match_id, log_from, LOG_LENGTH + LATE_MOVES],
        then=lambda rows: read.setdefault("moves", rows),
    )
    batch.send()
    if not read["match"]:
        raise Match.DoesNotExist(f"No match {match_id}.")
    match: Match = from_row(Match, read["match"][0])
    match.seat_list = seats_from_rows(read["seats"])
    # Only the moves the match row counts: a move stored between the two reads would be shown
    # now and pushed again as news of the next move (its lines twice in the log).
    match.recent_moves = [
        move for move in map(_logged_move, read["moves"]) if move.seq < match.move_count
    ][:LOG_LENGTH]
    match.log_from = log_from
    match.handover_list = (
        list(
            SeatHandover.objects.filter(match_id=match_id)
            .select_related("from_user", "to_user")
            .order_by("at")
        )
        if log_from == 0
        else []
    )
    match.seen = None
    match.rating_deltas = (
        rating_deltas(
            RatingChange.objects.filter(match_id=match_id).values_list("user_id", "before", "after")
        )
        if match.is_over and match.rated
        else {}
    )
    return match


LATE_MOVES = 16
"""How many moves stored after the match row was read `load_table` reads beyond the log's
length, to leave out: each needs its own locked transaction, so even one is rare."""


@cache
def _table_statements() -> tuple[str, str]:
    """The match; its log's moves from a number on, newest first."""
    return (
        f"SELECT {columns(Match, 'm')} FROM {Match._meta.db_table} m WHERE m.id = %s",
        f"SELECT {', '.join(_LOGGED)} FROM {Move._meta.db_table}"
        " WHERE match_id = %s AND seq >= %s ORDER BY seq DESC LIMIT %s",
    )


_LOGGED = ("id", "seq", "seat", "events", "created_at")
"""What the log shows of a move, and its id (as the ORM's `only` read it)."""


def _logged_move(row: tuple[Any, ...]) -> Move:
    """A move of `_table_statements`' log, its events decoded as the ORM decodes them."""
    pk, seq, seat, events, created_at = row
    decoded = _EVENTS.from_db_value(events, _EVENTS_COLUMN, connection)
    return Move.from_db(DEFAULT_DB_ALIAS, _LOGGED, (pk, seq, seat, decoded, created_at))


_EVENTS = Move._meta.get_field("events")
_EVENTS_COLUMN = _EVENTS.get_col(Move._meta.db_table)


@cache
def seats_statement() -> str:
    """A match's seats with their people, in seat order (`seats_from_rows`)."""
    seats, users = Seat._meta.db_table, User._meta.db_table
    return (
        f"SELECT {columns(Seat, 's')}, {columns(User, 'u')} FROM {seats} s"
        f" JOIN {users} u ON u.id = s.user_id WHERE s.match_id = %s ORDER BY s.number"
    )


def seats_from_rows(rows: Rows) -> list[Seat]:
    """The seats of `seats_statement`'s rows, each with its person; none points back at the
    match."""
    width = len(Seat._meta.concrete_fields)
    seat_list = []
    for row in rows:
        seat = from_row(Seat, row[:width])
        seat.user = from_row(User, row[width:])
        seat_list.append(seat)
    return seat_list


def rating_deltas(changes: Iterable[tuple[int, int, int]]) -> dict[int, tuple[int, int]]:
    """Each player's rating change and new rating, by user id, from (user id, before, after)."""
    return {user_id: (after - before, after) for user_id, before, after in changes}


def table_after_move(match: Match, move: Move, seen: AtTable) -> Match:
    """The match as the move service stored it, in `load_table`'s shape with the log of its new
    move only, and who was `seen` at the table then: the process that stored the move pushes it
    without loading it or asking again. The service's lock read the seats with their people,
    and a match that ended keeps the rating changes its end made (`services.finishing.finish`)."""
    match.seen = seen
    match.recent_moves = [move]
    match.log_from = move.seq
    if not match.is_over:
        match.rating_deltas = {}
    return match


def seen_at(match: Match) -> AtTable:
    """Who is at the match's table now: a read of the cache, which the live table makes once
    per push, off the render thread (renders are processor work only)."""
    return at_table(match.pk, [s.user_id for s in match.seat_list if not s.is_bot])


def table_for(
    match: Match, user: User | Any, *, log_since: int = 0, seen: AtTable | None = None
) -> Table:
    """What `user` sees of a match loaded by `load_table`; its log from move `log_since` on,
    in the active language, read once (`games.translated.reading`); who is at the table as
    `seen` (`seen_at`), else read now."""
    with reading((match.pk, match.move_count)):
        return _table_for(match, user, log_since, seen_at(match) if seen is None else seen)


def _table_for(match: Match, user: User | Any, log_since: int, seen: AtTable) -> Table:
    info = GAMES[match.game]
    engine = info.engine
    seats: list[Seat] = match.seat_list
    seat = seat_of(match, user)
    names = [seat_name(s) for s in seats]
    state = match.state
    acting = engine.to_act(state) if not match.is_over else set()
    view = engine.view(state, seat)
    now = timezone.now()
    mine = seats[seat] if seat is not None else None
    # While a bot plays for the viewer, the table shows their seat but no move, and the status
    # line speaks of the bot's turn as a spectator's does.
    playing = seat if mine is not None and not mine.is_bot else None
    legal = (
        info.table.legal_moves(state, playing) if playing is not None and playing in acting else []
    )
    warning = clock_warning(match)
    here, watching = seen
    if seat is not None:
        here = {*here, user.pk}  # the viewer looks at the table, socket or not
    players = [
        _panel(
            match,
            info,
            s,
            viewer=seat,
            names=names,
            acting=acting,
            here=here,
            now=now,
            warning=warning,
        )
        for s in seats
    ]
    status = info.table.status_text(view, playing, names, match.result)
    return Table(
        match=match,
        game=info,
        seat=seat,
        view=view,
        legal=legal,
        names=names,
        players=players,
        status=one_full_stop(status),
        is_my_turn=bool(legal),
        log=game_log(match, seat, names, since=log_since),
        result=match.result,
        extra=info.table.table_context(view, legal, seat, names),
        warning_seconds=int(warning.total_seconds()),
        watching=watching,
        bot_for_me=mine.playing_level if mine and mine.handed and not match.is_over else "",
    )


def clock_warning(match: Match) -> timedelta:
    """How long before a real-time clock runs out its player is warned (the clock turns red,
    a notice is sent): a tenth of the match's clock, and never less than half a minute."""
    return max(CLOCK_WARNING, timedelta(seconds=(match.clock_seconds or 0) / 10))


def _panel(
    match: Match,
    info: GameInfo,
    s: Seat,
    *,
    viewer: int | None,
    names: list[str],
    acting: set[int],
    here: set[int],
    now: datetime,
    warning: timedelta,
) -> PlayerPanel:
    """A seat's panel as `viewer` sees it (None: a spectator): `acting` are the seats that must
    act, `here` the people at the table, `warning` how long before a clock runs out it turns
    red."""
    return PlayerPanel(
        number=s.number,
        name=names[s.number],
        person=s.user.public_name,
        url=None if s.user.deleted_at else url("player_profile", s.user.username),
        is_bot=s.is_bot,
        is_you=s.number == viewer,
        to_act=s.number in acting,
        score=s.score,
        rank=s.rank,
        rating_change=match.rating_deltas.get(s.user_id),
        left=s.get_left_display() if s.left else "",
        # A seat its player left has no clock of theirs to show; an awaited one's waits.
        deadline=None if match.is_over or s.left or s.awaited_until else s.deadline(match),
        time_left_ms=None if s.left else s.time_left_ms,
        vacation_until=s.user.vacation_until
        if s.user.vacation_until and s.user.vacation_until > now
        else None,
        low_time=_low_time(match, s, warning, now),
        wants_end=s.wants_end,
        score_text="" if s.score is None else info.score_text(s.score),
        present=not s.is_bot and s.user_id in here,
        bot_helped=s.bot_helped and not s.left,
        awaited_until=None if match.is_over or s.is_bot else s.awaited_until,
    )


def _low_time(match: Match, seat: Seat, warning: timedelta, now: datetime) -> bool:
    """A real-time clock of a seat still played by its person is close to running out."""
    if match.is_over or seat.left or match.pace != Match.Pace.LIVE or seat.time_left_ms is None:
        return False
    deadline = seat.deadline(match)
    left = deadline - now if deadline else timedelta(milliseconds=seat.time_left_ms)
    return left <= warning


def visible_events(events: list[dict[str, Any]], viewer: int | None) -> list[dict[str, Any]]:
    """Drop the events meant for other seats only."""
    return [
        event
        for event in events
        if "visible_to" not in event or (viewer is not None and viewer in event["visible_to"])
    ]


LEFT_LINES: dict[str, str] = {
    Seat.Left.RESIGNED: gettext_noop("%(name)s resigned; a bot plays the seat."),
    Seat.Left.ABANDONED: gettext_noop("%(name)s abandoned the match; a bot plays the seat."),
    Seat.Left.TIMED_OUT: gettext_noop("%(name)s ran out of time; a bot plays the seat."),
}


def game_log(
    match: Match, viewer: int | None, names: list[str], *, since: int = 0
) -> list[LogLine]:
    """The newest log lines first (of the moves from `since` on), in the active language,
    hidden information left out; a seat's moves after its player left are the bot's.

    The whole log (`since` 0) also says, in its place among the moves, who left and why, and
    that the match was ended early: these are no moves, so a push adds them by sending the
    whole log (`games.consumers`)."""
    table = GAMES[match.game].table
    handovers = getattr(match, "handover_list", [])
    left = any(s.left for s in match.seat_list) or bool(handovers)
    lines: list[LogLine] = []
    departures = _departures(match) if since == 0 else []
    for move in match.recent_moves:
        if move.seq < since:
            break
        while departures and departures[0][0] >= move.created_at:
            lines.append(departures.pop(0)[1])
        said = (
            [_name_then(s, move.created_at, handovers) for s in match.seat_list] if left else names
        )
        events = visible_events(move.events, viewer)
        said_events = [(table.describe(event, said, viewer), event) for event in events]
        for text, event in reversed([pair for pair in said_events if pair[0]]):
            named = " ".join(table.marks(event))
            lines.append(
                LogLine(seq=move.seq, seat=move.seat, text=one_full_stop(text), marks=named)
            )
    complete = match.log_from == 0 and len(match.recent_moves) < LOG_LENGTH
    if complete:
        lines.extend(line for _at, line in departures)
    return lines


def _name_then(seat: Seat, at: datetime, handovers: list[SeatHandover]) -> str:
    """How the log names a seat's move made `at`: a seat handed on since was its earlier
    player's (`handovers` in the order they happened)."""
    later = next((h for h in handovers if h.seat == seat.number and h.at > at), None)
    return later.from_user.public_name if later else seat_name(seat, at=at)


def _departures(match: Match) -> list[tuple[datetime, LogLine]]:
    """The log lines of no move, newest first, with their times: each seat left or handed on,
    and the end of a match its players ended early."""
    found = [
        (
            handover.at,
            LogLine(
                seq=match.move_count,
                seat=handover.seat,
                text=_("%(old)s handed the seat to %(new)s.")
                % {"old": handover.from_user.public_name, "new": handover.to_user.public_name},
            ),
        )
        for handover in getattr(match, "handover_list", [])
    ]
    found += [
        (
            seat.replaced_at,
            LogLine(
                seq=match.move_count,
                seat=seat.number,
                text=_(LEFT_LINES[seat.left]) % {"name": seat.user.public_name},
            ),
        )
        for seat in match.seat_list
        if seat.left in LEFT_LINES and seat.replaced_at is not None
    ]
    if match.result and match.result.get("ended_early") and match.finished_at:
        text = _("The players who stayed ended the match early.")
        found.append((match.finished_at, LogLine(seq=match.move_count, seat=-1, text=text)))
    return sorted(found, key=lambda pair: pair[0], reverse=True)


def record_of(match: Match) -> dict[str, Any]:
    """The match as a game record (the contract's JSON format); only once it is over."""
    if not match.is_over:
        raise ValueError(_("The record of a match is published when it ends."))
    seats = match.seat_list
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


@dataclass(frozen=True)
class Replay:
    """One step of a replay: the table after `step` moves, as the viewer may see it."""

    match: Match
    game: GameInfo
    step: int
    total: int
    names: list[str]
    seat: int | None
    view: dict[str, Any]
    board_view: dict[str, Any]
    board_extra: dict[str, Any]
    extra: dict[str, Any]
    lines: list[str]
    before: dict[str, Any] | None = None
    """The true state before the step's move (None at the start): where the move was made."""
    mover: int | None = None
    """The seat that made the step's move."""
    bot_played_for: str = ""
    """The person a bot made the step's move for (their seat handed over, or left), else ''."""

    @property
    def previous(self) -> int:
        return max(self.step - 1, 0)

    @property
    def next(self) -> int:
        return min(self.step + 1, self.total)

    @property
    def seat_name(self) -> str | None:
        return None if self.seat is None else self.names[self.seat]


def replay_seat(match: Match, user: User | Any) -> int | None:
    """The seat whose cards a replay shows to `user`: the one they play, or, once the match is
    over, the one they played (a seat left to a bot is still its player's). Anyone else sees
    what a spectator sees."""
    if not match.is_over:
        return seat_of(match, user)
    if not getattr(user, "is_authenticated", False):
        return None
    return next((s.number for s in match.seat_list if s.user_id == user.pk), None)


def replay_for(match: Match, user: User | Any, step: int) -> Replay:
    """The match after `step` moves through the engine's own view for the viewer's seat: the
    end of the match reveals only what each game's rules reveal at its end (§7), never the
    other seats' hands, packs or picks along the way."""
    with reading():
        return _replay_for(match, user, step)


def _replay_for(match: Match, user: User | Any, step: int) -> Replay:
    info = GAMES[match.game]
    engine, table = info.engine, info.table
    moves = list(
        match.moves.order_by("seq").values_list("seat", "payload", "events", "created_at", "by_bot")
    )
    step = min(max(step, 0), len(moves))
    made = moves[step - 1][3] if step else None
    names = [seat_name(s, at=made) if made else s.user.public_name for s in match.seat_list]
    state = engine.setup(len(names), match.options, int(match.seed), match.stack)
    for seat, payload, _events, _made, _by_bot in moves[: max(step - 1, 0)]:
        engine.apply_in_place(state, seat, payload)
    before, mover, bot_for = None, None, ""
    if step:
        mover, payload, _events, _made, by_bot = moves[step - 1]
        before = state
        state, _events = engine.apply(before, mover, payload)
        person = match.seat_list[mover].user
        bot_for = person.public_name if by_bot and not person.is_bot else ""
    own = replay_seat(match, user)
    spectator = engine.view(state, None)
    view = spectator if own is None else engine.view(state, own)
    board_extra = table.table_context(spectator, [], None, names)
    lines: list[str] = []
    if step:
        events = visible_events(moves[step - 1][2], own)
        lines = [one_full_stop(t) for t in (table.describe(e, names, own) for e in events) if t]
    return Replay(
        match=match,
        game=info,
        step=step,
        total=len(moves),
        names=names,
        seat=own,
        view=view,
        board_view=spectator,
        board_extra=board_extra,
        extra=board_extra if own is None else table.table_context(view, [], own, names),
        lines=lines,
        before=before,
        mover=mover,
        bot_played_for=bot_for,
    )


def unrated_records(game: str, *, leaving_out: set[int], limit: int = 50) -> list[PlayerStats]:
    """The record of the people who played the game but are not on its leaderboard (those who
    play bots only, or not yet enough rated matches): most wins first."""
    records = PlayerStats.objects.filter(
        game=game, played__gt=0, user__is_bot=False, user__deleted_at__isnull=True
    ).exclude(user_id__in=leaving_out)
    return list(records.select_related("user").order_by("-won", "-played", "user_id")[:limit])


def leaderboard(game: str, *, minimum: int = LEADERBOARD_MINIMUM, limit: int = 50) -> list[Rating]:
    """The best rated players of a game who played enough rated matches, best first."""
    rated = Rating.objects.filter(game=game, matches__gte=minimum, user__deleted_at__isnull=True)
    best = rated.annotate(ordinal=F("mu") - 3 * F("sigma")).order_by("-ordinal", "user_id")
    return list(best.select_related("user")[:limit])
