"""Space Bastards component data, read once from the components.json beside this module.

Besides the raw data this module precomputes what never changes during a game: every placement
of every race on every planet (in the spec's scan order) and the space network's adjacency.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

Cell = tuple[int, int]
Placement = frozenset[Cell]

_DATA: Final[dict[str, Any]] = json.loads(
    Path(__file__).with_name("components.json").read_text(encoding="utf-8")
)

RACES: Final[tuple[str, ...]] = tuple(_DATA["race_rank_order"])
"""Races from the smallest (rank 0) to the largest; also the canonical processing order."""

RANK: Final[dict[str, int]] = {race["id"]: race["rank"] for race in _DATA["races"]}
SIZE: Final[dict[str, int]] = {race["id"]: race["size"] for race in _DATA["races"]}
RACE_NAME: Final[dict[str, str]] = {race["id"]: race["name"] for race in _DATA["races"]}
"""English names ("Toadlings"): the engine names races in its refusals; they are msgids too."""
PER_COLOUR: Final[dict[str, int]] = {race["id"]: race["per_colour"] for race in _DATA["races"]}
ORIENTATIONS: Final[dict[str, tuple[tuple[Cell, ...], ...]]] = {
    race["id"]: tuple(
        tuple((cell[0], cell[1]) for cell in orientation) for orientation in race["orientations"]
    )
    for race in _DATA["races"]
}
"""Every rotation of a race's shape, normalised, its first row-major cell first."""

PLANET_IDS: Final[tuple[str, ...]] = tuple(planet["id"] for planet in _DATA["planets"])
PLANET_NAME: Final[dict[str, str]] = {planet["id"]: planet["name"] for planet in _DATA["planets"]}
"""Proper names, the same in every language: the engine names planets in its refusals."""
PLANET_CELLS: Final[dict[str, frozenset[Cell]]] = {
    planet["id"]: frozenset((cell[0], cell[1]) for cell in planet["cells"])
    for planet in _DATA["planets"]
}
PLANET_SIZE: Final[dict[str, tuple[int, int]]] = {
    planet["id"]: (planet["height"], planet["width"]) for planet in _DATA["planets"]
}
PLANET_DOCKS: Final[dict[str, tuple[str, ...]]] = {
    planet["id"]: tuple(planet["docks"]) for planet in _DATA["planets"]
}


def _placements(planet: str, race: str) -> tuple[Placement, ...]:
    """Legal-on-an-empty-planet placements, scanning row offset, column offset, orientation."""
    height, width = PLANET_SIZE[planet]
    cells = PLANET_CELLS[planet]
    found: list[Placement] = []
    for row in range(height):
        for col in range(width):
            for orientation in ORIENTATIONS[race]:
                placed = frozenset((r + row, c + col) for r, c in orientation)
                if placed <= cells:
                    found.append(placed)
    return tuple(found)


PLACEMENTS: Final[dict[str, dict[str, tuple[Placement, ...]]]] = {
    planet: {race: _placements(planet, race) for race in RACES} for planet in PLANET_IDS
}
PLACEMENT_SETS: Final[dict[str, dict[str, frozenset[Placement]]]] = {
    planet: {race: frozenset(found) for race, found in by_race.items()}
    for planet, by_race in PLACEMENTS.items()
}

SPACES: Final[tuple[str, ...]] = tuple(space["id"] for space in _DATA["spaces"])
ADJACENT: Final[dict[str, tuple[str, ...]]] = {
    space["id"]: tuple(space["adjacent"]) for space in _DATA["spaces"]
}
DOCK_PLANET: Final[dict[str, str]] = {
    space["id"]: space["planet"] for space in _DATA["spaces"] if space["kind"] == "dock"
}
_LINK = _DATA["teleport_link"]
TELEPORT: Final[dict[str, str]] = {_LINK[0]: _LINK[1], _LINK[1]: _LINK[0]}
"""Each teleport and the other one it jumps to for 0 steps."""

SHIP_CELLS: Final[frozenset[Cell]] = frozenset((c[0], c[1]) for c in _DATA["ship"]["cells"])

RELATIONSHIPS: Final[tuple[str, ...]] = tuple(rel["id"] for rel in _DATA["relationships"])
"""The eight relationship ids in canonical order (also the action card ids)."""
SIDED: Final[tuple[str, ...]] = tuple(_DATA["relationship_deal_order"])
"""The seven relationships with two race slots, in deal order."""
PRIORITY_PRESETS: Final[dict[str, tuple[str, ...]]] = {
    name: tuple(order) for name, order in _DATA["priority_presets"].items()
}
RACE_CARDS: Final[tuple[str, ...]] = tuple(_DATA["race_cards"])
NEUTRAL_DRAW: Final[tuple[str, ...]] = tuple(_DATA["neutral_draw_races"])
ACTION_CARDS: Final[tuple[str, ...]] = tuple(_DATA["action_cards"])
OFFER_SIZE: Final[int] = next(r["offer_size"] for r in _DATA["relationships"] if "offer_size" in r)

PLANETS_OFF_DEFAULT: Final[dict[int, tuple[str, ...]]] = {
    int(seats): tuple(off) for seats, off in _DATA["planets_off_default"].items()
}
IN_PLAY_COUNT: Final[dict[int, int]] = {
    int(seats): count for seats, count in _DATA["planets_in_play_count"].items()
}
RANDOM_NEVER_OFF: Final[dict[int, frozenset[str]]] = {
    int(seats): frozenset(never) for seats, never in _DATA["random_never_off"].items()
}
MIN_SEATS: Final[int] = min(IN_PLAY_COUNT)
MAX_SEATS: Final[int] = max(IN_PLAY_COUNT)

START_MONEY: Final[int] = _DATA["start_money"]
MONEY_PER_POINT: Final[int] = _DATA["points_per_money"]["money"]
ROUNDS: Final[int] = _DATA["round_track"]["rounds"]
DOMINANCE_AFTER: Final[dict[int, int]] = {
    int(r): weight for r, weight in _DATA["round_track"]["dominance_after"].items()
}
CARDS_RETURN_AFTER: Final[int] = _DATA["round_track"]["cards_return_after"]

_COSTS = _DATA["boost_costs"]
BOOST_COST: Final[int] = _COSTS["love"]
"""Second birth, shot or meal (all three cost the same, Decision D5)."""
DOUBLE_ACTION_COST: Final[int] = _COSTS["double_action"]
MUTATE_OTHER_COST: Final[int] = _COSTS["mutation_other_colour"]
CORPSES_COST: Final[int] = _COSTS["mutation_corpses"]
SWAP_COST: Final[int] = _COSTS["change_swap"]
EXTRA_LOCK_COST: Final[int] = _COSTS["change_extra_lock"]
EXTRA_LOCK_MAX: Final[int] = _COSTS["change_extra_lock_max"]
MIGRATION_STEP_COST: Final[int] = _COSTS["migration_step"]

_ALLOWANCE = _DATA["ship_allowance"]
SHIP_STEPS: Final[int] = _ALLOWANCE["normal"]
SHIP_STEPS_EMPTY: Final[int] = _ALLOWANCE["empty"]
MIGRATION_STEPS: Final[int] = _ALLOWANCE["migration_max_steps"]
MIGRATION_FREE_STEPS: Final[int] = _ALLOWANCE["migration_free_steps"]

PLAYER_COLOURS: Final[tuple[str, ...]] = tuple(_DATA["player_colours"])

# --- drawing hints (the table's SVG; the rules never read them) ------------------------------

CELL_PX: Final[int] = _DATA["canvas"]["cell_px"]
CANVAS: Final[tuple[int, int]] = (_DATA["canvas"]["width"], _DATA["canvas"]["height"])
PLANET_CENTRE: Final[dict[str, tuple[int, int]]] = {
    planet["id"]: (planet["centre"][0], planet["centre"][1]) for planet in _DATA["planets"]
}
PLANET_HEX: Final[dict[str, str]] = {planet["id"]: planet["hex"] for planet in _DATA["planets"]}
PLANET_ROWS: Final[dict[str, tuple[str, ...]]] = {
    planet["id"]: tuple(planet["rows"]) for planet in _DATA["planets"]
}
SPACE_XY: Final[dict[str, tuple[int, int]]] = {
    space["id"]: (space["x"], space["y"]) for space in _DATA["spaces"]
}
SPACE_KIND: Final[dict[str, str]] = {space["id"]: space["kind"] for space in _DATA["spaces"]}
EDGES: Final[tuple[tuple[str, str], ...]] = tuple((a, b) for a, b in _DATA["edges"])
