"""Hidden information: a seat sees its own hand and goal, never anyone else's or the deck."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.seven_dragons.components import COLORS
from games.seven_dragons.engine import apply, result, view
from games.seven_dragons.tests.seven_dragons_games import hide_shuffled, random_positions
from games.seven_dragons.tests.seven_dragons_states import build

PUBLIC_KEYS = {
    "game",
    "last",
    "seats",
    "imaginary_slots",
    "current",
    "to_act",
    "layout",
    "silver",
    "action_pile",
    "draw_pile",
    "hand_counts",
    "move_count",
    "over",
    "seat",
    "placed_for",
}


def sample_positions(seats: int) -> list[dict[str, Any]]:
    return [
        state
        for k in range(6)
        for i, (state, _) in enumerate(random_positions(seats, k))
        if i % 5 == 2
    ]


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_a_seat_sees_only_its_own_hand_and_goal(seats: int) -> None:
    for state in sample_positions(seats):
        for seat in range(seats):
            seen = view(state, seat)
            assert seen["hand"] == sorted(state["hands"][seat])
            assert seen["goal"] == COLORS[state["slots"][seat] - 67]
            extra = {"result"} if state["over"] else set()
            assert set(seen) == PUBLIC_KEYS | {"hand", "goal", "known_hands", "known_goals"} | extra
            assert seen["hand_counts"] == [len(h) for h in state["hands"]]
            assert seen["draw_pile"] == len(state["deck"])
            text = json.dumps(seen)
            if len(state["deck"]) > 1:
                assert json.dumps(state["deck"])[1:-1] not in text
            # Dealing the hidden cards and goals differently must not change the view.
            assert view(hide_shuffled(state, seat, 1), seat) == seen
            assert view(hide_shuffled(state, seat, 2), seat) == seen


@pytest.mark.parametrize("seats", [2, 5])
def test_a_spectator_sees_no_hand_and_no_goal(seats: int) -> None:
    for state in sample_positions(seats):
        seen = view(state, None)
        assert "hand" not in seen
        assert "goal" not in seen
        assert set(seen) == PUBLIC_KEYS | ({"result"} if state["over"] else set())
        assert view(hide_shuffled(state, None, 3), None) == seen


def test_goals_are_revealed_at_the_end_hands_are_not() -> None:
    state = build(hands=[[1], [7]], deck=[])
    state, _ = apply(state, 0, {"type": "play_dragon", "card": 1, "x": 1, "y": 0, "rot": 0})
    state, _ = apply(state, 1, {"type": "play_dragon", "card": 7, "x": -1, "y": 0, "rot": 0})
    assert state["over"]
    seen = view(state, None)
    assert seen["result"] == result(state)
    assert seen["result"]["goal_slots"] == ["red", "yellow", "green", "blue", "black"]
    assert "hand" not in seen
    assert view(state, 0)["hand"] == []


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_events_name_drawn_cards_only_to_the_drawer(seats: int) -> None:
    for k in range(4):
        for _state, events in random_positions(seats, 100 + k):
            for event in events:
                if event["type"] == "drew_cards":
                    assert event["visible_to"] == [event["seat"]]
                elif "visible_to" not in event:
                    assert "cards" not in event
                    if event["type"] in ("goals_traded", "goals_rotated", "hands_traded"):
                        assert not set(map(str, event.values())) & set(COLORS)


def test_a_swapped_goal_is_learnt_only_from_the_own_view() -> None:
    state = build(seats=3, hands=[[62], [3], [4]])
    after, events = apply(
        state, 0, {"type": "play_action", "card": 62, "place": "top", "action": {"slot": 1}}
    )
    assert view(after, 1)["goal"] == "red"
    assert view(after, 0)["goal"] == "yellow"
    assert "red" not in json.dumps([e for e in events if "visible_to" not in e])
