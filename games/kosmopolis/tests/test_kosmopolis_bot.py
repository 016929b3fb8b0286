"""The bot always moves legally, sees only its own view, and beats random play clearly."""

from __future__ import annotations

import random

import pytest

from games.kosmopolis import bot, engine
from games.kosmopolis.tests.kosmopolis_helpers import disguise, sample_states


def _game(seats: int, seed: int, bots: set[int]) -> dict:
    rng = random.Random(seed)
    state = engine.setup(seats, {}, seed)
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        legal = engine.legal_moves(state, seat)
        if seat in bots:
            move = bot.choose_move(state, seat, rng)
            assert move in legal
        else:
            move = rng.choice(legal)
        engine.apply_in_place(state, seat, move)
    return engine.result(state)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_bot_only_ever_plays_legal_moves(seats):
    for seed in range(60):
        _game(seats, seed, set(range(seats)))


@pytest.mark.parametrize(("seats", "needed"), [(2, 0.8), (3, 0.6), (4, 0.5)])
def test_bot_beats_random_players(seats, needed):
    games = 150
    wins = 0
    for seed in range(games):
        seat = seed % seats
        wins += seat in _game(seats, 1000 + seed, {seat})["winners"]
    assert wins / games >= needed


def test_bot_decides_from_its_view_only():
    for state in sample_states(3, range(15), stride=3):
        for seat in engine.to_act(state):
            twin = disguise(state, seat, random.Random(seat))
            mine = bot.choose_move(state, seat, random.Random(4))
            blind = bot.choose_move(twin, seat, random.Random(4))
            assert mine == blind


def test_bot_refuses_to_move_for_an_idle_seat():
    state = engine.setup(2, {}, 1)
    engine.apply_in_place(state, 0, {"type": "draft", "cards": state["packets"][0][:2]})
    with pytest.raises(ValueError, match="nothing to do"):
        bot.choose_move(state, 0, random.Random(0))
