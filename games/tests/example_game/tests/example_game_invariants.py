"""The example game's invariants, which the cross-game playouts check in every position."""

from __future__ import annotations

from typing import Any

from games.tests.example_game.components import CARDS
from games.tests.example_game.engine import HAND


def check_state(state: dict[str, Any]) -> None:
    """Every card lies in exactly one place, and no hand holds more than it was dealt."""
    places = [state["deck"], state["discard"], *state["hands"], *state["rows"]]
    assert sorted(card for place in places for card in place) == list(CARDS)
    assert all(len(hand) <= HAND for hand in state["hands"])


def length(seats: int, options: dict[str, Any]) -> int:
    """Every card passes through a hand once, and each move empties one place of a hand."""
    return len(CARDS)
