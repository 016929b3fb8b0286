"""Both levels always move legally, see only their own view, finish games and beat random play."""

from __future__ import annotations

import random

import pytest

from games.space_bastards import bot, engine
from games.space_bastards.tests.space_bastards_helpers import disguise, sample_states, table
from games.tests.playouts import bots_against_random

LEVELS = {"normal": bot.choose_move, "easy": bot.choose_easy}


def _game(seats: int, seed: int, bots: set[int], level: str = "normal") -> dict:
    return bots_against_random(engine, LEVELS[level], seats, seed, bots, move_bound=2000)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_bots_finish_games_with_legal_moves_only(seats, level):
    for seed in range(4):
        _game(seats, seed, set(range(seats)), level)


def _site_game(seats: int, seed: int, levels: list[str]) -> dict:
    """Bots only, each move by the lowest acting seat with the site's per-move generator
    (`games.services.play_bot_turns`), under a move cap that fails the game."""
    state = engine.setup(seats, {}, seed)
    moves = 0
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        choose = LEVELS[levels[seat]]
        move = choose(state, seat, random.Random(f"{seed}/{moves}/{seat}"))
        engine.apply_in_place(state, seat, move)
        moves += 1
        assert moves < 2000
    return engine.result(state)


@pytest.mark.parametrize("seed", [12, 176, 258, 303, 340])
def test_bots_driven_as_the_site_drives_them_finish(seed):
    """These seeds once bounced a migrating ship between two taken teleports for ever."""
    assert _site_game(3, seed, ["normal"] * 3) is not None


@pytest.mark.parametrize(("seats", "games"), [(2, 10), (3, 6), (4, 3), (5, 2)])
def test_every_bot_only_game_ends(seats, games):
    """Seeded games of both levels side by side (the 1,000-game run is in bench)."""
    for seed in range(games):
        levels = [("normal", "easy")[(seat + seed) % 2] for seat in range(seats)]
        assert _site_game(seats, 2000 + seed, levels) is not None


@pytest.mark.parametrize(
    ("level", "seats", "needed"),
    [("normal", 2, 0.8), ("normal", 3, 0.6), ("normal", 5, 0.5), ("easy", 2, 0.6)],
)
def test_bot_beats_random_players(level, seats, needed):
    games = 20
    wins = sum(
        seed % seats in _game(seats, 500 + seed, {seed % seats}, level)["winners"]
        for seed in range(games)
    )
    assert wins / games >= needed


@pytest.mark.parametrize("level", LEVELS)
def test_bot_decides_from_its_view_only(level):
    choose = LEVELS[level]
    for state in sample_states(3, range(6), stride=7):
        for seat in engine.to_act(state):
            twin = disguise(state, seat, random.Random(seat))
            mine = choose(state, seat, random.Random(4))
            blind = choose(twin, seat, random.Random(4))
            assert mine == blind


@pytest.mark.parametrize("level", LEVELS)
def test_bot_refuses_to_move_for_an_idle_seat(level):
    state = table(2)
    engine.apply_in_place(state, 0, {"type": "plan", "cards": ["love"]})
    with pytest.raises(ValueError, match="nothing to do"):
        LEVELS[level](state, 0, random.Random(0))


def _phase_positions(phase: str, count: int) -> list[dict]:
    """Positions of seeded normal-bot games where a seat must act in `phase`."""
    found = []
    for seed in range(20):
        state = engine.setup(2, {}, seed)
        while not engine.is_over(state) and len(found) < count:
            seat = min(engine.to_act(state))
            if state["phase"] == phase and len(engine.legal_moves(state, seat)) > 2:
                found.append(state)
                state = engine.apply(state, seat, bot.choose_move(state, seat, random.Random(0)))[0]
                continue
            engine.apply_in_place(state, seat, bot.choose_move(state, seat, random.Random(0)))
    return found


@pytest.mark.parametrize("phase", ["plan", "change"])
def test_playouts_plan_and_change_relationships_as_the_normal_bot_judges(phase):
    """The strong level's playouts (issue 35) picked plans and changes at random: now the
    playout plans with the normal bot's ratings, and changes a relationship only for a change
    the normal bot rates no worse than stopping (bar the few random moves that vary the
    playouts)."""
    judged = 0
    for state in _phase_positions(phase, 8):
        seat = min(engine.to_act(state))
        legal, ratings = bot._rated(state, seat)
        rating = {str(move): r for move, r in zip(legal, ratings, strict=True)}
        floor = max(ratings) if phase == "plan" else rating[str({"type": "done"})]
        picks = [bot.playout_move(state, seat, random.Random(n)) for n in range(20)]
        judged += sum(1 for move in picks if rating[str(move)] >= floor)
    assert judged >= 0.85 * 8 * 20
