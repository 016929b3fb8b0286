"""How a game of Space Bastards goes on: the round track, the plans revealed, the queue of
actions, ships' turns, dominance and the end (sections 5.3 to 5.8)."""

from __future__ import annotations

from typing import Any

from games.rules import Event, IllegalMove, Move, State, copy_state
from games.space_bastards.components import (
    ACTION_CARDS,
    CARDS_RETURN_AFTER,
    DOMINANCE_AFTER,
    DOUBLE_ACTION_COST,
    MONEY_PER_POINT,
    OFFER_SIZE,
    ROUNDS,
    SIDED,
)
from games.space_bastards.engine.board import NEUTRAL, _from_seat, _living, _owner
from games.space_bastards.engine.legal import (
    _action_possible,
    _change_moves,
    _movement_moves,
    to_act,
)
from games.space_bastards.engine.start import DEFAULT_PREFS, PREF_VALUES


def _deal(state: State, events: list[Event]) -> None:
    """Colonisation hands are discarded; the race deck fills the column and the offer (5.2)."""
    deck = state["race_deck"]
    state["rel"] = {rel: [deck[2 * i], deck[2 * i + 1]] for i, rel in enumerate(SIDED)}
    state["offer"] = deck[2 * len(SIDED) : 2 * len(SIDED) + OFFER_SIZE]
    state["race_deck"] = []
    state["colonise"] = None
    events.append(
        {
            "type": "dealt",
            "relationships": {rel: list(cards) for rel, cards in state["rel"].items()},
            "offer": list(state["offer"]),
        }
    )
    _next_track_item(state, events)


# --- the round track (5.3, 5.4) --------------------------------------------------------------


def _next_track_item(state: State, events: list[Event]) -> None:
    state["track_pos"] += 1
    kind, number = state["track"][state["track_pos"]]
    if kind == "flight":
        events.append({"type": "flight_step", "before_round": number})
        _start_ships(state, events)
        return
    state["round"] = number
    state["plans"] = [None] * state["seats"]
    state["revealed"] = None
    events.append({"type": "round_started", "round": number, "start_player": state["start"]})
    state["phase"] = "plan"
    if not to_act(state):
        _reveal(state, events)


def _plan(state: State, seat: int, move: Move, events: list[Event]) -> None:
    cards = move["cards"]
    if not isinstance(cards, list) or not 1 <= len(cards) <= 2:
        raise IllegalMove("Plan one or two action cards.")
    if any(type(card) is not str or card not in state["hands"][seat] for card in cards):
        raise IllegalMove("You can only plan cards from your hand.")
    if len(set(cards)) != len(cards):
        raise IllegalMove("Plan two different cards.")
    if len(cards) == 2 and state["money"][seat] < DOUBLE_ACTION_COST:
        raise IllegalMove("Two actions cost 2 money.")
    prefs = _check_prefs(state, seat, move.get("prefs"))
    state["plans"][seat] = {"cards": list(cards), "prefs": prefs}
    events.append({"type": "planned", "seat": seat})
    events.append({"type": "plan", "seat": seat, "cards": list(cards), "visible_to": [seat]})
    if not to_act(state):
        _reveal(state, events)


def _check_prefs(state: State, seat: int, prefs: Any) -> dict[str, Any] | None:
    if prefs is None:
        return None
    if not isinstance(prefs, dict) or not set(prefs) <= set(DEFAULT_PREFS):
        raise IllegalMove('prefs may only set "trade" and "diplomacy".')
    checked: dict[str, Any] = {}
    for card, entry in prefs.items():
        if not isinstance(entry, dict) or not set(entry) <= {"default", "seats"}:
            raise IllegalMove('Each preference has a "default" and "seats".')
        default = entry.get("default", DEFAULT_PREFS[card])
        if default not in PREF_VALUES:
            raise IllegalMove("A preference is accept, refuse or ask.")
        by_seat = entry.get("seats", {})
        if not isinstance(by_seat, dict):
            raise IllegalMove('"seats" maps seats to preferences.')
        others = {str(s) for s in range(state["seats"]) if s != seat}
        if not set(by_seat) <= others or any(v not in PREF_VALUES for v in by_seat.values()):
            raise IllegalMove("Preferences name other seats and accept, refuse or ask.")
        checked[card] = {"default": default, "seats": dict(by_seat)}
    return checked


def _reveal(state: State, events: list[Event]) -> None:
    """Planned cards go face up, doubles pay, preferences take effect, the queue forms (5.4 b)."""
    seats = state["seats"]
    revealed: list[list[str] | None] = [None] * seats
    for seat in range(seats):
        plan = state["plans"][seat]
        if plan is None:
            continue
        cards = plan["cards"]
        for card in cards:
            state["hands"][seat].remove(card)
            state["played"][seat].append(card)
        if len(cards) == 2:
            state["money"][seat] -= DOUBLE_ACTION_COST
        if plan["prefs"]:
            state["prefs"][seat].update(copy_state(plan["prefs"]))
        revealed[seat] = list(cards)
    state["plans"] = [None] * seats
    state["revealed"] = revealed
    events.append({"type": "plans_revealed", "cards": copy_state(revealed)})
    queue: list[list[Any]] = []
    order = _from_seat(state, state["start"])
    for card in state["options"]["priority"]:
        players = [s for s in order if card in (revealed[s] or ())]
        if card == "change":
            if players:
                queue.append(["change", None])
        else:
            queue.extend([card, s] for s in players)
    state["queue"] = queue
    _next_item(state, events)


def _next_item(state: State, events: list[Event]) -> None:
    """Start queue items until one needs a move; then pass the token and move ships (5.5)."""
    state["act"] = None
    state["movement"] = None
    while state["queue"]:
        card, seat = state["queue"].pop(0)
        if card == "change":
            if _start_change(state, events):
                return
            continue
        if card == "migration":
            _begin_movement(state, seat, "migration")
            state["phase"] = "migration"
            if any(m["type"] != "done" for m in _movement_moves(state, seat)):
                events.append({"type": "action_started", "seat": seat, "card": card})
                return
            state["movement"] = None
        else:
            state["act"] = {"card": card, "seat": seat, "uses": 0, "mutated": False}
            state["act"]["arranged"] = False
            state["phase"] = "action"
            if _action_possible(state):
                events.append({"type": "action_started", "seat": seat, "card": card})
                return
            state["act"] = None
        events.append({"type": "no_effect", "seat": seat, "card": card})
    state["start"] = (state["start"] + 1) % state["seats"]
    events.append({"type": "start_player", "seat": state["start"]})
    _start_ships(state, events)


def _start_ships(state: State, events: list[Event]) -> None:
    state["ship_order"] = _from_seat(state, state["start"])
    _next_ship_turn(state, events)


def _next_ship_turn(state: State, events: list[Event]) -> None:
    if state["ship_order"]:
        seat = state["ship_order"].pop(0)
        _begin_movement(state, seat, "ships")
        state["phase"] = "ships"
        return
    state["movement"] = None
    kind, number = state["track"][state["track_pos"]]
    if kind == "flight":
        _next_track_item(state, events)
        return
    if number in DOMINANCE_AFTER:
        _dominance(state, number, DOMINANCE_AFTER[number], events)
    if number == CARDS_RETURN_AFTER:
        for seat in range(state["seats"]):
            state["hands"][seat] = [c for c in ACTION_CARDS if c in state["hands"][seat]]
            state["hands"][seat] += [c for c in ACTION_CARDS if c in state["played"][seat]]
            state["hands"][seat].sort(key=ACTION_CARDS.index)
            state["played"][seat] = []
        events.append({"type": "cards_returned"})
    if number == ROUNDS:
        _end_game(state, events)
        return
    _next_track_item(state, events)


def _dominance(state: State, number: int, weight: int, events: list[Event]) -> None:
    """A colour with more living creatures on a planet than every other scores it (5.8).

    Each scoring is kept in `scorings` (who led each planet with how many, the points given),
    so that the end of the game can show every scoring, not only the last; states stored
    before the key existed get it at their next scoring."""
    winners: dict[str, int | None] = {}
    planets: dict[str, dict[str, Any]] = {}
    for planet in state["in_play"]:
        counts: dict[str, int] = {}
        for token in _living(state, planet):
            owner = _owner(token)
            counts[owner] = counts.get(owner, 0) + 1
        winner: int | None = None
        best = max(counts.values(), default=0)
        leaders = sorted(c for c, n in counts.items() if n == best)
        if len(leaders) == 1 and leaders[0] != NEUTRAL:
            winner = int(leaders[0])
            state["points"][winner] += weight
            state["scores"][winner][f"dominance_{number}"] += weight
        winners[planet] = winner
        planets[planet] = {
            "leaders": leaders,
            "count": best,
            "points": weight if winner is not None else 0,
        }
    state.setdefault("scorings", []).append({"round": number, "planets": planets})
    events.append({"type": "dominance", "round": number, "weight": weight, "planets": winners})


def _end_game(state: State, events: list[Event]) -> None:
    """Money buys points, 5 for 1 (section 8, Decision D19); the game is over."""
    for seat in range(state["seats"]):
        bought = state["money"][seat] // MONEY_PER_POINT
        state["money"][seat] -= bought * MONEY_PER_POINT
        state["points"][seat] += bought
        state["scores"][seat]["bought"] = bought
    events.append({"type": "points_bought", "points": [s["bought"] for s in state["scores"]]})
    state["phase"] = "over"
    state["act"] = state["movement"] = state["change"] = state["respond"] = None
    events.append({"type": "game_over", "scores": list(state["points"])})


# --- change of relationship ------------------------------------------------------------------


def _start_change(state: State, events: list[Event]) -> bool:
    """Set the turn order of the change item (5.6, Decision D26); False if nobody can act."""
    revealed = state["revealed"]
    order = _from_seat(state, state["start"])
    players = [s for s in order if revealed[s] is not None and "change" in revealed[s]]
    others = [s for s in _from_seat(state, players[0]) if s not in players]
    state["change"] = {
        "order": players + others,
        "card_players": players,
        "index": -1,
        "base": False,
        "swapped": False,
        "extra": 0,
    }
    state["locks"] = {}
    state["phase"] = "change"
    events.append({"type": "change_started", "order": players + others})
    return _next_change_turn(state, events)


def _next_change_turn(state: State, events: list[Event]) -> bool:
    change = state["change"]
    while change["index"] + 1 < len(change["order"]):
        change["index"] += 1
        change["base"] = False
        change["swapped"] = False
        change["extra"] = 0
        seat = change["order"][change["index"]]
        if _change_moves(state, seat):
            return True
        events.append({"type": "no_effect", "seat": seat, "card": "change"})
    state["locks"] = {}
    state["change"] = None
    events.append({"type": "locks_cleared"})
    return False


# --- ship movement (5.7) ---------------------------------------------------------------------


def _begin_movement(state: State, seat: int, kind: str) -> None:
    state["movement"] = {
        "seat": seat,
        "kind": kind,
        "steps": 0,
        "carried": False,
        "loaded_from": {},
        "jumps": 0,
    }
