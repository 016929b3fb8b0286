"""Isle of Cats bots that judge moves only by what their seat's view shows: `normal`
(`choose_move`) and `easy` (`choose_easy`).

Cards get a worth (lessons by how likely the bot is to score them on its boat). A tile is worth
the change it makes to the final score as far as the bot can foresee it: families (with some
credit for the cats that may join them later), filled sections, covered rats, the lessons in
play and, solo, everything the sister scores on the player's boat: her colour cards (up to 5
points a cat of the first colour) and her lessons. A rescue is made only when the cat is worth
its fish. A cheap first look sums per-cell worths so that only the best few placements of each
tile get the full count: a rescue turn can offer thousands.

`normal` plays the best rated move; `easy` draws one with chances falling off with the rating,
as a beginner who sees what is good but often plays something else.
"""

from __future__ import annotations

import math
import random
from typing import Any

from games.isle_of_cats import engine
from games.isle_of_cats.components import (
    BOAT_CELLS,
    CARDS,
    CAT_COLOUR,
    COLOURS,
    COLUMNS,
    COMMON_SHAPES,
    DAYS,
    EDGE_CELLS,
    MAPS,
    NEIGHBOURS,
    PLACEMENTS,
    RATS,
    ROWS,
    SECTIONS,
    SISTER_COLOUR_POINTS,
    SOLO_LESSONS,
    TILE_SHAPE,
    WIDTH,
    ZONE_COST,
)
from games.isle_of_cats.engine.scoring import family_points
from games.rules import best_scored

RAT_SET = frozenset(RATS)
SECTION_OF = {i: name for name, cells in SECTIONS.items() for i in cells}
ROW_OF = {i: n for n, row in enumerate(ROWS) for i in row}
COLUMN_OF = {i: n for n, column in enumerate(COLUMNS) for i in column}

SECTION_PENALTY = 8.0
"""A section not completely covered: 5 points off (section 8.3), weighed higher because a boat
whose sections fill also covers its rats and leaves the sister's open-room lessons little."""
SECTION_FILL_SHARE = 1.0
"""The share of the open-section penalty won back cell by cell; the rest comes on finishing."""
CELL_WORTH = 0.4
"""Any covered cell: room the boat no longer has to fill."""
HOLE_COST = 2.0
"""A free cell walled in by a placement can only take a one-cell treasure later."""
HUG_WORTH = 0.15
"""Each side a placement shares with a tile or the hull: compact boats fill up."""
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

    def group_worth(self, size: int) -> float:
        """A same-colour group of this many cats: its family points, or hope for one."""
        if size >= 3:
            worth = float(family_points(size))
            for rule, p in self.sister:
                if rule["kind"] == "families_of_size_each" and size == rule["n"]:
                    worth -= p
            return worth
        hope = (ONE_CAT if size == 1 else TWO_CATS) * self.time_left
        return hope - self.lone_cost * size


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
        self.row_free = [sum(1 for i in row if i not in self.owner) for row in ROWS]
        self.column_free = [sum(1 for i in column if i not in self.owner) for column in COLUMNS]
        self.cell_base = {i: self._cell_base(i) for i in BOAT_CELLS if i not in self.owner}
        self.friends: dict[str, set[int]] = {colour: set() for colour in COLOURS}
        for i, number in self.owner.items():
            colour = self.colour[number]
            if colour is not None:
                self.friends[colour].update(NEIGHBOURS[i])

    def _touching(self, number: int) -> set[int]:
        found = set()
        for i in self.cells[number]:
            for m in NEIGHBOURS[i]:
                other = self.owner.get(m)
                if other is not None and other != number:
                    found.add(other)
        return found

    def _section_hope(self, name: str, free: int) -> float:
        """How much of the open-section penalty a section with `free` cells left has won back:
        a share growing ever faster as it fills (so the bot fills one section before the
        next: a boat never holds enough tiles for all), and the rest for finishing it."""
        filled = 1 - free / len(SECTIONS[name])
        return self.outlook.section_penalty * (
            SECTION_FILL_SHARE * filled * filled + (1 - SECTION_FILL_SHARE if free == 0 else 0.0)
        )

    def _section_step(self, i: int) -> float:
        """The worth of covering cell `i` alone, for its section."""
        name = SECTION_OF[i]
        free = self.free[name]
        return self._section_hope(name, free - 1) - self._section_hope(name, free)

    def _cell_base(self, i: int) -> float:
        worth = self.outlook.cell_worth + self._section_step(i)
        if i in RAT_SET:
            worth += self.outlook.rat_worth
        worth += HUG_WORTH * (4 - len(NEIGHBOURS[i]))
        worth += HUG_WORTH * sum(1 for n in NEIGHBOURS[i] if n in self.owner)
        return worth

    def quick(self, cells: list[list[int]], colour: str | None) -> float:
        """A cheap first look at a placement given as [x, y] cells: the cells' own worths and
        contact with cats of the colour."""
        base = self.cell_base
        friends = self.friends[colour] if colour is not None else set()
        worth = 0.0
        for x, y in cells:
            i = y * WIDTH + x
            worth += base[i] + (FRIEND_WORTH if i in friends else 0.0)
        return worth

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
            worth += self._section_hope(name, free - k) - self._section_hope(name, free)
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


FISH_PER_RESCUE = 4
"""Fish the bot keeps in mind for each basket it expects to fill."""
RESCUES_A_DAY = 4
"""Cats the bot can hope to rescue in a day: the zones hold few, and the others take some."""
BASKET_WORTH = 4.0
"""A basket it has the fish to fill: one more cat on the boat."""
FISH_WORTH = 0.4
"""One fish before the last day: a share of a later rescue or card."""
LAST_DAY_FISH_WORTH = 0.05
"""One fish on the last day: little more than the tie-break."""
SOLO_TREASURE_WORTH = 2.0
"""Solo, a card that brings treasures is worth more: they fill the boat, and the sister scores
no colour on them."""
KEPT_PER_TILE = 3
"""Placements of one tile that get the full count after the cheap first look."""
EASY_TEMPERATURE = 2.0
"""How far `easy` strays from the best move: a rating this much lower is e times less likely."""

EFFECT_WORTH = {
    "rescue": 4.0,
    "cheap_right_zone": 1.0,
    "look_buy": 1.5,
    "draw": 2.0,
    "look_keep": 2.0,
    "gain_basket": 4.0,
    "refund_last_rescue": 1.5,
    "arrange_next_refill": 0.5,
    "gain_fish": 2.5,
    "take_commons": 2.0,
}

LESSON_SHARE = {
    "colour_exact": 0.6,
    "colour_count_each": 3.0,
    "colour_majority": 0.4,
    "edge_all_colours": 0.5,
    "edge_cats_per": 4.0,
    "edge_colour_each": 2.5,
    "family_colour_min": 0.4,
    "families_count_at_least": 0.2,
    "family_colours_each": 1.5,
    "largest_family_top": 0.35,
    "lone_cats_at_most": 0.3,
    "rats_all_covered": 0.25,
    "rare_at_least": 0.3,
    "rare_each": 1.5,
    "common_each": 2.0,
    "oshax_each": 0.5,
    "full_rows_each": 1.0,
    "full_columns_each": 1.0,
    "sections_full_each": 1.5,
    "maps_matched_each": 1.5,
    "colour_in_sections_each": 3.0,
    "section_colours_at_least": 0.3,
    "section_cats_only": 0.2,
    "colour_adjacent_treasure_each": 1.5,
}
"""The share of a lesson's points the bot expects to score: a multiple for the per-item ones.
The bot of before valued every lesson at half its points and scored nothing with two in three."""


def choose_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The `normal` bot's move for `seat`; ties between equally good moves are broken by `rng`."""
    judge = _Judge(state, seat)
    rated = judge.rated()
    move = best_scored(rated, lambda pair: pair[1], rng)[0]
    return judge.with_extras(move)


def choose_easy(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The `easy` bot's move: a legal move drawn with chances falling off with its rating."""
    judge = _Judge(state, seat)
    rated = judge.rated()
    top = max(rating for _move, rating in rated)
    weights = [math.exp((rating - top) / EASY_TEMPERATURE) for _move, rating in rated]
    return rng.choices([move for move, _rating in rated], weights=weights)[0]


def _placements(move: dict[str, Any]) -> list[tuple[str, str | None, list[list[int]]]]:
    """The tiles a move lays: (kind, colour, cells) each."""
    kind = move["type"]
    laid: list[tuple[str, str | None, list[list[int]]]] = []
    if kind == "rescue":
        laid.append(("cat", CAT_COLOUR[move["tile"]], move["cells"]))
    for rescue in move.get("rescues", []):
        laid.append(("cat", CAT_COLOUR[rescue["tile"]], rescue["cells"]))
    if "oshax" in move:
        laid.append(("oshax", move["oshax"]["colour"], move["oshax"]["cells"]))
    if "rare" in move:
        laid.append(("rare", None, move["rare"]["cells"]))
    for common in move.get("commons", []):
        laid.append(("common", None, common["cells"]))
    return laid


def _tiles_key(move: dict[str, Any]) -> tuple[Any, ...]:
    """Moves that differ only in where their tiles lie."""
    laid = _placements(move)
    tiles = [move.get("tile"), move.get("card")]
    tiles += [r["tile"] for r in move.get("rescues", [])]
    return (move["type"], *tiles, *((kind, colour) for kind, colour, _cells in laid))


class _Judge:
    """The ratings of one seat's legal moves, from its view."""

    def __init__(self, state: dict[str, Any], seat: int) -> None:
        self.moves = engine.legal_moves(state, seat)
        if not self.moves:
            raise ValueError(f"Seat {seat} has nothing to do now.")
        self.view = engine.view(state, seat)
        self.me = self.view["players"][seat]
        self.outlook = Outlook(self.view)
        self.boat = Boat(self.me["tiles"], self.outlook)
        last = int(self.view["day"]) >= DAYS
        self.fish_worth = LAST_DAY_FISH_WORTH if last else FISH_WORTH

    def rated(self) -> list[tuple[dict[str, Any], float]]:
        """The moves worth a full look, each with its rating: every move but the placements
        that a cheap first look ranks below the best few of the same tiles."""
        rated = []
        groups: dict[Any, list[tuple[float, int, dict[str, Any]]]] = {}
        quick = self.boat.quick
        for n, move in enumerate(self.moves):
            if move["type"] == "rescue":
                tile = move["tile"]
                entry = (quick(move["cells"], CAT_COLOUR[tile]), n, move)
                groups.setdefault(tile, []).append(entry)
                continue
            laid = _placements(move)
            if not laid:
                rated.append((move, self._judge(move)))
                continue
            entry = (sum(quick(cells, colour) for _k, colour, cells in laid), n, move)
            groups.setdefault(_tiles_key(move), []).append(entry)
        for group in groups.values():
            group.sort(key=lambda entry: (-entry[0], entry[1]))
            rated.extend((move, self._judge(move)) for _q, _n, move in group[:KEPT_PER_TILE])
        return rated

    def _laid_worth(self, move: dict[str, Any]) -> float:
        return sum(
            self.boat.worth(xy_index(cells), colour, kind)
            for kind, colour, cells in _placements(move)
        )

    def _judge(self, move: dict[str, Any]) -> float:
        kind = move["type"]
        if kind == "draft":
            return sum(self.card_worth(c) for c in move["cards"])
        if kind == "buy":
            return self._buy_worth(move["cards"]) + (0.0 if move["finish"] else -0.1)
        if kind == "resolve":
            cost = sum(int(CARDS[c]["cost"]) for c in move["cards"])
            return sum(self.card_worth(c) for c in move["cards"]) - self.fish_worth * 1.5 * cost
        if kind == "select_rescue":
            return self._selection_worth(move["cards"])
        if kind == "choose_colours":
            return self._colours_worth(move["colours"])
        if kind == "rescue":
            cost = self._zone_cost(move["tile"])
            return self._laid_worth(move) - self.fish_worth * cost
        if kind == "find":
            return 1.0 + self._laid_worth(move)
        if kind == "play":
            return self._play_worth(move)
        if kind == "done":
            return 0.5
        return 0.0  # pass, arrange

    def _zone_cost(self, tile: str) -> int:
        zone = "left" if tile in self.view["zones"]["left"] else "right"
        if zone == "right" and self.me["bait"]:
            return ZONE_COST["left"]
        return ZONE_COST[zone]

    def card_worth(self, card: str) -> float:
        """How much holding a card is worth to the bot, before its cost."""
        info = CARDS[card]
        kind = info["kind"]
        if kind == "rescue":
            basket = {"whole": 4.0, "broken": 2.0, "none": 0.0}[info["basket"]]
            return basket + 0.5 * int(info["speed"])
        solo = SOLO_TREASURE_WORTH if self.outlook.solo else 0.0
        if kind == "anytime":
            effect = info["effect"]["kind"]
            return EFFECT_WORTH[effect] + (solo if effect == "take_commons" else 0.0)
        if kind == "treasure":
            return 3.0 + (2.0 if info["effect"]["rare"] else 0.0) + solo
        if kind == "oshax":
            sister = sum(
                p for rule, p in self.outlook.sister if rule["kind"] == "oshax_not_on_boat_each"
            )
            return 5.0 + sister
        return self.lesson_worth(card)

    def lesson_worth(self, card: str) -> float:
        """The points a lesson is likely to earn on this boat, from the days left."""
        info = CARDS[card]
        rule = info["rule"]
        points = int(info["points"])
        kind = rule["kind"]
        outlook = self.outlook
        worth = points * LESSON_SHARE.get(kind, 0.3)
        colour = rule.get("colour")
        count = self.boat.count
        if kind == "colour_exact":
            missing = int(rule["n"]) - count[colour]
            if missing < 0:
                return 0.0
            worth -= 0.5 * outlook.colour_cost[colour] * missing
        elif colour in COLOURS and outlook.solo:
            worth -= outlook.colour_cost[colour]
        if kind == "largest_family_top" and outlook.solo:
            worth *= min(1.0, max(self.boat.largest, 2) / int(rule["solo_min"]))
        if info["scope"] == "public":
            worth = worth / 2 if outlook.solo else worth * 0.4
        if int(self.view["day"]) >= DAYS and self.view["phase"] not in ("draft", "buy"):
            return 0.0
        return max(0.0, worth * (0.4 + 0.6 * outlook.time_left))

    def _buy_worth(self, cards: list[str]) -> float:
        """Cards are worth their own worth, but baskets only as many as the fish left can fill
        today (the bot of before bought baskets it had no fish for)."""
        cost = sum(int(CARDS[c]["cost"]) for c in cards)
        held = [c for c in self.view.get("aside") or [] if CARDS[c]["kind"] == "rescue"]
        rescue = [c for c in cards if CARDS[c]["kind"] == "rescue"] + held
        whole = sum(1 for c in rescue if CARDS[c]["basket"] == "whole")
        broken = sum(1 for c in rescue if CARDS[c]["basket"] == "broken") // 2
        fish = (
            int(self.me["fish"])
            - cost
            + sum(
                int(CARDS[c]["effect"].get("amount", 0))
                for c in cards
                if CARDS[c]["kind"] == "anytime" and CARDS[c]["effect"]["kind"] == "gain_fish"
            )
        )
        fillable = min(int(self.me["baskets"]) + whole + broken, fish // FISH_PER_RESCUE)
        baskets = min(fillable, RESCUES_A_DAY) - min(int(self.me["baskets"]), RESCUES_A_DAY)
        others = sum(self.card_worth(c) for c in cards if CARDS[c]["kind"] != "rescue")
        speed = sum(int(CARDS[c]["speed"]) for c in cards if CARDS[c]["kind"] == "rescue")
        return others + BASKET_WORTH * baskets + 0.3 * speed - self.fish_worth * cost

    def _selection_worth(self, cards: list[str]) -> float:
        """Speed helps; baskets help only as far as fish can fill them."""
        speed = sum(int(CARDS[c]["speed"]) for c in cards)
        whole = sum(1 for c in cards if CARDS[c]["basket"] == "whole")
        broken = sum(1 for c in cards if CARDS[c]["basket"] == "broken") // 2
        fillable = max(0, int(self.me["fish"]) // 3 - int(self.me["baskets"]))
        return 0.3 * speed + 3.0 * min(whole + broken, fillable) - 0.5 * len(cards)

    def _colours_worth(self, colours: dict[str, str]) -> float:
        """A chosen-colour public lesson pays for cats of that colour: one the bot has many of,
        solo one that costs it little at the sister's colour cards."""
        return sum(
            self.boat.count[colour] - 0.5 * self.outlook.colour_cost[colour]
            for colour in colours.values()
        )

    def _play_worth(self, move: dict[str, Any]) -> float:
        info = CARDS[move["card"]]
        effect = info["effect"]
        if "rescues" in move:
            paid = 0 if not effect.get("pay_fish", True) else 1
            cost = sum(paid * self._zone_cost(r["tile"]) for r in move["rescues"])
            return self._laid_worth(move) - self.fish_worth * cost
        if "commons" in move:
            return self._laid_worth(move)
        kind = effect["kind"]
        if kind in ("gain_fish", "gain_basket", "draw", "refund_last_rescue"):
            return 20.0
        if kind in ("look_buy", "look_keep"):
            return 15.0 if self.view["deck_count"] or self.view["discard_count"] else -1.0
        if kind == "cheap_right_zone":
            return 6.0 if self.view["zones"]["right"] and self.me["fish"] >= 3 else -1.0
        return -1.0

    def with_extras(self, move: dict[str, Any]) -> dict[str, Any]:
        """Add the optional treasures the chosen move may bring, each where it adds most: the
        map bonus a cat or oshax earns, and the commons a find or a play may take beyond the
        ones it must. Small treasures close the last gaps of a section (the bot of before took
        only a one-cell bonus beside the cat, and never the optional commons)."""
        tiles = list(self.me["tiles"])
        supply = {shape: len(ids) for shape, ids in self.view["commons"].items()}
        laid = [move] if move["type"] == "rescue" else list(move.get("rescues", []))
        if "oshax" in move:
            laid.append(move["oshax"])
        for placement in laid:
            tile = placement["tile"]
            colour = placement.get("colour") or CAT_COLOUR[tile]
            tiles.append({"tile": tile, "cells": placement["cells"], "colour": colour})
            if MAPS[colour] in xy_index(placement["cells"]):
                bonus = self._plug(tiles, supply, COMMON_SHAPES)
                if bonus is not None:
                    placement["bonus"] = bonus
        if move["type"] not in ("find", "play"):
            return move
        if "rare" in move:
            tiles.append({"tile": move["rare"]["tile"], "cells": move["rare"]["cells"]})
        effect = CARDS[move["card"]]["effect"]
        room = int(effect.get("commons", effect.get("max", 0))) - len(move.get("commons", []))
        shapes = effect.get("common_shapes", effect.get("shapes", []))
        if "commons" not in move and move["type"] == "play":
            return move
        for common in move.get("commons", []):
            supply[common["shape"]] -= 1
            tiles.append({"tile": "common-", "cells": common["cells"]})
        for _extra in range(room):
            common = self._plug(tiles, supply, shapes)
            if common is None:
                break
            move.setdefault("commons", []).append(common)
        return move

    def _plug(
        self, tiles: list[dict[str, Any]], supply: dict[str, int], shapes: Any
    ) -> dict[str, Any] | None:
        """The best common treasure of `shapes` left in `supply` to lay on the boat of `tiles`,
        if one adds to it; taken from `supply` and laid on `tiles`."""
        boat = Boat(tiles, self.outlook)
        covered = boat.owner
        options = []
        for shape in shapes:
            if supply.get(shape, 0) < 1:
                continue
            for cells in PLACEMENTS[shape]:
                if any(i in covered for i in cells):
                    continue
                if not any(n in covered for i in cells for n in NEIGHBOURS[i]):
                    continue
                options.append((boat.quick_at(cells), shape, cells))
        options.sort(key=lambda option: -option[0])
        best: tuple[float, str, tuple[int, ...]] | None = None
        for _quick, shape, cells in options[: KEPT_PER_TILE * 3]:
            worth = boat.worth(list(cells), None, "common")
            if worth > 0 and (best is None or worth > best[0]):
                best = (worth, shape, cells)
        if best is None:
            return None
        _worth, shape, cells = best
        supply[shape] -= 1
        placed = [[i % WIDTH, i // WIDTH] for i in cells]
        tiles.append({"tile": "common-", "cells": placed})
        return {"shape": shape, "cells": placed}


# ---------------------------------------------------------------- the search's playouts


PLAYOUT_TILES = 2
"""Cats a playout rescue considers (the greedy bot weighs every cat in every place)."""
PLAYOUT_PLACES = 12
"""Places on the boat a playout rescue weighs for each of them."""
PLAYOUT_FULL_PHASES = frozenset({"rescue", "rare_finds"})
"""Phases whose every move the greedy bot would weigh (thousands of placements): a playout
rescues one of a few cats in one of a few places, and finds nothing."""


def playout_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The strong level's playout policy (`games.search`), on a sampled state: in the rescue a
    cat among a few affordable ones, laid in the best of a few places by the greedy bot's cheap
    first look; in the rare finds a pass; elsewhere the greedy bot, whose choices there are few."""
    player = state["players"][seat]
    if player["look"] is not None or state["phase"] not in PLAYOUT_FULL_PHASES:
        return choose_move(state, seat, rng)
    if state["phase"] == "rescue":
        rescue = _playout_rescue(state, seat, rng)
        if rescue is not None:
            return rescue
    return {"type": "pass"}


def playout_stage(state: dict[str, Any]) -> int:
    """The day: a playout ends with it, and the boats are scored as they stand."""
    return int(state["day"])


def _playout_rescue(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    player = state["players"][seat]
    basket = engine._canonical_basket(player)
    if basket is None:
        return None
    tiles = [
        (tile, zone)
        for zone in ("left", "right")
        if player["fish"] >= engine.rescue_cost(player, zone)
        for tile in state["zones"][zone]
    ]
    view = engine.view(state, seat)
    boat = Boat(view["players"][seat]["tiles"], Outlook(view))
    best: tuple[float, dict[str, Any]] | None = None
    for tile, zone in rng.sample(tiles, min(PLAYOUT_TILES, len(tiles))):
        places = engine._placements(player, TILE_SHAPE[tile])
        for cells in rng.sample(places, min(PLAYOUT_PLACES, len(places))):
            xy = [[i % WIDTH, i // WIDTH] for i in cells]
            worth = boat.quick(xy, CAT_COLOUR[tile])
            if best is None or worth > best[0]:
                move = {"type": "rescue", "tile": tile, "zone": zone, "basket": dict(basket)}
                best = (worth, {**move, "cells": xy})
    return None if best is None else best[1]
