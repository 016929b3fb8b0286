"""The bot always moves legally, sees only its own view, finishes games and beats random play."""

from __future__ import annotations

import random

import pytest

from games.space_bastards import bot, engine
from games.space_bastards.tests.space_bastards_helpers import disguise, sample_states, table


def _game(seats: int, seed: int, bots: set[int]) -> dict:
    rng = random.Random(seed)
    state = engine.setup(seats, {}, seed)
    moves = 0
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        legal = engine.legal_moves(state, seat)
        if seat in bots:
            move = bot.choose_move(state, seat, rng)
            assert move in legal
        else:
            move = rng.choice(legal)
        engine.apply_in_place(state, seat, move)
        moves += 1
        assert moves < 2000
    return engine.result(state)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_bots_finish_games_with_legal_moves_only(seats):
    for seed in range(4):
        _game(seats, seed, set(range(seats)))


@pytest.mark.parametrize("seed", [12, 176, 258, 303, 340])
def test_bots_driven_as_the_site_drives_them_finish(seed):
    """Three bots, each move by the lowest acting seat with the site's per-move generator
    (`games.services.play_bot_turns`): these seeds once bounced a migrating ship between two
    taken teleports for ever."""
    state = engine.setup(3, {}, seed)
    moves = 0
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        move = bot.choose_move(state, seat, random.Random(f"{seed}/{moves}/{seat}"))
        engine.apply_in_place(state, seat, move)
        moves += 1
        assert moves < 2000
    assert engine.result(state) is not None


@pytest.mark.parametrize(("seats", "needed"), [(2, 0.8), (3, 0.6), (5, 0.5)])
def test_bot_beats_random_players(seats, needed):
    games = 20
    wins = sum(
        seed % seats in _game(seats, 500 + seed, {seed % seats})["winners"] for seed in range(games)
    )
    assert wins / games >= needed


def test_bot_decides_from_its_view_only():
    for state in sample_states(3, range(6), stride=7):
        for seat in engine.to_act(state):
            twin = disguise(state, seat, random.Random(seat))
            mine = bot.choose_move(state, seat, random.Random(4))
            blind = bot.choose_move(twin, seat, random.Random(4))
            assert mine == blind


def test_bot_refuses_to_move_for_an_idle_seat():
    state = table(2)
    engine.apply_in_place(state, 0, {"type": "plan", "cards": ["love"]})
    with pytest.raises(ValueError, match="nothing to do"):
        bot.choose_move(state, 0, random.Random(0))
