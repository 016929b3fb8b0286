"""Reads for the lobby pages."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any
from urllib.parse import urlencode

from django.db.models import Count, Prefetch, Q, QuerySet

from accounts.models import User
from config.guards import whole_number
from games.models import Match, PartOf, Seat, Vacation, closed_to, events_of
from games.registry import GAMES
from games.selectors import seat_name
from lobby.models import Invitation, Table, TableSeat


def _visible_to(user: User | Any) -> Q:
    """Public tables, and private ones where the user sits or is invited."""
    visible = Q(private=False)
    if getattr(user, "is_authenticated", False):
        visible |= Q(sitting__user=user) | Q(invitations__invitee=user)
    return visible


def may_see_table(table_id: int, user: User | Any) -> bool:
    """A private table's waiting room is its players' and invitees' alone."""
    return Table.objects.filter(_visible_to(user), pk=table_id).exists()


@dataclass(frozen=True)
class TableFilter:
    """What the lobby's list is narrowed to; empty fields leave it wide."""

    game: str = ""
    pace: str = ""
    seats: int | None = None

    @classmethod
    def from_query(cls, query: Any) -> TableFilter:
        """From a page's (or a socket's) query string; values that name nothing are ignored."""
        game = query.get("game", "")
        pace = query.get("pace", "")
        seats = whole_number(query.get("players"))
        return cls(
            game=game if game in GAMES else "",
            pace=pace if pace in Match.Pace.values else "",
            seats=seats if seats is not None and 1 <= seats <= 9 else None,
        )

    @property
    def query(self) -> str:
        """The filter as a query string, for the live list's socket."""
        return urlencode(
            {
                key: value
                for key, value in (
                    ("game", self.game),
                    ("pace", self.pace),
                    ("players", self.seats),
                )
                if value
            }
        )

    @property
    def narrows(self) -> bool:
        return bool(self.game or self.pace or self.seats)

    def apply(self, tables: QuerySet[Table]) -> QuerySet[Table]:
        if self.game:
            tables = tables.filter(game=self.game)
        if self.pace:
            tables = tables.filter(pace=self.pace)
        if self.seats:
            tables = tables.filter(seats=self.seats)
        return tables


EVERYTHING = TableFilter()


def open_tables(user: User | Any, narrow: TableFilter = EVERYTHING) -> QuerySet[Table]:
    """Tables waiting for players that this user may see, narrowed by the lobby's filter."""
    return (
        narrow.apply(Table.objects.filter(_visible_to(user), status=Table.Status.OPEN))
        .distinct()
        .annotate(taken=Count("sitting", distinct=True))
        .select_related("host")
        .prefetch_related(Prefetch("sitting", queryset=TableSeat.objects.select_related("user")))
        .order_by("created_at")
    )


def recently_started(
    user: User | Any, narrow: TableFilter = EVERYTHING, limit: int = 8
) -> QuerySet[Table]:
    """Tables whose match is being played now."""
    return (
        narrow.apply(
            Table.objects.filter(
                _visible_to(user), status=Table.Status.STARTED, match__status=Match.Status.ACTIVE
            )
        )
        .distinct()
        .select_related("host", "match")
        .order_by("-match__started_at")[:limit]
    )


def pending_invitations(user: User) -> QuerySet[Invitation]:
    return Invitation.objects.filter(
        invitee=user, answer=Invitation.Answer.PENDING, table__status=Table.Status.OPEN
    ).select_related("table", "invited_by")


@dataclass(frozen=True)
class MyMatch:
    match: Match
    seat: Seat
    my_turn: bool
    names: list[str]
    deadline: datetime | None = None
    part_of: PartOf | None = None


def my_matches(user: User) -> dict[str, list[MyMatch]]:
    """Every match the user sits in: where it is their turn first, then waiting, then finished."""
    seats = (
        Seat.objects.filter(user=user)
        .select_related("match", "user")
        .prefetch_related("match__seats__user")
        .order_by("-match__started_at")
    )
    groups: dict[str, list[MyMatch]] = {"my_turn": [], "waiting": [], "finished": []}
    for seat in seats[:200]:
        match = seat.match
        # The list names the people who played; a bot of the site's own with its level.
        names = [
            s.user.public_name if s.left else seat_name(s)
            for s in sorted(match.seats.all(), key=lambda s: s.number)
        ]
        if match.is_over:
            groups["finished"].append(MyMatch(match, seat, False, names))
            continue
        # A seat its player left, or lets a bot play for now, is the bot's to play, never the
        # player's turn.
        my_turn = not seat.is_bot and seat.number in GAMES[match.game].engine.to_act(match.state)
        entry = MyMatch(match, seat, my_turn, names, seat.deadline(match) if my_turn else None)
        groups["my_turn" if my_turn else "waiting"].append(entry)
    groups["finished"] = groups["finished"][:20]
    shown = [entry.match.pk for entries in groups.values() for entry in entries]
    events = events_of(shown, user)
    return {
        group: [replace(entry, part_of=events.get(entry.match.pk)) for entry in entries]
        for group, entries in groups.items()
    }


@dataclass(frozen=True)
class VacationState:
    until: datetime | None
    days_left: int


def vacation_of(user: User, now: datetime) -> VacationState:
    taken = sum(
        (vacation.ends - vacation.starts).days
        for vacation in Vacation.objects.filter(user=user, starts__year=now.year)
    )
    until = user.vacation_until if user.vacation_until and user.vacation_until > now else None
    return VacationState(until=until, days_left=max(Vacation.DAYS_PER_YEAR - taken, 0))


def seats_wanting_substitutes(user: User | Any) -> QuerySet[Seat]:
    """Seats of running matches whose players asked for a volunteer (not the user's own); a
    private table's match asks its invitees only, a match another app closed (a tournament by
    invitation's) those it is open to."""
    public = Q(match__table__isnull=True) | Q(match__table__private=False)
    seats = (
        Seat.objects.filter(substitute_wanted=True, is_bot=False, match__status=Match.Status.ACTIVE)
        .exclude(match__in=Match.objects.filter(closed_to(user)).values("pk"))
        .select_related("match", "user")
    )
    if getattr(user, "is_authenticated", False):
        seats = seats.filter(public | Q(match__table__invitations__invitee=user)).exclude(
            match__seats__user=user
        )
    else:
        seats = seats.filter(public)
    return seats.order_by("match__started_at")[:20]
