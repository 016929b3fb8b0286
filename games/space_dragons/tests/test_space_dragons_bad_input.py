"""Malformed or refused moves raise IllegalMove and leave the state untouched."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.rules import IllegalMove
from games.space_dragons import engine

DRAFT = engine.setup(3, {}, 17)
HUNT = engine.setup(3, {"draft": False}, 17)
PACK_CARD = DRAFT["players"][0]["pack"][0]
HAND_CARD = HUNT["players"][HUNT["turn"]]["hand"][0]

MALFORMED: list[Any] = [
    None,
    [],
    ["draft", PACK_CARD],
    "draft",
    5,
    {},
    {"type": "draft"},
    {"card": PACK_CARD},
    {"type": 5, "card": PACK_CARD},
    {"type": None, "card": PACK_CARD},
    {"type": ["draft"], "card": PACK_CARD},
    {"type": "pass", "card": PACK_CARD},
    {"type": "DRAFT", "card": PACK_CARD},
    {"type": "draft", "card": str(PACK_CARD)},
    {"type": "draft", "card": float(PACK_CARD)},
    {"type": "draft", "card": True},
    {"type": "draft", "card": None},
    {"type": "draft", "card": [PACK_CARD]},
    {"type": "draft", "card": -1},
    {"type": "draft", "card": 0},
    {"type": "draft", "card": 81},
    {"type": "draft", "card": 10**30},
    {"type": "draft", "card": PACK_CARD, "extra": 1},
    {"type": "draft", "cards": [PACK_CARD]},
    {"type": "play", "card": PACK_CARD},
]


@pytest.mark.parametrize("move", MALFORMED, ids=[repr(m) for m in MALFORMED])
def test_malformed_draft_moves(move: Any) -> None:
    before = json.dumps(DRAFT)
    with pytest.raises(IllegalMove):
        engine.apply_in_place(DRAFT, 0, move)
    with pytest.raises(IllegalMove):
        engine.apply(DRAFT, 0, move)
    assert json.dumps(DRAFT) == before


HUNT_BAD: list[tuple[Any, Any]] = [
    (HUNT["turn"], {"type": "draft", "card": HAND_CARD}),
    ((HUNT["turn"] + 1) % 3, {"type": "play", "card": HAND_CARD}),
    (HUNT["turn"], {"type": "play", "card": HUNT["players"][(HUNT["turn"] + 1) % 3]["hand"][0]}),
    (HUNT["turn"], {"type": "play", "card": HUNT["draw_pile"][0]}),
    (HUNT["turn"], {"type": "play", "card": -HAND_CARD}),
    (HUNT["turn"], {"type": "play", "card": True}),
    (HUNT["turn"], {"type": "play"}),
    (3, {"type": "play", "card": HAND_CARD}),
    (-1, {"type": "play", "card": HAND_CARD}),
    (None, {"type": "play", "card": HAND_CARD}),
    (str(HUNT["turn"]), {"type": "play", "card": HAND_CARD}),
    (bool(HUNT["turn"]), {"type": "play", "card": HAND_CARD}),
]


@pytest.mark.parametrize(("seat", "move"), HUNT_BAD, ids=[repr(b) for b in HUNT_BAD])
def test_refused_hunt_moves(seat: Any, move: Any) -> None:
    before = json.dumps(HUNT)
    with pytest.raises(IllegalMove):
        engine.apply_in_place(HUNT, seat, move)
    assert json.dumps(HUNT) == before


def test_refusal_messages_are_sentences() -> None:
    turn = HUNT["turn"]
    cases = [
        (HUNT, (turn + 1) % 3, {"type": "play", "card": HAND_CARD}, "Not your turn."),
        (HUNT, turn, {"type": "play", "card": 200}, "Card 200 is not in your hand."),
        (DRAFT, 0, {"type": "draft", "card": 200}, "Card 200 is not in your pack."),
        (DRAFT, 0, {"type": "play", "card": PACK_CARD}, "Wrong phase"),
        (DRAFT, 0, {"type": "draft"}, "Malformed move"),
    ]
    for state, seat, move, message in cases:
        with pytest.raises(IllegalMove, match=message):
            engine.apply(state, seat, move)


def test_apply_never_mutates_its_input() -> None:
    before = json.dumps(HUNT)
    new, _ = engine.apply(HUNT, HUNT["turn"], {"type": "play", "card": HAND_CARD})
    assert json.dumps(HUNT) == before
    assert new != HUNT
