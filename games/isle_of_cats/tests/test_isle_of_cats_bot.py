"""Both levels always move legally, see only their own view, finish games and beat random play."""

from __future__ import annotations

import json
import random

import pytest

from games.isle_of_cats import bot, engine
from games.isle_of_cats.tests.isle_of_cats_helpers import sample_states
from games.tests.playouts import bots_against_random

LEVELS = {"normal": bot.choose_move, "easy": bot.choose_easy}
MOVE_BOUND = 2000
"""Far more moves than a game has, even a solo game of every round."""


def _game(
    seats: int, seed: int, bots: set[int], options: dict | None = None, level: str = "normal"
) -> dict:
    return bots_against_random(
        engine,
        LEVELS[level],
        seats,
        seed,
        bots,
        move_bound=MOVE_BOUND,
        options=options,
        every_move_listed=False,
    )


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_bots_finish_games_with_legal_moves_only(seats, level):
    """One seeded game a level and count (each takes seconds): the other bot-only games are
    `test_every_bot_only_game_ends` and `games/tests/test_bot_games_end.py`."""
    _game(seats, 0, set(range(seats)), level=level)


@pytest.mark.parametrize(("seats", "games"), [(1, 6), (2, 4), (3, 2), (4, 2)])
def test_every_bot_only_game_ends(seats, games):
    """Both levels side by side, each move by the lowest acting seat with the site's per-move
    generator (`games.services.play_bot_turns`), under a move cap that fails the game; solo at
    every difficulty (the 1,000-game run is in bench)."""
    for seed in range(games):
        options = {"solo_hard_lessons": seed % 5} if seats == 1 else {}
        state = engine.setup(seats, options, 3000 + seed)
        moves = 0
        while not engine.is_over(state):
            seat = min(engine.to_act(state))
            choose = LEVELS[("normal", "easy")[(seat + seed) % 2]]
            move = choose(state, seat, random.Random(f"{seed}/{moves}/{seat}"))
            engine.apply_in_place(state, seat, move)
            moves += 1
            assert moves < 1000
        assert engine.result(state) is not None


@pytest.mark.parametrize(("level", "needed"), [("normal", 0.75), ("easy", 0.6)])
def test_bot_beats_random_players(level, needed):
    wins = 0
    games = 12
    for seed in range(games):
        seat = seed % 2
        wins += seat in _game(2, 500 + seed, {seat}, level=level)["winners"]
    assert wins / games >= needed


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


@pytest.mark.parametrize("level", LEVELS)
def test_bot_decides_from_its_view_only(level):
    choose = LEVELS[level]
    for state in sample_states(2, range(4), stride=9):
        for seat in engine.to_act(state):
            if state["players"][seat]["look"] is not None:
                continue
            twin = _disguise(state, seat, random.Random(seat))
            mine = choose(state, seat, random.Random(4))
            blind = choose(twin, seat, random.Random(4))
            assert mine == blind


@pytest.mark.parametrize("level", LEVELS)
def test_bot_refuses_to_move_for_an_idle_seat(level):
    state = engine.setup(2, {}, 1)
    engine.apply_in_place(state, 0, {"type": "draft", "cards": state["players"][0]["draft"][:2]})
    with pytest.raises(ValueError, match="nothing to do"):
        LEVELS[level](state, 0, random.Random(0))
