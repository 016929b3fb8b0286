"""What a seat knows of the other hands and goals, and the states drawn from its view
(issue 35)."""

from __future__ import annotations

import random
from typing import Any

from games.seven_dragons.engine import apply, sample_state, view
from games.seven_dragons.tests.seven_dragons_states import GOAL_OF, build

State = dict[str, Any]
SAMPLES = 30
ZAP, ROTATE, TRADE_GOALS, TRADE_HANDS = 55, 58, 61, 64
RED_CHAIN = [(1, 1, 0, 0), (2, 2, 0, 0), (11, 3, 0, 0), (13, 4, 0, 0), (17, 5, 0, 0)]


def action(card: int, payload: dict[str, Any]) -> dict[str, Any]:
    return {"type": "play_action", "card": card, "place": "top", "action": payload}


def samples(state: State, seat: int) -> list[State]:
    shown = view(state, seat)
    return [sample_state(shown, seat, random.Random(k)) for k in range(SAMPLES)]


def test_traders_know_the_hands_they_swapped() -> None:
    state = build(seats=3, hands=[[TRADE_HANDS, 3, 4], [7, 8], [9]])
    state, _events = apply(state, 0, action(TRADE_HANDS, {"seat": 1}))
    assert view(state, 0)["known_hands"] == [[], [3, 4], []]
    assert view(state, 1)["known_hands"] == [[7, 8], [], []]
    assert view(state, 2)["known_hands"] == [[], [], []]
    for sample in samples(state, 0):
        assert {3, 4} <= set(sample["hands"][1])
    assert len({tuple(sorted(s["hands"][1])) for s in samples(state, 0)}) > 1


def test_a_played_card_leaves_what_others_knew_and_a_zapped_card_joins_it() -> None:
    state = build(seats=3, layout=[(7, 1, 0, 0)], hands=[[TRADE_HANDS, ZAP, 3], [8], [9]])
    state, _events = apply(state, 0, action(TRADE_HANDS, {"seat": 1}))
    state, _events = apply(state, 1, action(ZAP, {"card": 7}))
    assert view(state, 0)["known_hands"][1] == [3, 7]
    assert view(state, 2)["known_hands"][1] == [7]
    for sample in samples(state, 2):
        assert 7 in sample["hands"][1]


def test_a_goal_given_away_is_known_where_it_went() -> None:
    state = build(seats=2, hands=[[TRADE_GOALS, 3], [8]])
    state, _events = apply(state, 0, action(TRADE_GOALS, {"slot": 3}))
    assert view(state, 0)["known_goals"] == [None, None, None, "red", None]
    assert view(state, 1)["known_goals"] == [None] * 5
    for sample in samples(state, 0):
        assert sample["slots"][3] == GOAL_OF["red"]
        assert sample["slots"][0] == GOAL_OF["blue"]
    assert len({tuple(s["slots"]) for s in samples(state, 0)}) > 1


def test_rotated_goals_carry_what_each_seat_knew() -> None:
    state = build(seats=3, hands=[[ROTATE, 3], [8], [9]])
    state, _events = apply(state, 0, action(ROTATE, {"dir": "cw"}))
    assert view(state, 0)["known_goals"] == [None, "red", None, None, None]
    assert view(state, 1)["known_goals"] == [None, None, "yellow", None, None]
    for sample in samples(state, 2):
        assert sample["slots"][3] == GOAL_OF["green"]


def test_no_real_seat_gets_a_goal_that_already_has_seven() -> None:
    layout = [*RED_CHAIN, (15, 6, 0, 0)]
    goals = ("yellow", "green", "red", "blue", "black")
    state = build(seats=2, layout=layout, hands=[[3], [4]], goals=goals)
    for sample in samples(state, 0):
        assert sample["slots"][1] != GOAL_OF["red"]
    assert len({s["slots"][1] for s in samples(state, 0)}) == 3


def test_a_state_stored_before_the_memory_still_plays_and_samples() -> None:
    state = build(seats=2, hands=[[TRADE_HANDS, 3], [8]])
    del state["known_hands"]
    del state["known_goals"]
    shown = view(state, 0)
    assert shown["known_hands"] == [[], []]
    assert shown["known_goals"] == [None] * 5
    assert view(sample_state(shown, 0, random.Random(1)), 0) == shown
    state, _events = apply(state, 0, action(TRADE_HANDS, {"seat": 1}))
    assert view(state, 0)["known_hands"] == [[], [3]]


def test_each_card_on_the_table_remembers_the_goal_slot_it_was_laid_for() -> None:
    state = build(seats=3, hands=[[7, ROTATE, 3], [8, ZAP], [TRADE_GOALS, 9]])
    state, _events = apply(state, 0, {"type": "play_dragon", "card": 7, "x": 1, "y": 0, "rot": 0})
    assert view(state, 2)["placed_for"][7] == 0
    state, _events = apply(state, 1, {"type": "play_dragon", "card": 8, "x": 2, "y": 0, "rot": 0})
    state, _events = apply(state, 2, action(TRADE_GOALS, {"slot": 1}))
    assert view(state, 0)["placed_for"][7:9] == [0, 2]
    state, _events = apply(state, 0, action(ROTATE, {"dir": "cw"}))
    assert view(state, 1)["placed_for"][7:9] == [1, 3]
    state, _events = apply(state, 1, action(ZAP, {"card": 7}))
    assert view(state, 2)["placed_for"][7:9] == [None, 3]


def _blue_builder() -> State:
    """Seat 1 laid four blue cards in a row off the wild silver; seat 0 (red) laid two reds."""
    layout = [(7, -1, 0, 0), (8, -2, 0, 0), (29, -3, 0, 0), (21, -4, 0, 180), (1, 1, 0, 0)]
    state = build(seats=2, layout=[*layout, (2, 2, 0, 0)], hands=[[3, 4], [5, 6]])
    for card, slot in ((7, 1), (8, 1), (29, 1), (21, 1), (1, 0), (2, 0)):
        state["placed_for"][card] = slot
    return state


def test_the_sampled_rival_goal_leans_to_the_colour_it_built() -> None:
    """Blue is one of the four goals seat 0 does not know (a quarter each if drawn alike),
    but the rival's cards all lie in the big blue area."""
    shown = view(_blue_builder(), 0)
    drawn = [sample_state(shown, 0, random.Random(k))["slots"][1] for k in range(200)]
    assert drawn.count(GOAL_OF["blue"]) >= 140


def test_without_plays_the_unknown_goals_are_drawn_alike() -> None:
    state = _blue_builder()
    state["placed_for"] = [None] * len(state["placed_for"])
    state["layout"] = state["layout"][:1]
    shown = view(state, 0)
    drawn = [sample_state(shown, 0, random.Random(k))["slots"][1] for k in range(400)]
    for color in ("yellow", "green", "blue", "black"):
        assert 70 <= drawn.count(GOAL_OF[color]) <= 130
