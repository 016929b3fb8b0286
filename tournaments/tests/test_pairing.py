"""The pairing rules as the issue lists them, over many generated fields and histories: every
player seated once a round, tables by standing, no repeated opponents while a seating avoids
them, byes that rotate, arenas that never seat table-mates twice in a row, points by rank and
the tie-breaks."""

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    Round,
    Table,
    arena_points,
    arena_scores,
    arena_standings,
    arena_streaks,
    arena_tables,
    bye_points,
    repeats,
    standings,
    swiss_round,
    table_mates,
    table_points,
)

fields = st.integers(min_value=2, max_value=5).flatmap(
    lambda seats: st.tuples(st.just(seats), st.integers(min_value=seats, max_value=14))
)


def _played(round_: Round, rng: random.Random) -> Round:
    """The round with every table over, ranked at random (ties allowed)."""
    tables = []
    for table in round_.tables:
        scores = [rng.randint(0, 3) for _ in table.players]
        ranks = tuple(1 + sum(1 for o in scores if o > s) for s in scores)
        tables.append(Table(players=table.players, ranks=ranks))
    return Round(tables=tuple(tables), byes=round_.byes)


def _tournament(seats: int, count: int, rounds: int, seed: int) -> list[Round]:
    rng = random.Random(seed)
    players = list(range(1, count + 1))
    history: list[Round] = []
    for _ in range(rounds):
        order = [s.player for s in standings(players, history, seats)]
        history.append(_played(swiss_round(order, seats, history), rng))
    return history


def _fewest_repeats(players: list[int], seats: int, met) -> int:
    """By brute force: the fewest repeated pairs any seating of these players has."""
    if not players:
        return 0
    head, rest = players[0], players[1:]
    return min(
        repeats((head, *mates), met)
        + _fewest_repeats([p for p in rest if p not in mates], seats, met)
        for mates in combinations(rest, seats - 1)
    )


@settings(max_examples=60, deadline=None)
@given(fields, st.integers(min_value=1, max_value=5), st.integers())
def test_every_player_is_seated_once_a_round_at_full_tables(field, rounds, seed):
    seats, count = field
    for each in _tournament(seats, count, rounds, seed):
        seated = [p for table in each.tables for p in table.players] + list(each.byes)
        assert sorted(seated) == list(range(1, count + 1))
        assert all(len(table.players) == seats for table in each.tables)
        assert len(each.byes) == count % seats


@settings(max_examples=60, deadline=None)
@given(fields, st.integers(min_value=1, max_value=7), st.integers())
def test_byes_rotate(field, rounds, seed):
    seats, count = field
    history = _tournament(seats, count, rounds, seed)
    for done in range(1, len(history) + 1):
        had = [sum(p in each.byes for each in history[:done]) for p in range(1, count + 1)]
        assert max(had) - min(had) <= 1, "a second bye while someone had none"


@settings(max_examples=80, deadline=None)
@given(st.integers(min_value=2, max_value=4), st.integers(min_value=1, max_value=4), st.integers())
def test_opponents_repeat_only_as_often_as_no_seating_avoids(seats, rounds, seed):
    count = seats * (8 // seats)
    history = _tournament(seats, count, rounds, seed)
    order = [s.player for s in standings(range(1, count + 1), history, seats)]
    met = table_mates(history)
    seated = swiss_round(order, seats, history)
    players = [p for p in order if p not in seated.byes]
    found = sum(repeats(table.players, met) for table in seated.tables)
    assert found == _fewest_repeats(players, seats, met)


@settings(max_examples=60, deadline=None)
@given(fields)
def test_a_first_round_seats_the_standings_in_slices(field):
    seats, count = field
    order = random.Random(count).sample(range(100), count)
    first = swiss_round(order, seats, [])
    playing = [p for p in order if p not in first.byes]
    assert [t.players for t in first.tables] == [
        tuple(playing[i : i + seats]) for i in range(0, len(playing), seats)
    ]
    assert list(first.byes) == order[len(playing) :], "the lowest placed rest first"


@settings(max_examples=60, deadline=None)
@given(fields, st.integers(min_value=1, max_value=4), st.integers())
def test_each_table_is_headed_by_the_best_placed_player_still_unseated(field, rounds, seed):
    """Grouping by score: the tables go down the standings, the first with the leader."""
    seats, count = field
    history = _tournament(seats, count, rounds, seed)
    order = [s.player for s in standings(range(1, count + 1), history, seats)]
    seated = swiss_round(order, seats, history)
    left = [p for p in order if p not in seated.byes]
    for table in seated.tables:
        assert table.players[0] == left[0]
        assert list(table.players[1:]) == sorted(table.players[1:], key=order.index)
        left = [p for p in left if p not in table.players]


def test_a_later_round_keeps_the_nearest_players_together_unless_they_met():
    history = [Round((Table((1, 2), (1, 2)), Table((3, 4), (1, 2)), Table((5, 6), (1, 2))))]
    assert [t.players for t in swiss_round([1, 3, 5, 2, 4, 6], 2, history).tables] == [
        (1, 3),
        (5, 2),
        (4, 6),
    ]
    assert [t.players for t in swiss_round([1, 2, 3, 4, 5, 6], 2, history).tables] == [
        (1, 3),
        (2, 5),
        (4, 6),
    ], "2 with 4, the nearest, would leave 5 and 6 to meet again"


@settings(max_examples=80, deadline=None)
@given(
    st.integers(min_value=2, max_value=5),
    st.lists(st.integers(min_value=1, max_value=30), unique=True, max_size=20),
    st.integers(),
)
def test_an_arena_never_seats_table_mates_twice_in_a_row(seats, waiting, seed):
    rng = random.Random(seed)
    last_mates: dict[int, set[int]] = {}
    pool = list(range(1, 31))
    rng.shuffle(pool)
    for start in range(0, len(pool) - seats + 1, seats):
        table = pool[start : start + seats]
        for p in table:
            last_mates[p] = {o for o in table if o != p}
    tables = arena_tables(waiting, seats, last_mates)
    seated = [p for table in tables for p in table]
    assert len(seated) == len(set(seated))
    assert set(seated) <= set(waiting)
    assert all(len(table) == seats for table in tables)
    for table in tables:
        for a, b in combinations(table, 2):
            assert b not in last_mates.get(a, set())
    alone = arena_tables(waiting, seats, last_mates, others_playing=False)
    assert alone == tables or not tables, "with nobody else playing, rematches only if need be"
    assert alone or len(waiting) < seats, "nobody waits for ever"


def test_an_arena_seats_the_waiting_by_standing_and_keeps_the_rest_waiting():
    last = {1: {2}, 2: {1}}
    assert arena_tables([1, 2, 3, 4, 5], 2, last) == [(1, 3), (2, 4)]
    assert arena_tables([1, 2], 2, last) == [], "the two who just played wait for others"
    assert arena_tables([1, 2], 2, last, others_playing=False) == [(1, 2)], (
        "with nobody else playing they would wait for ever"
    )
    trio = {1: {2, 3}, 2: {1, 3}, 3: {1, 2}}
    assert arena_tables([3, 1, 2], 3, trio, others_playing=False) == [(3, 1, 2)]
    assert arena_tables([1, 2, 3], 2, last, others_playing=False) == [(1, 3)], (
        "a rematch only when no other table forms"
    )


def test_points_by_rank_share_tied_places_and_a_leaver_scores_nothing_below_all_who_stayed():
    assert table_points(Table((7, 8, 9, 10), ranks=(2, 1, 4, 3))) == {8: 3, 7: 2, 10: 1, 9: 0}
    assert table_points(Table((7, 8), ranks=(1, 1))) == {7: 0.5, 8: 0.5}
    assert table_points(Table((1, 2, 3, 4), ranks=(1, 1, 3, 3))) == {1: 2.5, 2: 2.5, 3: 0.5, 4: 0.5}
    left = Table((1, 2, 3), ranks=(1, 2, 3), left=frozenset({1}))
    assert table_points(left) == {1: 0, 2: 2, 3: 1}, "those who stayed place above the leaver"
    both = Table((1, 2, 3, 4), ranks=(4, 1, 2, 2), left=frozenset({2}))
    assert table_points(both) == {2: 0, 3: 2.5, 4: 2.5, 1: 1}
    assert table_points(Table((1, 2))) == {}, "a running match scores nothing yet"
    assert bye_points(4) == 3


def test_standings_break_ties_by_opponents_points_then_head_to_head_then_rating():
    # Round 1: 1 beats 2, 3 beats 4. Round 2: 1 beats 3, 4 beats 2 (2-seat tables).
    history = [
        Round((Table((1, 2), (1, 2)), Table((3, 4), (1, 2)))),
        Round((Table((1, 3), (1, 2)), Table((4, 2), (1, 2)))),
    ]
    rows = standings([1, 2, 3, 4], history, 2)
    assert [(r.player, r.points, r.opponents_points) for r in rows] == [
        (1, 2, 1),  # met 2 (no points) and 3 (1 point)
        (3, 1, 3),  # met 4 (1) and 1 (2): ahead of 4 on the points of those met
        (4, 1, 1),  # met 3 (1) and 2 (0)
        (2, 0, 3),
    ]
    assert [r.place for r in rows] == [1, 2, 3, 4]
    # 5 and 6 tie on points and opponents' points; 6 finished ahead of 5 when they met.
    tied = [Round((Table((5, 6), (2, 1)),)), Round((Table((6, 5), (2, 1)),))]
    assert [r.player for r in standings([5, 6], tied[:1], 2)] == [6, 5]
    both = standings([5, 6], tied, 2, ratings={5: 1500, 6: 1400})
    assert [(r.player, r.head_to_head) for r in both] == [(5, 0), (6, 0)], "then by rating"


def test_an_arena_streak_doubles_the_points():
    assert arena_points(3, 0) == 3
    assert arena_points(3, 1) == 3
    assert arena_points(3, 2) == 6


def test_an_arena_counts_each_match_by_rank_and_doubles_it_on_a_streak():
    tables = [
        Table((1, 2), (1, 2)),
        Table((1, 3), (1, 2)),
        Table((1, 2), (1, 2)),  # a third win in a row: doubled
        Table((1, 3), (2, 1)),  # the streak ends
        Table((1, 2), (1, 1)),  # a shared first place is no win
        Table((1, 3), (1, 2), left=frozenset({1})),
        Table((2, 3)),  # still playing
    ]
    scores = arena_scores(tables)
    assert scores[1] == [1, 1, 2, 0, 0.5, 0]
    assert arena_streaks(tables)[1] == [False, False, True, True, False, False]
    assert arena_streaks(tables)[3] == [False, False, False]
    assert scores[2] == [0, 0, 0.5]
    assert scores[3] == [0, 1, 1], "placed above the one who left"
    rows = arena_standings([1, 2, 3, 4], tables, ratings={4: 1600, 2: 1500})
    assert [(r.player, r.points, r.played) for r in rows] == [
        (1, 4.5, 6),
        (3, 2, 3),
        (2, 0.5, 3),
        (4, 0, 0),
    ]
