"""Building blocks for Isle of Cats tests: hand-laid boats, tables set to a phase, and walkers."""

from __future__ import annotations

import random
from typing import Any

from games.isle_of_cats import engine
from games.isle_of_cats.components import ORIENTATIONS, TILE_SHAPE, WIDTH, normalise
from games.tests import playouts

State = dict[str, Any]


def put(state: State, seat: int, tile: str, cells: list[list[int]], colour: str | None = None):
    """Lay a tile straight onto a boat (no supply, no adjacency): for scoring set-ups.
    The cells must still have the tile's shape, so a typo in a test shows up at once."""
    assert normalise([tuple(c) for c in cells]) in ORIENTATIONS[TILE_SHAPE[tile]], tile
    player = state["players"][seat]
    indices = sorted(y * WIDTH + x for x, y in cells)
    assert all(player["grid"][i] == 0 for i in indices), (tile, cells)
    entry: dict[str, Any] = {"tile": tile, "cells": indices}
    if colour is not None:
        entry["colour"] = colour
    player["tiles"].append(entry)
    for i in indices:
        player["grid"][i] = len(player["tiles"])


def fill(state: State, seat: int, cells: list[int]) -> None:
    """Cover grid cells with single-cell treasures (one mono each) for section/row tests."""
    for i in cells:
        if state["players"][seat]["grid"][i] == 0:
            put(state, seat, "common-01", [[i % WIDTH, i // WIDTH]])


def rescue_table(
    seats: int = 2,
    *,
    left: list[str] | None = None,
    right: list[str] | None = None,
    fish: int = 20,
    hand: list[str] | None = None,
    played: list[str] | None = None,
    baskets: int = 1,
    seed: int = 5,
    phase: str = "rescue",
) -> State:
    """Seat 0's turn in the rescue phase (or rare finds); every other participant has passed."""
    state = engine.setup(seats, {}, seed)
    used = set(left or []) | set(right or [])
    state["bag"] = state["bag"] + state["zones"]["left"] + state["zones"]["right"]
    state["bag"] = [t for t in state["bag"] if t not in used]
    state["zones"] = {"left": list(left or []), "right": list(right or [])}
    cards = set(hand or []) | set(played or [])
    for player in state["players"]:
        state["deck"].extend(player["draft"])
        player["draft"] = []
        player["picked"] = True
    state["deck"] = [c for c in state["deck"] if c not in cards]
    player = state["players"][0]
    player.update(
        {"fish": fish, "hand": list(hand or []), "played": list(played or []), "baskets": baskets}
    )
    state["phase"] = phase
    state["draft_round"] = 0
    state["turn_order"] = [0, *(p for p in state["turn_order"] if p != 0)]
    state["passed"] = [p for p in state["turn_order"] if p != 0]
    state["current"] = 0
    return state


def select_table(seats: int, hands: list[list[str]], seed: int = 3) -> State:
    """Every seat about to select rescue cards, holding exactly the given hands."""
    state = engine.setup(seats, {}, seed)
    cards = {c for hand in hands for c in hand}
    for seat, player in enumerate(state["players"]):
        state["deck"].extend(player["draft"])
        player["draft"] = []
        player["hand"] = list(hands[seat])
    state["deck"] = [c for c in state["deck"] if c not in cards]
    state["phase"] = "rescue_select"
    for player in state["players"]:
        player["selection"] = None
    return state


def all_cards(state: State) -> list[str]:
    """Every discovery card wherever it is (for conservation checks)."""
    cards = list(state["deck"]) + list(state["discard"])
    for player in state["players"]:
        for zone in ("hand", "aside", "draft", "picks", "played", "lessons"):
            cards += player[zone]
        if player["look"] is not None:
            cards += player["look"]["cards"]
        if player["selection"] is not None:
            assert set(player["selection"]) <= set(player["hand"])
    cards += [entry["card"] for entry in state["public_lessons"]]
    return cards


def all_tiles(state: State) -> list[str]:
    """Every tile wherever it is (for conservation checks)."""
    tiles = list(state["bag"]) + state["zones"]["left"] + state["zones"]["right"]
    tiles += state["held"] + state["oshax"] + state["gone"]
    tiles += [t for pile in state["rares"] for t in pile]
    tiles += [t for ids in state["commons"].values() for t in ids]
    for player in state["players"]:
        tiles += [entry["tile"] for entry in player["tiles"]]
    return tiles


def random_game(
    seats: int, seed: int, options: dict[str, Any] | None = None
) -> tuple[State, list[tuple[int, Any]]]:
    rng = random.Random(seed)
    state = engine.setup(seats, options or {}, seed)
    moves = []
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        move = rng.choice(engine.legal_moves(state, seat))
        engine.apply_in_place(state, seat, move)
        moves.append((seat, move))
    return state, moves


def sample_states(seats: int, seeds: range, stride: int = 7) -> list[State]:
    """Snapshots of random games every `stride` moves, so every phase shows up."""
    return playouts.sample_states(engine, seats, seeds, stride)
