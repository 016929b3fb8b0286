"""Hand-built Seven Dragons positions for the rule and example tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.seven_dragons.components import DECK_IDS, GOAL_COLOR
from games.seven_dragons.engine import setup

GOAL_OF = {color: card for card, color in GOAL_COLOR.items()}


def build(
    *,
    seats: int = 2,
    layout: Sequence[tuple[int, int, int, int]] = (),
    silver: str | None = None,
    hands: Sequence[Sequence[int]] | None = None,
    goals: Sequence[str] = ("red", "yellow", "green", "blue", "black"),
    deck: Sequence[int] | None = None,
    pile: Sequence[int] = (),
    current: int = 0,
) -> dict[str, Any]:
    """A state with the given table; the draw pile defaults to every unused card."""
    state = setup(seats, {}, 0)
    hands = [list(h) for h in hands] if hands is not None else [[] for _ in range(seats)]
    used = {c for row in layout for c in row[:1]} | {c for h in hands for c in h} | set(pile)
    state["layout"] = [[0, 0, 0, 0]] + [list(row) for row in layout]
    state["silver"] = silver
    state["hands"] = hands
    state["slots"] = [GOAL_OF[g] for g in goals]
    state["deck"] = list(deck) if deck is not None else [c for c in DECK_IDS if c not in used]
    state["action_pile"] = list(pile)
    state["current"] = current
    return state
