"""Seeded random playouts: conservation, termination, scoring consistency, replay."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.space_dragons import engine
from games.space_dragons.tests.space_dragons_helpers import assert_conserved

GAMES_PER_COUNT = 1000
SIDE_OPTIONS = ("A", "B", "random")


def options_for(k: int) -> dict[str, Any]:
    """Every fourth game is the quick variant; sides cycle through all choices."""
    return {
        "draft": k % 4 != 3,
        "research_side": SIDE_OPTIONS[k % 3],
        "morale_side": SIDE_OPTIONS[(k // 3) % 3],
        "crime_side": SIDE_OPTIONS[(k // 9) % 3],
    }


def check_result(state: dict[str, Any]) -> None:
    outcome = engine.result(state)
    assert outcome is not None
    n = state["num_seats"]
    for row, score in zip(outcome["breakdown"], outcome["scores"], strict=True):
        assert row["total"] == score
        assert sum(v for k, v in row.items() if k != "total") == score
    assert outcome["dragon_counts"] == [len(p["dragons"]) for p in state["players"]]
    assert sum(outcome["dragon_counts"]) == 7
    keys = list(zip(outcome["scores"], outcome["dragon_counts"], strict=True))
    for s in range(n):
        ahead = sum(1 for t in range(n) if keys[t] > keys[s])
        assert outcome["ranks"][s] == 1 + ahead
    assert outcome["winners"] == [s for s in range(n) if outcome["ranks"][s] == 1]
    assert outcome["winners"]
    assert [r["seat"] for r in outcome["ranking"]] == sorted(
        range(n), key=lambda s: (outcome["ranks"][s], s)
    )
    for player in state["players"]:
        assert len(player["display"]) == 7
        assert len(player["hand"]) == 2


def check_events(events: list[dict[str, Any]]) -> None:
    for event in events:
        if "visible_to" not in event and "card" in event:
            assert event["type"] in ("played", "trick_won")


def play_one(num_seats: int, k: int) -> None:
    rng = random.Random(k)
    options = options_for(k)
    state = engine.setup(num_seats, options, k)
    moves: list[tuple[int, dict[str, Any]]] = []
    bound = (8 * num_seats if options["draft"] else 0) + 7 * num_seats
    while not engine.is_over(state):
        assert len(moves) < bound
        acting = engine.to_act(state)
        assert acting
        for seat in range(num_seats):
            assert bool(engine.legal_moves(state, seat)) == (seat in acting)
        seat = rng.choice(sorted(acting))
        move = rng.choice(engine.legal_moves(state, seat))
        before = json.dumps(state) if k % 10 == 0 else None
        new, events = engine.apply(state, seat, move)
        if before is not None:
            assert json.dumps(state) == before
        check_events(events)
        assert_conserved(new)
        if k % 5 == 0:
            assert json.loads(json.dumps(new)) == new
        moves.append((seat, move))
        state = new
    assert len(moves) == bound
    assert engine.to_act(state) == set()
    assert json.loads(json.dumps(state)) == state
    check_result(state)
    replay = engine.setup(num_seats, options, k)
    for seat, move in moves:
        engine.apply_in_place(replay, seat, move)
    assert replay == state


@pytest.mark.parametrize("num_seats", [3, 4, 5])
def test_random_games(num_seats: int) -> None:
    for k in range(GAMES_PER_COUNT):
        play_one(num_seats, 1000 * num_seats + k)
