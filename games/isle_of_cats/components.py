"""Isle of Cats component data, read once from the components.json beside this module.

Besides the raw data it precomputes what the engine needs on every move: cell indices of the
boat grid, neighbours, the 8 orientations of every shape and every placement of each shape on
an empty boat (so a legal placement is a lookup plus a free-and-adjacent check).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

_DATA: Final[dict[str, Any]] = json.loads(
    Path(__file__).with_name("components.json").read_text(encoding="utf-8")
)

Cell = tuple[int, int]
Shape = tuple[Cell, ...]

CONSTANTS: Final[dict[str, Any]] = _DATA["constants"]
DAYS: Final[int] = CONSTANTS["days"]
FISH_PER_DAY: Final[int] = CONSTANTS["fish_per_day"]
ZONE_COST: Final[dict[str, int]] = dict(CONSTANTS["zone_cost"])
FAMILY_VALUES: Final[dict[int, int]] = {
    int(k): v for k, v in CONSTANTS["family_values"].items() if k.isdigit()
}
FAMILY_EACH_ABOVE: Final[int] = CONSTANTS["family_values"]["each_above_7"]
SISTER_COLOUR_POINTS: Final[tuple[int, ...]] = tuple(CONSTANTS["sister_colour_card_points"])
COMMONS_PER_SHAPE: Final[dict[int, int]] = {
    int(k): v for k, v in CONSTANTS["common_supply_per_shape"].items()
}

COLOURS: Final[tuple[str, ...]] = tuple(_DATA["colours"])
BOAT_IDS: Final[tuple[str, ...]] = tuple(boat["id"] for boat in _DATA["boats"])

_BOAT: Final[dict[str, Any]] = _DATA["boat"]
WIDTH: Final[int] = _BOAT["width"]
HEIGHT: Final[int] = _BOAT["height"]
GRID_SIZE: Final[int] = WIDTH * HEIGHT


def index(x: int, y: int) -> int:
    """The grid index of cell [x, y]."""
    return y * WIDTH + x


def cell(i: int) -> list[int]:
    """The [x, y] cell of a grid index."""
    return [i % WIDTH, i // WIDTH]


BOAT_CELLS: Final[tuple[int, ...]] = tuple(sorted(index(x, y) for x, y in _BOAT["cells"]))
BOAT_SET: Final[frozenset[int]] = frozenset(BOAT_CELLS)
SECTIONS: Final[dict[str, tuple[int, ...]]] = {
    s["id"]: tuple(sorted(index(x, y) for x, y in s["cells"])) for s in _BOAT["sections"]
}
RATS: Final[tuple[int, ...]] = tuple(index(x, y) for x, y in _BOAT["rats"])
MAPS: Final[dict[str, int]] = {colour: index(x, y) for colour, (x, y) in _BOAT["maps"].items()}
MAP_COLOUR: Final[dict[int, str]] = {i: colour for colour, i in MAPS.items()}
EDGE_CELLS: Final[frozenset[int]] = frozenset(index(x, y) for x, y in _BOAT["edge_cells"])
ROWS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i in BOAT_CELLS if i // WIDTH == y) for y in range(HEIGHT)
)
COLUMNS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i in BOAT_CELLS if i % WIDTH == x) for x in range(WIDTH)
)


def _neighbours(i: int) -> tuple[int, ...]:
    x, y = i % WIDTH, i // WIDTH
    around = ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
    return tuple(
        index(a, b)
        for a, b in around
        if 0 <= a < WIDTH and 0 <= b < HEIGHT and index(a, b) in BOAT_SET
    )


EMPTY_GRID: Final[tuple[int, ...]] = tuple(0 if i in BOAT_SET else -1 for i in range(GRID_SIZE))
"""A boat with no tiles: 0 = free boat cell, -1 = off the boat (tile numbers are 1-based)."""

NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(
    _neighbours(i) if i in BOAT_SET else () for i in range(GRID_SIZE)
)


def normalise(cells: list[Cell] | tuple[Cell, ...]) -> Shape:
    """Cells shifted to min x = min y = 0, sorted: the form shapes are compared in."""
    min_x = min(x for x, _y in cells)
    min_y = min(y for _x, y in cells)
    return tuple(sorted((x - min_x, y - min_y) for x, y in cells))


def orientations(base: list[Cell] | Shape) -> frozenset[Shape]:
    """The distinct shapes among the 4 rotations of the base and of its mirror image."""
    found = set()
    for mirrored in (False, True):
        cells = [(-x, y) if mirrored else (x, y) for x, y in base]
        for _turn in range(4):
            cells = [(-y, x) for x, y in cells]
            found.add(normalise(cells))
    return frozenset(found)


def _placements(shapes: frozenset[Shape]) -> tuple[tuple[int, ...], ...]:
    """Every way to lay one of these orientations on the empty boat, as sorted grid indices."""
    found = []
    for shape in sorted(shapes):
        for y in range(HEIGHT):
            for x in range(WIDTH):
                cells = [(x + dx, y + dy) for dx, dy in shape]
                if all(a < WIDTH and b < HEIGHT and index(a, b) in BOAT_SET for a, b in cells):
                    found.append(tuple(sorted(index(a, b) for a, b in cells)))
    return tuple(found)


# --- tiles ---------------------------------------------------------------------------------------

TILE_SHAPE: dict[str, str] = {}
"""Every tile's shape key: cat shapes, oshax shapes, common shapes, rare keys (RA..RJ)."""
TILE_KIND: dict[str, str] = {}
"""`cat`, `oshax`, `common` or `rare`."""
CAT_COLOUR: dict[str, str] = {}
_SHAPE_CELLS: dict[str, list[Cell]] = {}

for _tile in _DATA["cat_tiles"]:
    TILE_SHAPE[_tile["id"]] = _tile["shape"]
    TILE_KIND[_tile["id"]] = "cat"
    CAT_COLOUR[_tile["id"]] = _tile["colour"]
    _SHAPE_CELLS[_tile["shape"]] = [tuple(c) for c in _tile["cells"]]
for _kind, _key in (("oshax", "oshax_tiles"), ("common", "common_treasures")):
    for _tile in _DATA[_key]:
        TILE_SHAPE[_tile["id"]] = _tile["shape"]
        TILE_KIND[_tile["id"]] = _kind
        _SHAPE_CELLS[_tile["shape"]] = [tuple(c) for c in _tile["cells"]]
for _tile in _DATA["rare_treasures"]:
    TILE_SHAPE[_tile["id"]] = _tile["shape"]
    TILE_KIND[_tile["id"]] = "rare"
    _SHAPE_CELLS[_tile["shape"]] = [tuple(c) for c in _tile["cells"]]

CAT_IDS: Final[tuple[str, ...]] = tuple(t["id"] for t in _DATA["cat_tiles"])
OSHAX_IDS: Final[tuple[str, ...]] = tuple(t["id"] for t in _DATA["oshax_tiles"])
COMMON_IDS: Final[tuple[str, ...]] = tuple(t["id"] for t in _DATA["common_treasures"])
RARE_IDS: Final[tuple[str, ...]] = tuple(t["id"] for t in _DATA["rare_treasures"])
COMMON_SHAPES: Final[tuple[str, ...]] = tuple(_DATA["common_shapes"])
SMALL_SHAPES: Final[tuple[str, ...]] = tuple(
    key for key, shape in _DATA["common_shapes"].items() if shape["small"]
)
SHAPE_CELLS: Final[dict[str, tuple[Cell, ...]]] = {
    key: tuple(cells) for key, cells in _SHAPE_CELLS.items()
}
"""Every shape key's base cells, as the JSON draws them (the table turns them itself)."""
SHAPE_SIZE: Final[dict[str, int]] = {key: len(cells) for key, cells in _SHAPE_CELLS.items()}
ORIENTATIONS: Final[dict[str, frozenset[Shape]]] = {
    key: orientations(cells) for key, cells in _SHAPE_CELLS.items()
}
PLACEMENTS: Final[dict[str, tuple[tuple[int, ...], ...]]] = {
    key: _placements(shapes) for key, shapes in ORIENTATIONS.items()
}


def _placements_at(every: tuple[tuple[int, ...], ...]) -> dict[int, frozenset[int]]:
    at: dict[int, set[int]] = {i: set() for i in BOAT_CELLS}
    for number, cells in enumerate(every):
        for i in cells:
            at[i].add(number)
    return {i: frozenset(numbers) for i, numbers in at.items()}


PLACEMENTS_AT: Final[dict[str, dict[int, frozenset[int]]]] = {
    key: _placements_at(every) for key, every in PLACEMENTS.items()
}
"""For each shape and boat cell, the numbers (in `PLACEMENTS`) of the placements covering it:
a tile must touch the boat's tiles, so only placements over the cells beside them are tried."""

# --- cards ---------------------------------------------------------------------------------------

CARDS: Final[dict[str, dict[str, Any]]] = {card["id"]: card for card in _DATA["cards"]}
CARD_IDS: Final[tuple[str, ...]] = tuple(sorted(CARDS))
LESSON_SETS: Final[tuple[str, ...]] = ("A", "B", "C")

_SOLO: Final[dict[str, Any]] = _DATA["solo"]
SISTER_CARDS: Final[dict[str, dict[str, Any]]] = {c["id"]: c for c in _SOLO["sister_cards"]}
SISTER_IDS: Final[tuple[str, ...]] = tuple(sorted(SISTER_CARDS))
COLOUR_CARDS: Final[dict[str, str]] = {c["id"]: c["colour"] for c in _SOLO["colour_cards"]}
COLOUR_CARD_IDS: Final[tuple[str, ...]] = tuple(c["id"] for c in _SOLO["colour_cards"])
SOLO_LESSONS: Final[dict[str, dict[str, Any]]] = {
    c["id"]: c for c in _SOLO["basic_lessons"] + _SOLO["hard_lessons"]
}
SOLO_BASIC_IDS: Final[tuple[str, ...]] = tuple(sorted(c["id"] for c in _SOLO["basic_lessons"]))
SOLO_HARD_IDS: Final[tuple[str, ...]] = tuple(sorted(c["id"] for c in _SOLO["hard_lessons"]))
