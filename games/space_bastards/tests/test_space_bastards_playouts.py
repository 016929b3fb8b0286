"""Random play that the rules must survive: refused moves change nothing, and no ship
movement goes on for ever (every game's playouts are `games/tests/test_playouts.py`)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.rules import IllegalMove
from games.space_bastards import engine
from games.space_bastards.tests.space_bastards_helpers import resolve, sample_states, table

MOVEMENT_BOUND = 60
"""Moves one ship movement may take: up to 6 steps, two jumps beside each, loads, unloads."""


def test_refused_moves_leave_the_state_untouched():
    """Random well-formed but wrong moves (another seat's, another phase's) change nothing."""
    rng = random.Random(5)
    for seed in range(6):
        state = engine.setup(3, {}, seed)
        while not engine.is_over(state):
            acting = sorted(engine.to_act(state))
            seat = rng.choice(acting)
            idle = [s for s in range(3) if s not in acting]
            if idle:
                before = json.dumps(state)
                with pytest.raises(IllegalMove):
                    engine.apply_in_place(
                        state, idle[0], rng.choice(engine.legal_moves(state, seat))
                    )
                assert json.dumps(state) == before
            engine.apply_in_place(state, seat, rng.choice(engine.legal_moves(state, seat)))


def _longest_movement(start: dict[str, Any]) -> int:
    """The most moves the moving seat can make before its `done`, every way of moving tried
    (one placement per unloaded token); a movement that can come back to a position it left
    could go on for ever, and fails."""
    seat = start["movement"]["seat"]
    longest: dict[str, int] = {}
    path: set[str] = set()

    def explore(state: dict[str, Any]) -> int:
        key = json.dumps(state, sort_keys=True)
        if key in longest:
            return longest[key]
        assert key not in path, "a movement can return to a position it left"
        path.add(key)
        unloaded: set[str] = set()
        most = 0
        for move in engine.legal_moves(state, seat):
            if move["type"] == "done" or move.get("token") in unloaded:
                continue
            if move["type"] == "unload":
                unloaded.add(move["token"])
            most = max(most, 1 + explore(engine.apply(state, seat, move)[0]))
        path.discard(key)
        longest[key] = most
        return most

    return explore(start)


def _taken_teleports() -> dict[str, Any]:
    """A migration next to both teleports, each held by another ship, with money to spare."""
    state = table(3, column={"migration": ("toad", "slug")}, money=[9, 0, 0])
    state["ships"][0]["space"] = "r4"
    state["ships"][1]["space"] = "t1"
    state["ships"][2]["space"] = "t2"
    resolve(state, [["migration", 0]])
    return state


def test_no_ship_movement_can_go_on_for_ever():
    movements = [_taken_teleports()] + [
        state
        for state in sample_states(3, range(3), stride=1)
        if state["phase"] in ("ships", "migration") and state["movement"]["steps"] == 0
    ]
    assert len(movements) > 20
    for state in movements:
        assert _longest_movement(state) <= MOVEMENT_BOUND
