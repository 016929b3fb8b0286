"""Seeded random playouts: 1,000 complete games per player count, with invariants."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.rules import competition_ranks
from games.seven_dragons.engine import (
    apply,
    apply_in_place,
    goal_color,
    is_over,
    largest_area,
    legal_moves,
    result,
    setup,
    to_act,
)

GAMES = 1000
MOVE_BOUND = 300
ALL_CARDS = list(range(67))
ALL_GOALS = list(range(67, 72))


def check_components(state: dict[str, Any]) -> None:
    cards = state["deck"] + state["action_pile"] + [row[0] for row in state["layout"]]
    for hand in state["hands"]:
        cards += hand
    assert sorted(cards) == ALL_CARDS
    assert sorted(state["slots"]) == ALL_GOALS
    assert all(52 <= c <= 66 for c in state["action_pile"])
    assert all(0 <= row[0] <= 51 for row in state["layout"])
    assert len({(row[1], row[2]) for row in state["layout"]}) == len(state["layout"])


def check_nobody_has_seven(state: dict[str, Any]) -> None:
    """While the game goes on no goal colour has seven: the engine searches only the areas a
    move can have enlarged, so this checks its shortcut against a full search."""
    for seat in range(state["seats"]):
        goal = goal_color(state, seat)
        assert largest_area(state["layout"], state["silver"], goal) < 7


def check_result(state: dict[str, Any]) -> None:
    res = result(state)
    assert res is not None
    n = state["seats"]
    assert res["scores"] == [b["total"] for b in res["breakdown"]]
    for seat in range(n):
        goal = res["breakdown"][seat]["goal"]
        assert res["scores"][seat] == largest_area(state["layout"], state["silver"], goal)
    if res["end_reason"] == "seven":
        (winner,) = res["winners"]
        assert res["scores"][winner] >= 7
        assert res["ranks"] == [1 if s == winner else 2 for s in range(n)]
    else:
        assert res["end_reason"] == "exhaustion"
        assert state["deck"] == []
        assert res["ranks"] == competition_ranks(res["scores"])
        assert res["winners"] == [s for s in range(n) if res["ranks"][s] == 1]
        assert max(res["scores"]) < 7


def play_game(seats: int, seed: int) -> None:
    rng = random.Random(seed)
    state = setup(seats, {}, seed)
    played: list[tuple[int, dict[str, Any]]] = []
    while not is_over(state):
        assert len(played) < MOVE_BOUND
        acting = to_act(state)
        assert acting == {state["current"]}
        (seat,) = acting
        moves = legal_moves(state, seat)
        assert moves
        assert legal_moves(state, (seat + 1) % seats) == []
        move = rng.choice(moves)
        state, _events = apply(state, seat, move)
        played.append((seat, move))
        check_components(state)
        if not is_over(state):
            check_nobody_has_seven(state)
        if len(played) % 8 == 0:
            assert json.loads(json.dumps(state)) == state
    assert to_act(state) == set()
    assert json.loads(json.dumps(state)) == state
    check_result(state)
    replay = setup(seats, {}, seed)
    for seat, move in played:
        apply_in_place(replay, seat, move)
    assert replay == state


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(seats: int) -> None:
    for k in range(GAMES):
        play_game(seats, 10_000 * seats + k)
