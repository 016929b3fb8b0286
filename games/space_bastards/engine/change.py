"""Space Bastards's change of relationship (5.6, Decision D26)."""

from __future__ import annotations

from typing import Any

from games.rules import Event, IllegalMove, Move, State
from games.space_bastards.components import EXTRA_LOCK_COST, EXTRA_LOCK_MAX, SIDED, SWAP_COST
from games.space_bastards.engine.actions import _pay_boost
from games.space_bastards.engine.board import _card_race
from games.space_bastards.engine.legal import _change_moves
from games.space_bastards.engine.rounds import _next_change_turn, _next_item


def _relationship_arg(value: Any) -> str:
    if type(value) is not str or value not in SIDED:
        raise IllegalMove("Name one of the seven relationships with races.")
    return value


def _change(state: State, seat: int, move: Move, events: list[Event]) -> None:
    change = state["change"]
    kind = move["type"]
    card_player = seat in change["card_players"]
    locks = state["locks"]
    if kind == "done":
        events.append({"type": "change_done", "seat": seat})
        if not _next_change_turn(state, events):
            _next_item(state, events)
        return
    rel = _relationship_arg(move["relationship"])
    if kind in ("exchange", "lock"):
        if change["base"]:
            raise IllegalMove("You already changed or locked a relationship this turn.")
        if rel in locks:
            raise IllegalMove("That relationship is locked.")
        if kind == "exchange":
            side = move["side"]
            race = move["race"]
            if side not in (0, 1) or type(side) is not int:
                raise IllegalMove("Side is 0 or 1.")
            given = state["rel"][rel][side]
            offered = [c for c in state["offer"] if _card_race(c) == race]
            if not offered:
                raise IllegalMove("The offer has no card of that race.")
            if race == _card_race(given):
                raise IllegalMove("Take a card of a different race.")
            taken = min(offered, key=lambda c: int(c.split("-")[1]))
            state["offer"][state["offer"].index(taken)] = given
            state["rel"][rel][side] = taken
            events.append(
                {
                    "type": "exchanged",
                    "seat": seat,
                    "relationship": rel,
                    "side": side,
                    "given": given,
                    "taken": taken,
                }
            )
        else:
            events.append({"type": "locked", "seat": seat, "relationship": rel})
        locks[rel] = seat
        change["base"] = True
        if not card_player:
            if not _next_change_turn(state, events):
                _next_item(state, events)
            return
    elif kind == "swap":
        if not card_player:
            raise IllegalMove("Only a player of the change card may swap.")
        if change["swapped"]:
            raise IllegalMove("You already swapped this turn.")
        if state["money"][seat] < SWAP_COST:
            raise IllegalMove("A swap costs 1 money.")
        if locks.get(rel, seat) != seat:
            raise IllegalMove("That relationship is locked by another seat.")
        _pay_boost(state, seat, SWAP_COST, events)
        state["rel"][rel].reverse()
        change["swapped"] = True
        events.append({"type": "swapped", "seat": seat, "relationship": rel})
    else:
        if not card_player:
            raise IllegalMove("Only a player of the change card may lock more.")
        if change["extra"] >= EXTRA_LOCK_MAX:
            raise IllegalMove("At most two extra locks.")
        if state["money"][seat] < EXTRA_LOCK_COST:
            raise IllegalMove("An extra lock costs 1 money.")
        if rel in locks:
            raise IllegalMove("That relationship is already locked.")
        _pay_boost(state, seat, EXTRA_LOCK_COST, events)
        locks[rel] = seat
        change["extra"] += 1
        events.append({"type": "locked", "seat": seat, "relationship": rel, "extra": True})
    if not _change_moves(state, seat) and not _next_change_turn(state, events):
        _next_item(state, events)
