"""The greedy bot: always legal, blind to hidden cards, and far better than random play."""

from __future__ import annotations

import json
import random

import pytest

from games.seven_dragons.bot import choose_move
from games.seven_dragons.engine import apply_in_place, legal_moves, result, setup
from games.seven_dragons.tests.seven_dragons_games import hide_shuffled, random_positions

STRENGTH_GAMES = 60
# Winning chance of a random player is 1/n; the bot must clear these rates.
REQUIRED_RATE = {2: 0.75, 3: 0.6, 4: 0.45, 5: 0.35}


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_bots_only_make_legal_moves(seats: int) -> None:
    for k in range(40):
        rng = random.Random(k)
        state = setup(seats, {}, 500 + k)
        while not state["over"]:
            seat = state["current"]
            move = choose_move(state, seat, rng)
            assert json.dumps(move) in {json.dumps(m) for m in legal_moves(state, seat)}
            apply_in_place(state, seat, move)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_bot_beats_random_players(seats: int) -> None:
    wins = 0
    for k in range(STRENGTH_GAMES):
        rng = random.Random(k)
        bot_seat = k % seats
        state = setup(seats, {}, 9000 + k)
        while not state["over"]:
            seat = state["current"]
            if seat == bot_seat:
                move = choose_move(state, seat, rng)
            else:
                move = rng.choice(legal_moves(state, seat))
            apply_in_place(state, seat, move)
        res = result(state)
        assert res is not None
        wins += bot_seat in res["winners"]
    assert wins / STRENGTH_GAMES >= REQUIRED_RATE[seats]


def test_bot_ignores_what_it_cannot_see() -> None:
    for k in range(3):
        for i, (state, _) in enumerate(random_positions(3, 40 + k)):
            if state["over"] or i % 4:
                continue
            seat = state["current"]
            move = choose_move(state, seat, random.Random(i))
            blind = hide_shuffled(state, seat, i)
            assert choose_move(blind, seat, random.Random(i)) == move


def test_bot_refuses_to_move_out_of_turn() -> None:
    state = setup(2, {}, 1)
    with pytest.raises(ValueError, match="no move"):
        choose_move(state, 1, random.Random(0))
