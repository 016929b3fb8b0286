"""Malformed or illegal moves raise IllegalMove and leave the state exactly as it was."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.rules import IllegalMove
from games.seven_dragons.engine import apply_in_place, legal_moves
from games.seven_dragons.tests.seven_dragons_states import build

GOOD_DRAGON = {"type": "play_dragon", "card": 1, "x": 1, "y": 0, "rot": 0}


def dragon(**fields: Any) -> dict[str, Any]:
    return {**GOOD_DRAGON, **fields}


def action(card: int, place: Any = "top", payload: Any = None) -> dict[str, Any]:
    return {"type": "play_action", "card": card, "place": place, "action": payload}


BAD_MOVES: list[Any] = [
    None,
    [],
    ["play_dragon", 1],
    "play_dragon",
    5,
    {},
    {"type": 5},
    {"type": None},
    {"type": ["play_dragon"]},
    {"type": "pass"},
    {"type": "play_dragon"},
    {"type": "play_dragon", "card": 1, "x": 1, "y": 0},
    dragon(extra=1),
    dragon(card=True),
    dragon(card="1"),
    dragon(card=-1),
    dragon(card=0),
    dragon(card=999),
    dragon(card=2),
    dragon(card=52),
    dragon(x=1.0),
    dragon(x=True),
    dragon(y="0"),
    dragon(y=None),
    dragon(rot=90),
    dragon(rot=-180),
    dragon(rot=True),
    dragon(rot=None),
    dragon(x=2),
    dragon(x=0),
    {"type": "play_action", "card": 52, "place": "top"},
    {**action(52), "extra": 1},
    action(1),
    action(53),
    action(-52),
    action(True),
    action(52, place="middle"),
    action(52, place=True),
    action(52, place=["top"]),
    action(52, place="bottom"),
    action(52, payload=[]),
    action(52, payload="move"),
    action(52, payload={}),
    action(52, payload={"card": 1, "x": 1, "y": 0}),
    action(52, payload={"card": 1, "x": -1, "y": 0, "rot": 0, "extra": 0}),
    action(52, payload={"card": 1, "x": 1, "y": 0, "rot": 0}),
    action(52, payload={"card": 0, "x": 0, "y": 1, "rot": 0}),
    action(52, payload={"card": 3, "x": 0, "y": 1, "rot": 0}),
    action(52, payload={"card": True, "x": 0, "y": 1, "rot": 0}),
    action(52, payload={"card": 1, "x": 5, "y": 5, "rot": 0}),
    action(52, payload={"card": 1, "x": 0.0, "y": 1, "rot": 0}),
    action(52, payload={"card": 1, "x": 0, "y": 1, "rot": 270}),
    action(56, payload={"card": 0}),
    action(56, payload={"card": 8}),
    action(56, payload={"card": "7"}),
    action(56, payload={"target": 7}),
    action(59, payload={"dir": "left"}),
    action(59, payload={"dir": ["cw"]}),
    action(59, payload={"dir": None}),
    action(59, "bottom", None),
    action(62, payload={"slot": 0}),
    action(62, payload={"slot": 5}),
    action(62, payload={"slot": -1}),
    action(62, payload={"slot": True}),
    action(62, payload={"slot": "1"}),
    action(62, payload={"seat": 1}),
    action(65, payload={"seat": 0}),
    action(65, payload={"seat": 3}),
    action(65, payload={"seat": -1}),
    action(65, payload={"seat": False}),
    action(65, payload={"slot": 1}),
]


@pytest.fixture
def table() -> dict[str, Any]:
    return build(
        seats=3,
        layout=[(7, -1, 0, 0)],
        hands=[[1, 52, 56, 59, 62, 65], [2], [3]],
    )


@pytest.mark.parametrize("move", BAD_MOVES, ids=[json.dumps(m)[:60] for m in BAD_MOVES])
def test_bad_move_is_refused_and_changes_nothing(table: dict[str, Any], move: Any) -> None:
    before = json.dumps(table)
    with pytest.raises(IllegalMove) as refusal:
        apply_in_place(table, 0, move)
    assert refusal.value.message.endswith(".")
    assert json.dumps(table) == before
    assert json.dumps(move) not in {json.dumps(m) for m in legal_moves(table, 0)}


@pytest.mark.parametrize("seat", [1, 2, 3, -1, True, None, "0"])
def test_wrong_seat_is_not_your_turn(table: dict[str, Any], seat: Any) -> None:
    before = json.dumps(table)
    with pytest.raises(IllegalMove, match="Not your turn"):
        apply_in_place(table, seat, GOOD_DRAGON)
    assert json.dumps(table) == before


def test_the_good_moves_of_the_table_are_accepted(table: dict[str, Any]) -> None:
    """The refusals above fail for their own reason, not because the table is broken."""
    for move in (
        GOOD_DRAGON,
        action(52, "bottom", {"card": 7, "x": 0, "y": 1, "rot": 0}),
        action(56, payload={"card": 7}),
        action(59, payload={"dir": "cw"}),
        action(62, payload={"slot": 4}),
        action(65, payload={"seat": 2}),
    ):
        state = json.loads(json.dumps(table))
        apply_in_place(state, 0, move)
