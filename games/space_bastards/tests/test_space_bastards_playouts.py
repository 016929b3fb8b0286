"""Seeded random playouts with invariants after each move: tokens, cells, ships, money, flow.

The suite plays GAMES_PER_COUNT fully checked games per seat count (about 40 s in all on this
machine); the 500 games per count of the issue run in `./dev bench` (bench/engines.py).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.rules import IllegalMove
from games.space_bastards import engine
from games.space_bastards.components import PER_COLOUR, PLACEMENT_SETS, RACES
from games.space_bastards.tests.space_bastards_helpers import resolve, sample_states, table

GAMES_PER_COUNT = 200
MOVE_BOUND = 2000
MOVEMENT_BOUND = 60
"""Moves one ship movement may take: up to 6 steps, two jumps beside each, loads, unloads."""


def _token_places(state: dict[str, Any]) -> dict[str, list[str]]:
    """Where each token is: token id -> list of places (exactly one expected)."""
    places: dict[str, list[str]] = {}
    for colour, by_race in state["supply"].items():
        for race, ks in by_race.items():
            for k in ks:
                places.setdefault(f"{colour}:{race}:{k}", []).append("supply")
    for planet, tokens in state["board"].items():
        for token in tokens:
            places.setdefault(token, []).append(planet)
    for seat, ship in enumerate(state["ships"]):
        for token in ship["cargo"]:
            places.setdefault(token, []).append(f"ship{seat}")
    col = state["colonise"]
    if col is not None:
        for token in col["pending"]:
            places.setdefault(token, []).append("pending")
        if col["token"] is not None:
            places.setdefault(col["token"], []).append("placing")
    return places


def _check_invariants(state: dict[str, Any]) -> None:
    colours = [str(s) for s in range(state["seats"])] + (["N"] if state["seats"] == 2 else [])
    expected = {
        f"{c}:{race}:{k}" for c in colours for race in RACES for k in range(PER_COLOUR[race])
    }
    places = _token_places(state)
    assert set(places) == expected
    assert all(len(where) == 1 for where in places.values()), places
    for planet, tokens in state["board"].items():
        covered: set[tuple[int, int]] = set()
        for token, data in tokens.items():
            cells = frozenset((r, c) for r, c in data["cells"])
            assert cells in PLACEMENT_SETS[planet][token.split(":")[1]]
            assert covered.isdisjoint(cells)
            covered |= cells
    for seat, ship in enumerate(state["ships"]):
        for token in ship["cargo"]:
            assert token.startswith(f"{seat}:")
    moving = state["movement"]["seat"] if state["movement"] else None
    spaces = [s["space"] for n, s in enumerate(state["ships"]) if s["space"] and n != moving]
    assert len(spaces) == len(set(spaces))
    assert min(state["money"]) >= 0
    acting = engine.to_act(state)
    if engine.is_over(state):
        assert acting == set()
        return
    assert acting
    for seat in range(state["seats"]):
        assert bool(engine.legal_moves(state, seat)) == (seat in acting)


def _check_result(state: dict[str, Any]) -> None:
    outcome = engine.result(state)
    assert outcome is not None
    keys = []
    for seat, row in enumerate(outcome["breakdown"]):
        sources = row["dominance_4"] + row["dominance_8"] + row["dominance_12"]
        assert row["total"] == sources + row["diplomacy"] + row["bought"]
        assert row["total"] == outcome["scores"][seat] == state["points"][seat]
        assert 0 <= row["money_left"] < 5
        keys.append((row["total"], row["money_left"], row["living"]))
    ranks = outcome["ranks"]
    for a in range(len(keys)):
        for b in range(len(keys)):
            assert (keys[a] > keys[b]) == (ranks[a] < ranks[b])
    assert outcome["winners"] == [s for s, rank in enumerate(ranks) if rank == 1]
    assert [s for group in outcome["ranking"] for s in group] == sorted(
        range(len(ranks)), key=lambda s: ranks[s]
    )


def _playout(seats: int, seed: int, options: dict[str, Any] | None = None) -> int:
    rng = random.Random(seed)
    state = engine.setup(seats, options or {}, seed)
    start = json.dumps(state)
    played: list[tuple[int, dict[str, Any]]] = []
    while not engine.is_over(state):
        _check_invariants(state)
        assert len(played) < MOVE_BOUND
        seat = rng.choice(sorted(engine.to_act(state)))
        move = rng.choice(engine.legal_moves(state, seat))
        if len(played) % 7 == 0:
            before = json.dumps(state)
            after, events = engine.apply(state, seat, move)
            assert json.dumps(state) == before
            assert all(isinstance(event.get("type"), str) for event in events)
            state = after
        else:
            engine.apply_in_place(state, seat, move)
        played.append((seat, move))
    _check_invariants(state)
    _check_result(state)
    assert json.loads(json.dumps(state)) == state
    replay = json.loads(start)
    for seat, move in played:
        engine.apply_in_place(replay, seat, move)
    assert replay == state
    return len(played)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_playouts_keep_every_invariant(seats):
    for seed in range(GAMES_PER_COUNT):
        _playout(seats, seed)


@pytest.mark.parametrize(
    "options",
    [
        {"planets_off": "random"},
        {"priority": "chaos"},
        {"priority": "mutants", "flight_steps": [0, 4, 8]},
        {"priority": "migrants", "flight_steps": [11]},
    ],
    ids=["random-planets", "chaos", "mutants-flights", "migrants-flight"],
)
def test_playouts_with_options(options):
    for seed in range(8):
        _playout(2 + seed % 4, seed, options)


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
