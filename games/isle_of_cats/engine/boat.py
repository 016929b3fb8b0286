"""Where a tile may lie on a boat, and a placement planned whole before the boat changes
(sections 6.5 and 6.6)."""

from __future__ import annotations

from typing import Any

from games.isle_of_cats.components import (
    BOAT_CELLS,
    COMMON_SHAPES,
    HEIGHT,
    MAPS,
    NEIGHBOURS,
    ORIENTATIONS,
    PLACEMENTS,
    PLACEMENTS_AT,
    SHAPE_SIZE,
    TILE_KIND,
    TILE_SHAPE,
    WIDTH,
    normalise,
)
from games.rules import IllegalMove, State

# --- placement ---------------------------------------------------------------------------------


def _placements(
    player: dict[str, Any],
    shape: str,
    *,
    first_only: bool = False,
    around: tuple[set[int], set[int]] | None = None,
) -> list[tuple[int, ...]]:
    """Legal placements (P3-P5) of a shape on the seat's boat, as sorted grid indices;
    `around` = the boat's (free cells, free cells next to a tile) when already known. Only
    the placements over a cell next to a tile are tried (a mid-game boat rules out most)."""
    every = PLACEMENTS[shape]
    if not player["tiles"]:
        return list(every[:1]) if first_only else list(every)
    free, frontier = around or _around(player)
    at = PLACEMENTS_AT[shape]
    found = []
    for number in sorted(frozenset().union(*(at[i] for i in frontier))):
        cells = every[number]
        if free.issuperset(cells):
            found.append(cells)
            if first_only:
                break
    return found


def _around(player: dict[str, Any]) -> tuple[set[int], set[int]]:
    """The boat's free cells, and those of them next to a tile."""
    grid = player["grid"]
    free = {i for i in BOAT_CELLS if grid[i] == 0}
    frontier = {n for i in BOAT_CELLS if grid[i] > 0 for n in NEIGHBOURS[i]} & free
    return free, frontier


def _xy(cells: tuple[int, ...] | list[int]) -> list[list[int]]:
    return [[i % WIDTH, i // WIDTH] for i in cells]


class _Plan:
    """Validates the tiles of one move in order (earlier ones count for P4/P5) without
    touching the state; `commit` then lays them and takes them from their supplies. A refusal
    names the piece (`what`: "Cat", "Map bonus"…, English names the site translates)."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.player = state["players"][seat]
        self.grid: list[int] = self.player["grid"]
        self.extra: set[int] = set()
        self.placed: list[tuple[str, list[int], str | None]] = []
        self.common_taken: dict[str, int] = {}

    def place(self, tile: str, raw: Any, colour: str | None, what: str) -> list[int]:
        shape = TILE_SHAPE[tile]
        if not isinstance(raw, list) or any(
            not isinstance(c, list) or len(c) != 2 or type(c[0]) is not int or type(c[1]) is not int
            for c in raw
        ):
            raise IllegalMove(
                "%(piece)s: cells must be a list of [x, y] integer pairs.", piece=what
            )
        pairs = [(c[0], c[1]) for c in raw]
        if len(set(pairs)) != len(pairs) or len(pairs) != SHAPE_SIZE[shape]:
            raise IllegalMove(
                "%(piece)s: the tile needs exactly %(count)s distinct cells.",
                piece=what,
                count=str(SHAPE_SIZE[shape]),
            )
        if normalise(pairs) not in ORIENTATIONS[shape]:
            raise IllegalMove("%(piece)s: the cells do not have the tile's shape.", piece=what)
        indices = []
        for x, y in pairs:
            if not (0 <= x < WIDTH and 0 <= y < HEIGHT) or self.grid[y * WIDTH + x] < 0:
                raise IllegalMove(
                    "%(piece)s: [%(x)s, %(y)s] is not a cell of the boat.",
                    piece=what,
                    x=str(x),
                    y=str(y),
                )
            indices.append(y * WIDTH + x)
        if any(self.grid[i] > 0 or i in self.extra for i in indices):
            raise IllegalMove("%(piece)s: a cell is already covered.", piece=what)
        if self.player["tiles"] or self.extra:
            near = any(self.grid[n] > 0 or n in self.extra for i in indices for n in NEIGHBOURS[i])
            if not near:
                raise IllegalMove(
                    "%(piece)s: the tile must touch a tile already on the boat.", piece=what
                )
        self.extra.update(indices)
        self.placed.append((tile, sorted(indices), colour))
        return indices

    def common(self, raw: Any, shapes: tuple[str, ...] | list[str], what: str) -> None:
        if not isinstance(raw, dict) or set(raw) != {"shape", "cells"}:
            raise IllegalMove("%(piece)s: a common treasure is {shape, cells}.", piece=what)
        shape = raw["shape"]
        if not isinstance(shape, str) or shape not in shapes:
            raise IllegalMove("%(piece)s: that common shape is not allowed here.", piece=what)
        taken = self.common_taken.get(shape, 0)
        supply = self.state["commons"][shape]
        if len(supply) <= taken:
            raise IllegalMove("%(piece)s: no common treasure of that shape is left.", piece=what)
        self.place(supply[taken], raw["cells"], None, what)
        self.common_taken[shape] = taken + 1

    def cat(self, tile: str, raw_cells: Any, colour: str, bonus: Any, what: str) -> None:
        """A cat or oshax and its optional map bonus (section 6.1)."""
        indices = self.place(tile, raw_cells, colour, what)
        if bonus is None:
            return
        if MAPS[colour] not in indices:
            raise IllegalMove(
                "%(piece)s: no map of the tile's colour is covered, so no bonus.", piece=what
            )
        self.common(bonus, COMMON_SHAPES, "Map bonus")

    def commit(self) -> None:
        state = self.state
        player = self.player
        player["last_placed"] = [tile for tile, _indices, _colour in self.placed]
        for tile, indices, colour in self.placed:
            kind = TILE_KIND[tile]
            if kind == "common":
                state["commons"][TILE_SHAPE[tile]].remove(tile)
            elif kind == "oshax":
                state["oshax"].remove(tile)
            elif kind == "rare":
                for pile in state["rares"]:
                    if tile in pile:
                        pile.remove(tile)
                        if not pile:
                            state["rares"].remove(pile)
                        break
            else:
                zones = state["zones"]
                zones["left" if tile in zones["left"] else "right"].remove(tile)
            entry: dict[str, Any] = {"tile": tile, "cells": indices}
            if kind == "oshax":
                entry["colour"] = colour
            player["tiles"].append(entry)
            number = len(player["tiles"])
            for i in indices:
                self.grid[i] = number
