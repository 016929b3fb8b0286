"""Space Bastards's ship movement: steps, loading and unloading (5.7, Decision J1)."""

from __future__ import annotations

from games.rules import Event, IllegalMove, Move, State
from games.space_bastards.components import ADJACENT, MIGRATION_FREE_STEPS, MIGRATION_STEP_COST
from games.space_bastards.engine.actions import _pay_boost
from games.space_bastards.engine.board import _cells_list, _occupied, _race
from games.space_bastards.engine.colonisation import _check_shape, _parse_cells
from games.space_bastards.engine.legal import _loadable, _other_ships, _step_options, _stop_planet
from games.space_bastards.engine.rounds import _next_item, _next_ship_turn


def _movement(state: State, seat: int, move: Move, events: list[Event]) -> None:
    movement = state["movement"]
    ship = state["ships"][seat]
    kind = move["type"]
    if kind == "done":
        if ship["space"] is not None and ship["space"] in _other_ships(state, seat):
            raise IllegalMove("You cannot stop on a space with another ship.")
        events.append({"type": "movement_done", "seat": seat})
        if movement["kind"] == "migration":
            _next_item(state, events)
        else:
            _next_ship_turn(state, events)
        return
    if kind == "ship_place":
        space = move["space"]
        if ship["space"] is not None:
            raise IllegalMove("Your ship is already on the board.")
        if type(space) is not str or space not in ADJACENT:
            raise IllegalMove("Name a space.")
        if space in _other_ships(state, seat):
            raise IllegalMove("Another ship is on that space.")
        ship["space"] = space
        events.append({"type": "ship_moved", "seat": seat, "from": None, "to": space})
        return
    if ship["space"] is None:
        raise IllegalMove("Place your ship on the board first.")
    if kind == "ship_step":
        target = move["to"]
        options = dict(_step_options(state, seat))
        if type(target) is not str or target not in options:
            raise IllegalMove("Your ship cannot move there now.")
        cost = options[target]
        if cost:
            if ship["cargo"]:
                movement["carried"] = True
            if movement["kind"] == "migration" and movement["steps"] >= MIGRATION_FREE_STEPS:
                _pay_boost(state, seat, MIGRATION_STEP_COST, events)
            movement["steps"] += 1
        movement["jumps"] = 0 if cost else movement.get("jumps", 0) + 1
        events.append({"type": "ship_moved", "seat": seat, "from": ship["space"], "to": target})
        ship["space"] = target
        return
    planet = _stop_planet(state, seat)
    if planet is None:
        raise IllegalMove("Load and unload only at a free dock of a planet in play.")
    token = move["token"]
    if kind == "load":
        if type(token) is not str or token not in _loadable(state, seat, planet):
            raise IllegalMove("You cannot load that token here.")
        ship["cargo"].append(token)
        del state["board"][planet][token]
        movement["loaded_from"][token] = planet
        events.append({"type": "loaded", "seat": seat, "planet": planet, "token": token})
        return
    if type(token) is not str or token not in ship["cargo"]:
        raise IllegalMove("That token is not in your ship.")
    if movement["loaded_from"].get(token) == planet:
        raise IllegalMove("A creature cannot return to the planet it boarded from this move.")
    cells = _parse_cells(move["cells"])
    _check_shape(planet, _race(token), cells)
    if not _occupied(state, planet).isdisjoint(cells):
        raise IllegalMove("Those cells are not free.")
    ship["cargo"].remove(token)
    state["board"][planet][token] = {"cells": _cells_list(cells), "dead": False}
    events.append(
        {
            "type": "unloaded",
            "seat": seat,
            "planet": planet,
            "token": token,
            "cells": _cells_list(cells),
        }
    )
