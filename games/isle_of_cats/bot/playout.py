"""The strong level's playouts (`games.search`): a fast policy for every seat on a sampled
state, where the day ends.
"""

from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Any

from games.isle_of_cats import engine
from games.isle_of_cats.bot.boat import GridLook, Outlook
from games.isle_of_cats.bot.cards import BUY_FACTS, FISH_WORTH, Worth
from games.isle_of_cats.bot.judge import choose_move
from games.isle_of_cats.components import CARDS, CAT_COLOUR, COLOURS, DAYS, TILE_SHAPE, WIDTH
from games.isle_of_cats.engine.boat import _around
from games.isle_of_cats.engine.flow import T_AND_B
from games.rules import best_scored

PLAYOUT_TILES = 2
"""Cats a playout rescue considers (the greedy bot weighs every cat in every place)."""
PLAYOUT_PLACES = 12
"""Places on the boat a playout rescue weighs for each of them."""
PLAYOUT_FULL_PHASES = frozenset({"rescue", "rare_finds"})
"""Phases whose every move the greedy bot would weigh (thousands of placements): a playout
rescues one of a few cats in one of a few places, and finds nothing before the last day."""

ODDS_SPREAD = {1: 22.0, 2: 22.0, 3: 14.0, 4: 14.0, 5: 12.0}
"""By the day whose morning a playout stopped at: the points of estimated lead that make a seat
e times as likely to win as a rival. A logistic fit of the final winners of 170 normal-bot
games at two seats to the estimate of each morning (the first morning, where no playout
stops, as the second): the estimate's error has a spread of 18-26 points, so the leader of
a morning wins only 61-74 % of the games, and a lead of a point or two is nearly a coin toss."""


def playout_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The strong level's playout policy (`games.search`), on a sampled state: in the rescue a
    cat among a few affordable ones, laid in the best of a few places by the greedy bot's cheap
    first look; in the rare finds a pass, but on the last day a treasure or oshax card laid
    likewise (the playout then ends with the game, where a card kept scores nothing);
    elsewhere the greedy bot, whose choices there are few."""
    player = state["players"][seat]
    if player["look"] is None and state["phase"] == "buy" and not player["bought"]:
        return _playout_buy(state, seat, rng)
    if player["look"] is not None or state["phase"] not in PLAYOUT_FULL_PHASES:
        return choose_move(state, seat, rng)
    if state["phase"] == "rescue":
        rescue = _playout_rescue(state, seat, rng)
        if rescue is not None:
            return rescue
    elif int(state["day"]) >= DAYS:
        find = _playout_find(state, seat, rng)
        if find is not None:
            return find
    return {"type": "pass"}


def playout_stage(state: dict[str, Any]) -> int:
    """The day: a playout ends with it, and `playout_standing` judges the boats."""
    return int(state["day"])


def playout_standing(state: dict[str, Any]) -> dict[str, Any]:
    """The standing a sampled position at a day's end is likely to end in (`games.search`
    ranks moves by it and reads the chance to win from it): each boat as it stands plus what it
    may still become (the days left fill open sections and join lone cats into families; cards
    in hand and fish are still to be used), the leaders by those scores the winners, and each
    seat's odds of winning by how far it leads with the days left (`ODDS_SPREAD`). Solo, the
    sister scores the boat as it stands. A finished game's standing is its result."""
    standing: dict[str, Any] = engine.standing(state)
    if engine.is_over(state):
        return standing
    sheets = standing["breakdown"]
    scores = [score + prospect(state, s, sheets[s]) for s, score in enumerate(standing["scores"])]
    if state["solo"]:
        winners = [0] if scores[0] > standing["sister"]["total"] else [engine.SISTER]
        return {**standing, "scores": scores, "winners": winners}
    top = max(scores)
    winners = [s for s, score in enumerate(scores) if score == top]
    spread = ODDS_SPREAD[int(state["day"])]
    weights = [math.exp((score - top) / spread) for score in scores]
    odds = [weight / sum(weights) for weight in weights]
    return {**standing, "scores": scores, "winners": winners, "odds": odds}


def prospect(state: dict[str, Any], seat: int, sheet: dict[str, Any] | None = None) -> float:
    """The points a seat's position may still add before the game ends, beyond its boat as it
    stands (`sheet`, its score sheet in the standing): the open sections' share of their penalty
    won back as they fill, the hope of lone cats and pairs, the worth of its cards and of its
    fish (a day's worth even on the last morning, when they still buy the day's cats), and
    what its lessons in play may still score beyond what they score now (a lesson bought today
    is played before the day ends: scored only as the boat stands, it would be worth less than
    one still in hand, and the search would not buy it)."""
    if sheet is None:
        sheet = engine.score_sheet(state, seat)
    worth = Worth(engine.view(state, seat), seat)
    boat = worth.boat
    player = state["players"][seat]
    gained = FISH_WORTH * int(player["fish"])
    gained += sum(worth.card_worth(card) for card in player["hand"] + player["aside"])
    scored: dict[str, int] = {entry["card"]: entry["points"] for entry in sheet["lessons"]}
    gained += sum(max(0.0, worth.lesson_worth(card) - scored[card]) for card in player["lessons"])
    gained += sum(
        worth.outlook.section_hope(name, free) for name, free in boat.free.items() if free
    )
    gained += sum(worth.outlook.hope(size) for size in boat.size.values() if size < 3)
    return gained


def outlook(state: dict[str, Any], seat: int) -> Outlook:
    """The seat's `Outlook` read from the state as its view shows it, without building the
    view: a playout's rescue needs nothing else, and the view (every boat's tiles turned into
    [x, y] cells) cost about as much as the rescue's look at its places."""
    sister = state["sister"]
    player = state["players"][seat]
    shown = {
        "solo": state["solo"],
        "day": state["day"],
        "phase": state["phase"],
        "lessons": player["lessons"],
        "hand": player["hand"],
        "public_lessons": state["public_lessons"],
        "sister": sister
        and {
            "colour_cards": sister["colour_cards"][: sister["revealed"]],
            "lessons": sister["lessons"],
        },
    }
    return Outlook(shown)


def _playout_buy(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The normal bot's buy (the same ratings in the same order, ties broken alike), weighed
    without making each subset of the picks a legal move first: a buy weighs them all."""
    player = state["players"][seat]
    worth = Worth(engine.view(state, seat), seat)
    fish = int(player["fish"])
    options: list[tuple[list[str], bool, float]] = []
    for n in range(len(player["picks"]) + 1):
        for subset in combinations(player["picks"], n):
            if sum(BUY_FACTS[c][0] for c in subset) > fish:
                continue
            cards = list(subset)
            value = worth.buy_worth(cards)
            options.append((cards, True, value))
            if any(CARDS[c].get("window") == T_AND_B for c in subset):
                options.append((cards, False, value - 0.1))
    cards, finish, _value = best_scored(options, lambda option: option[2], rng)
    return {"type": "buy", "cards": cards, "finish": finish}


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
    look = GridLook(player, outlook(state, seat))
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


def _playout_find(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    """The first treasure or oshax card in hand that can be played, with one tile: the oshax
    (in the colour its place and, solo, the sister's colour cards favour), else a rare
    treasure, else a common one, in the best of a few places by the cheap first look."""
    player = state["players"][seat]
    look = GridLook(player, outlook(state, seat))
    around = _around(player)
    for card in player["hand"]:
        info = CARDS[card]
        effect = info.get("effect", {})
        colours: tuple[str | None, ...] = (None,)
        if info["kind"] == "oshax":
            field, colours = "oshax", COLOURS
            shapes = {tile: TILE_SHAPE[tile] for tile in state["oshax"]}
        elif info["kind"] != "treasure":
            continue
        elif effect["rare"] and state["rares"]:
            field = "rare"
            shapes = {pile[-1]: TILE_SHAPE[pile[-1]] for pile in state["rares"]}
        elif not effect["rare_required"]:
            field = "commons"
            shapes = {shape: shape for shape in effect["common_shapes"] if state["commons"][shape]}
        else:
            continue
        best: tuple[float, str, str | None, tuple[int, ...]] | None = None
        for tile in rng.sample(sorted(shapes), min(PLAYOUT_TILES, len(shapes))):
            places = engine._placements(player, shapes[tile], around=around)
            for cells in rng.sample(places, min(PLAYOUT_PLACES, len(places))):
                for colour in colours:
                    worth = look.quick_at_colour(cells, colour)
                    if colour is not None:
                        worth -= look.outlook.colour_cost[colour]
                    if best is None or worth > best[0]:
                        best = (worth, tile, colour, cells)
        if best is None:
            continue
        _worth, tile, colour, cells = best
        xy = [[i % WIDTH, i // WIDTH] for i in cells]
        if field == "oshax":
            oshax = {"tile": tile, "colour": colour, "cells": xy}
            return {"type": "find", "card": card, "oshax": oshax}
        if field == "rare":
            return {"type": "find", "card": card, "rare": {"tile": tile, "cells": xy}}
        return {"type": "find", "card": card, "commons": [{"shape": tile, "cells": xy}]}
    return None
