"""Building blocks for Space Bastards tests: hand-made tables, item runners and game walkers."""

from __future__ import annotations

import json
import random
from typing import Any

from games.space_bastards import engine
from games.space_bastards.components import ACTION_CARDS, PLACEMENTS, RACES, SIDED
from games.tests import playouts

State = dict[str, Any]

COLUMN = {
    "love": ("toad", "slug"),
    "shooting": ("cactus", "toad"),
    "eating": ("spud", "slug"),
    "trade": ("toad", "spud"),
    "diplomacy": ("slug", "cactus"),
    "migration": ("toucan", "toucan"),
    "mutation": ("cactus", "spud"),
}
"""A default column for hand-made tables; the six leftover race cards form the offer."""


def table(
    seats: int,
    *,
    column: dict[str, tuple[str, str]] | None = None,
    offer: list[str] | None = None,
    tokens: dict[str, dict[str, Any]] | None = None,
    dead: set[str] | frozenset[str] = frozenset(),
    money: list[int] | None = None,
    start: int = 0,
    round_number: int = 1,
) -> State:
    """A state after the deal with the given column and creatures, before round `round_number`.

    `tokens` maps planet -> token id -> cells (None = the first free placement); the tokens
    are taken out of their supply. Race cards are numbered in column order, then the offer.
    """
    state = engine.setup(seats, {}, 3)
    rel = dict(COLUMN)
    rel.update(column or {})
    used = dict.fromkeys(RACES, 0)

    def card(race: str) -> str:
        used[race] += 1
        assert used[race] <= 4, f"more than four {race} cards"
        return f"{race}-{used[race]}"

    state["rel"] = {name: [card(rel[name][0]), card(rel[name][1])] for name in SIDED}
    if offer is None:
        offer = [race for race in RACES for _ in range(4 - used[race])]
    state["offer"] = [card(race) for race in offer]
    state["colonise"] = None
    state["race_deck"] = []
    state["neutral_races"] = []
    state["start"] = start
    for planet, placed in (tokens or {}).items():
        for token, cells in placed.items():
            put(state, planet, token, cells, dead=token in dead)
    if money is not None:
        state["money"] = list(money)
    state["round"] = round_number
    state["track_pos"] = state["track"].index(["round", round_number])
    state["phase"] = "plan"
    state["plans"] = [None] * seats
    return state


def put(
    state: State, planet: str, token: str, cells: Any = None, *, dead: bool = False
) -> list[list[int]]:
    """Move a token from its supply onto a planet (first free placement when cells is None)."""
    colour, race, k = token.split(":")
    state["supply"][colour][race].remove(int(k))
    if cells is None:
        occupied = {tuple(c) for t in state["board"][planet].values() for c in t["cells"]}
        free = next(p for p in PLACEMENTS[planet][race] if not any(c in occupied for c in p))
        cells = [list(c) for c in sorted(free)]
    state["board"][planet][token] = {"cells": [list(c) for c in cells], "dead": dead}
    return [list(c) for c in cells]


def resolve(
    state: State, items: list[list[Any]], revealed: list[list[str] | None] | None = None
) -> list[dict[str, Any]]:
    """Start resolving these queue items (card, seat) as if the plans were just revealed."""
    seats = state["seats"]
    if revealed is None:
        revealed = [[] for _ in range(seats)]
        for card, seat in items:
            if seat is not None:
                revealed[seat].append(card)
    state["revealed"] = revealed
    state["queue"] = [list(item) for item in items]
    events: list[dict[str, Any]] = []
    engine._next_item(state, events)
    return events


def ship_turn(state: State, seat: int, space: str | None, cargo: list[str] | None = None) -> None:
    """Make it `seat`'s SHIPS turn (the last of the round) with its ship on `space`."""
    state["ships"][seat] = {"space": space, "cargo": list(cargo or [])}
    for token in cargo or []:
        colour, race, k = token.split(":")
        state["supply"][colour][race].remove(int(k))
    state["queue"] = []
    state["ship_order"] = []
    engine._begin_movement(state, seat, "ships")
    state["phase"] = "ships"


def living(state: State, planet: str, colour: str) -> list[str]:
    return sorted(
        t
        for t, data in state["board"][planet].items()
        if not data["dead"] and t.startswith(f"{colour}:")
    )


def play(state: State, seat: int, move: dict[str, Any]) -> list[dict[str, Any]]:
    return engine.apply_in_place(state, seat, move)


def sample_states(seats: int, seeds: range, stride: int = 5) -> list[State]:
    """Snapshots of random games every `stride` moves, so every phase shows up."""
    return playouts.sample_states(engine, seats, seeds, stride)


def disguise(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of `state` that differs only in what `seat` may not see; None = spectator."""
    twin: State = json.loads(json.dumps(state))
    seats = twin["seats"]
    others = [s for s in range(seats) if s != seat]
    rng.shuffle(twin["race_deck"])
    twin["race_deck"] = twin["race_deck"][: len(twin["race_deck"]) // 2 or None]
    rng.shuffle(twin["neutral_races"])
    col = twin["colonise"]
    if col is not None and twin["phase"] == "colonise_pick":
        for other in others:
            if col["picks"][other] is not None:
                col["picks"][other] = rng.choice(RACES)
    for other in others:
        if twin["plans"][other] is not None:
            hand = twin["hands"][other]
            twin["plans"][other] = {
                "cards": rng.sample(hand, min(len(hand), rng.choice([1, 2]))),
                "prefs": {"trade": {"default": "refuse", "seats": {}}},
            }
        for card in ("trade", "diplomacy"):
            twin["prefs"][other][card] = {
                "default": rng.choice(["accept", "refuse", "ask"]),
                "seats": {str(s): "refuse" for s in range(seats) if s != other},
            }
        respond = twin["respond"]
        if respond is not None and respond["answers"][other] is not None:
            respond["answers"][other] = not respond["answers"][other]
    respond = twin["respond"]
    if respond is not None:
        respond["partners"] = [c for c in respond["partners"] if rng.random() < 0.5]
    return twin


ALL_CARDS = list(ACTION_CARDS)
