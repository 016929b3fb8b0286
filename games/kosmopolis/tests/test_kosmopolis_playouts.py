"""Random games that favour scholars reach the rounds dealt from a short deck (every game's
playouts are `games/tests/test_playouts.py`)."""

from __future__ import annotations

import random
from typing import Any

from games.kosmopolis import engine
from games.kosmopolis.components import CARD_COLOR
from games.kosmopolis.tests.kosmopolis_invariants import check_result, check_state
from games.tests.playouts import Checks, playout

MOVE_BOUND = 400


def _scholar_first(rng: random.Random, moves: list[dict[str, Any]]) -> dict[str, Any]:
    """Random play that favours scholars into Kosmopolis, to reach the short-deck rounds."""
    scholars = [
        m for m in moves if m.get("to") == "kosmopolis" and CARD_COLOR[m["card"]] == "green"
    ]
    return rng.choice(scholars or moves)


def test_scholar_heavy_playouts_reach_short_rounds():
    dealt: set[int] = set()

    def deals(events: list[dict[str, Any]]) -> None:
        dealt.update(event["dealt"] for event in events if event["type"] == "round_started")

    checks = Checks(state=check_state, result=check_result, events=deals)
    for seed in range(200):
        dealt.add(len(engine.setup(4, {}, seed)["packets"][0]))
        playout(engine, 4, seed, checks=checks, move_bound=MOVE_BOUND, choose=_scholar_first)
    assert {3, 4} <= dealt
