"""The bots' picture of one boat: what the scores in play reward and punish (`Outlook`), and
the worth of laying a tile on a boat as the seat's view shows it (`Boat`).

A tile is worth the change it makes to the final score as far as the bot can foresee it:
families (with some credit for the cats that may join them later), filled sections, covered
rats, the lessons in play and, solo, everything the sister scores on the player's boat: her
colour cards (up to 5 points a cat of the first colour) and her lessons. A cheap first look
(`quick`) sums per-cell worths so that only the best few placements of a tile get the full count.
"""

from __future__ import annotations

import functools
import math
from typing import Any

from games.isle_of_cats.components import (
    BOAT_CELLS,
    CARDS,
    CAT_COLOUR,
    COLOURS,
    COLUMNS,
    DAYS,
    EDGE_CELLS,
    MAPS,
    NEIGHBOURS,
    RATS,
    ROWS,
    SECTIONS,
    SISTER_COLOUR_POINTS,
    SOLO_LESSONS,
    WIDTH,
)
from games.isle_of_cats.engine.scoring import family_points

RAT_SET = frozenset(RATS)
SECTION_OF = {i: name for name, cells in SECTIONS.items() for i in cells}
ROW_OF = {i: n for n, row in enumerate(ROWS) for i in row}
COLUMN_OF = {i: n for n, column in enumerate(COLUMNS) for i in column}

SECTION_PENALTY = 8.0
"""A section not completely covered: 5 points off (section 8.3), weighed higher because a boat
whose sections fill also covers its rats and leaves the sister's open-room lessons little."""
SECTION_FILL_SHARE = 1.0
"""The share of the open-section penalty won back cell by cell; the rest comes on finishing."""
SECTION_FILL_POWER = 2.0
"""How much faster that share grows as a section fills: its last cells are worth the most."""
SOLO_SECTION_FILL_SHARE = 0.5
SOLO_SECTION_FILL_POWER = 3.0
"""Solo, half the penalty comes only on finishing and the share grows with the cube: the
sister scores every open section and every uncovered cell of the boat, so a section is filled
before the next is begun (400 seeded normal games at the lowest level: wins 20 → 26 %, the
mean margin to the sister −14.2 → −12.0 points)."""
CELL_WORTH = 0.4
"""Any covered cell: room the boat no longer has to fill."""
HOLE_COST = 2.0
"""A free cell walled in by a placement can only take a one-cell treasure later."""
HUG_WORTH = 0.15
"""Each side a placement shares with a tile or the hull: compact boats fill up."""
HULL_HUG = {i: HUG_WORTH * (4 - len(NEIGHBOURS[i])) for i in BOAT_CELLS}
"""The hug a cell earns from the hull's sides around it, the same on every boat."""
FRIEND_WORTH = 2.0
"""In the cheap first look: a cell beside a cat of the same colour."""
ONE_CAT = 3.5
"""A lone cat of a colour: it may still found a family (scaled by the days left)."""
TWO_CATS = 8.0
"""Two cats together: one more makes a family of 8 points."""


def xy_index(cells: list[list[int]]) -> list[int]:
    return [y * WIDTH + x for x, y in cells]


class Outlook:
    """What the scores in play reward and punish, read once per decision from the view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.solo = bool(view["solo"])
        day = int(view["day"])
        later = view["phase"] in ("rescue", "rare_finds")
        self.time_left = max(0.0, (DAYS - day + (0.5 if not later else 0.0)) / DAYS)
        self.lessons: list[tuple[dict[str, Any], int, str | None]] = []
        for card in view.get("lessons") or []:
            self.lessons.append((CARDS[card]["rule"], int(CARDS[card]["points"]), None))
        if day < DAYS:
            for card in view.get("hand") or []:
                info = CARDS[card]
                if info["kind"] == "lesson" and info["scope"] == "personal":
                    self.lessons.append((info["rule"], int(info["points"]), None))
        for entry in view["public_lessons"]:
            info = CARDS[entry["card"]]
            points = int(info["points"])
            if self.solo:
                points = (points + 1) // 2
            self.lessons.append((info["rule"], points, entry.get("colour")))
        self.sister: list[tuple[dict[str, Any], int]] = []
        self.colour_cost = dict.fromkeys(COLOURS, 0.0)
        sister = view.get("sister")
        if self.solo and sister is not None:
            shown = [card.removeprefix("colour-") for card in sister["colour_cards"]]
            hidden = SISTER_COLOUR_POINTS[len(shown) :]
            unknown = sum(hidden) / len(hidden) if hidden else 0.0
            for colour in COLOURS:
                if colour in shown:
                    self.colour_cost[colour] = float(SISTER_COLOUR_POINTS[shown.index(colour)])
                else:
                    self.colour_cost[colour] = unknown
            for card in sister["lessons"]:
                info = SOLO_LESSONS[card]
                self.sister.append((info["rule"], int(info["points"])))
        self.fill_share: float = SOLO_SECTION_FILL_SHARE if self.solo else SECTION_FILL_SHARE
        self.fill_power: float = SOLO_SECTION_FILL_POWER if self.solo else SECTION_FILL_POWER
        self.section_penalty = SECTION_PENALTY + self._sister_sum("sections_unfull_each")
        self.section_penalty += self._lesson_sum("sections_full_each")
        self.rat_worth = 1.0 + self._sister_sum("rats_uncovered_each")
        self.rat_worth += self._lesson_sum("rats_all_covered") / len(RATS) * 2
        self.cell_worth = CELL_WORTH + sum(
            p / int(rule["per"]) for rule, p in self.sister if rule["kind"] == "uncovered_cells_per"
        )
        self.lone_cost = self._sister_sum("lone_cats_each")

    def _sister_sum(self, kind: str) -> float:
        return float(sum(p for rule, p in self.sister if rule["kind"] == kind))

    def _lesson_sum(self, kind: str) -> float:
        return float(sum(p for rule, p, _c in self.lessons if rule["kind"] == kind))

    def section_hope(self, name: str, free: int) -> float:
        """How much of the open-section penalty a section with `free` cells left has won back:
        a share growing ever faster as it fills (so the bot fills one section before the
        next: a boat never holds enough tiles for all), and the rest for finishing it."""
        filled = 1 - free / len(SECTIONS[name])
        share = self.fill_share
        return self.section_penalty * (
            share * math.pow(filled, self.fill_power) + (1 - share if free == 0 else 0.0)
        )

    def section_steps(self, free: dict[str, int]) -> dict[str, float]:
        """What covering one more cell of each open section (`free` cells left) wins back."""
        return {
            name: self.section_hope(name, left - 1) - self.section_hope(name, left)
            for name, left in free.items()
            if left
        }

    def cell_base(self, step: dict[str, float], i: int, hugged: int) -> float:
        """Free cell `i`'s own worth, for the cheap first look: room filled, its section's
        `step` towards full, a rat covered, and the sides it shares with the hull and with
        `hugged` tiles."""
        worth = self.cell_worth + step[SECTION_OF[i]]
        if i in RAT_SET:
            worth += self.rat_worth
        worth += HULL_HUG[i]
        worth += HUG_WORTH * hugged
        return worth

    def group_worth(self, size: int) -> float:
        """A same-colour group of this many cats: its family points, or hope for one."""
        if size >= 3:
            worth = float(family_points(size))
            for rule, p in self.sister:
                if rule["kind"] == "families_of_size_each" and size == rule["n"]:
                    worth -= p
            return worth
        return self.hope(size) - self.lone_cost * size

    def hope(self, size: int) -> float:
        """What a lone cat or a pair may still become: a family, if the days left allow."""
        return (ONE_CAT if size == 1 else TWO_CATS) * self.time_left


class Boat:
    """One boat as the view shows it, with the groups of same-colour cats on it."""

    def __init__(self, tiles: list[dict[str, Any]], outlook: Outlook) -> None:
        self.outlook = outlook
        self.owner: dict[int, int] = {}
        self.cells: dict[int, list[int]] = {}
        self.colour: dict[int, str | None] = {}
        self.kinds: dict[str, int] = {"cat": 0, "oshax": 0, "rare": 0, "common": 0}
        for number, tile in enumerate(tiles, start=1):
            self.cells[number] = xy_index(tile["cells"])
            for i in self.cells[number]:
                self.owner[i] = number
            self.colour[number] = tile.get("colour")
            self.kinds[tile["tile"].split("-")[0]] += 1
        self.group: dict[int, int] = {}
        self.size: dict[int, int] = {}
        for number, colour in self.colour.items():
            if colour is None or number in self.group:
                continue
            members = [number]
            self.group[number] = number
            for current in members:
                for other in self._touching(current):
                    if self.colour[other] == colour and other not in self.group:
                        self.group[other] = number
                        members.append(other)
            self.size[number] = len(members)
        self.count = dict.fromkeys(COLOURS, 0)
        self.edge: set[str] = set()
        self.rat_colours: set[str] = set()
        self.family_colours: set[str] = set()
        self.edge_cats = 0
        for number, colour in self.colour.items():
            if colour is None:
                continue
            self.count[colour] += 1
            cells = self.cells[number]
            if any(i in EDGE_CELLS for i in cells):
                self.edge.add(colour)
                self.edge_cats += 1
            if any(i in RAT_SET for i in cells):
                self.rat_colours.add(colour)
            if self.size[self.group[number]] >= 3:
                self.family_colours.add(colour)
        self.largest = max((s for g, s in self.size.items() if self.size[g] >= 3), default=0)
        self.free = {
            name: sum(1 for i in cells if i not in self.owner) for name, cells in SECTIONS.items()
        }

    @functools.cached_property
    def row_free(self) -> list[int]:
        return [sum(1 for i in row if i not in self.owner) for row in ROWS]

    @functools.cached_property
    def column_free(self) -> list[int]:
        return [sum(1 for i in column if i not in self.owner) for column in COLUMNS]

    @functools.cached_property
    def friends(self) -> dict[str, set[int]]:
        """The cells beside a cat of each colour."""
        friends: dict[str, set[int]] = {colour: set() for colour in COLOURS}
        for i, number in self.owner.items():
            colour = self.colour[number]
            if colour is not None:
                friends[colour].update(NEIGHBOURS[i])
        return friends

    def _touching(self, number: int) -> set[int]:
        found = set()
        for i in self.cells[number]:
            for m in NEIGHBOURS[i]:
                other = self.owner.get(m)
                if other is not None and other != number:
                    found.add(other)
        return found

    @functools.cached_property
    def cell_base(self) -> dict[int, float]:
        """Each free cell's own worth (`Outlook.cell_base`), worked out only for a boat that
        is looked at (not for an estimate)."""
        owner = self.owner
        step = self.outlook.section_steps(self.free)
        base = self.outlook.cell_base
        return {
            i: base(step, i, sum(1 for n in NEIGHBOURS[i] if n in owner))
            for i in BOAT_CELLS
            if i not in owner
        }

    def quick(self, cells: list[list[int]], colour: str | None) -> float:
        """A cheap first look at a placement given as [x, y] cells: the cells' own worths and
        contact with cats of the colour."""
        return self.quick_at_colour([y * WIDTH + x for x, y in cells], colour)

    def quick_at_colour(self, cells: tuple[int, ...] | list[int], colour: str | None) -> float:
        """The cheap first look at a placement given as cell indices."""
        base = self.cell_base
        if colour is None:
            return sum(base[i] for i in cells)
        friends = self.friends[colour]
        return sum(base[i] + (FRIEND_WORTH if i in friends else 0.0) for i in cells)

    def worth(self, cells: list[int], colour: str | None, kind: str) -> float:
        """What laying this tile (a cat or oshax of `colour`, or a treasure) adds to the score."""
        outlook = self.outlook
        taken = set(cells)
        worth = 0.0
        per_section: dict[str, int] = {}
        for i in cells:
            per_section[SECTION_OF[i]] = per_section.get(SECTION_OF[i], 0) + 1
            worth += outlook.cell_worth
            if i in RAT_SET:
                worth += outlook.rat_worth
            for n in NEIGHBOURS[i]:
                if n in self.owner:
                    worth += HUG_WORTH
            worth += HUG_WORTH * (4 - len(NEIGHBOURS[i]))
        for name, k in per_section.items():
            free = self.free[name]
            worth += outlook.section_hope(name, free - k) - outlook.section_hope(name, free)
        for i in cells:
            for n in NEIGHBOURS[i]:
                if n in taken or n in self.owner:
                    continue
                if all(m in taken or m in self.owner for m in NEIGHBOURS[n]):
                    worth -= HOLE_COST
        worth += self._lines(cells)
        if kind == "rare":
            worth += 3.0
        if colour is not None:
            worth += self._cat(cells, colour, kind)
        for rule, p, _chosen in outlook.lessons:
            worth += _treasure_lesson(rule, p, kind, self.kinds)
        for rule, p in outlook.sister:
            if rule["kind"] == "oshax_not_on_boat_each" and kind == "oshax":
                worth += p
        return worth

    def _lines(self, cells: list[int]) -> float:
        """Rows and columns a lesson pays for, completed by this placement."""
        worth = 0.0
        for kind, free, line_of in (
            ("full_rows_each", self.row_free, ROW_OF),
            ("full_columns_each", self.column_free, COLUMN_OF),
        ):
            points = sum(p for rule, p, _c in self.outlook.lessons if rule["kind"] == kind)
            if not points:
                continue
            per_line: dict[int, int] = {}
            for i in cells:
                per_line[line_of[i]] = per_line.get(line_of[i], 0) + 1
            for line, k in per_line.items():
                if free[line] == k:
                    worth += points
                elif free[line] - k <= 3:
                    worth += 0.2 * points * k
        return worth

    def _cat(self, cells: list[int], colour: str, kind: str) -> float:
        outlook = self.outlook
        joined = {
            self.group[self.owner[n]]
            for i in cells
            for n in NEIGHBOURS[i]
            if n in self.owner and self.colour[self.owner[n]] == colour
        }
        size = 1 + sum(self.size[g] for g in joined)
        worth = outlook.group_worth(size) - sum(outlook.group_worth(self.size[g]) for g in joined)
        worth -= outlook.colour_cost[colour]
        edge = any(i in EDGE_CELLS for i in cells)
        rat = any(i in RAT_SET for i in cells)
        new_family = size >= 3 and colour not in self.family_colours
        firsts = {
            "colour_without_family_each": new_family,
            "colour_without_edge_each": edge and colour not in self.edge,
            "colour_without_rat_each": rat and colour not in self.rat_colours,
        }
        for rule, p in outlook.sister:
            rk = rule["kind"]
            if firsts.get(rk):
                worth += p
            elif rk == "largest_family_below" and size > self.largest:
                need = int(rule["n"])
                worth += p * (min(1.0, size / need) - min(1.0, self.largest / need))
            elif rk == "edge_cats_fewer_than" and edge and self.edge_cats < int(rule["n"]):
                worth += p / int(rule["n"])
        for rule, p, chosen in outlook.lessons:
            worth += self._colour_lesson(rule, p, chosen, colour, cells, size, edge, new_family)
        return worth

    def _colour_lesson(
        self,
        rule: dict[str, Any],
        p: int,
        chosen: str | None,
        colour: str,
        cells: list[int],
        size: int,
        edge: bool,
        new_family: bool,
    ) -> float:
        kind = rule["kind"]
        wanted = chosen if rule.get("colour") == "chosen" else rule.get("colour")
        count = self.count[colour]
        if kind == "colour_exact" and wanted == colour:
            n = int(rule["n"])
            if count + 1 == n:
                return float(p)
            if count == n:
                return -float(p)
            return p / (2 * n) if count + 1 < n else 0.0
        if kind == "colour_count_each" and wanted == colour:
            return float(p)
        if kind == "colour_majority" and wanted == colour:
            return p / 4
        if kind == "edge_colour_each" and wanted == colour and edge:
            return float(p)
        if kind == "edge_cats_per" and edge:
            return p / int(rule["per"])
        if kind == "edge_all_colours" and edge and colour not in self.edge:
            return p / 5
        if kind == "family_colour_min" and wanted == colour:
            n = int(rule["n"])
            best = max((s for g, s in self.size.items() if self.colour[g] == colour), default=0)
            if size >= n > best:
                return float(p)
            return p * 0.5 * max(0, min(size, n) - min(best, n)) / n
        if kind == "family_colours_each" and new_family:
            return float(p)
        if kind == "families_count_at_least" and new_family:
            return p / int(rule["n"])
        if kind == "largest_family_top" and size > self.largest:
            need = int(rule["solo_min"]) if self.outlook.solo else 5
            return p * (min(1.0, size / need) - min(1.0, self.largest / need))
        if kind == "lone_cats_at_most":
            return p / 6 if size >= 2 else -p / 6
        if kind == "maps_matched_each" and MAPS[colour] in cells:
            return float(p)
        if kind == "colour_in_sections_each" and wanted == colour:
            return float(p) * sum(
                1 for name in {SECTION_OF[i] for i in cells} if not self._has(colour, name)
            )
        return 0.0

    def _has(self, colour: str, section: str) -> bool:
        return any(
            self.colour[self.owner[i]] == colour for i in SECTIONS[section] if i in self.owner
        )

    def quick_at(self, cells: tuple[int, ...]) -> float:
        """The cheap first look at a treasure given as cell indices."""
        return sum(self.cell_base[i] for i in cells)


def _treasure_lesson(rule: dict[str, Any], p: int, kind: str, kinds: dict[str, int]) -> float:
    lesson = rule["kind"]
    if lesson == "rare_each" and kind == "rare":
        return float(p)
    if lesson == "rare_at_least" and kind == "rare":
        return p / int(rule["n"]) if kinds["rare"] < int(rule["n"]) else 0.0
    if lesson == "common_each" and kind == "common":
        return float(p)
    if lesson == "oshax_each" and kind == "oshax":
        return float(p)
    return 0.0


class GridLook:
    """The cheap first look (`Boat.quick_at_colour`, the same worths) read straight from a
    seat's boat in the state, where cells are grid indices: a playout looks at a few
    placements of a few cats, and building the whole boat would cost more than looking."""

    def __init__(self, player: dict[str, Any], outlook: Outlook) -> None:
        self.outlook = outlook
        self.grid: list[int] = player["grid"]
        self.colours = [None] + [
            entry.get("colour") or CAT_COLOUR.get(entry["tile"]) for entry in player["tiles"]
        ]
        grid = self.grid
        free = {name: sum(1 for i in cells if grid[i] == 0) for name, cells in SECTIONS.items()}
        self.step = outlook.section_steps(free)

    def quick_at_colour(self, cells: tuple[int, ...], colour: str | None) -> float:
        """The first look at a tile of `colour` (None: a treasure, which has no friends)."""
        grid = self.grid
        colours = self.colours
        base = self.outlook.cell_base
        total = 0.0
        for i in cells:
            hugged = 0
            friend = False
            for n in NEIGHBOURS[i]:
                number = grid[n]
                if number > 0:
                    hugged += 1
                    friend = friend or (colour is not None and colours[number] == colour)
            total += base(self.step, i, hugged) + (FRIEND_WORTH if friend else 0.0)
        return total
