"""The example game's own rules: what a move does, what it refuses, what each seat sees."""

from __future__ import annotations

import random

import pytest

from games.rules import IllegalMove
from games.tests.example_game import bot, engine


def _state() -> dict:
    state = engine.setup(3, {}, 5)
    state["current"] = 0
    return state


def test_a_played_card_lies_open_in_the_row_and_a_card_is_drawn():
    state = _state()
    card, top = state["hands"][0][0], state["deck"][0]
    events = engine.apply_in_place(state, 0, {"type": "play", "card": card})
    assert state["rows"][0] == [card]
    assert top in state["hands"][0]
    assert card not in state["hands"][0]
    assert events[1] == {"type": "drew", "seat": 0, "card": top, "visible_to": [0]}
    assert state["current"] == 1


@pytest.mark.parametrize(
    ("move", "refusal"),
    [
        ({"type": "play", "card": 99}, "You do not hold that card."),
        ({"type": "pass"}, "Unknown move type."),
        ({"type": "play"}, "Malformed move: missing fields: card."),
    ],
)
def test_a_bad_move_is_refused_and_changes_nothing(move, refusal):
    state = _state()
    before = engine.view(state, 0)
    with pytest.raises(IllegalMove, match=refusal):
        engine.apply(state, 0, move)
    assert engine.view(state, 0) == before


def test_nothing_is_discarded_once_the_deck_is_empty():
    state = _state()
    state["deck"] = []
    with pytest.raises(IllegalMove, match="The deck is empty"):
        engine.apply(state, 0, {"type": "discard", "card": state["hands"][0][0]})


def test_the_score_is_the_row_and_two_per_colour():
    state = _state()
    state["rows"] = [[1, 2, 7], [24], []]
    result = engine.standing(state)
    assert result["breakdown"][0] == {"cards": 1 + 2 + 1, "colours": 4, "total": 8}
    assert result["scores"] == [8, 8, 0]
    assert result["ranks"] == [1, 1, 3]
    assert result["winners"] == [0, 1]


def test_a_seat_sees_its_own_hand_only_and_a_sample_keeps_what_it_knows():
    state = _state()
    view = engine.view(state, 1)
    assert view["hand"] == sorted(state["hands"][1])
    assert "hands" not in view
    assert "deck" not in view
    sample = engine.sample_state(view, 1, random.Random(3))
    assert engine.view(sample, 1) == view


def test_the_bot_plays_a_legal_move():
    state = _state()
    assert bot.choose_move(state, 0, random.Random(1)) in engine.legal_moves(state, 0)
