"""The greedy bot: always legal, blind to hidden cards, and clearly better than random."""

from __future__ import annotations

import random

import pytest

from games.space_dragons import engine
from games.space_dragons.bot import choose_move
from games.space_dragons.tests.space_dragons_helpers import scrambled

SIDES = {"research_side": "random", "morale_side": "random", "crime_side": "random"}


@pytest.mark.parametrize("num_seats", [3, 4, 5])
@pytest.mark.parametrize("draft", [True, False])
def test_bot_only_makes_legal_moves(num_seats: int, draft: bool) -> None:
    for seed in range(15):
        rng = random.Random(seed)
        state = engine.setup(num_seats, {"draft": draft} | SIDES, seed)
        while not engine.is_over(state):
            for seat in sorted(engine.to_act(state)):
                move = choose_move(state, seat, rng)
                assert move in engine.legal_moves(state, seat)
                state, _ = engine.apply(state, seat, move)
        assert engine.result(state) is not None


def test_bot_decides_from_its_view_alone() -> None:
    rng = random.Random(0)
    for seed in range(20):
        state = engine.setup(4, {"draft": seed % 2 == 0} | SIDES, seed)
        while not engine.is_over(state):
            seat = min(engine.to_act(state))
            move = choose_move(state, seat, rng)
            assert choose_move(scrambled(state, seat, rng), seat, rng) == move
            state, _ = engine.apply(state, seat, move)


def test_bot_refuses_when_it_has_nothing_to_do() -> None:
    state = engine.setup(3, {"draft": False}, 1)
    idle = (state["turn"] + 1) % 3
    with pytest.raises(ValueError, match="nothing to do"):
        choose_move(state, idle, random.Random(0))


@pytest.mark.parametrize(("num_seats", "min_wins"), [(3, 55), (4, 45), (5, 40)])
def test_bot_beats_random_players(num_seats: int, min_wins: int) -> None:
    games = 100
    wins = 0
    for seed in range(games):
        rng = random.Random(seed)
        bot_seat = seed % num_seats
        state = engine.setup(num_seats, SIDES, 5000 + seed)
        while not engine.is_over(state):
            seat = min(engine.to_act(state))
            if seat == bot_seat:
                move = choose_move(state, seat, rng)
            else:
                move = rng.choice(engine.legal_moves(state, seat))
            engine.apply_in_place(state, seat, move)
        outcome = engine.result(state)
        assert outcome is not None
        wins += bot_seat in outcome["winners"]
    assert wins >= min_wins, f"{wins} wins in {games} games against random players"
