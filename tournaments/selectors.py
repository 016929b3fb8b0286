"""What the tournament pages show: the lists, and one tournament's standings with each
player's results by round and the current round's tables."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.urls import reverse

from accounts.models import User
from games.models import Match, PartOf
from tournaments import pairing
from tournaments.models import Pairing, Participant, Tournament
from tournaments.services import as_table, standings

ABOUT_TO_START = timedelta(hours=24)
FINISHED_SHOWN = 20


@dataclass
class Result:
    """A player's round: points scored, the place at the table, or a bye."""

    round: int
    points: float | None
    rank: int | None = None
    of: int = 0
    bye: bool = False
    left: bool = False
    match_id: int | None = None
    doubled: bool = False
    """An arena's match played on a streak: its points count twice."""

    @property
    def won_points(self) -> float | None:
        """The points the place won, before a streak doubled them."""
        return self.points / 2 if self.doubled and self.points is not None else self.points


@dataclass
class Row:
    standing: pairing.Standing
    entry: Participant
    results: list[Result | None] = field(default_factory=list)


@dataclass
class RoundTable:
    match: Match | None
    seats: list[Pairing]
    mine: bool


@dataclass
class Board:
    rows: list[Row]
    tables: list[RoundTable]
    byes: list[Participant]
    mine: Participant | None
    my_match: Match | None = None
    rounds: list[int] = field(default_factory=list)
    """The match the viewer plays now, which a real-time page takes them to."""


def _seen_by(user: Any) -> QuerySet[Tournament, Any]:
    """Tournaments a visitor may see: public ones, and private ones they play in or made."""
    visible = Q(private=False)
    if getattr(user, "is_authenticated", False):
        visible |= Q(created_by=user) | Q(participants__user=user)
    return Tournament.objects.filter(visible).values("pk")


def listed(user: Any) -> QuerySet[Tournament]:
    """Tournaments a visitor may see (`_seen_by`), with their players counted."""
    seen = _seen_by(user)
    return Tournament.objects.filter(pk__in=seen).annotate(
        players=Count("participants", filter=Q(participants__withdrawn=False))
    )


def closed_matches(user: Any) -> Q:
    """A tournament by invitation's matches are its people's: its players (withdrawn ones too)
    and its creator; closed to everyone else (`games.models.close_matches`)."""
    private = Tournament.objects.filter(private=True)
    if getattr(user, "is_authenticated", False):
        private = private.exclude(created_by=user).exclude(participants__user=user)
    tables = Pairing.objects.filter(round__tournament__in=private, match__isnull=False)
    return Q(pk__in=tables.values("match_id"))


def events_of(match_ids: Collection[int], viewer: Any) -> dict[int, PartOf]:
    """The tournaments the matches were played in, those the viewer may see, with the round of
    a Swiss (`games.models.name_events`): a substitute who took a seat in a tournament by
    invitation watches its match but is not shown the tournament."""
    tables = Pairing.objects.filter(match_id__in=match_ids, round__tournament__in=_seen_by(viewer))
    rows = tables.values_list(
        "match_id",
        "round__number",
        "round__tournament_id",
        "round__tournament__name",
        "round__tournament__kind",
    ).distinct()
    return {
        match_id: PartOf(
            name=name,
            url=reverse("tournament", kwargs={"tournament_id": tournament_id}),
            round=None if kind == Tournament.Kind.ARENA else number,
        )
        for match_id, number, tournament_id, name, kind in rows
    }


def tournament_lists(user: Any, game: str | None) -> dict[str, list[Tournament]]:
    shown = listed(user)
    if game:
        shown = shown.filter(game=game)
    return {
        "upcoming": list(shown.filter(status=Tournament.Status.UPCOMING).order_by("starts_at")),
        "running": list(shown.filter(status=Tournament.Status.RUNNING).order_by("starts_at")),
        "finished": list(
            shown.filter(status=Tournament.Status.FINISHED).order_by("-finished_at")[
                :FINISHED_SHOWN
            ]
        ),
    }


def about_to_start(now: datetime) -> list[Tournament]:
    """Public tournaments starting within a day, for the lobby and home page."""
    soon = listed(None).filter(
        status=Tournament.Status.UPCOMING, starts_at__lte=now + ABOUT_TO_START
    )
    return list(soon.order_by("starts_at")[:5])


def tournaments_of(player: User, viewer: Any, *, limit: int = 10) -> list[Tournament]:
    """A player's tournaments that the viewer may see, running and upcoming first, for the
    profile and "My games"."""
    entries = (
        listed(viewer).filter(participants__user=player).exclude(status=Tournament.Status.CANCELLED)
    )
    first: list[str] = [
        Tournament.Status.RUNNING,
        Tournament.Status.UPCOMING,
        Tournament.Status.FINISHED,
    ]
    ordered = sorted(entries, key=lambda t: (first.index(t.status), -t.starts_at.timestamp()))
    return ordered[:limit]


def board(tournament: Tournament, user: Any) -> Board:
    """The standings (tie-breaks worked out) with every player's round by round, and the
    tables of the current round. Only who sits where and the ranks: no match's hands."""
    entries = {e.pk: e for e in tournament.participants.select_related("user")}
    pairings = list(
        Pairing.objects.filter(round__tournament=tournament).select_related(
            "round", "participant__user", "match"
        )
    )
    by_table: dict[int | None, list[Pairing]] = {}
    for entry in pairings:
        by_table.setdefault(entry.match_id, []).append(entry)
    results = (
        _arena_results(pairings, by_table)
        if tournament.is_arena
        else _round_results(pairings, by_table, tournament, entries)
    )
    rows = [
        Row(standing=standing, entry=entries[standing.player], results=results[standing.player])
        for standing in standings(tournament)
    ]
    signed_in = getattr(user, "is_authenticated", False)
    mine = next((e for e in entries.values() if signed_in and e.user_id == user.pk), None)
    current = [p for p in pairings if p.round.number == tournament.current_round]
    tables = [
        RoundTable(
            match=seats[0].match,
            seats=sorted(seats, key=lambda p: p.seat or 0),
            mine=mine is not None and any(p.participant_id == mine.pk for p in seats),
        )
        for match_id, seats in sorted(by_table.items(), key=lambda item: item[0] or 0)
        if match_id is not None and _shown_now(seats[0], tournament)
    ]
    playing = [t.match for t in tables if t.mine and t.match and not t.match.is_over]
    return Board(
        rows=rows,
        tables=tables,
        byes=[p.participant for p in current if p.match_id is None],
        mine=mine,
        my_match=playing[-1] if playing else None,
        rounds=[] if tournament.is_arena else list(range(1, tournament.current_round + 1)),
    )


def _shown_now(entry: Pairing, tournament: Tournament) -> bool:
    """The current round's tables; an arena's matches being played."""
    if tournament.is_arena:
        return entry.match is not None and not entry.match.is_over
    return entry.round.number == tournament.current_round


def _round_results(
    pairings: list[Pairing],
    by_table: dict[int | None, list[Pairing]],
    tournament: Tournament,
    players: Iterable[int],
) -> defaultdict[int, list[Result | None]]:
    """Each player's result in each round so far (None: not seated in it)."""
    found = {(e.participant_id, e.round.number): _result(e, by_table, tournament) for e in pairings}
    results: defaultdict[int, list[Result | None]] = defaultdict(list)
    for player in players:
        results[player] = [
            found.get((player, number)) for number in range(1, tournament.current_round + 1)
        ]
    return results


def _arena_results(
    pairings: list[Pairing], by_table: dict[int | None, list[Pairing]]
) -> defaultdict[int, list[Result | None]]:
    """Each player's matches of an arena in order, with their points (streaks doubled)."""
    pairings = sorted(pairings, key=lambda e: (e.round.number, e.match_id or 0))
    tables = [as_table(by_table[e.match_id]) for e in pairings if e.seat == 0]
    scores = {player: iter(points) for player, points in pairing.arena_scores(tables).items()}
    streaks = {player: iter(flags) for player, flags in pairing.arena_streaks(tables).items()}
    results: defaultdict[int, list[Result | None]] = defaultdict(list)
    for entry in pairings:
        over = entry.rank is not None and all(p.rank is not None for p in by_table[entry.match_id])
        results[entry.participant_id].append(
            Result(
                entry.round.number,
                next(scores[entry.participant_id]) if over else None,
                rank=entry.rank,
                of=len(by_table[entry.match_id]),
                left=entry.left,
                match_id=entry.match_id,
                doubled=over and next(streaks[entry.participant_id]),
            )
        )
    return results


def _result(
    entry: Pairing, by_table: dict[int | None, list[Pairing]], tournament: Tournament
) -> Result:
    if entry.match_id is None:
        return Result(entry.round.number, pairing.bye_points(tournament.seats), bye=True)
    table = by_table[entry.match_id]
    return Result(
        entry.round.number,
        pairing.table_points(as_table(table)).get(entry.participant_id),
        rank=entry.rank,
        of=len(table),
        left=entry.left,
        match_id=entry.match_id,
    )
