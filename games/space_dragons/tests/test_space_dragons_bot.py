"""The bots: always legal, blind to hidden cards, every game of bots ends, the normal bot no
longer leads its lowest card into a trick it could take, and both beat random players."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.space_dragons import engine
from games.space_dragons.bot import choose_easy, choose_move
from games.space_dragons.tests.space_dragons_helpers import hunt_state

SIDES = {"research_side": "random", "morale_side": "random", "crime_side": "random"}
Bot = Callable[[dict[str, Any], int, random.Random], dict[str, Any]]
LEVELS = pytest.mark.parametrize("bot", [choose_move, choose_easy], ids=["normal", "easy"])
MOVE_CAP = 7 * 5 + 8 * 5
"""More moves than any game has: 8 draft rounds and 7 tricks of five seats."""


@LEVELS
@pytest.mark.parametrize("num_seats", [3, 4, 5])
@pytest.mark.parametrize("draft", [True, False])
def test_bot_only_games_end_with_legal_moves(bot: Bot, num_seats: int, draft: bool) -> None:
    for seed in range(15):
        rng = random.Random(seed)
        state = engine.setup(num_seats, {"draft": draft} | SIDES, seed)
        for _ in range(MOVE_CAP):
            if engine.is_over(state):
                break
            for seat in sorted(engine.to_act(state)):
                move = bot(state, seat, rng)
                assert move in engine.legal_moves(state, seat)
                engine.apply_in_place(state, seat, move)
        assert engine.result(state) is not None, f"seed {seed} did not end in {MOVE_CAP} moves"


@LEVELS
def test_bot_decides_from_its_view_alone(bot: Bot) -> None:
    rng = random.Random(0)
    for seed in range(20):
        state = engine.setup(4, {"draft": seed % 2 == 0} | SIDES, seed)
        while not engine.is_over(state):
            seat = min(engine.to_act(state))
            twin = engine.sample_state(engine.view(state, seat), seat, rng)
            move = bot(state, seat, random.Random(seed))
            assert bot(twin, seat, random.Random(seed)) == move
            engine.apply_in_place(state, seat, move)


@LEVELS
def test_bot_refuses_when_it_has_nothing_to_do(bot: Bot) -> None:
    state = engine.setup(3, {"draft": False}, 1)
    idle = (state["turn"] + 1) % 3
    with pytest.raises(ValueError, match="nothing to do"):
        bot(state, idle, random.Random(0))


def test_a_leader_takes_the_dragon_with_a_card_no_one_can_beat() -> None:
    """Leading the lowest card handed every trick to the last seat cheaply (it won 59 % of
    three-bot games); with 80 in hand the leader takes the 11-point dragon itself. (Its hand
    holds no card as good as 17, +4 and a morale, which is worth about the trick.)"""
    hands = {
        0: [3, 11, 18, 29, 36, 44, 52, 65, 80],
        1: [1, 5, 9, 20, 31, 45, 58, 61, 70],
        2: [2, 8, 13, 25, 33, 47, 55, 63, 72],
    }
    state = hunt_state(3, hands, reveal=[79, 40, 41], dragons=["D16"])
    for seed in range(5):
        assert choose_move(state, 0, random.Random(seed)) == {"type": "play", "card": 80}


def test_the_leader_does_not_spend_a_card_it_passed_a_higher_one_to_a_rival() -> None:
    """The normal bot remembers the cards it passed on: knowing a rival holds 70-72, it keeps
    its 69 rather than lead it for the dragon, which it does when it knows nothing."""
    hands = {
        0: [3, 11, 18, 29, 36, 44, 52, 65, 69],
        1: [1, 5, 9, 20, 31, 45, 58, 70, 72],
        2: [2, 8, 13, 25, 33, 47, 55, 68, 71],
    }
    state = hunt_state(3, hands, reveal=[80, 40, 41], dragons=["D16"])
    blind = [choose_move(state, 0, random.Random(seed))["card"] for seed in range(10)]
    state["players"][0]["seen"].append({"cards": [5, 13, 20, 70, 71, 72], "took": None})
    knowing = [choose_move(state, 0, random.Random(seed))["card"] for seed in range(10)]
    assert blind.count(69) >= 5
    assert 69 not in knowing


def test_the_easy_bot_still_leads_low_sometimes() -> None:
    """The beginner fears every higher card and keeps its best one: most often it leads low."""
    hands = {0: [3, 11, 17, 29, 36, 44, 52, 65, 80]}
    state = hunt_state(3, hands, reveal=[79, 40, 41], dragons=["D16"])
    cards = [choose_easy(state, 0, random.Random(seed))["card"] for seed in range(40)]
    assert sum(card < 40 for card in cards) > 20
    assert len(set(cards)) > 1


@pytest.mark.parametrize("bot", [choose_move, choose_easy], ids=["normal", "easy"])
@pytest.mark.parametrize("num_seats", [3, 5])
def test_bot_beats_random_players(bot: Bot, num_seats: int) -> None:
    games = 60
    wins = 0.0
    for seed in range(games):
        rng = random.Random(seed)
        bot_seat = seed % num_seats
        state = engine.setup(num_seats, SIDES, 5000 + seed)
        while not engine.is_over(state):
            seat = min(engine.to_act(state))
            if seat == bot_seat:
                move = bot(state, seat, rng)
            else:
                move = rng.choice(engine.legal_moves(state, seat))
            engine.apply_in_place(state, seat, move)
        outcome = engine.result(state)
        assert outcome is not None
        wins += bot_seat in outcome["winners"]
    assert wins / games >= 1.5 / num_seats, f"{wins} wins in {games} games against random players"
