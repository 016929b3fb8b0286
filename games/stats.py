"""Statistics of finished matches: players' tallies per game and overall, and each game's page.

Every finished match counts, rated or not, bots included (their profiles show it too); ratings
are separate (`games.ratings`). A match is added once, when it ends (`tally_match`), and
`rebuild` recomputes everything from the stored matches through the same `Tally`, so the two
agree. A player who resigned, abandoned or ran out of time gets no win, no score and the last
place for that match, whatever the bot that took over the seat achieved. A match in which a
player let a bot play for them (`Seat.bot_helped`) counts as played, at the place the seat
reached, but never as their win, their score or part of a winning streak: the bot's play is
not shown as theirs.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Count, F, Q, QuerySet, Window
from django.db.models.functions import RowNumber
from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from accounts.models import User
from config.batch import Batch, columns, from_row
from games import charts
from games.models import GameStats, Match, PlayerStats, RatingChange, Seat, watchable_by
from games.registry import GAMES

HISTORY_POINTS = 100
LAST_MATCHES = 10
SCORE_BINS = 16


class Tally:
    """Adds finished matches, in the order they ended, to statistics rows held in memory."""

    def __init__(
        self,
        players: Iterable[PlayerStats] = (),
        games: Iterable[GameStats] = (),
    ) -> None:
        self.players = {(row.user_id, row.game): row for row in players}
        self.games = {row.game: row for row in games}

    def add(self, match: Match, seats: list[Seat]) -> None:
        for seat in seats:
            for key in (match.game, PlayerStats.OVERALL):
                self._add_seat(self._player(seat.user_id, key), seat, len(seats))
        self._add_match(self._game(match.game), match, seats)

    def _player(self, user_id: int, game: str) -> PlayerStats:
        if (user_id, game) not in self.players:
            self.players[user_id, game] = PlayerStats(user_id=user_id, game=game)
        return self.players[user_id, game]

    def _game(self, game: str) -> GameStats:
        if game not in self.games:
            self.games[game] = GameStats(game=game)
        return self.games[game]

    @staticmethod
    def _add_seat(row: PlayerStats, seat: Seat, seat_count: int) -> None:
        row.played += 1
        if seat.left:
            setattr(row, seat.left, getattr(row, seat.left) + 1)
            row.place_sum += seat_count
            row.current_streak = 0
            return
        row.place_sum += seat.rank or seat_count
        if seat.bot_helped:
            row.current_streak = 0
            return
        if seat.score is not None:
            row.scored += 1
            row.score_sum += seat.score
            row.best_score = (
                seat.score if row.best_score is None else max(row.best_score, seat.score)
            )
        if seat.rank == 1:
            row.won += 1
            row.current_streak += 1
            row.best_streak = max(row.best_streak, row.current_streak)
        else:
            row.current_streak = 0

    @staticmethod
    def _add_match(row: GameStats, match: Match, seats: list[Seat]) -> None:
        row.matches += 1
        row.move_sum += match.move_count
        if match.pace == Match.Pace.LIVE and match.finished_at and match.started_at:
            row.live_matches += 1
            row.live_seconds += int((match.finished_at - match.started_at).total_seconds())
        for seat in seats:
            if seat.score is not None:
                row.scores[str(seat.score)] = row.scores.get(str(seat.score), 0) + 1
        by_seat = row.seat_wins.setdefault(
            str(len(seats)), {"matches": 0, "wins": [0] * len(seats)}
        )
        by_seat["matches"] += 1
        start = start_seat(match, len(seats))
        for seat in seats:
            if seat.rank == 1:
                by_seat["wins"][(seat.number - start) % len(seats)] += 1
        if match.game in GAMES and match.result is not None:
            facts = GAMES[match.game].stats.match_facts(match.state, match.result)
            for key, value in facts.items():
                row.facts[key] = row.facts.get(key, 0) + value


def start_seat(match: Match, seats: int) -> int:
    """The seat that started the match, as its setup dealt it: several games draw it, and it
    may move during the game, so the final state cannot tell."""
    info = GAMES.get(match.game)
    if info is None:
        return 0
    first = info.engine.setup(seats, match.options or {}, int(match.seed), match.stack)
    return int(info.stats.start_seat(first))


PLAYER_FIELDS = [
    "played",
    "won",
    "scored",
    "score_sum",
    "best_score",
    "place_sum",
    "current_streak",
    "best_streak",
    "resigned",
    "abandoned",
    "timed_out",
]
GAME_FIELDS = [
    "matches",
    "move_sum",
    "live_matches",
    "live_seconds",
    "scores",
    "seat_wins",
    "facts",
]


def tally_match(match: Match, seats: list[Seat], *, writes: Batch) -> None:
    """Add a match that has just ended (inside its transaction), locking the rows it changes.

    The rows are created where missing, read and locked in one round trip, and written with
    statements compiled once (`config.batch`) into `writes` (the move service sends them with
    the match's own writes): the ORM's `bulk_update`, a CASE for every field, cost a
    match's last move more processor time than all else it does (`bench/README.md`)."""
    kinds = [match.game, PlayerStats.OVERALL]
    user_ids = sorted({seat.user_id for seat in seats})
    reads = Batch()
    for user_id in user_ids:
        for game in kinds:
            reads.insert([PlayerStats(user_id=user_id, game=game)], ignore_conflicts=True)
    reads.insert([GameStats(game=match.game)], ignore_conflicts=True)
    players: list[PlayerStats] = []
    games: list[GameStats] = []
    reads.add(
        f"SELECT {columns(PlayerStats, 'p')} FROM {PlayerStats._meta.db_table} p"
        " WHERE p.user_id = ANY(%s) AND p.game = ANY(%s) ORDER BY p.id FOR UPDATE",
        [user_ids, kinds],
        then=lambda rows: players.extend(from_row(PlayerStats, row) for row in rows),
    )
    reads.add(
        f"SELECT {columns(GameStats, 'g')} FROM {GameStats._meta.db_table} g"
        " WHERE g.game = %s FOR UPDATE",
        [match.game],
        then=lambda rows: games.extend(from_row(GameStats, row) for row in rows),
    )
    reads.send()
    tally = Tally(players, games)
    tally.add(match, seats)
    for row in tally.players.values():
        writes.update_row(
            PlayerStats, row.pk, **{name: getattr(row, name) for name in PLAYER_FIELDS}
        )
    game_row = tally.games[match.game]
    writes.update_row(
        GameStats, game_row.pk, **{name: getattr(game_row, name) for name in GAME_FIELDS}
    )


@transaction.atomic
def rebuild() -> int:
    """Recompute every statistic from the stored matches; returns how many matches counted."""
    PlayerStats.objects.all().delete()
    GameStats.objects.all().delete()
    tally = Tally()
    finished = (
        Match.objects.filter(status=Match.Status.FINISHED)
        .order_by("finished_at", "pk")
        .prefetch_related("seats")
    )
    counted = 0
    for match in finished.iterator(chunk_size=500):
        tally.add(match, list(match.seats.all()))
        counted += 1
    PlayerStats.objects.bulk_create(tally.players.values(), batch_size=1000)
    GameStats.objects.bulk_create(tally.games.values())
    return counted


# Reads for the pages.


@dataclass
class GameLine:
    """A row of a profile's table: one game's tallies (or all games'), with the rating."""

    slug: str
    name: Promise | str
    stats: PlayerStats
    rating: Any = None
    chart: charts.LineChart | None = None


def player_lines(player: User) -> tuple[PlayerStats | None, list[GameLine]]:
    """The overall tallies and one line per game the player has finished, in the site's order."""
    rows = {row.game: row for row in player.game_stats.all()}
    ratings = {rating.game: rating for rating in player.ratings.all()}
    lines = [
        GameLine(slug, info.name, rows[slug], ratings.get(slug))
        for slug, info in GAMES.items()
        if slug in rows
    ]
    return rows.get(PlayerStats.OVERALL), lines


def rating_history(player: User) -> dict[str, list[int]]:
    """Per game, the player's last ratings in the order the matches ended (first = before)."""
    recent = (
        RatingChange.objects.filter(user=player)
        .annotate(
            back=Window(
                RowNumber(),
                partition_by=F("game"),
                order_by=[F("match__finished_at").desc(), F("match_id").desc()],
            )
        )
        .filter(back__lte=HISTORY_POINTS)
        .order_by("game", "match__finished_at", "match_id")
        .values_list("game", "before", "after")
    )
    history: dict[str, list[int]] = {}
    for game, before, after in recent:
        points = history.setdefault(game, [before])
        points.append(after)
    return history


def last_matches(player: User, viewer: Any, limit: int = LAST_MATCHES) -> list[Seat]:
    """The player's latest finished matches that the viewer may see (a private table's match is
    its people's), each seat with its match and everyone at it."""
    seats = list(
        Seat.objects.filter(
            user=player, match__status=Match.Status.FINISHED, match__in=_watchable(viewer)
        )
        .select_related("match")
        .order_by("-match__finished_at", "-match_id")[:limit]
    )
    everyone: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(match__in=[s.match_id for s in seats]).select_related("user"):
        everyone.setdefault(seat.match_id, []).append(seat)
    for seat in seats:
        seat.match.seat_list = sorted(everyone[seat.match_id], key=lambda s: s.number)
        seat.opponents = [s.user for s in seat.match.seat_list if s.user_id != player.pk]
    return seats


@dataclass
class Rivalry:
    """Two players' record against each other at one game (or all games)."""

    name: Promise | str
    matches: int
    first_ahead: int
    second_ahead: int

    @property
    def level(self) -> int:
        return self.matches - self.first_ahead - self.second_ahead


def head_to_head(first: User, second: User, viewer: Any) -> tuple[list[Rivalry], list[Seat]]:
    """Who finished ahead of whom in the finished matches both played; a leaver is behind, and
    one a bot played for is ahead of nobody. The
    counts include every match; the list of matches only those the viewer may see."""
    together = Seat.objects.filter(
        user=first, match__status=Match.Status.FINISHED, match__seats__user=second
    )
    shared = together.annotate(
        other_rank=F("match__seats__rank"),
        other_left=F("match__seats__left"),
        other_helped=F("match__seats__bot_helped"),
    ).values("match__game")
    # A place a bot won for a player (`Seat.bot_helped`) puts them ahead of nobody.
    first_ahead = Q(left="", bot_helped=False) & (~Q(other_left="") | Q(rank__lt=F("other_rank")))
    second_ahead = Q(other_left="", other_helped=False) & (
        ~Q(left="") | Q(rank__gt=F("other_rank"))
    )
    per_game = {
        row["match__game"]: row
        for row in shared.annotate(
            matches=Count("pk"),
            first_ahead=Count("pk", filter=first_ahead),
            second_ahead=Count("pk", filter=second_ahead),
        )
    }
    lines = [
        Rivalry(info.name, row["matches"], row["first_ahead"], row["second_ahead"])
        for slug, info in GAMES.items()
        if (row := per_game.get(slug))
    ]
    if len(lines) > 1:
        lines.append(
            Rivalry(
                gettext_lazy("All games"),
                sum(line.matches for line in lines),
                sum(line.first_ahead for line in lines),
                sum(line.second_ahead for line in lines),
            )
        )
    recent = list(
        together.filter(match__in=_watchable(viewer))
        .select_related("match")
        .order_by("-match__finished_at", "-match_id")[:LAST_MATCHES]
    )
    return lines, recent


def _watchable(viewer: Any) -> QuerySet[Match, Any]:
    return Match.objects.filter(watchable_by(viewer)).values("pk")


def rounded(value: float, digits: int) -> str:
    """A number rounded (Django's number_format only cuts digits off) in the active locale."""
    return number_format(round(value, digits), digits)


def score_bars(scores: dict[str, int]) -> list[tuple[str, int]]:
    """Final scores grouped into at most SCORE_BINS equal ranges, as (label, seats)."""
    if not scores:
        return []
    counts = {int(score): seats for score, seats in scores.items()}
    low, high = min(counts), max(counts)
    width = max(1, math.ceil((high - low + 1) / SCORE_BINS))
    bars = []
    for start in range(low, high + 1, width):
        end = start + width - 1
        seats = sum(counts.get(score, 0) for score in range(start, end + 1))
        bars.append((str(start) if width == 1 else f"{start}–{end}", seats))
    return bars


@dataclass
class SeatRates:
    """How often each place in the turn order (1: the player who started) wins at one player
    count."""

    players: int
    matches: int
    rates: list[float]

    @property
    def chart(self) -> charts.BarChart | None:
        return charts.bar_chart(
            [(str(seat), rate, f"{rate:.0%}") for seat, rate in enumerate(self.rates, start=1)],
            height=140,
            top_text=f"{max(self.rates, default=0):.0%}",
        )


def seat_rates(seat_wins: dict[str, Any]) -> list[SeatRates]:
    return [
        SeatRates(
            int(players),
            tally["matches"],
            [wins / tally["matches"] for wins in tally["wins"]],
        )
        for players, tally in sorted(seat_wins.items(), key=lambda item: int(item[0]))
    ]


def game_statistics(game: str) -> GameStats:
    """The game's tallies (all zero before its first finished match)."""
    return GameStats.objects.filter(game=game).first() or GameStats(game=game)
