"""A greedy Isle of Cats bot that judges moves only by what its seat's view shows.

Cards get a rough worth; tiles are laid where they hug the boat, touch cats of their own colour
and cover rats; fish are kept for rescues. It is no master, but it fills its boat and scores.
"""

from __future__ import annotations

import random
from typing import Any

from games.isle_of_cats import engine
from games.isle_of_cats.components import (
    BOAT_SET,
    CARDS,
    CAT_COLOUR,
    COLOURS,
    MAPS,
    NEIGHBOURS,
    RATS,
    TILE_SHAPE,
    WIDTH,
)
from games.rules import best_scored

RAT_SET = frozenset(RATS)
HOLE_COST = 2.0
"""A free cell walled in by a placement can only take a one-cell treasure later."""
FISH_PER_RESCUE = 4
"""Fish the bot keeps in mind for each basket it expects to fill."""

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


def card_worth(card: str) -> float:
    """How much holding a card is worth to the bot, before its cost."""
    info = CARDS[card]
    kind = info["kind"]
    if kind == "rescue":
        basket = {"whole": 4.0, "broken": 2.0, "none": 0.0}[info["basket"]]
        return basket + 0.5 * int(info["speed"])
    if kind == "anytime":
        return EFFECT_WORTH[info["effect"]["kind"]]
    if kind == "treasure":
        return 3.0 + (2.0 if info["effect"]["rare"] else 0.0)
    if kind == "oshax":
        return 5.0
    return 0.5 * int(info["points"])


class Boat:
    """One boat as the view shows it: which tile and colour covers each cell."""

    def __init__(self, tiles: list[dict[str, Any]]) -> None:
        self.owner: dict[int, int] = {}
        self.colour: dict[int, str | None] = {}
        for number, tile in enumerate(tiles, start=1):
            for x, y in tile["cells"]:
                self.owner[y * WIDTH + x] = number
            self.colour[number] = tile.get("colour")

    def worth(self, cells: list[list[int]], colour: str | None) -> float:
        """A placement's worth: hugging walls and tiles, same-colour contact, rats covered."""
        indices = {y * WIDTH + x for x, y in cells}
        hug = 0
        friends: set[int] = set()
        for i in indices:
            hug += 4 - len(NEIGHBOURS[i])
            for n in NEIGHBOURS[i]:
                number = self.owner.get(n)
                if number is not None:
                    hug += 1
                    if colour is not None and self.colour[number] == colour:
                        friends.add(number)
        rats = len(indices & RAT_SET)
        holes = 0
        for i in indices:
            for n in NEIGHBOURS[i]:
                if n in indices or n in self.owner:
                    continue
                if all(m in indices or m in self.owner for m in NEIGHBOURS[n]):
                    holes += 1
        return hug * 0.5 + 4.0 * len(friends) + 1.0 * rats + 0.8 * len(indices) - HOLE_COST * holes

    def free_neighbour(self, cells: list[list[int]]) -> list[int] | None:
        """A free boat cell next to these cells, for a one-cell map bonus."""
        taken = {y * WIDTH + x for x, y in cells}
        for i in sorted(taken):
            for n in NEIGHBOURS[i]:
                if n in BOAT_SET and n not in taken and n not in self.owner:
                    return [n % WIDTH, n // WIDTH]
        return None


def choose_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The bot's move for `seat`; ties between equally good moves are broken by `rng`."""
    moves = engine.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"Seat {seat} has nothing to do now.")
    view = engine.view(state, seat)
    boat = Boat(view["players"][seat]["tiles"])
    move = best_scored(moves, lambda move: _judge(view, seat, boat, move), rng)
    return _with_bonus(view, boat, move)


def _judge(view: dict[str, Any], seat: int, boat: Boat, move: dict[str, Any]) -> float:
    kind = move["type"]
    me = view["players"][seat]
    if kind == "draft":
        return sum(card_worth(c) for c in move["cards"])
    if kind == "buy":
        return _buy_worth(view, seat, move["cards"]) + (0.0 if move["finish"] else -0.1)
    if kind == "resolve":
        cost = sum(int(CARDS[c]["cost"]) for c in move["cards"])
        return sum(card_worth(c) for c in move["cards"]) - 0.7 * cost
    if kind == "select_rescue":
        return _selection_worth(me, move["cards"])
    if kind == "choose_colours":
        counts = _colour_counts(me["tiles"])
        return float(sum(counts[c] for c in move["colours"].values()))
    if kind == "rescue":
        cost = 3 if move["zone"] == "left" else 5
        colour = CAT_COLOUR[move["tile"]]
        return 10.0 + boat.worth(move["cells"], colour) - 0.3 * cost
    if kind == "find":
        total = 8.0
        if "oshax" in move:
            oshax = move["oshax"]
            total += boat.worth(oshax["cells"], oshax["colour"])
            total += _colour_counts(me["tiles"])[oshax["colour"]] * 0.2
        if "rare" in move:
            total += 3.0 + boat.worth(move["rare"]["cells"], None)
        for common in move.get("commons", []):
            total += boat.worth(common["cells"], None)
        return total
    if kind == "play":
        return _play_worth(view, me, boat, move)
    if kind == "arrange":
        return 0.0
    if kind == "done":
        return 0.5
    return 0.0  # pass


def _buy_worth(view: dict[str, Any], seat: int, cards: list[str]) -> float:
    me = view["players"][seat]
    cost = sum(int(CARDS[c]["cost"]) for c in cards)
    left = int(me["fish"]) - cost
    baskets = me["baskets"] + sum(1 for c in cards if CARDS[c].get("basket") == "whole")
    reserve = FISH_PER_RESCUE * min(int(baskets), 3)
    short = max(0, reserve - left)
    return sum(card_worth(c) for c in cards) - 0.4 * cost - 1.5 * short


def _selection_worth(me: dict[str, Any], cards: list[str]) -> float:
    """Speed helps; baskets help only as far as fish can fill them."""
    speed = sum(int(CARDS[c]["speed"]) for c in cards)
    whole = sum(1 for c in cards if CARDS[c]["basket"] == "whole")
    broken = sum(1 for c in cards if CARDS[c]["basket"] == "broken") // 2
    fillable = max(0, int(me["fish"]) // 3 - int(me["baskets"]))
    return 0.3 * speed + 3.0 * min(whole + broken, fillable) - 0.5 * len(cards)


def _play_worth(
    view: dict[str, Any], me: dict[str, Any], boat: Boat, move: dict[str, Any]
) -> float:
    info = CARDS[move["card"]]
    effect = info["effect"]["kind"]
    if "rescues" in move:
        rescue = move["rescues"][0]
        colour = CAT_COLOUR[rescue["tile"]]
        return 9.0 + boat.worth(rescue["cells"], colour)
    if "commons" in move:
        return 3.0 + boat.worth(move["commons"][0]["cells"], None)
    if effect in ("gain_fish", "gain_basket", "draw", "refund_last_rescue"):
        return 20.0
    if effect in ("look_buy", "look_keep"):
        return 15.0 if view["deck_count"] or view["discard_count"] else -1.0
    if effect == "cheap_right_zone":
        return 6.0 if view["zones"]["right"] and me["fish"] >= 3 else -1.0
    return -1.0


def _colour_counts(tiles: list[dict[str, Any]]) -> dict[str, int]:
    counts = dict.fromkeys(COLOURS, 0)
    for tile in tiles:
        if tile.get("colour") in counts:
            counts[tile["colour"]] += 1
    return counts


def _with_bonus(view: dict[str, Any], boat: Boat, move: dict[str, Any]) -> dict[str, Any]:
    """Take the map bonus (one mono treasure beside the cat) when a rescue earns it."""
    if not view["commons"]["mono"]:
        return move
    if move["type"] == "rescue":
        placement = move
        colour = CAT_COLOUR[move["tile"]]
    elif move["type"] == "play" and "rescues" in move:
        placement = move["rescues"][0]
        colour = CAT_COLOUR[placement["tile"]]
    else:
        return move
    if MAPS[colour] not in {y * WIDTH + x for x, y in placement["cells"]}:
        return move
    spot = boat.free_neighbour(placement["cells"])
    if spot is None:
        return move
    placement["bonus"] = {"shape": "mono", "cells": [spot]}
    return move


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
    cat among a few affordable ones, laid in the best of a few places; in the rare finds a pass;
    elsewhere the greedy bot, whose choices there are few."""
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
    boat = Boat(engine.view(state, seat)["players"][seat]["tiles"])
    best: tuple[float, dict[str, Any]] | None = None
    for tile, zone in rng.sample(tiles, min(PLAYOUT_TILES, len(tiles))):
        places = engine._placements(player, TILE_SHAPE[tile])
        for cells in rng.sample(places, min(PLAYOUT_PLACES, len(places))):
            xy = [[i % WIDTH, i // WIDTH] for i in cells]
            worth = boat.worth(xy, CAT_COLOUR[tile])
            if best is None or worth > best[0]:
                move = {"type": "rescue", "tile": tile, "zone": zone, "basket": dict(basket)}
                best = (worth, {**move, "cells": xy})
    return None if best is None else best[1]
