"""Malformed moves and seats are refused with IllegalMove and leave the state untouched."""

from __future__ import annotations

import json

import pytest

from games.kosmopolis import engine
from games.kosmopolis.tests.kosmopolis_helpers import finish_round, table
from games.rules import IllegalMove

MALFORMED = [
    None,
    [],
    ["play", 60],
    "play",
    5,
    True,
    {},
    {"type": 5},
    {"type": None},
    {"type": ["play"]},
    {"type": "pass"},
    {"type": "PLAY", "card": 60, "to": "city"},
    {"type": "play"},
    {"type": "play", "card": 60},
    {"type": "play", "to": "city"},
    {"type": "play", "card": True, "to": "city"},
    {"type": "play", "card": -1, "to": "city"},
    {"type": "play", "card": 999, "to": "city"},
    {"type": "play", "card": "60", "to": "city"},
    {"type": "play", "card": 60.0, "to": "city"},
    {"type": "play", "card": [60], "to": "city"},
    {"type": "play", "card": 60, "to": 1},
    {"type": "play", "card": 60, "to": ["city"]},
    {"type": "play", "card": 60, "to": "hand"},
    {"type": "play", "card": 60, "to": "city", "extra": 1},
    {"type": "play", "card": 60, "to": "kosmopolis", "take": ["blue"]},
    {"type": "play", "card": 60, "to": "kosmopolis", "take": {"blue": 1}},
    {"type": "play", "card": 60, "to": "kosmopolis", "take": 2},
    {"type": "play", "card": 60, "to": "kosmopolis", "take": "purple"},
    {"type": "play", "card": 60, "to": "kosmopolis", "take": "pink"},
    {"type": "draft", "cards": [60, 60]},
    {"type": "draft", "cards": [-1, -2]},
    {"type": "draft", "cards": [[1], [2]]},
    {"type": "place_modifier", "column": "Blue"},
    {"type": "place_modifier", "column": ["blue"]},
    {"type": "place_modifier"},
    {"type": "save", "columns": ["yellow", "yellow"]},
    {"type": "save"},
    {"type": "save", "columns": [["x"]]},
    {"type": "save", "columns": {"blue": 1}},
]

BAD_SEATS = [-1, 2, 5, True, False, "0", None, 0.0, [0]]


def _play_state():
    return table(2, kosmopolis={"blue": [39]}, hands=[[60, 1], [2, 3]])


def _pending_state():
    state = table(2, hands=[[40, 1], [2]])
    engine.apply_in_place(state, 0, {"type": "play", "card": 40, "to": "kosmopolis"})
    return state


def _draft_state():
    return engine.setup(2, {}, 9)


def _tokens_state():
    state = table(2, kosmopolis={"yellow": [18]}, cities=[{"yellow": [21]}], tokens=[2, 0])
    finish_round(state, 1, 54)
    return state


STATES = {
    "draft": _draft_state,
    "play": _play_state,
    "pending": _pending_state,
    "tokens": _tokens_state,
}


def _assert_refused(state, seat, move):
    before = json.dumps(state)
    with pytest.raises(IllegalMove) as refusal:
        engine.apply(state, seat, move)
    assert refusal.value.message
    assert json.dumps(state) == before
    with pytest.raises(IllegalMove):
        engine.apply_in_place(state, seat, move)
    assert json.dumps(state) == before


@pytest.mark.parametrize("name", sorted(STATES))
@pytest.mark.parametrize("move", MALFORMED, ids=repr)
def test_malformed_moves_are_refused_in_every_phase(name, move):
    state = STATES[name]()
    _assert_refused(state, min(engine.to_act(state)), move)


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_unknown_seats_are_refused(seat):
    state = _play_state()
    _assert_refused(state, seat, {"type": "play", "card": 60, "to": "city"})


@pytest.mark.parametrize("name", sorted(STATES))
def test_a_seat_that_is_not_to_act_is_refused(name):
    state = STATES[name]()
    idle = [s for s in range(state["seats"]) if s not in engine.to_act(state)]
    for seat in idle:
        for move in engine.legal_moves(state, min(engine.to_act(state))):
            with pytest.raises(IllegalMove, match="Not your turn"):
                engine.apply(state, seat, move)


@pytest.mark.parametrize("name", sorted(STATES))
def test_moves_of_another_phase_are_refused(name):
    state = STATES[name]()
    seat = min(engine.to_act(state))
    legal = engine.legal_moves(state, seat)
    samples = [
        {"type": "draft", "cards": [60, 1]},
        {"type": "play", "card": 1, "to": "city"},
        {"type": "place_modifier", "column": "green"},
        {"type": "save", "columns": []},
    ]
    for move in samples:
        if move["type"] != legal[0]["type"]:
            _assert_refused(state, seat, move)


def test_moves_after_the_game_are_refused():
    state = table(2, round_number=3)
    finish_round(state, 0, 1)
    assert engine.is_over(state)
    _assert_refused(state, 0, {"type": "play", "card": 1, "to": "city"})
