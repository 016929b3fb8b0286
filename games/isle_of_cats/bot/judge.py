"""The normal and easy bots (`choose_move`, `choose_easy`): every legal move rated by what it
adds to the seat's final score as far as its view lets it foresee.

A rescue is made only when the cat is worth its fish. A cheap first look ranks the placements
of each tile so that only the best few get the full count: a rescue turn can offer thousands.
`normal` plays the best rated move; `easy` draws one with chances falling off with the rating,
as a beginner who sees what is good but often plays something else.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

from games.isle_of_cats import engine
from games.isle_of_cats.bot.boat import Boat, xy_index
from games.isle_of_cats.bot.cards import Worth
from games.isle_of_cats.components import (
    CARDS,
    CAT_COLOUR,
    COMMON_SHAPES,
    MAPS,
    NEIGHBOURS,
    PLACEMENTS,
    WIDTH,
    ZONE_COST,
)
from games.rules import best_scored

KEPT_PER_TILE = 3
"""Placements of one tile that get the full count after the cheap first look."""
STRONG_CANDIDATES = 8
"""Moves the normal bot's ratings propose to the strong level's search: as many as it compares
(`games.bots.WIDTH`), so that it does not fill up with the playout policy's moves on sampled
deals, which outside the rescue are the normal move again at a few ms each (a quarter of the
thinking time went on them)."""
EASY_TEMPERATURE = 2.0
"""How far `easy` strays from the best move: a rating this much lower is e times less likely."""


def choose_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The `normal` bot's move for `seat`; ties between equally good moves are broken by `rng`."""
    judge = _Judge(state, seat)
    rated = judge.rated()
    move = best_scored(rated, lambda pair: pair[1], rng)[0]
    return judge.with_extras(move)


def candidate_moves(state: dict[str, Any], seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """The strong level's candidates after the normal move: the best rated moves (a random
    legal placement is almost always a poor one), each with its optional treasures; first the
    best placement of each tile, then the next best placements. The playouts cannot tell
    placements apart better than the rating does, but they can tell which cat or treasure is
    worth taking."""
    judge = _Judge(state, seat)
    rated = sorted(judge.rated(), key=lambda pair: -pair[1])
    seen: set[Any] = set()
    firsts: list[dict[str, Any]] = []
    seconds: list[dict[str, Any]] = []
    for move, _rating in rated:
        key = _tiles_key(move) if _placements(move) else json.dumps(move, sort_keys=True)
        (seconds if key in seen else firsts).append(move)
        seen.add(key)
    return [judge.with_extras(move) for move in (firsts + seconds)[:STRONG_CANDIDATES]]


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


class _Judge(Worth):
    """The ratings of one seat's legal moves, from its view."""

    def __init__(self, state: dict[str, Any], seat: int) -> None:
        super().__init__(engine.view(state, seat), seat)
        self.moves = engine.legal_moves(state, seat, prune=self._prune)
        if not self.moves:
            raise ValueError(f"Seat {seat} has nothing to do now.")

    def _prune(
        self, _tile: str, colour: str | None, places: list[tuple[int, ...]]
    ) -> list[tuple[int, ...]]:
        """The placements of one tile that the cheap first look ranks best (in the order the
        engine lists them): only these become moves, so a rescue turn with thousands of
        placements stays fast."""
        quick = self.boat.quick_at_colour
        ranked = sorted(range(len(places)), key=lambda n: (-quick(places[n], colour), n))
        return [places[n] for n in sorted(ranked[:KEPT_PER_TILE])]

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
            return self.buy_worth(move["cards"]) + (0.0 if move["finish"] else -0.1)
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
