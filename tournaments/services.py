"""Writes on tournaments. Each locks the tournament's row, so two players taking the last
place, or a round's two last matches ending at once, resolve one way only. Matches are started
through the games' services and their ends heard through `games.signals.match_ended`; the
next round, the start and the turn-based deadlines are the task worker's."""

from __future__ import annotations

import contextlib
import functools
from collections import defaultdict
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from procrastinate.contrib.django import app
from procrastinate.exceptions import AlreadyEnqueued

from accounts.models import User
from config.worker import RETRY_ON_OUTAGE
from games import services as game_services
from games.live import tell_group
from games.models import Match, Rating, Seat
from notifications.services import notify
from tournaments import pairing
from tournaments.models import Pairing, Participant, Round, Tournament


class TournamentRefused(Exception):  # noqa: N818 - a refusal, not a failure
    """Something a tournament will not do; the message is shown to the player as it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


TOURNAMENTS_GROUP = "tournaments"
"""Every page listing tournaments (the list, the home page's "about to start"): told when a
tournament appears, starts, moves to a new round, changes its player count or ends."""


def tournament_group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def create_tournament(*, creator: User, now: datetime, **chosen: Any) -> Tournament:
    """A new tournament from the create form's settings (`TournamentForm.settings`); it
    starts itself at `starts_at` (`start_on_time`)."""
    info = game_services.playable_game(chosen["game"])
    if info is None:
        raise TournamentRefused(_("This game cannot be played here yet."))
    seats = chosen["seats"]
    if seats < 2 or seats not in info.seat_choices:
        raise TournamentRefused(_("Choose how many play at a table, at least two."))
    try:
        chosen["options"] = info.clean_options(chosen.get("options"), seats=seats)
    except ValueError as error:
        raise TournamentRefused(str(error)) from None
    if chosen["starts_at"] <= now:
        raise TournamentRefused(_("A tournament starts in the future."))
    if chosen.get("kind") == Tournament.Kind.ARENA and chosen["pace"] != Match.Pace.LIVE:
        raise TournamentRefused(_("An arena is played in real time."))
    if chosen["max_players"] < seats:
        raise TournamentRefused(_("The player limit must fill at least one table."))
    with transaction.atomic():
        tournament = Tournament.objects.create(created_by=creator, **chosen)
        tournament_id, at = tournament.pk, tournament.starts_at
        transaction.on_commit(
            lambda: start_on_time.configure(schedule_at=at).defer(tournament_id=tournament_id)
        )
        _announce(tournament, listed=True)
    return tournament


def sign_up(*, tournament_id: int, user: User, token: str | None = None) -> Participant:
    """Before the start, while there is room; a tournament by invitation takes those with its
    link (and its creator)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        late = tournament.is_arena and tournament.status == Tournament.Status.RUNNING
        if tournament.status != Tournament.Status.UPCOMING and not (
            late and timezone.now() < tournament.ends_at
        ):
            raise TournamentRefused(_("Sign-up is closed: the tournament has started."))
        invited = token is not None and token == tournament.invite_token
        if tournament.private and not invited and tournament.created_by_id != user.pk:
            raise TournamentRefused(_("This tournament is by invitation only."))
        if tournament.participants.count() >= tournament.max_players:
            raise TournamentRefused(_("The tournament is full."))
        try:
            with transaction.atomic():
                participant = Participant.objects.create(tournament=tournament, user=user)
        except IntegrityError:
            raise TournamentRefused(_("You are already signed up.")) from None
        if late:
            _queue_seating(tournament)
        _announce(tournament, listed=True)
    return participant


def withdraw(*, tournament_id: int, user: User) -> None:
    """Before the start the place is given up; after it the player is seated no more and a
    bot plays their running matches of it on, scoring nothing for them."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        entry = tournament.participants.filter(user=user, withdrawn=False).first()
        if entry is None:
            raise TournamentRefused(_("You are not playing in this tournament."))
        if tournament.status == Tournament.Status.UPCOMING:
            entry.delete()
        elif tournament.status == Tournament.Status.RUNNING:
            entry.withdrawn = True
            entry.save(update_fields=["withdrawn"])
            running = Pairing.objects.filter(
                participant=entry, match__status=Match.Status.ACTIVE
            ).values_list("match_id", flat=True)
            for match_id in running:
                transaction.on_commit(functools.partial(_leave, match_id, user))
        else:
            raise TournamentRefused(_("The tournament is over."))
        _announce(tournament, listed=True)


def _leave(match_id: int, user: User) -> None:
    """After the withdrawal commits, so the match's lock is never taken under the
    tournament's (a match's end takes them the other way round)."""
    with contextlib.suppress(game_services.MoveRefused):  # it ended or was left meanwhile
        game_services.leave_match(match_id=match_id, user=user, reason=Seat.Left.ABANDONED)


def start_tournament(*, tournament_id: int, now: datetime) -> Tournament:
    """Seat the first round at the start time; too few players for a table cancel it."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != Tournament.Status.UPCOMING or now < tournament.starts_at:
            return tournament
        playing = tournament.participants.filter(withdrawn=False).count()
        if playing < tournament.seats:
            tournament.status = Tournament.Status.CANCELLED
            tournament.finished_at = now
            tournament.save(update_fields=["status", "finished_at"])
        elif tournament.is_arena:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
            _seat_arena(tournament, now)
            tournament_id, ends = tournament.pk, tournament.ends_at
            transaction.on_commit(
                lambda: arena_end.configure(schedule_at=ends).defer(tournament_id=tournament_id)
            )
        else:
            tournament.status = Tournament.Status.RUNNING
            _seat_round(tournament, now)
        _announce(tournament, listed=True)
    return tournament


def advance(*, tournament_id: int, round_number: int, now: datetime) -> bool:
    """Seat the round after `round_number` once its matches all ended (after the break of a
    real-time tournament) or its deadline passed (turn-based: matches still on go on under
    their clocks and count when they end). Returns whether a round was seated; a run that
    comes early or twice does nothing."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if (
            tournament.status != Tournament.Status.RUNNING
            or tournament.current_round != round_number
            or round_number >= tournament.rounds
        ):
            return False
        current = tournament.round_set.get(number=round_number)
        open_tables = current.pairings.filter(match__isnull=False, rank__isnull=True).exists()
        if open_tables and (current.deadline is None or now < current.deadline):
            return False
        _seat_round(tournament, now)
        _announce(tournament, listed=True)
        return True


def record_table(*, match: Match, **_signal: Any) -> None:
    """`match_ended`'s listener, inside the transaction that ends the match: the ranks go on
    the table's pairings (a player whose seat went to a bot or another person left), and a
    round whose last table this was leads to the next round or the tournament's end."""
    pairings = list(Pairing.objects.filter(match=match).select_related("participant", "round"))
    if not pairings:
        return
    tournament = _locked(pairings[0].round.tournament_id)
    was = tournament.status
    seats = {seat.number: seat for seat in match.seat_list}
    for entry in pairings:
        seat = seats[entry.seat] if entry.seat is not None else None
        if seat is None:
            continue
        entry.rank = seat.rank
        entry.left = bool(seat.left) or seat.user_id != entry.participant.user_id
    Pairing.objects.bulk_update(pairings, ["rank", "left"])
    if tournament.is_arena:
        _arena_table_ended(tournament, timezone.now())
    else:
        _swiss_table_ended(tournament, pairings[0].round, timezone.now())
    _announce(tournament, listed=tournament.status != was)


def _swiss_table_ended(tournament: Tournament, ended: Round, now: datetime) -> None:
    """The round's last table ends the round: the next is seated after the break (at once
    when turn-based), or, the last round over, the tournament ends."""
    still_open = _open_pairings(tournament)
    if not still_open.filter(round=ended).exists() and ended.finished_at is None:
        ended.finished_at = now
        ended.save(update_fields=["finished_at"])
    if tournament.current_round == tournament.rounds and not still_open.exists():
        _finish(tournament, now)
    elif ended.number == tournament.current_round and ended.finished_at is not None:
        live = tournament.pace == Match.Pace.LIVE
        pause = settings.TOURNAMENT_BREAK_SECONDS if live else 0
        transaction.on_commit(
            functools.partial(_queue_next, tournament.pk, ended.number, now, pause)
        )


def _queue_next(tournament_id: int, round_number: int, now: datetime, pause: int) -> None:
    task = next_round.configure(schedule_at=now + timedelta(seconds=pause))
    task.defer(tournament_id=tournament_id, round_number=round_number)


def history(tournament: Tournament) -> list[pairing.Round]:
    """The rounds as the pairing rules read them, with participants' ids as players."""
    rounds: dict[int, dict[int | None, list[Pairing]]] = defaultdict(lambda: defaultdict(list))
    for entry in Pairing.objects.filter(round__tournament=tournament).select_related("round"):
        rounds[entry.round.number][entry.match_id].append(entry)
    return [
        pairing.Round(
            tables=tuple(as_table(entries) for match, entries in tables.items() if match),
            byes=tuple(entry.participant_id for entry in tables.get(None, [])),
        )
        for _number, tables in sorted(rounds.items())
    ]


def as_table(entries: list[Pairing]) -> pairing.Table:
    """One match's pairings as a table of the pairing rules: ranked once every seat is."""
    entries = sorted(entries, key=lambda entry: entry.seat or 0)
    ranks = [entry.rank for entry in entries]
    return pairing.Table(
        players=tuple(entry.participant_id for entry in entries),
        ranks=tuple(rank or 0 for rank in ranks) if None not in ranks else None,
        left=frozenset(entry.participant_id for entry in entries if entry.left),
    )


def standings(tournament: Tournament) -> list[pairing.Standing]:
    """The tournament's standings (participants' ids as players), tie-breaks worked out."""
    entries = list(tournament.participants.select_related("user"))
    ratings = {
        rating.user_id: rating.display
        for rating in Rating.objects.filter(
            game=tournament.game, user__in=[e.user_id for e in entries]
        )
    }
    by_user = {e.user_id: e.pk for e in entries}
    by_player = {by_user[user_id]: value for user_id, value in ratings.items()}
    played = history(tournament)
    if tournament.is_arena:
        tables = [table for each in played for table in each.tables]
        return pairing.arena_standings([e.pk for e in entries], tables, by_player)
    return pairing.standings([e.pk for e in entries], played, tournament.seats, by_player)


def _seat_round(tournament: Tournament, now: datetime) -> None:
    """The next round: its tables by the standings (`pairing.swiss_round`), each a match
    started through the games' services with the tournament's settings; the players told.
    Withdrawals that leave too few for a table end the tournament instead."""
    number = tournament.current_round + 1
    playing = {
        e.pk: e for e in tournament.participants.filter(withdrawn=False).select_related("user")
    }
    order = [row.player for row in standings(tournament) if row.player in playing]
    if len(order) < tournament.seats:
        _finish(tournament, now)
        return
    seated = pairing.swiss_round(order, tournament.seats, history(tournament))
    turn_based = tournament.pace == Match.Pace.TURN_BASED
    current = Round.objects.create(
        tournament=tournament,
        number=number,
        deadline=now + timedelta(days=tournament.round_days) if turn_based else None,
    )
    for table in seated.tables:
        _start_table(tournament, current, [playing[p] for p in table.players])
    Pairing.objects.bulk_create(Pairing(round=current, participant=playing[p]) for p in seated.byes)
    tournament.current_round = number
    tournament.save(update_fields=["status", "current_round"])
    if turn_based and current.deadline is not None:
        deadline, tournament_id = current.deadline, tournament.pk
        transaction.on_commit(
            lambda: next_round.configure(schedule_at=deadline).defer(
                tournament_id=tournament_id, round_number=number
            )
        )


def _start_table(tournament: Tournament, seated: Round, players: list[Participant]) -> None:
    """One table's match, started through the games' services with the tournament's
    settings, its pairings stored and its players told."""
    match = game_services.start_match(
        game=tournament.game,
        players=[entry.user for entry in players],
        options=tournament.options,
        rated=tournament.rated,
        pace=tournament.pace,
        clock_seconds=tournament.clock_minutes * 60,
        increment_seconds=tournament.clock_increment,
        move_hours=tournament.move_hours,
        awaited=True,
    )
    Pairing.objects.bulk_create(
        Pairing(round=seated, participant=entry, match=match, seat=seat)
        for seat, entry in enumerate(players)
    )
    _tell_seated([entry.user for entry in players], tournament, seated, match)


def seat_arena(*, tournament_id: int, now: datetime) -> int:
    """Seat an arena's waiting players (`pairing.arena_tables`) while it runs; returns how
    many tables were started."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != Tournament.Status.RUNNING or not tournament.is_arena:
            return 0
        seated = _seat_arena(tournament, now)
        if seated:
            _announce(tournament)
        return seated


def end_arena(*, tournament_id: int, now: datetime) -> bool:
    """An arena's time is up: nobody is seated any more, and it ends once its last match
    does (at once if none is on). Returns whether it ended now."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != Tournament.Status.RUNNING or now < tournament.ends_at:
            return False
        if _open_pairings(tournament).exists():
            return False
        _finish(tournament, now)
        _announce(tournament, listed=True)
        return True


def pause(*, tournament_id: int, user: User, paused: bool) -> None:
    """An arena's player steps away (not seated again) or comes back (seated when others
    wait)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if not tournament.is_arena or tournament.status not in (
            Tournament.Status.UPCOMING,
            Tournament.Status.RUNNING,
        ):
            raise TournamentRefused(_("Only a running arena can be paused."))
        entry = tournament.participants.filter(user=user, withdrawn=False).first()
        if entry is None:
            raise TournamentRefused(_("You are not playing in this tournament."))
        entry.paused = paused
        entry.save(update_fields=["paused"])
        if not paused and tournament.status == Tournament.Status.RUNNING:
            _queue_seating(tournament)
        _announce(tournament)


def _seat_arena(tournament: Tournament, now: datetime) -> int:
    """The players neither playing, pausing nor withdrawn, by standing, at full tables
    without anyone from their own last match while others play (`pairing.arena_tables`)."""
    if now >= tournament.ends_at:
        return 0
    entries = Pairing.objects.filter(round__tournament=tournament, match__isnull=False)
    busy: set[int] = set()
    last: dict[int, int] = {}
    for entry in entries.order_by("round__number"):
        if entry.rank is None:
            busy.add(entry.participant_id)
        if entry.match_id is not None:
            last[entry.participant_id] = entry.match_id
    mates: dict[int, list[int]] = defaultdict(list)
    for player, match_id in last.items():
        mates[match_id].append(player)
    ready = {
        e.pk: e
        for e in tournament.participants.filter(withdrawn=False, paused=False).select_related(
            "user"
        )
        if e.pk not in busy
    }
    waiting = [row.player for row in standings(tournament) if row.player in ready]
    last_mates = {player: mates[match_id] for player, match_id in last.items()}
    tables = pairing.arena_tables(waiting, tournament.seats, last_mates, others_playing=bool(busy))
    if not tables:
        return 0
    seated = Round.objects.create(tournament=tournament, number=tournament.current_round + 1)
    for table in tables:
        _start_table(tournament, seated, [ready[p] for p in table])
    tournament.current_round = seated.number
    tournament.save(update_fields=["current_round"])
    return len(tables)


def _arena_table_ended(tournament: Tournament, now: datetime) -> None:
    """Inside the match's end: its players wait to be seated again at once (a task after
    commit), or, the time being up and no match left, the arena ends."""
    if tournament.status != Tournament.Status.RUNNING:
        return
    if now < tournament.ends_at:
        _queue_seating(tournament)
    elif not _open_pairings(tournament).exists():
        _finish(tournament, now)


def _open_pairings(tournament: Tournament) -> QuerySet[Pairing]:
    return Pairing.objects.filter(
        round__tournament=tournament, match__isnull=False, rank__isnull=True
    )


def _finish(tournament: Tournament, now: datetime) -> None:
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    tournament.save(update_fields=["status", "finished_at"])


def _queue_seating(tournament: Tournament) -> None:
    """After commit, seat the arena's waiting players; one run waits at most."""
    tournament_id, lock = tournament.pk, f"arena-{tournament.pk}"
    task = arena_seating.configure(queueing_lock=lock)

    def queue() -> None:
        with contextlib.suppress(AlreadyEnqueued):
            task.defer(tournament_id=tournament_id)

    transaction.on_commit(queue)


def _tell_seated(players: list[User], tournament: Tournament, seated: Round, match: Match) -> None:
    """A notice with the way to the table; mailed for a turn-based round only (a real-time
    round's players are waiting for it on the tournament's page, or at the table they just
    finished, which the notice's `at_once` takes them from)."""
    notify(
        users=players,
        kind="tournament_round",
        link=match.get_absolute_url(),
        match_id=match.pk,
        params={
            "game": tournament.game,
            "match": match.pk,
            "tournament": tournament.name,
            **({} if tournament.is_arena else {"round": seated.number}),
            **({"at_once": True} if tournament.pace == Match.Pace.LIVE else {}),
        },
        email=tournament.pace == Match.Pace.TURN_BASED,
    )


def _locked(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise TournamentRefused(_("This tournament does not exist.")) from None


def _announce(tournament: Tournament, *, listed: bool = False) -> None:
    """After commit, the tournament's page is told; the lists too when they show the change
    (`listed`), not on every match's end."""
    tournament_id = tournament.pk
    transaction.on_commit(lambda: _tell(tournament_id, listed))


def _tell(tournament_id: int, listed: bool) -> None:
    tell_group(tournament_group(tournament_id), {"type": "tournament.changed"})
    if listed:
        tell_group(TOURNAMENTS_GROUP, {"type": "tournaments.changed"})


@app.task(name="tournaments.services.start_on_time", queue="clocks", retry=RETRY_ON_OUTAGE)
def start_on_time(*, tournament_id: int) -> None:
    start_tournament(tournament_id=tournament_id, now=timezone.now())


@app.task(name="tournaments.services.next_round", queue="clocks", retry=RETRY_ON_OUTAGE)
def next_round(*, tournament_id: int, round_number: int) -> bool:
    return advance(tournament_id=tournament_id, round_number=round_number, now=timezone.now())


@app.task(name="tournaments.services.arena_seating", queue="clocks", retry=RETRY_ON_OUTAGE)
def arena_seating(*, tournament_id: int) -> int:
    return seat_arena(tournament_id=tournament_id, now=timezone.now())


@app.task(name="tournaments.services.arena_end", queue="clocks", retry=RETRY_ON_OUTAGE)
def arena_end(*, tournament_id: int) -> bool:
    return end_arena(tournament_id=tournament_id, now=timezone.now())
