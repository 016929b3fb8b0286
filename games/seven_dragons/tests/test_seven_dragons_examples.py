"""The worked examples of the spec, section 10, with its numbers."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules import IllegalMove
from games.seven_dragons.engine import apply, goal_color, largest_area, result
from games.seven_dragons.tests.seven_dragons_states import build

R3_LAYOUT = [(29, -1, 0, 0), (7, -1, -1, 0), (22, -1, -2, 0), (16, 0, -2, 180)]
E2_LAYOUT = [
    (13, 1, 0, 0),
    (51, 2, 0, 0),
    (2, 3, 0, 0),
    (14, -1, 0, 180),
    (19, 1, 1, 180),
    (29, 0, 1, 180),
]
E5_LAYOUT = [(7, 1, 0, 0), (1, 0, 1, 0), (15, -1, 0, 0)]


def dragon(card: int, x: int, y: int, rot: int) -> dict[str, Any]:
    return {"type": "play_dragon", "card": card, "x": x, "y": y, "rot": rot}


def played(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(e for e in events if e["type"] == kind)


def test_r1_rotation_decides_legality() -> None:
    """Card 19 upright faces green/blue with yellow/green; turned, its green meets green."""
    state = build(layout=[(25, 1, 0, 0)], hands=[[19], [3]])
    with pytest.raises(IllegalMove):
        apply(state, 0, dragon(19, 2, 0, 0))
    _, events = apply(state, 0, dragon(19, 2, 0, 180))
    event = played(events, "played_dragon")
    assert event["bonus_colors"] == ["green"]
    assert event["bonus_drawn"] == 0


@pytest.mark.parametrize(
    "move",
    [
        dragon(19, 2, 0, 90),
        {"type": "play_dragon", "card": 19, "x": 0.5, "y": 0, "rot": 0},
        {"type": "play_dragon", "card": 19, "x": 2, "y": 0.5, "rot": 0},
        {"type": "play_dragon", "card": 19, "x": 2, "y": 0, "rot": "180"},
    ],
)
def test_r2_off_grid_placements_are_malformed(move: dict[str, Any]) -> None:
    state = build(layout=[(25, 1, 0, 0)], hands=[[19], [3]])
    with pytest.raises(IllegalMove):
        apply(state, 0, move)


def test_r3_two_colours_draw_one_card() -> None:
    state = build(layout=R3_LAYOUT, hands=[[15], [3]])
    after, events = apply(state, 0, dragon(15, 0, -1, 0))
    event = played(events, "played_dragon")
    assert event["bonus_colors"] == ["red", "blue"]
    assert event["bonus_drawn"] == 1
    assert len(after["hands"][0]) == 1


def test_r4_same_colour_twice_counts_once() -> None:
    layout = [*R3_LAYOUT, (8, 1, 0, 0), (38, 1, -1, 0)]
    state = build(layout=layout, hands=[[15], [3]])
    after, events = apply(state, 0, dragon(15, 0, -1, 0))
    event = played(events, "played_dragon")
    assert event["bonus_colors"] == ["red", "blue"]
    assert event["bonus_drawn"] == 1
    assert largest_area(after["layout"], after["silver"], "blue") == 8


@pytest.mark.parametrize(
    ("silver", "colors", "drawn"), [("red", ["red", "blue"], 1), (None, ["blue"], 0)]
)
def test_e1_coloured_silver_counts_rainbow_does_not(
    silver: str | None, colors: list[str], drawn: int
) -> None:
    layout = [(7, 1, 0, 0), (8, 1, -1, 0), (9, -1, 0, 0), (51, -1, -1, 0)]
    state = build(layout=layout, silver=silver, pile=[55] if silver else [], hands=[[15], [3]])
    _, events = apply(state, 0, dragon(15, 0, -1, 180))
    event = played(events, "played_dragon")
    assert event["bonus_colors"] == colors
    assert event["bonus_drawn"] == drawn


@pytest.mark.parametrize(
    ("silver", "areas"),
    [
        ("red", {"red": 5, "green": 3, "black": 1}),
        (None, {"red": 5, "green": 4, "black": 2}),
        ("green", {"red": 3, "green": 4}),
    ],
)
def test_e2_areas(silver: str | None, areas: dict[str, int]) -> None:
    layout = [[0, 0, 0, 0]] + [list(row) for row in E2_LAYOUT]
    for color, size in areas.items():
        assert largest_area(layout, silver, color) == size, color


def test_e3_rotate_goals_with_imaginary_slots() -> None:
    goals = ("red", "yellow", "green", "blue", "black")
    for direction, expected in (
        ("cw", ["black", "red", "yellow", "green", "blue"]),
        ("ccw", ["yellow", "green", "blue", "black", "red"]),
    ):
        state = build(seats=3, hands=[[58], [3], [4]], goals=goals)
        move = {"type": "play_action", "card": 58, "place": "bottom", "action": {"dir": direction}}
        after, _ = apply(state, 0, move)
        assert [goal_color(after, i) for i in range(5)] == expected


def test_e4_two_sevens_on_another_players_turn() -> None:
    blue = [(7, -1, 0, 0), (8, -2, 0, 0), (29, -3, 0, 0), (21, -4, 0, 180), (22, -5, 0, 0)]
    red = [(1, 1, 0, 0), (2, 2, 0, 0), (11, 3, 0, 0), (13, 4, 0, 0), (17, 5, 0, 0)]
    state = build(
        seats=3,
        layout=blue + red,
        hands=[[3], [51], [4]],
        goals=("red", "green", "blue", "yellow", "black"),
        current=1,
    )
    assert largest_area(state["layout"], None, "blue") == 6
    assert largest_area(state["layout"], None, "red") == 6
    after, events = apply(state, 1, dragon(51, 0, 1, 0))
    assert played(events, "played_dragon")["bonus_drawn"] == 0
    assert played(events, "won") == {"type": "won", "seat": 2, "color": "blue", "area": 7}
    res = result(after)
    assert res is not None
    assert res["end_reason"] == "seven"
    assert res["winners"] == [2]
    assert res["ranks"] == [2, 2, 1]
    assert res["scores"] == [7, 2, 7]


def move_action(place: str, x: int, y: int, rot: int) -> dict[str, Any]:
    target = {"card": 15, "x": x, "y": y, "rot": rot}
    return {"type": "play_action", "card": 52, "place": place, "action": target}


def test_e5_top_move_is_judged_after_the_silver_turns_green() -> None:
    state = build(layout=E5_LAYOUT, hands=[[52], [3]])
    with pytest.raises(IllegalMove):
        apply(state, 0, move_action("top", -1, 0, 180))


def test_e5_bottom_move_keeps_the_silver_wild() -> None:
    state = build(layout=E5_LAYOUT, hands=[[52], [3]])
    after, events = apply(state, 0, move_action("bottom", -1, 0, 180))
    assert after["silver"] is None
    assert played(events, "card_moved")["bonus_drawn"] == 0
    assert [15, -1, 0, 180] in after["layout"]


@pytest.mark.parametrize(("rot", "colors", "drawn"), [(180, ["red", "blue"], 1), (0, ["red"], 0)])
def test_e5_moved_card_earns_a_bonus(rot: int, colors: list[str], drawn: int) -> None:
    state = build(layout=E5_LAYOUT, hands=[[52], [2]])
    after, events = apply(state, 0, move_action("top", 1, 1, rot))
    moved = played(events, "card_moved")
    assert moved["from"] == [-1, 0, 0]
    assert moved["bonus_colors"] == colors
    assert moved["bonus_drawn"] == drawn
    assert len(after["hands"][0]) == drawn
    assert after["current"] == 1
    assert after["silver"] == "green"
    assert [15, 1, 1, rot] in after["layout"]
