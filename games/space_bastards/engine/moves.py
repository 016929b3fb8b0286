"""Space Bastards's moves, each checked whole before it changes the state, and what a move names
on the table."""

from __future__ import annotations

from typing import Any

from games.rules import Event, Fields, IllegalMove, State, check_move, copying
from games.space_bastards.engine.actions import _action, _respond
from games.space_bastards.engine.change import _change
from games.space_bastards.engine.colonisation import (
    _colonise_choose,
    _colonise_pick,
    _colonise_place,
)
from games.space_bastards.engine.legal import is_over, to_act
from games.space_bastards.engine.movement import _movement
from games.space_bastards.engine.rounds import _plan

MOVE_FIELDS = {
    "choose_planet": Fields(frozenset({"planet"})),
    "pick": Fields(frozenset({"race"})),
    "place": Fields(frozenset({"cells"}), frozenset({"rearrange"})),
    "plan": Fields(frozenset({"cards"}), frozenset({"prefs"})),
    "love": Fields(frozenset({"planet", "race", "cells"})),
    "shoot": Fields(frozenset({"planet", "target"})),
    "eat": Fields(frozenset({"planet", "target"})),
    "trade": Fields(frozenset({"decline"})),
    "diplomacy": Fields(frozenset({"decline"})),
    "respond": Fields(frozenset({"accept"})),
    "mutate": Fields(frozenset({"planet", "owner", "from", "to", "tokens", "cells"})),
    "arrange_corpses": Fields(frozenset({"planet", "layout"})),
    "exchange": Fields(frozenset({"relationship", "side", "race"})),
    "lock": Fields(frozenset({"relationship"})),
    "swap": Fields(frozenset({"relationship"})),
    "extra_lock": Fields(frozenset({"relationship"})),
    "ship_place": Fields(frozenset({"space"})),
    "ship_step": Fields(frozenset({"to"})),
    "load": Fields(frozenset({"token"})),
    "unload": Fields(frozenset({"token", "cells"})),
    "done": Fields(),
}
PHASE_MOVES: dict[str, frozenset[str]] = {
    "colonise_choose": frozenset({"choose_planet"}),
    "colonise_pick": frozenset({"pick"}),
    "colonise_place": frozenset({"place"}),
    "plan": frozenset({"plan"}),
    "respond": frozenset({"respond"}),
    "change": frozenset({"exchange", "lock", "swap", "extra_lock", "done"}),
    "ships": frozenset({"ship_place", "ship_step", "load", "unload", "done"}),
    "migration": frozenset({"ship_place", "ship_step", "load", "unload", "done"}),
}
ACTION_MOVES: dict[str, frozenset[str]] = {
    "love": frozenset({"love", "done"}),
    "shooting": frozenset({"shoot", "done"}),
    "eating": frozenset({"eat", "done"}),
    "trade": frozenset({"trade", "done"}),
    "diplomacy": frozenset({"diplomacy", "done"}),
    "mutation": frozenset({"mutate", "arrange_corpses", "done"}),
}


# --- moves -----------------------------------------------------------------------------------


def apply_in_place(state: State, seat: int, move: Any) -> list[Event]:
    """Validate the whole move first (raising IllegalMove), then mutate `state`."""
    kind = check_move(move, seat, over=is_over(state), seats=to_act(state), fields=MOVE_FIELDS)
    phase = state["phase"]
    allowed = ACTION_MOVES[state["act"]["card"]] if phase == "action" else PHASE_MOVES[phase]
    if kind not in allowed:
        raise IllegalMove("That move is not possible now.")
    events: list[Event] = []
    handler = _HANDLERS[phase]
    handler(state, seat, move, events)
    marked = [name for event in events if event.get("seat") == seat for name in named(event)]
    if marked:
        state.setdefault("last_named", [[] for _ in range(state["seats"])])[seat] = marked
    return events


apply = copying(apply_in_place)


_NAMES_TOKEN = frozenset({"placed", "born", "unloaded", "neutral_placed"})
_NAMES_PLANET = frozenset({"planet_chosen", "skipped", "corpses_arranged", "loaded"})


def named(event: Event) -> list[str]:
    """What on the table an event names: tokens, planets, spaces, race cards and relationships
    ("rel:love"). A log line marks them while it is read; a seat's last move that named
    anything stays marked by them (`last_named`). Secret events name nothing."""
    kind = event["type"]
    if kind in _NAMES_TOKEN:
        return [event["token"]]
    if kind in _NAMES_PLANET:
        return [event["planet"]]
    if kind == "cascade":
        return [event["planet"], event["new"]]
    if kind in ("shot", "eaten"):
        return [event["planet"], *event["tokens"]]
    if kind == "mutated":
        return [event["planet"], *event["new"]]
    if kind == "ship_moved":
        return [event["to"]]
    if kind == "exchanged":
        return [f"rel:{event['relationship']}", event["taken"]]
    if kind in ("locked", "swapped"):
        return [f"rel:{event['relationship']}"]
    return []


_HANDLERS: dict[str, Any] = {
    "colonise_choose": _colonise_choose,
    "colonise_pick": _colonise_pick,
    "colonise_place": _colonise_place,
    "plan": _plan,
    "action": _action,
    "respond": _respond,
    "change": _change,
    "ships": _movement,
    "migration": _movement,
}
