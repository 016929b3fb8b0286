"""The bots: always legal, blind to hidden cards, every game of bots ends, the normal bot breaks
a six a rival may hold, and both are far better than random play."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from games.bots import WIDTH, candidates
from games.seven_dragons import bot as dragons_bot
from games.seven_dragons import engine as dragons_engine
from games.seven_dragons.bot import (
    candidate_moves,
    choose_easy,
    choose_move,
    playout_move,
)
from games.seven_dragons.components import WIN_AREA
from games.seven_dragons.engine import (
    apply,
    apply_in_place,
    goal_odds,
    largest_area,
    legal_moves,
    result,
    sample_state,
    setup,
    view,
)
from games.seven_dragons.tests.seven_dragons_games import random_positions
from games.seven_dragons.tests.seven_dragons_states import GOAL_OF, build

Bot = Callable[[dict[str, Any], int, random.Random], dict[str, Any]]
LEVELS = pytest.mark.parametrize("bot", [choose_move, choose_easy], ids=["normal", "easy"])
STRENGTH_GAMES = 40
# Winning chance of a random player is 1/n; the bots must clear these rates.
REQUIRED_RATE = {2: 0.75, 3: 0.6, 4: 0.45, 5: 0.35}
ZAP = 55
ROTATE = 58
TRADE_GOALS = 61
MOVE_CAP = 400
"""Far more moves than a game of bots takes (66 cards, a few of them zapped back to a hand)."""

BLUE_SIX = [(7, -1, 0, 0), (8, -2, 0, 0), (29, -3, 0, 0), (21, -4, 0, 180), (22, -5, 0, 0)]
"""With the wild silver, six cards of blue in a row (the blue chain of example E4)."""
BLUE_SEVEN = [*BLUE_SIX, (25, -1, 1, 180)]
"""Blue's six and a card below its first blue card: seven with the wild silver."""
RED_CHAIN = [(1, 1, 0, 0), (2, 2, 0, 0), (11, 3, 0, 0), (13, 4, 0, 0), (17, 5, 0, 0)]
"""With the wild silver, six cards of red in a row (the red chain of example E4)."""


@LEVELS
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_bot_only_games_end_with_legal_moves(bot: Bot, seats: int) -> None:
    for k in range(12):
        rng = random.Random(k)
        state = setup(seats, {}, 500 + k)
        for _ in range(MOVE_CAP):
            if state["over"]:
                break
            seat = state["current"]
            move = bot(state, seat, rng)
            assert json.dumps(move) in {json.dumps(m) for m in legal_moves(state, seat)}
            apply_in_place(state, seat, move)
        assert state["over"], f"game {500 + k} did not end in {MOVE_CAP} moves"


@pytest.mark.parametrize(
    ("bot", "seats"),
    [(choose_move, 2), (choose_move, 3), (choose_move, 4), (choose_move, 5), (choose_easy, 2)],
)
def test_bot_beats_random_players(bot: Bot, seats: int) -> None:
    wins = 0
    for k in range(STRENGTH_GAMES):
        rng = random.Random(k)
        bot_seat = k % seats
        state = setup(seats, {}, 9000 + k)
        while not state["over"]:
            seat = state["current"]
            if seat == bot_seat:
                move = bot(state, seat, rng)
            else:
                move = rng.choice(legal_moves(state, seat))
            apply_in_place(state, seat, move)
        res = result(state)
        assert res is not None
        wins += bot_seat in res["winners"]
    assert wins / STRENGTH_GAMES >= REQUIRED_RATE[seats]


@LEVELS
def test_bot_ignores_what_it_cannot_see(bot: Bot) -> None:
    for k in range(3):
        for i, (state, _) in enumerate(random_positions(3, 40 + k)):
            if state["over"] or i % 4:
                continue
            seat = state["current"]
            move = bot(state, seat, random.Random(i))
            twin = sample_state(view(state, seat), seat, random.Random(k))
            assert bot(twin, seat, random.Random(i)) == move


def test_the_strong_level_s_candidates_ignore_what_the_seat_cannot_see() -> None:
    for k in range(3):
        for i, (state, _) in enumerate(random_positions(3, 60 + k)):
            if state["over"] or i % 4:
                continue
            seat = state["current"]
            chosen = candidate_moves(state, seat, random.Random(i))
            twin = sample_state(view(state, seat), seat, random.Random(k))
            assert candidate_moves(twin, seat, random.Random(i)) == chosen


@LEVELS
def test_bot_refuses_to_move_out_of_turn(bot: Bot) -> None:
    state = setup(2, {}, 1)
    with pytest.raises(ValueError, match="no move"):
        bot(state, 1, random.Random(0))


def _blue_six(goals: tuple[str, ...]) -> dict[str, Any]:
    """Seat 0 (red) holds a zap and red dragons; blue stands at six on the table."""
    return build(
        seats=3,
        layout=[*BLUE_SIX, (2, 1, 0, 0)],
        hands=[[1, 13, 55], [3, 4, 5], [6, 9, 10]],
        goals=goals,
    )


def test_the_normal_bot_breaks_a_six_a_rival_may_hold() -> None:
    """Today's bot grew its own red and left blue at six for seat 2 to finish; blue is one of
    the four goals seat 0 does not know, so it zaps a blue card (or recolours the silver)."""
    state = _blue_six(("red", "yellow", "blue", "green", "black"))
    assert largest_area(state["layout"], state["silver"], "blue") == 6
    for seed in range(6):
        move = choose_move(state, 0, random.Random(seed))
        after, _ = apply(state, 0, move)
        assert largest_area(after["layout"], after["silver"], "blue") < 6


def test_the_normal_bot_grows_its_own_goal_past_a_six_no_rival_holds() -> None:
    """Seat 0 saw blue go to an imaginary slot in a trade: no one can win with it."""
    state = _blue_six(("red", "yellow", "green", "blue", "black"))
    state["known_goals"][0][3] = GOAL_OF["blue"]
    for seed in range(6):
        move = choose_move(state, 0, random.Random(seed))
        after, _ = apply(state, 0, move)
        assert move["type"] == "play_dragon"
        assert largest_area(after["layout"], after["silver"], "red") == 3


def test_the_easy_bot_mostly_forgets_to_defend() -> None:
    state = _blue_six(("red", "yellow", "blue", "green", "black"))
    left = 0
    for seed in range(20):
        after, _ = apply(state, 0, choose_easy(state, 0, random.Random(seed)))
        left += largest_area(after["layout"], after["silver"], "blue") == 6
    assert left >= 12


def test_the_easy_bot_slips_less_at_a_fuller_table() -> None:
    """Seat 0 (red) can grow its red card to two; against four rivals the easy bot misses
    that less often than against one."""
    grown = {}
    for seats in (2, 5):
        hands = [[1, 19, 25]] + [[] for _ in range(seats - 1)]
        state = build(seats=seats, layout=[(2, 1, 0, 0)], silver="yellow", hands=hands)
        grown[seats] = 0
        for seed in range(60):
            after, _ = apply(state, 0, choose_easy(state, 0, random.Random(seed)))
            grown[seats] += largest_area(after["layout"], after["silver"], "red") == 2
    assert grown[5] > grown[2] + 5


def test_a_playout_zaps_a_card_out_of_the_rival_goal_standing_at_six() -> None:
    """In a sampled state every goal is dealt: seat 2 holds blue, at six on the table."""
    state = _blue_six(("red", "yellow", "blue", "green", "black"))
    for seed in range(6):
        move = playout_move(state, 0, random.Random(seed))
        assert move["card"] == ZAP
        after, _ = apply(state, 0, move)
        assert largest_area(after["layout"], after["silver"], "blue") < 6


def test_a_playout_grows_its_own_goal_when_the_six_is_no_rival_goal() -> None:
    state = _blue_six(("red", "yellow", "green", "blue", "black"))
    for seed in range(6):
        move = playout_move(state, 0, random.Random(seed))
        after, _ = apply(state, 0, move)
        if move["type"] == "play_dragon":
            assert largest_area(after["layout"], after["silver"], "red") == 3
        else:
            assert move["action"] is None


def test_the_strong_level_weighs_the_normal_bot_s_best_rated_moves() -> None:
    state = _blue_six(("red", "yellow", "blue", "green", "black"))
    chosen = candidate_moves(state, 0, random.Random(1))[:8]
    legal = [json.dumps(m) for m in legal_moves(state, 0)]
    assert len(chosen) == 8
    assert all(json.dumps(m) in legal for m in chosen)
    assert len({json.dumps(m) for m in chosen}) == 8
    for move in chosen[:3]:
        after, _ = apply(state, 0, move)
        assert largest_area(after["layout"], after["silver"], "blue") < 6
    compared = candidates(
        dragons_engine, dragons_bot, state, 0, random.Random(1), legal_moves(state, 0)
    )
    assert len(compared) == WIDTH
    assert compared[0] == choose_move(state, 0, random.Random(1))


def test_the_strong_level_weighs_taking_a_bigger_goal() -> None:
    """Seat 0 saw seat 2 take blue in a trade; blue stands at four (the silver is yellow), its
    own red at three. The normal bot grows its red to four, as big as blue, but the strong
    level compares trading goals with seat 2 too."""
    state = build(
        seats=3,
        layout=[*BLUE_SIX[:4], *RED_CHAIN[:3]],
        silver="yellow",
        pile=[TRADE_GOALS + 1],
        hands=[[14, 19, TRADE_GOALS], [3, 4, 5], [6, 9, 10]],
        goals=("red", "yellow", "blue", "green", "black"),
    )
    state["known_goals"][0][2] = GOAL_OF["blue"]
    legal = legal_moves(state, 0)
    compared = candidates(dragons_engine, dragons_bot, state, 0, random.Random(1), legal)
    assert len(legal) > WIDTH
    assert any(m["card"] == TRADE_GOALS and m["action"] == {"slot": 2} for m in compared)
    normal = choose_move(state, 0, random.Random(1))
    after, _ = apply(state, 0, normal)
    assert largest_area(after["layout"], after["silver"], "red") == 4


def _blue_seven_no_seat_holds(
    hand: list[int], current: int = 0, more: Sequence[tuple[int, int, int, int]] = ()
) -> dict[str, Any]:
    """Four seats; blue stands at seven with the wild silver, in the imaginary slot's goal."""
    hands = [[3], [4], [5], [6]]
    hands[current] = hand
    return build(
        seats=4,
        layout=[*BLUE_SEVEN, *more],
        hands=hands,
        goals=("red", "yellow", "green", "black", "blue"),
        current=current,
    )


@pytest.mark.parametrize("card", [TRADE_GOALS, ROTATE])
def test_the_normal_bot_takes_the_seven_no_seat_holds(card: int) -> None:
    """A trade with the imaginary slot, or the rotation that hands seat 0 its goal, wins at
    once; a trade put on top would turn the silver yellow and leave blue at six."""
    state = _blue_seven_no_seat_holds([1, 13, card])
    assert largest_area(state["layout"], state["silver"], "blue") == WIN_AREA
    for seed in range(4):
        after, _ = apply(state, 0, choose_move(state, 0, random.Random(seed)))
        assert after["over"]
        assert result(after)["winners"] == [0]


def test_at_two_seats_goal_changes_are_left_to_the_strong_level() -> None:
    """Blue's seven lies in one of the three imaginary slots: the normal bot grows its red,
    the strong level compares trading goals."""
    state = build(
        seats=2,
        layout=BLUE_SEVEN,
        hands=[[1, 13, TRADE_GOALS], [3]],
        goals=("red", "yellow", "green", "black", "blue"),
    )
    normal = choose_move(state, 0, random.Random(1))
    assert normal["card"] != TRADE_GOALS
    legal = legal_moves(state, 0)
    compared = candidates(dragons_engine, dragons_bot, state, 0, random.Random(1), legal)
    assert any(m["card"] == TRADE_GOALS and m["action"] for m in compared)


def test_the_normal_bot_hands_no_rival_the_seven_no_seat_holds() -> None:
    """Seat 1 knows seat 0 holds red, standing at six: rotating clockwise would give it red,
    but seat 0 blue's seven, and anticlockwise seat 3 blue's seven."""
    state = _blue_seven_no_seat_holds([ROTATE, 9, 10], current=1, more=RED_CHAIN)
    state["known_goals"][1][0] = GOAL_OF["red"]
    assert largest_area(state["layout"], state["silver"], "red") == WIN_AREA - 1
    for seed in range(4):
        after, _ = apply(state, 1, choose_move(state, 1, random.Random(seed)))
        assert not after["over"]


def test_the_normal_bot_takes_the_goal_a_rival_built() -> None:
    """Seat 2 laid the five blue cards of an area of five (the silver is yellow): blue is
    most likely its goal, and seat 0 trades its own red, at one, for it."""
    state = build(
        seats=4,
        layout=[*BLUE_SIX, (2, 1, 0, 0)],
        silver="yellow",
        pile=[TRADE_GOALS + 1],
        hands=[[1, 13, TRADE_GOALS], [3], [4], [5]],
        goals=("red", "yellow", "blue", "green", "black"),
    )
    for card, *_cell in BLUE_SIX:
        state["placed_for"][card] = 2
    for seed in range(4):
        move = choose_move(state, 0, random.Random(seed))
        assert move["card"] == TRADE_GOALS
        assert move["action"] == {"slot": 2}


def test_the_goals_odds_are_certain_where_the_seat_knows_and_sum_to_one() -> None:
    state = _blue_six(("red", "yellow", "blue", "green", "black"))
    state["known_goals"][0][3] = GOAL_OF["blue"]
    odds = goal_odds(view(state, 0), 0)
    assert odds[0]["red"] == odds[3]["blue"] == 1.0
    assert all(abs(sum(slot.values()) - 1.0) < 1e-9 for slot in odds)
    assert all(slot["blue"] == 0.0 for i, slot in enumerate(odds) if i != 3)
