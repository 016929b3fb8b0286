"""The bot always moves legally, sees only its own view, finishes games and beats random play."""

from __future__ import annotations

import json
import random

import pytest

from games.isle_of_cats import bot, engine
from games.isle_of_cats.tests.isle_of_cats_helpers import sample_states


def _game(seats: int, seed: int, bots: set[int], options: dict | None = None) -> dict:
    rng = random.Random(seed)
    state = engine.setup(seats, options or {}, seed)
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        if seat in bots:
            move = bot.choose_move(state, seat, rng)
            engine.apply_in_place(state, seat, move)
        else:
            engine.apply_in_place(state, seat, rng.choice(engine.legal_moves(state, seat)))
    return engine.result(state)


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_bots_finish_games_with_legal_moves_only(seats):
    for seed in range(3):
        _game(seats, seed, set(range(seats)))


def test_bot_beats_random_players():
    wins = 0
    games = 12
    for seed in range(games):
        seat = seed % 2
        wins += seat in _game(2, 500 + seed, {seat})["winners"]
    assert wins / games >= 0.75


def test_bot_scores_more_than_random_play_in_solo():
    bot_scores = [_game(1, 900 + seed, {0})["scores"][0] for seed in range(4)]
    random_scores = [_game(1, 900 + seed, set())["scores"][0] for seed in range(4)]
    assert sum(bot_scores) > sum(random_scores) + 40


def _disguise(state: dict, seat: int, rng: random.Random) -> dict:
    """The same table with everything `seat` may not see scrambled."""
    twin = json.loads(json.dumps(state))
    rng.shuffle(twin["deck"])
    rng.shuffle(twin["bag"])
    rng.shuffle(twin["discard"])
    for other, player in enumerate(twin["players"]):
        if other == seat:
            continue
        hidden = player["hand"] + player["aside"] + player["draft"] + player["lessons"]
        pool = hidden + twin["deck"]
        rng.shuffle(pool)
        size = [len(player[k]) for k in ("hand", "aside", "draft", "lessons")]
        for key, n in zip(("hand", "aside", "draft", "lessons"), size, strict=True):
            player[key], pool = pool[:n], pool[n:]
        twin["deck"] = pool
    if twin["sister"] is not None:
        rng.shuffle(twin["sister"]["deck"])
    return twin


def test_bot_decides_from_its_view_only():
    for state in sample_states(2, range(4), stride=9):
        for seat in engine.to_act(state):
            if state["players"][seat]["look"] is not None:
                continue
            twin = _disguise(state, seat, random.Random(seat))
            mine = bot.choose_move(state, seat, random.Random(4))
            blind = bot.choose_move(twin, seat, random.Random(4))
            assert mine == blind


def test_bot_refuses_to_move_for_an_idle_seat():
    state = engine.setup(2, {}, 1)
    engine.apply_in_place(state, 0, {"type": "draft", "cards": state["players"][0]["draft"][:2]})
    with pytest.raises(ValueError, match="nothing to do"):
        bot.choose_move(state, 0, random.Random(0))
