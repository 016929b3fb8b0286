"""Seeded random playouts: 1,000 complete games per seat count, with invariants after each move."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.kosmopolis import engine
from games.kosmopolis.components import (
    CARD_COLOR,
    CARD_VALUE,
    COLORS,
    MODIFIER_IDS,
    PROFESSION_COUNT,
    TOKEN_COUNT,
)

GAMES_PER_COUNT = 1000
MOVE_BOUND = 400
ALL_CARDS = list(range(PROFESSION_COUNT))


def _profession_zones(state: dict[str, Any]) -> list[int]:
    cards = list(state["deck"]) + list(state["removed"])
    for seat in range(state["seats"]):
        cards += state["hands"][seat] + state["packets"][seat] + state["kept"][seat]
        cards += state["bonus"][seat]
        for column in state["cities"][seat].values():
            cards += column
    for column in state["kosmopolis"].values():
        cards += column
    return cards


def _check_invariants(state: dict[str, Any]) -> None:
    assert sorted(_profession_zones(state)) == ALL_CARDS
    assert state["supply"] + sum(state["tokens"]) == TOKEN_COUNT
    assert state["supply"] >= 0
    assert min(state["tokens"]) >= 0
    phase = state["phase"]
    if phase != "over":
        modifiers = list(state["modifier_decks"][state["round"] - 1])
        modifiers += [m["id"] for m in state["modifiers"]]
        if state["pending_modifier"] is not None:
            modifiers.append(state["pending_modifier"])
        assert sorted(modifiers) == list(MODIFIER_IDS)
    for seat, choice in enumerate(state["choices"]):
        assert choice is None or set(choice) <= set(state["packets"][seat])
    acting = engine.to_act(state)
    if phase == "over":
        assert acting == set()
        return
    assert acting
    for seat in range(state["seats"]):
        moves = engine.legal_moves(state, seat)
        assert bool(moves) == (seat in acting)
    if phase == "play":
        seat = state["current"]
        assert state["hands"][seat] or state["pending_modifier"] is not None


def _check_result(state: dict[str, Any]) -> None:
    outcome = engine.result(state)
    assert outcome is not None
    rows = outcome["breakdown"]
    assert outcome["scores"] == [row["total"] for row in rows]
    keys = []
    for seat, row in enumerate(rows):
        assert row["total"] == row["city"] + row["bonus"] + row["tokens"]
        city = sum(CARD_VALUE[c] for color in COLORS for c in state["cities"][seat][color])
        assert row["city"] == city
        assert row["bonus"] == sum(CARD_VALUE[c] for c in state["bonus"][seat])
        keys.append(
            (row["total"], row["sixes"], row["fives"], row["fours"], row["threes"], row["twos"])
        )
    ranks = outcome["ranks"]
    for a in range(len(rows)):
        for b in range(len(rows)):
            if keys[a] > keys[b]:
                assert ranks[a] < ranks[b]
            elif keys[a] == keys[b]:
                assert ranks[a] == ranks[b]
    assert min(ranks) == 1
    assert outcome["winners"] == [s for s, rank in enumerate(ranks) if rank == 1]


def _scholar_first(rng: random.Random, moves: list[dict[str, Any]]) -> dict[str, Any]:
    """Random play that favours scholars into Kosmopolis, to reach the short-deck rounds."""
    scholars = [
        m for m in moves if m.get("to") == "kosmopolis" and CARD_COLOR[m["card"]] == "green"
    ]
    return rng.choice(scholars or moves)


def _playout(seats: int, seed: int, choose: Any = None) -> set[int]:
    """Play one game to the end, checking everything; returns the packet sizes dealt."""
    rng = random.Random(seed)
    state = engine.setup(seats, {}, seed)
    start = json.dumps(state)
    played: list[tuple[int, dict[str, Any]]] = []
    dealt = {len(state["packets"][0])}
    while not engine.is_over(state):
        _check_invariants(state)
        assert len(played) < MOVE_BOUND
        seat = rng.choice(sorted(engine.to_act(state)))
        moves = engine.legal_moves(state, seat)
        move = choose(rng, moves) if choose else rng.choice(moves)
        before = json.dumps(state)
        after, events = engine.apply(state, seat, move)
        assert json.dumps(state) == before
        assert json.loads(json.dumps(after)) == after
        assert all(isinstance(event.get("type"), str) for event in events)
        dealt |= {event["dealt"] for event in events if event["type"] == "round_started"}
        played.append((seat, move))
        state = after
    _check_invariants(state)
    _check_result(state)
    assert json.loads(json.dumps(state)) == state
    replay = json.loads(start)
    for seat, move in played:
        engine.apply_in_place(replay, seat, move)
    assert replay == state
    return dealt


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_playouts_keep_every_invariant(seats):
    for seed in range(GAMES_PER_COUNT):
        _playout(seats, seed)


def test_scholar_heavy_playouts_reach_short_rounds():
    dealt: set[int] = set()
    for seed in range(200):
        dealt |= _playout(4, seed, _scholar_first)
    assert {3, 4} <= dealt
