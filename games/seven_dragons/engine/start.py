"""A new game of Seven Dragons (section 4)."""

from __future__ import annotations

import random
from typing import Any

from games.rules import State, checked_options, checked_seats, checked_stack
from games.seven_dragons.components import (
    ACTION_IDS,
    DECK_IDS,
    GOAL_IDS,
    GOAL_SLOTS,
    MAX_SEATS,
    MIN_SEATS,
    OPENING_HAND,
    SILVER,
)
from games.seven_dragons.engine.flow import _begin_turns
from games.seven_dragons.engine.layout import LAST_DRAGON, _grid

# ---------------------------------------------------------------- setup


def _checked_stack(stack: Any, deck: list[int], goals: list[int]) -> tuple[list[int], list[int]]:
    checked_stack(stack, ("deck", "goals"))
    if "deck" in stack:
        top = stack["deck"]
        if not isinstance(top, list) or any(
            type(c) is not int or not 1 <= c <= ACTION_IDS[-1] for c in top
        ):
            raise ValueError("stack.deck must list card ids from 1 to 66.")
        if len(set(top)) != len(top):
            raise ValueError("stack.deck must not repeat a card.")
        placed = set(top)
        deck = list(top) + [c for c in deck if c not in placed]
    if "goals" in stack:
        order = stack["goals"]
        if not isinstance(order, list) or sorted(order) != list(GOAL_IDS):
            raise ValueError("stack.goals must be a permutation of 67-71.")
        if any(type(g) is not int for g in order):
            raise ValueError("stack.goals must hold integers.")
        goals = list(order)
    return deck, goals


def setup(
    seats: int, options: dict[str, Any], seed: int, stack: dict[str, Any] | None = None
) -> State:
    """Shuffle, deal three cards each, hand out goal slots and start seat 0's turn."""
    checked_seats(seats, MIN_SEATS, MAX_SEATS, "Seven Dragons")
    checked_options(options, ())
    rng = random.Random(seed)
    deck = list(DECK_IDS)
    rng.shuffle(deck)
    goals = list(GOAL_IDS)
    rng.shuffle(goals)
    if stack is not None:
        deck, goals = _checked_stack(stack, deck, goals)
    hands = [deck[OPENING_HAND * s : OPENING_HAND * s + OPENING_HAND] for s in range(seats)]
    state: State = {
        "game": "seven_dragons",
        "seats": seats,
        "deck": deck[OPENING_HAND * seats :],
        "hands": hands,
        "slots": goals,
        "layout": [[SILVER, 0, 0, 0]],
        "silver": None,
        "action_pile": [],
        "current": None,
        "move_count": 0,
        "over": False,
        "end_reason": None,
        "winner": None,
        "last": [None] * seats,
        "known_hands": [[[] for _ in range(seats)] for _ in range(seats)],
        "known_goals": [[None] * GOAL_SLOTS for _ in range(seats)],
        "placed_for": [None] * (LAST_DRAGON + 1),
    }
    _begin_turns(state, 0, [], _grid(state["layout"], None))
    return state
