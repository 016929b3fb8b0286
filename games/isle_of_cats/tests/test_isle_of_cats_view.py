"""Hidden information (section 7): a seat's view never shows what only others or nobody may see."""

from __future__ import annotations

import json
import random

import pytest

from games.isle_of_cats import engine
from games.isle_of_cats.tests.isle_of_cats_helpers import rescue_table, sample_states


def _hidden_cards(state: dict, seat: int | None) -> set[str]:
    hidden = set(state["deck"]) | set(state["discard"])
    for other, player in enumerate(state["players"]):
        if other == seat:
            continue
        hidden |= set(player["hand"]) | set(player["aside"]) | set(player["draft"])
        hidden |= set(player["picks"])
        if state["phase"] != "game_over":
            hidden |= set(player["lessons"])
        if player["look"] is not None:
            hidden |= set(player["look"]["cards"])
    # The card that started a look was played face up (the log names it).
    return hidden - {p["look"]["card"] for p in state["players"] if p["look"] is not None}


def _hidden_other(state: dict) -> set[str]:
    """Tiles and solo cards nobody may see: bag order/contents, sister deck and face-down cards,
    unrevealed colour cards."""
    hidden = set(state["bag"])
    sister = state["sister"]
    if sister is not None:
        hidden |= set(sister["deck"]) | set(sister["today"][sister["up"] :])
        hidden |= set(sister["colour_cards"][sister["revealed"] :])
    return hidden


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_views_hide_other_hands_the_deck_and_the_bag(seats):
    """Beside what a seat remembers (the draft hands it was handed and the discards it saw go,
    checked in `games/tests/test_sample_state.py`)."""
    for state in sample_states(seats, range(3), stride=5):
        for seat in [None, *range(seats)]:
            shown = engine.view(state, seat)
            shown.pop("draft_seen", None)
            shown.pop("discards_seen", None)
            text = json.dumps(shown)
            leaked = {
                c for c in _hidden_cards(state, seat) | _hidden_other(state) if f'"{c}"' in text
            }
            assert not leaked, (seat, state["phase"], leaked)


def test_own_private_cards_are_in_the_own_view_only():
    state = rescue_table(hand=["071", "114"])
    state["players"][0]["lessons"] = ["119"]
    engine.apply_in_place(state, 0, {"type": "play", "card": "071"})
    looked = state["players"][0]["look"]["cards"]
    mine = engine.view(state, 0)
    assert mine["look"]["cards"] == looked
    assert mine["hand"] == ["114"]
    assert mine["lessons"] == ["119"]
    other = engine.view(state, 1)
    assert other["look"] is None
    assert other["players"][0]["looking"] is True
    assert other["players"][0]["hand_count"] == 1
    spectator = engine.view(state, None)
    for key in ("hand", "aside", "draft", "picks", "lessons", "look", "selection"):
        assert key not in spectator


def test_personal_lessons_become_public_at_the_end():
    state = rescue_table(2, left=["cat-01"], hand=[])
    state["players"][0]["lessons"] = ["119"]
    assert "lessons" not in engine.view(state, 1)["players"][0]
    state["day"] = 5
    engine.apply_in_place(state, 0, {"type": "pass"})
    assert engine.view(state, 1)["players"][0]["lessons"] == ["119"]
    assert engine.view(state, None)["result"]["scores"]


def test_events_name_no_hidden_cards():
    rng = random.Random(3)
    state = engine.setup(3, {}, 3)
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        move = rng.choice(engine.legal_moves(state, seat))
        hidden = _hidden_cards(state, None) - {move.get("card")}
        _state, events = engine.apply(state, seat, move)
        text = json.dumps(events)
        after = _state
        public = {e["card"] for e in after["public_lessons"]}
        for player in after["players"]:
            public |= set(player["played"])
        leaked = {c for c in hidden - public if f'"{c}"' in text}
        assert not leaked, (move["type"], leaked)
        state = after


def test_the_solo_view_shows_the_sisters_public_side():
    state = engine.setup(1, {"solo_hard_lessons": 2}, 5)
    seen = engine.view(state, 0)["sister"]
    assert seen["colour_cards"] == state["sister"]["colour_cards"][:1]
    assert seen["colour_cards_hidden"] == 4
    assert seen["lessons"] == state["sister"]["lessons"]
    assert seen["deck_count"] == 23
    assert seen["removed"] == {"cats": 0, "rares": 0, "oshax": 0}
