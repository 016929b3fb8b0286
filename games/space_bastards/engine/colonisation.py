"""Space Bastards's colonisation: planets chosen, races picked and creatures placed (5.1)."""

from __future__ import annotations

from typing import Any

from games.rules import Event, IllegalMove, Move, State
from games.space_bastards.components import (
    PLACEMENT_SETS,
    PLANET_CELLS,
    PLANET_NAME,
    RACE_NAME,
    RACES,
    RANK,
    Cell,
)
from games.space_bastards.engine.board import (
    NEUTRAL,
    _cells_list,
    _free_placements,
    _from_seat,
    _has_free_placement,
    _occupied,
    _race,
    _return,
    _take,
    pack,
)
from games.space_bastards.engine.legal import _chooser
from games.space_bastards.engine.rounds import _deal

# --- colonisation (5.1) ----------------------------------------------------------------------


def _colonise_choose(state: State, seat: int, move: Move, events: list[Event]) -> None:
    col = state["colonise"]
    planet = move["planet"]
    if type(planet) is not str or planet not in state["in_play"]:
        raise IllegalMove("Choose a planet in play.")
    if planet in col["colonised"]:
        raise IllegalMove("That planet is already colonised.")
    col["planet"] = planet
    col["colonised"].append(planet)
    col["placed"] = []
    events.append({"type": "planet_chosen", "seat": seat, "planet": planet})
    if state["seats"] == 2:
        race = state["neutral_races"].pop(0)
        token = _take(state, NEUTRAL, race)
        cells = _free_placements(state, planet, race, _occupied(state, planet))[0]
        state["board"][planet][token] = {"cells": _cells_list(cells), "dead": False}
        events.append(
            {
                "type": "neutral_placed",
                "planet": planet,
                "token": token,
                "cells": _cells_list(cells),
            }
        )
    col["picks"] = [None] * state["seats"]
    state["phase"] = "colonise_pick"


def _colonise_pick(state: State, seat: int, move: Move, events: list[Event]) -> None:
    col = state["colonise"]
    race = move["race"]
    if type(race) is not str or race not in RACES:
        raise IllegalMove("Pick a race.")
    if col["hands"][seat][race] <= 0:
        raise IllegalMove("You have no token of that race left to colonise with.")
    col["picks"][seat] = race
    events.append({"type": "picked", "seat": seat})
    events.append({"type": "pick", "seat": seat, "race": race, "visible_to": [seat]})
    if None in col["picks"]:
        return
    events.append({"type": "picks_revealed", "picks": list(col["picks"])})
    col["queue"] = _from_seat(state, _chooser(state))
    _next_placer(state, events)


def _next_placer(state: State, events: list[Event]) -> None:
    col = state["colonise"]
    while col["queue"]:
        seat = col["queue"].pop(0)
        if _prepare_placer(state, seat, events):
            col["placer"] = seat
            state["phase"] = "colonise_place"
            return
    col["placer"] = None
    col["token"] = col["race"] = col["mode"] = None
    col["turn"] += 1
    if col["turn"] < len(state["in_play"]):
        col["planet"] = None
        col["picks"] = [None] * state["seats"]
        state["phase"] = "colonise_choose"
        return
    _deal(state, events)


def _lowest_in_hand(hand: dict[str, int]) -> str:
    return next(race for race in RACES if hand[race] > 0)


def _planet_pieces(state: State, planet: str) -> list[str]:
    col = state["colonise"]
    return [_race(t) for t in state["board"][planet]] + [_race(t) for t in col["pending"]]


def _mode_for(state: State, planet: str, race: str) -> str | None:
    if _has_free_placement(planet, race, _occupied(state, planet)):
        return "free"
    if pack(PLANET_CELLS[planet], [*_planet_pieces(state, planet), race]):
        return "rearrange"
    return None


def _prepare_placer(state: State, seat: int, events: list[Event]) -> bool:
    """Fix the placing race and mode of `seat` (5.1.4); False when it is skipped."""
    col = state["colonise"]
    planet = col["planet"]
    hand = col["hands"][seat]
    race = col["picks"][seat]
    mode = _mode_for(state, planet, race)
    if mode is None:
        lowest = _lowest_in_hand(hand)
        if lowest != race:
            mode = _mode_for(state, planet, lowest)
        if mode is None and _cascade(state, lowest, events):
            mode = "rearrange"
        if mode is None:
            events.append({"type": "skipped", "seat": seat, "planet": planet})
            return False
        if lowest != race:
            events.append({"type": "substituted", "seat": seat, "picked": race, "race": lowest})
        race = lowest
    token = _take(state, str(seat), race)
    hand[race] -= 1
    col["token"] = token
    col["race"] = race
    col["mode"] = mode
    events.append({"type": "placing", "seat": seat, "race": race, "mode": mode, "token": token})
    return True


def _cascade(state: State, race: str, events: list[Event]) -> bool:
    """Replace earlier placers' tokens by smaller ones until `race` packs (5.1.4 step 4)."""
    col = state["colonise"]
    planet = col["planet"]
    pieces = [*_planet_pieces(state, planet), race]
    hands = [dict(hand) for hand in col["hands"]]
    replaced: list[tuple[int, str]] = []
    for index in reversed(range(len(col["placed"]))):
        seat, token = col["placed"][index]
        current = _race(token)
        smaller = _lowest_in_hand(hands[seat])
        if RANK[smaller] >= RANK[current]:
            continue
        hands[seat][current] += 1
        hands[seat][smaller] -= 1
        pieces.remove(current)
        pieces.append(smaller)
        replaced.append((index, smaller))
        if pack(PLANET_CELLS[planet], pieces):
            for where, new_race in replaced:
                owner, old = col["placed"][where]
                del state["board"][planet][old]
                _return(state, old)
                col["hands"][owner][_race(old)] += 1
                new = _take(state, str(owner), new_race)
                col["hands"][owner][new_race] -= 1
                col["pending"].append(new)
                col["placed"][where] = [owner, new]
                events.append(
                    {"type": "cascade", "seat": owner, "planet": planet, "old": old, "new": new}
                )
            return True
    return False


def _parse_cells(value: Any) -> frozenset[Cell]:
    if not isinstance(value, list) or not value:
        raise IllegalMove("Cells must be a list of [row, col] pairs.")
    cells: set[Cell] = set()
    for cell in value:
        if (
            not isinstance(cell, list)
            or len(cell) != 2
            or type(cell[0]) is not int
            or type(cell[1]) is not int
        ):
            raise IllegalMove("Cells must be a list of [row, col] pairs.")
        cells.add((cell[0], cell[1]))
    if len(cells) != len(value):
        raise IllegalMove("A cell is listed twice.")
    return frozenset(cells)


def _check_shape(planet: str, race: str, cells: frozenset[Cell]) -> None:
    if cells not in PLACEMENT_SETS[planet][race]:
        raise IllegalMove(
            "Those cells do not fit a token of the %(race)s on %(planet)s.",
            race=RACE_NAME[race],
            planet=PLANET_NAME[planet],
        )


def _colonise_place(state: State, seat: int, move: Move, events: list[Event]) -> None:
    col = state["colonise"]
    planet = col["planet"]
    race = col["race"]
    cells = _parse_cells(move["cells"])
    _check_shape(planet, race, cells)
    layout: dict[str, frozenset[Cell]] = {}
    if col["mode"] == "free":
        if "rearrange" in move:
            raise IllegalMove("Rearranging is only allowed when your token does not fit.")
        if not _occupied(state, planet).isdisjoint(cells):
            raise IllegalMove("Those cells are not free.")
    else:
        rearrange = move.get("rearrange")
        if not isinstance(rearrange, dict):
            raise IllegalMove("Give new cells for every other token on the planet.")
        others = list(state["board"][planet]) + list(col["pending"])
        if set(rearrange) != set(others):
            raise IllegalMove("Give new cells for every other token on the planet exactly once.")
        used = set(cells)
        for token in others:
            placed = _parse_cells(rearrange[token])
            _check_shape(planet, _race(token), placed)
            if not used.isdisjoint(placed):
                raise IllegalMove("The rearranged tokens overlap.")
            used |= placed
            layout[token] = placed
    for token, placed in layout.items():
        state["board"][planet][token] = {"cells": _cells_list(placed), "dead": False}
    token = col["token"]
    state["board"][planet][token] = {"cells": _cells_list(cells), "dead": False}
    col["placed"].append([seat, token])
    col["pending"] = []
    events.append(
        {
            "type": "placed",
            "seat": seat,
            "planet": planet,
            "token": token,
            "cells": _cells_list(cells),
            "rearranged": {t: _cells_list(c) for t, c in layout.items()},
        }
    )
    col["token"] = col["race"] = col["mode"] = None
    _next_placer(state, events)
