"""Seeded random positions for the view, bad-input and bot tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from games.seven_dragons.engine import apply, is_over, legal_moves, setup


def random_positions(
    seats: int, seed: int
) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Every position of one random game with the events of the move that led to it."""
    rng = random.Random(seed)
    state = setup(seats, {}, seed)
    yield state, []
    while not is_over(state):
        seat = state["current"]
        state, events = apply(state, seat, rng.choice(legal_moves(state, seat)))
        yield state, events


def hide_shuffled(state: dict[str, Any], seat: int | None, seed: int) -> dict[str, Any]:
    """The same public table with everything ``seat`` cannot see dealt differently."""
    rng = random.Random(seed)
    other = [s for s in range(state["seats"]) if s != seat]
    pool = list(state["deck"]) + [c for s in other for c in state["hands"][s]]
    rng.shuffle(pool)
    new = dict(state)
    new["hands"] = [list(h) for h in state["hands"]]
    for s in other:
        size = len(state["hands"][s])
        new["hands"][s], pool = pool[:size], pool[size:]
    new["deck"] = pool
    slots = list(state["slots"])
    if not state["over"]:
        hidden = [i for i in range(5) if i != seat]
        goals = [slots[i] for i in hidden]
        rng.shuffle(goals)
        for i, g in zip(hidden, goals, strict=True):
            slots[i] = g
    new["slots"] = slots
    return new
