"""The board of Space Bastards: packing creatures onto a planet (section 6), tokens, colours
and the seats' order."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations_with_replacement

from games.rules import State
from games.space_bastards.components import (
    ORIENTATIONS,
    PLACEMENTS,
    RACES,
    RANK,
    SHIP_CELLS,
    SIZE,
    Cell,
    Placement,
)

NEUTRAL = "N"
ATTACKS = {"shoot": "shooting", "eat": "eating"}
JUMPS_IN_A_ROW = 2
"""Teleport jumps a ship may make one after another (Decision J1)."""


# --- packing (section 6) ---------------------------------------------------------------------


def pack(region: frozenset[Cell] | set[Cell], pieces: list[str]) -> list[tuple[str, Placement]]:
    """An exact packing of the pieces (races) into the region, or [] when none exists.

    Walks the region in row-major order; each undecided cell is covered by an unused piece whose
    orientation's first cell lands there, or left empty while the slack allows.
    """
    if not pieces:
        return []
    counts = {race: pieces.count(race) for race in RACES}
    order = sorted(region)
    slack = len(order) - sum(SIZE[race] for race in pieces)
    if slack < 0:
        return []
    covered: set[Cell] = set()
    placed: list[tuple[str, Placement]] = []
    total = len(pieces)

    def search(index: int, empties: int) -> bool:
        if len(placed) == total:
            return True
        while index < len(order) and order[index] in covered:
            index += 1
        if index == len(order):
            return False
        row, col = order[index]
        for race in RACES:
            if not counts[race]:
                continue
            for orientation in ORIENTATIONS[race]:
                dr = row - orientation[0][0]
                dc = col - orientation[0][1]
                cells = [(r + dr, c + dc) for r, c in orientation]
                if all(cell in region and cell not in covered for cell in cells):
                    covered.update(cells)
                    counts[race] -= 1
                    placed.append((race, frozenset(cells)))
                    if search(index + 1, empties):
                        return True
                    placed.pop()
                    counts[race] += 1
                    covered.difference_update(cells)
        if empties < slack:
            return search(index + 1, empties + 1)
        return False

    return placed if search(0, 0) else []


def _cargo_table() -> frozenset[tuple[str, ...]]:
    """Every multiset of races (sorted by rank) that packs into the 3x3 ship."""
    fits: set[tuple[str, ...]] = {()}
    for count in range(1, len(SHIP_CELLS) + 1):
        for combo in combinations_with_replacement(RACES, count):
            if sum(SIZE[r] for r in combo) <= len(SHIP_CELLS) and pack(SHIP_CELLS, list(combo)):
                fits.add(combo)
    return frozenset(fits)


CARGO_FITS = _cargo_table()


def _cargo_key(races: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(races, key=RANK.__getitem__))


# --- small helpers ---------------------------------------------------------------------------


def _race(token: str) -> str:
    return token.split(":")[1]


def _owner(token: str) -> str:
    return token.split(":")[0]


def _card_race(card: str) -> str:
    return card.split("-")[0]


def _sides(state: State, relationship: str) -> tuple[str, str]:
    cards = state["rel"][relationship]
    return _card_race(cards[0]), _card_race(cards[1])


def _from_seat(state: State, seat: int) -> list[int]:
    """Seats in order from `seat` (seat, next(seat), ...)."""
    n = state["seats"]
    return [(seat + i) % n for i in range(n)]


def _targets(state: State, actor: int) -> list[str]:
    """Every colour other than the actor: seats from next(actor) onward, then N."""
    colours = [str(s) for s in _from_seat(state, actor)[1:]]
    if state["seats"] == 2:
        colours.append(NEUTRAL)
    return colours


def _move_colour(colour: str) -> int | str:
    return colour if colour == NEUTRAL else int(colour)


def _cells_list(cells: Iterable[Cell]) -> list[list[int]]:
    return [[r, c] for r, c in sorted(cells)]


def _take(state: State, colour: str, race: str) -> str:
    """Take the lowest-numbered token of that race from the colour's supply."""
    k = state["supply"][colour][race].pop(0)
    return f"{colour}:{race}:{k}"


def _return(state: State, token: str) -> None:
    colour, race, k = token.split(":")
    pool = state["supply"][colour][race]
    pool.append(int(k))
    pool.sort()


def _occupied(state: State, planet: str, skip: Iterable[str] = ()) -> set[Cell]:
    skipped = set(skip)
    cells: set[Cell] = set()
    for token, data in state["board"][planet].items():
        if token not in skipped:
            cells.update((r, c) for r, c in data["cells"])
    return cells


def _living(state: State, planet: str) -> list[str]:
    return [t for t, data in state["board"][planet].items() if not data["dead"]]


def _free_placements(state: State, planet: str, race: str, occupied: set[Cell]) -> list[Placement]:
    return [p for p in PLACEMENTS[planet][race] if occupied.isdisjoint(p)]


def _has_free_placement(planet: str, race: str, occupied: set[Cell]) -> bool:
    return any(occupied.isdisjoint(p) for p in PLACEMENTS[planet][race])
