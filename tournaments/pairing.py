"""Who plays whom: Swiss rounds and arena re-seating for tables of any size, points by rank and
the standings with their tie-breaks. Pure functions over player ids (no Django), so the rules
of a tournament are tested on their own."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations

PAIRING_BUDGET = 20_000
"""Seats tried per round before the best seating found so far is taken: every seating of a
small field is tried, so opponents repeat there only where they must; a large field's late
rounds may keep a few repeats a longer search would avoid (`python -m bench.pairing`: 4 at a
table, 64 players, 7 rounds, about 5 repeated pairs a tournament, the slowest round 0.1 s)."""


@dataclass(frozen=True)
class Table:
    """One table of a round: its players by seat, the game's ranks once the match ended
    (competition ranking, 1 1 3), and those who left it, who score nothing."""

    players: tuple[int, ...]
    ranks: tuple[int, ...] | None = None
    left: frozenset[int] = frozenset()

    @property
    def over(self) -> bool:
        return self.ranks is not None


@dataclass(frozen=True)
class Round:
    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Standing:
    player: int
    points: float
    opponents_points: float
    head_to_head: int
    rating: float
    played: int
    byes: int
    place: int = 0


@dataclass
class _Search:
    """The best seating found so far and the tables tried for it."""

    seats: int
    met: Mapping[int, set[int]]
    position: Mapping[int, int]
    budget: int
    tried: int = 0
    best: list[tuple[int, ...]] | None = None
    best_cost: int = 1 << 30
    tables: list[tuple[int, ...]] = field(default_factory=list)


def places(table: Table) -> dict[int, tuple[int, int]]:
    """Each player's place at an ended table and how many share it. A player who left places
    below everyone who stayed, whatever the bot playing their seat on made of it: staying to the
    end never scores less than the leaver's opponents would have by winning."""
    if table.ranks is None:
        return {}
    seated = list(zip(table.players, table.ranks, strict=True))
    stayed = [rank for player, rank in seated if player not in table.left]
    result = {
        player: (1 + sum(1 for other in stayed if other < rank), stayed.count(rank))
        for player, rank in seated
        if player not in table.left
    }
    leavers = len(seated) - len(stayed)
    result.update({player: (len(stayed) + 1, leavers) for player in table.left})
    return result


def table_points(table: Table) -> dict[int, float]:
    """Points by place at a table of n: n - 1 for the first, 0 for the last; players sharing a
    place share the points of the places they hold (a two-player draw is ½ each). A player who
    left scores nothing; nobody scores before the match ended."""
    size = len(table.players)
    points: dict[int, float] = {}
    for player, (place, sharing) in places(table).items():
        first, last = place - 1, place - 2 + sharing
        points[player] = 0.0 if player in table.left else size - 1 - (first + last) / 2
    return points


def bye_points(seats: int) -> float:
    """A bye counts as a win at a full table, as in chess."""
    return float(seats - 1)


def table_mates(history: Iterable[Round]) -> dict[int, set[int]]:
    """Everyone each player has sat with, in any round (a match still running included)."""
    met: dict[int, set[int]] = defaultdict(set)
    for played in history:
        for table in played.tables:
            for player in table.players:
                met[player].update(p for p in table.players if p != player)
    return met


def byes_had(history: Iterable[Round]) -> Counter[int]:
    return Counter(player for played in history for player in played.byes)


def swiss_round(
    order: Sequence[int], seats: int, history: Sequence[Round], *, budget: int = PAIRING_BUDGET
) -> Round:
    """Seat the players of `order` (best standing first) at tables of `seats`.

    The players left over when the count does not divide get a bye: those with the fewest
    byes so far, the lowest placed among them. The others sit by standing, each table
    filled from the top with the nearest players in the standings who have not met, so that
    opponents repeat only where no seating avoids it (then as few times as found)."""
    if seats < 2:
        raise ValueError("A table needs at least two seats.")
    if len(set(order)) != len(order):
        raise ValueError("A player is listed twice.")
    if len(order) < seats:
        raise ValueError("Too few players for one table.")
    had = byes_had(history)
    position = {player: index for index, player in enumerate(order)}
    resting = sorted(order, key=lambda p: (had[p], -position[p]))[: len(order) % seats]
    playing = [player for player in order if player not in resting]
    search = _Search(seats=seats, met=table_mates(history), position=position, budget=budget)
    _seat(search, playing, [], 0)
    assert search.best is not None
    return Round(
        tables=tuple(Table(players=t) for t in search.best),
        byes=tuple(sorted(resting, key=position.__getitem__)),
    )


def _seat(search: _Search, left: list[int], table: list[int], cost: int) -> None:
    """Branch and bound, seat by seat: a table is headed by the best placed player still
    unseated, and each next seat tries the players below the last one seated, those who add
    the fewest repeated pairs first, then by standing. The first seating found is that greedy
    one; the rest of the search looks for fewer repeats until none are left or the budget
    is spent."""
    if cost >= search.best_cost:
        return
    if len(table) == search.seats:
        search.tables.append(tuple(table))
        _seat(search, left, [], cost)
        search.tables.pop()
        return
    if not table:
        if left:
            _seat(search, left[1:], [left[0]], cost)
        else:
            search.best, search.best_cost = list(search.tables), cost
        return
    after = search.position[table[-1]]
    candidates = sorted(
        (_met_at(player, table, search.met), search.position[player], player)
        for player in left
        if search.position[player] > after
    )
    for added, _position, player in candidates:
        search.tried += 1
        if search.best is not None and (search.tried > search.budget or search.best_cost == 0):
            return
        rest = [other for other in left if other != player]
        _seat(search, rest, [*table, player], cost + added)


def _met_at(player: int, table: Sequence[int], met: Mapping[int, set[int]]) -> int:
    """How many players at the table this one has sat with before."""
    before = met.get(player, set())
    return sum(1 for other in table if other in before)


def repeats(table: Sequence[int], met: Mapping[int, set[int]]) -> int:
    """Pairs at the table who have sat together before."""
    return sum(1 for a, b in combinations(table, 2) if b in met.get(a, ()))


def standings(
    players: Iterable[int],
    history: Sequence[Round],
    seats: int,
    ratings: Mapping[int, float] | None = None,
) -> list[Standing]:
    """The table of the tournament: points, then the tie-breaks in order (the points of
    everyone one has sat with, the games among the players still tied, the rating), best
    first, with places 1, 2, 3 ..."""
    ratings = ratings or {}
    points: defaultdict[int, float] = defaultdict(float, dict.fromkeys(players, 0.0))
    played: Counter[int] = Counter()
    for each in history:
        for player in each.byes:
            points[player] += bye_points(seats)
        for table in each.tables:
            for player, scored in table_points(table).items():
                points[player] += scored
                played[player] += 1
    opponents: defaultdict[int, float] = defaultdict(float)
    for each in history:
        for table in each.tables:
            if table.over:
                for player in table.players:
                    opponents[player] += sum(points[p] for p in table.players if p != player)
    tied: dict[tuple[float, float], set[int]] = defaultdict(set)
    for player in points:
        tied[points[player], opponents[player]].add(player)
    had = byes_had(history)
    rows = [
        Standing(
            player=player,
            points=float(points[player]),
            opponents_points=float(opponents[player]),
            head_to_head=_head_to_head(player, tied[points[player], opponents[player]], history),
            rating=float(ratings.get(player, 0.0)),
            played=played[player],
            byes=had[player],
        )
        for player in points
    ]
    rows.sort(key=lambda s: (-s.points, -s.opponents_points, -s.head_to_head, -s.rating, s.player))
    return [replace(row, place=place) for place, row in enumerate(rows, start=1)]


def _head_to_head(player: int, tied: set[int], history: Sequence[Round]) -> int:
    """Among the players tied with this one: +1 for each finish ahead of one of them at a
    table, -1 for each behind."""
    balance = 0
    for each in history:
        for table in each.tables:
            if table.ranks is None or player not in table.players:
                continue
            mine = table.ranks[table.players.index(player)]
            for other, rank in zip(table.players, table.ranks, strict=True):
                if other != player and other in tied:
                    balance += (rank > mine) - (rank < mine)
    return balance


def arena_tables(
    waiting: Sequence[int],
    seats: int,
    last_mates: Mapping[int, Iterable[int]],
    *,
    others_playing: bool = True,
) -> list[tuple[int, ...]]:
    """Seat the waiting players of an arena (best standing first) at full tables: each joins
    the first table forming that has nobody from their own last match, or starts one. Those
    who complete no table wait on for the next players to finish; with nobody else playing,
    no one new can come free, so rather than wait for ever they sit again with whom they
    just played (three friends at a table of three, two left in an arena of two seats)."""
    tables = _arena_seating(waiting, seats, last_mates)
    if tables or others_playing:
        return tables
    return _arena_seating(waiting, seats, {})


def _arena_seating(
    waiting: Sequence[int], seats: int, last_mates: Mapping[int, Iterable[int]]
) -> list[tuple[int, ...]]:
    forming: list[list[int]] = []
    for player in waiting:
        recent = set(last_mates.get(player, ()))
        for table in forming:
            clash = any(p in recent or player in set(last_mates.get(p, ())) for p in table)
            if len(table) < seats and not clash:
                table.append(player)
                break
        else:
            forming.append([player])
    return [tuple(table) for table in forming if len(table) == seats]


def arena_points(points: float, wins_in_a_row: int) -> float:
    """An arena match's points by rank, doubled while the player is on a streak: two wins
    in a row before this match, as on lichess."""
    return points * 2 if wins_in_a_row >= 2 else points


def arena_scores(tables: Sequence[Table]) -> dict[int, list[float]]:
    """Each player's points in an arena, match by match (the tables in the order they were
    seated): points by rank, doubled while on a streak (`arena_streaks`)."""
    streaks = arena_streaks(tables)
    scores: dict[int, list[float]] = defaultdict(list)
    for table in tables:
        if table.ranks is None:
            continue
        points = table_points(table)
        for player in table.players:
            on_streak = streaks[player][len(scores[player])]
            scores[player].append(arena_points(points[player], 2 if on_streak else 0))
    return scores


def arena_streaks(tables: Sequence[Table]) -> dict[int, list[bool]]:
    """For each player's ended matches of an arena in order, whether they came to it on a
    streak (two wins in a row), so that its points are doubled. A first place alone (not
    shared, not left; `places`) adds to the streak; anything else ends it."""
    streaks: dict[int, list[bool]] = defaultdict(list)
    wins: Counter[int] = Counter()
    for table in tables:
        if table.ranks is None:
            continue
        for player, (place, sharing) in places(table).items():
            streaks[player].append(wins[player] >= 2)
            won = place == 1 and sharing == 1 and player not in table.left
            wins[player] = wins[player] + 1 if won else 0
    return streaks


def arena_standings(
    players: Iterable[int], tables: Sequence[Table], ratings: Mapping[int, float] | None = None
) -> list[Standing]:
    """An arena's standings: the points of every match, then the rating."""
    ratings = ratings or {}
    scores = arena_scores(tables)
    rows = [
        Standing(
            player=player,
            points=float(sum(scores.get(player, []))),
            opponents_points=0.0,
            head_to_head=0,
            rating=float(ratings.get(player, 0.0)),
            played=len(scores.get(player, [])),
            byes=0,
        )
        for player in players
    ]
    rows.sort(key=lambda s: (-s.points, -s.rating, s.player))
    return [replace(row, place=place) for place, row in enumerate(rows, start=1)]
