"""The moves a seat of the Isle of Cats may make now (section 6.12)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, product
from typing import Any

from games.isle_of_cats.components import CARDS, CAT_COLOUR, COLOURS, DAYS, TILE_SHAPE
from games.isle_of_cats.engine.boat import _around, _placements, _xy
from games.isle_of_cats.engine.flow import (
    T_AND_B,
    ZONES,
    _canonical_basket,
    quota,
    rescue_cost,
    to_act,
)
from games.isle_of_cats.engine.moves import _in_window
from games.rules import Move, State

# --- legal moves -------------------------------------------------------------------------------

Places = list[tuple[int, ...]]
Prune = Callable[[str, str | None, Places], Places]
"""For a bot: given a tile (or a common's shape), the colour it would have (None for a
treasure) and its legal placements, the placements worth listing as moves."""


def _every(_tile: str, _colour: str | None, places: Places) -> Places:
    return places


def legal_moves(state: State, seat: int, *, prune: Prune = _every) -> list[Move]:
    """Every move the seat may make now, enumerated as section 6.12 says. A bot may `prune` the
    placements of each tile before they become moves: a rescue turn can offer thousands."""
    if type(seat) is not int or seat not in to_act(state):
        return []
    phase = state["phase"]
    player = state["players"][seat]
    if player["look"] is not None:
        return _resolve_moves(player)
    if phase == "draft":
        need = min(3 if state["solo"] else 2, len(player["draft"]))
        return [{"type": "draft", "cards": list(c)} for c in combinations(player["draft"], need)]
    if phase == "buy":
        if player["bought"]:
            return [{"type": "done"}, *_play_moves(state, seat, prune)]
        return _buy_moves(player)
    if phase == "lesson_colours":
        waiting = [
            e["card"]
            for e in state["public_lessons"]
            if e["owner"] == seat and e["colour"] is None and CARDS[e["card"]]["choose_colour"]
        ]
        return [
            {"type": "choose_colours", "colours": dict(zip(waiting, combo, strict=True))}
            for combo in product(COLOURS, repeat=len(waiting))
        ]
    if phase == "rescue_select":
        rescue = [c for c in player["hand"] if CARDS[c]["kind"] == "rescue"]
        if len(rescue) <= 8:
            subsets = [list(s) for n in range(len(rescue) + 1) for s in combinations(rescue, n)]
        else:
            subsets = [[], *([c] for c in rescue), rescue]
        return [{"type": "select_rescue", "cards": s} for s in subsets]
    if phase == "arrange":
        return _arrange_moves(state)
    moves: list[Move] = [{"type": "pass"}]
    if phase == "rescue":
        moves.extend(_rescue_moves(state, seat, prune))
    else:
        moves.extend(_find_moves(state, seat, prune))
    moves.extend(_play_moves(state, seat, prune))
    return moves


def _resolve_moves(player: dict[str, Any]) -> list[Move]:
    look = player["look"]
    cards = look["cards"]
    effect = CARDS[look["card"]]["effect"]
    if effect["kind"] == "look_keep":
        if not cards:
            return [{"type": "resolve", "cards": []}]
        return [{"type": "resolve", "cards": [c]} for c in cards]
    limit = len(cards) if effect["max_buy"] is None else int(effect["max_buy"])
    moves = []
    for n in range(min(limit, len(cards)) + 1):
        for subset in combinations(cards, n):
            if sum(int(CARDS[c]["cost"]) for c in subset) <= player["fish"]:
                moves.append({"type": "resolve", "cards": list(subset)})
    return moves


def _buy_moves(player: dict[str, Any]) -> list[Move]:
    moves: list[Move] = []
    picks = player["picks"]
    for n in range(len(picks) + 1):
        for subset in combinations(picks, n):
            if sum(int(CARDS[c]["cost"]) for c in subset) > player["fish"]:
                continue
            moves.append({"type": "buy", "cards": list(subset), "finish": True})
            if any(CARDS[c].get("window") == T_AND_B for c in subset):
                moves.append({"type": "buy", "cards": list(subset), "finish": False})
    return moves


def _arrange_moves(state: State) -> list[Move]:
    held = state["held"]
    q = min(quota(state), len(held))
    left, right = held[:q], held[q:]
    moves: list[Move] = [{"type": "arrange", "left": list(left), "right": list(right)}]
    for a in range(len(left)):
        for b in range(len(right)):
            new_left, new_right = list(left), list(right)
            new_left[a], new_right[b] = right[b], left[a]
            moves.append({"type": "arrange", "left": new_left, "right": new_right})
    return moves


def _rescue_moves(state: State, seat: int, prune: Prune) -> list[Move]:
    player = state["players"][seat]
    around = _around(player)
    basket = _canonical_basket(player)
    if basket is None:
        return []
    moves: list[Move] = []
    for zone in ZONES:
        if player["fish"] < rescue_cost(player, zone):
            continue
        for tile in state["zones"][zone]:
            places = _placements(player, TILE_SHAPE[tile], around=around)
            for cells in prune(tile, CAT_COLOUR[tile], places):
                moves.append(
                    {
                        "type": "rescue",
                        "tile": tile,
                        "zone": zone,
                        "basket": dict(basket),
                        "cells": _xy(cells),
                    }
                )
    return moves


def _rare_choices(state: State) -> list[str]:
    """One rare tile per stack: tiles of one stack are identical."""
    return [pile[-1] for pile in state["rares"]]


def _common_choices(state: State, shapes: list[str] | tuple[str, ...]) -> list[str]:
    return [shape for shape in shapes if state["commons"][shape]]


def _find_moves(state: State, seat: int, prune: Prune) -> list[Move]:
    player = state["players"][seat]
    around = _around(player)
    moves: list[Move] = []
    for card in dict.fromkeys(player["hand"]):
        info = CARDS[card]
        if info["kind"] == "oshax":
            for tile in state["oshax"]:
                places = _placements(player, TILE_SHAPE[tile], around=around)
                kept = {colour: set(prune(tile, colour, places)) for colour in COLOURS}
                for cells in places:
                    xy = _xy(cells)
                    for colour in COLOURS:
                        if cells not in kept[colour]:
                            continue
                        moves.append(
                            {
                                "type": "find",
                                "card": card,
                                "oshax": {"tile": tile, "colour": colour, "cells": xy},
                            }
                        )
        elif info["kind"] == "treasure":
            effect = info["effect"]
            if effect["rare"]:
                for tile in _rare_choices(state):
                    places = _placements(player, TILE_SHAPE[tile], around=around)
                    for cells in prune(tile, None, places):
                        moves.append(
                            {
                                "type": "find",
                                "card": card,
                                "rare": {"tile": tile, "cells": _xy(cells)},
                            }
                        )
            if not effect["rare_required"] and effect["commons"]:
                for shape in _common_choices(state, effect["common_shapes"]):
                    for cells in prune(shape, None, _placements(player, shape, around=around)):
                        moves.append(
                            {
                                "type": "find",
                                "card": card,
                                "commons": [{"shape": shape, "cells": _xy(cells)}],
                            }
                        )
    return moves


def _play_moves(state: State, seat: int, prune: Prune) -> list[Move]:
    player = state["players"][seat]
    around = _around(player)
    moves: list[Move] = []
    for card in player["hand"]:
        info = CARDS[card]
        if info["kind"] != "anytime" or not _in_window(state, seat, info):
            continue
        effect = info["effect"]
        kind = effect["kind"]
        if kind == "rescue":
            for zone in effect["zones"]:
                cost = rescue_cost(player, zone) if effect["pay_fish"] else 0
                if player["fish"] < cost:
                    continue
                for tile in state["zones"][zone]:
                    places = _placements(player, TILE_SHAPE[tile], around=around)
                    for cells in prune(tile, CAT_COLOUR[tile], places):
                        rescue = {"tile": tile, "zone": zone, "cells": _xy(cells)}
                        moves.append({"type": "play", "card": card, "rescues": [rescue]})
        elif kind == "take_commons":
            for shape in _common_choices(state, effect["shapes"]):
                for cells in prune(shape, None, _placements(player, shape, around=around)):
                    common = {"shape": shape, "cells": _xy(cells)}
                    moves.append({"type": "play", "card": card, "commons": [common]})
        elif kind == "refund_last_rescue":
            if player["last_paid"] is not None:
                moves.append({"type": "play", "card": card})
        elif kind == "arrange_next_refill":
            if state["day"] < DAYS:
                moves.append({"type": "play", "card": card})
        else:
            moves.append({"type": "play", "card": card})
    return moves
