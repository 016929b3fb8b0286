"""Complete random games through any engine's `legal_moves` and `apply`, for the cross-game
playout suite and the games' own tests.

Pure like the engines (standard library only), so a game's engine tests that play random games
still run without Django.
"""

from __future__ import annotations

import json
import marshal
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]


def _nothing(*_args: Any) -> None:
    """A check a game does not need."""


@dataclass(frozen=True)
class Checks:
    """What a game's playouts check beyond what every game's do."""

    state: Callable[[State], None] = _nothing
    """The game's invariants, checked in every position (components conserved, ...)."""
    result: Callable[[State, dict[str, Any]], None] = _nothing
    """The game's own checks of a finished game's result (breakdown, tie-breaks, ...)."""
    events: Callable[[list[Event]], None] = _nothing
    """The game's own checks of one move's events."""


def playout(
    engine: ModuleType,
    seats: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    checks: Checks = Checks(),
    move_bound: int,
    stride: int = 1,
    choose: Callable[[random.Random, list[Move]], Move] | None = None,
) -> list[tuple[int, Move]]:
    """One complete random game, every position checked; returns its moves.

    In every position: the seats to act are those with legal moves, and the game's invariants
    hold; every `stride` moves, `apply` leaves the given state as it was and the new state and
    the events survive a JSON round trip. The game ends within `move_bound` moves with nobody to
    act, and replaying its moves from the seed gives the same final state."""
    rng = random.Random(seed)
    state = engine.setup(seats, options or {}, seed)
    start = json.dumps(state)
    played: list[tuple[int, Move]] = []
    while not engine.is_over(state):
        legal = legal_moves_by_seat(engine, state, seats)
        checks.state(state)
        assert len(played) < move_bound, "the game does not end"
        seat = rng.choice(sorted(legal))
        move = choose(rng, legal[seat]) if choose else rng.choice(legal[seat])
        before = _snapshot(state) if len(played) % stride == 0 else None
        after, events = engine.apply(state, seat, move)
        if before is not None:
            assert _snapshot(state) == before, "apply changed the state it was given"
            assert json.loads(json.dumps(after)) == after
            assert json.loads(json.dumps(events)) == events
        assert all(isinstance(event.get("type"), str) for event in events)
        checks.events(events)
        played.append((seat, move))
        state = after
    assert engine.to_act(state) == set()
    checks.state(state)
    assert json.loads(json.dumps(state)) == state
    result = engine.result(state)
    check_result(result, seats)
    checks.result(state, result)
    replay = json.loads(start)
    for seat, move in played:
        engine.apply_in_place(replay, seat, move)
    assert replay == state, "the moves replayed from the seed end elsewhere"
    return played


def _snapshot(state: State) -> bytes:
    """The state's exact contents (types, order of keys and all), to tell whether `apply`
    changed it: like `json.dumps`, a few times faster. Marshal's version 2 writes no
    back-references, so equal contents give equal bytes however objects are shared."""
    return marshal.dumps(state, 2)


def legal_moves_by_seat(engine: ModuleType, state: State, seats: int) -> dict[int, list[Move]]:
    """The legal moves of each seat to act, once it is checked that while the game goes on
    someone acts and exactly the seats to act have legal moves."""
    acting = engine.to_act(state)
    assert acting
    assert all(type(seat) is int for seat in acting)
    legal = {seat: engine.legal_moves(state, seat) for seat in range(seats)}
    assert {seat for seat, moves in legal.items() if moves} == acting
    return {seat: legal[seat] for seat in acting}


def check_result(result: dict[str, Any], seats: int) -> None:
    """The result every game's has: per seat a score, a rank and a breakdown whose total is the
    score, and winners, each seat among them ranked first (a solo game's opponent wins as
    itself, not as a seat)."""
    assert len(result["scores"]) == len(result["ranks"]) == len(result["breakdown"]) == seats
    assert [sheet["total"] for sheet in result["breakdown"]] == result["scores"]
    assert min(result["ranks"]) >= 1
    assert result["winners"]
    assert all(result["ranks"][seat] == 1 for seat in result["winners"] if type(seat) is int)


def sample_states(engine: ModuleType, seats: int, seeds: range, stride: int) -> list[State]:
    """Snapshots of random games every `stride` moves, so every phase shows up, and each
    game's end."""
    samples = []
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.setup(seats, {}, seed)
        step = 0
        while not engine.is_over(state):
            if step % stride == seed % stride:
                samples.append(json.loads(json.dumps(state)))
            seat = rng.choice(sorted(engine.to_act(state)))
            engine.apply_in_place(state, seat, rng.choice(engine.legal_moves(state, seat)))
            step += 1
        samples.append(state)
    return samples


def random_moves(
    engine: ModuleType, seats: int, seeds: range, options: dict[str, Any] | None = None
) -> Iterator[tuple[State, int, list[Event], State]]:
    """(state before, seat, events, state after) for every move of random complete games, one
    per seed, each seat to act and its move drawn from the seed and the seat count."""
    for seed in seeds:
        rng = random.Random(seed * 31 + seats)
        state = engine.setup(seats, options or {}, seed)
        while not engine.is_over(state):
            seat = rng.choice(sorted(engine.to_act(state)))
            after, events = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
            yield state, seat, events, after
            state = after


def bots_against_random(
    engine: ModuleType,
    choose: Callable[[State, int, random.Random], Move],
    seats: int,
    seed: int,
    bots: set[int],
    *,
    move_bound: int,
    options: dict[str, Any] | None = None,
    every_move_listed: bool = True,
) -> dict[str, Any]:
    """The result of a game in which the seats in `bots` move by `choose` and the others at
    random, the seat to act drawn from the seed; it must end within `move_bound` moves. A bot's
    move must be among the legal moves, or with `every_move_listed` False (Ostrov koček, whose
    bot's placements are not found in that list as they are spelled) pass `apply`'s checks."""
    rng = random.Random(seed)
    state = engine.setup(seats, options or {}, seed)
    for _ in range(move_bound):
        if engine.is_over(state):
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        legal = engine.legal_moves(state, seat)
        move = choose(state, seat, rng) if seat in bots else rng.choice(legal)
        assert move in legal or not every_move_listed, (seat, move)
        engine.apply_in_place(state, seat, move)
    assert engine.is_over(state), f"game {seed} did not end in {move_bound} moves"
    return engine.result(state)
