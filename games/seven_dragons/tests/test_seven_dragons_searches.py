"""The engine's fast searches agree with the rules worked out the slow way.

Each empty cell's fits come from what every card offers its empty neighbours, a turn's "can
this seat move" from those offers, and the seven check searches only around what a move
changed; these tests compare them with a placement check per card, ``legal_moves`` and a full
search of every goal colour on seeded random games.
"""

from __future__ import annotations

import pytest

from games.seven_dragons.components import DRAGON_IDS, GOAL_COLOR, WIN_AREA
from games.seven_dragons.engine import (
    _can_move,
    _facing,
    _fits,
    _frontier,
    _grid,
    largest_area,
    moves_for_hand,
)
from games.seven_dragons.tests.seven_dragons_games import random_positions

SEATS = [2, 3, 4, 5]


@pytest.mark.parametrize("seats", SEATS)
def test_frontier_fits_equal_a_placement_check_of_every_card(seats: int) -> None:
    for seed in range(3):
        for state, _ in random_positions(seats, seed):
            grid = _grid(state["layout"], state["silver"])
            empty_neighbours = {
                (x + dx, y + dy)
                for x, y in grid
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if (x + dx, y + dy) not in grid
            }
            expected = []
            for x, y in sorted(empty_neighbours):
                facing = _facing(grid, x, y, None)
                assert facing is not None
                fits = 0
                for card in DRAGON_IDS:
                    for r in (0, 1):
                        if _fits(card * 2 + r, facing):
                            fits |= 1 << (card * 2 + r)
                expected.append(((x, y), fits))
            assert _frontier(grid) == expected


@pytest.mark.parametrize("seats", SEATS)
def test_a_seat_can_move_exactly_when_it_has_a_legal_move(seats: int) -> None:
    for seed in range(10):
        for state, _ in random_positions(seats, seed):
            grid = _grid(state["layout"], state["silver"])
            for seat, hand in enumerate(state["hands"]):
                moves = moves_for_hand(state["layout"], state["silver"], hand, seat, seats)
                assert _can_move(grid, hand) == bool(moves)


@pytest.mark.parametrize("seats", SEATS)
def test_the_seven_check_finds_the_winner_a_full_search_finds(seats: int) -> None:
    """After every move: nobody holds a seven while the game goes on; at a seven the winner is
    the acting seat if it holds one, else the nearest holder clockwise after it."""
    sevens = 0
    for seed in range(60):
        actor = None
        for state, events in random_positions(seats, seed):
            goals = [GOAL_COLOR[state["slots"][s]] for s in range(seats)]
            areas = [largest_area(state["layout"], state["silver"], goal) for goal in goals]
            if state["end_reason"] != "seven":
                assert max(areas) < WIN_AREA
                actor = state["current"]
                continue
            assert actor is not None
            order = [(actor + step) % seats for step in range(seats)]
            winner = next(s for s in order if areas[s] >= WIN_AREA)
            won = next(e for e in events if e["type"] == "won")
            assert won == {
                "type": "won",
                "seat": winner,
                "color": goals[winner],
                "area": areas[winner],
            }
            sevens += 1
    assert sevens > 20
