"""The strong level's playouts (`games.search`): a fast policy for every seat on a sampled
state, where the day ends.
"""

from __future__ import annotations

import random
from typing import Any

from games.isle_of_cats import engine
from games.isle_of_cats.bot.boat import GridLook, Outlook
from games.isle_of_cats.bot.cards import Worth
from games.isle_of_cats.bot.judge import choose_move
from games.isle_of_cats.components import CAT_COLOUR, TILE_SHAPE, WIDTH
from games.isle_of_cats.engine.boat import _around

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
    """The day: a playout ends with it, and `playout_standing` judges the boats."""
    return int(state["day"])


def playout_standing(state: dict[str, Any]) -> dict[str, Any]:
    """The standing a sampled position at a day's end is likely to end in (`games.search`
    ranks moves by it and reads the chance to win from it): each boat as it stands plus what it
    may still become (the days left fill open sections and join lone cats into families; cards
    in hand and fish are still to be used), the leaders by those scores the winners. Solo, the
    sister scores the boat as it stands. A finished game's standing is its result."""
    standing: dict[str, Any] = engine.standing(state)
    if engine.is_over(state):
        return standing
    scores = [score + prospect(state, s) for s, score in enumerate(standing["scores"])]
    if state["solo"]:
        winners = [0] if scores[0] > standing["sister"]["total"] else [engine.SISTER]
    else:
        winners = [s for s, score in enumerate(scores) if score == max(scores)]
    return {**standing, "scores": scores, "winners": winners}


def prospect(state: dict[str, Any], seat: int) -> float:
    """The points a seat's position may still add before the game ends, beyond its boat as it
    stands: the open sections' share of their penalty won back as they fill, the hope of lone
    cats and pairs, and the worth of its cards and fish."""
    worth = Worth(engine.view(state, seat), seat)
    boat = worth.boat
    player = state["players"][seat]
    gained = worth.fish_worth * int(player["fish"])
    gained += sum(worth.card_worth(card) for card in player["hand"] + player["aside"])
    gained += sum(
        worth.outlook.section_hope(name, free) for name, free in boat.free.items() if free
    )
    gained += sum(worth.outlook.hope(size) for size in boat.size.values() if size < 3)
    return gained


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
    if not tiles:
        return None
    look = GridLook(player, Outlook(engine.view(state, seat)))
    around = _around(player)
    best: tuple[float, str, str, tuple[int, ...]] | None = None
    for tile, zone in rng.sample(tiles, min(PLAYOUT_TILES, len(tiles))):
        places = engine._placements(player, TILE_SHAPE[tile], around=around)
        colour = CAT_COLOUR[tile]
        for cells in rng.sample(places, min(PLAYOUT_PLACES, len(places))):
            worth = look.quick_at_colour(cells, colour)
            if best is None or worth > best[0]:
                best = (worth, tile, zone, cells)
    if best is None:
        return None
    _worth, tile, zone, cells = best
    xy = [[i % WIDTH, i // WIDTH] for i in cells]
    return {"type": "rescue", "tile": tile, "zone": zone, "basket": dict(basket), "cells": xy}
