"""Seven Dragons's moves: those a seat may make, and each one checked whole before it changes the
state (section 6)."""

from __future__ import annotations

from typing import Any

from games.rules import Event, Fields, IllegalMove, State, check_move, copying
from games.seven_dragons.components import ACTION_COLOR, ACTION_OF, GOAL_SLOTS, SILVER
from games.seven_dragons.engine.flow import _draw, _finish_move, _goals_held, is_over, to_act
from games.seven_dragons.engine.layout import (
    FIRST_ACTION,
    LAST_DRAGON,
    PLACED,
    ROTS,
    SILVER_CELL,
    Cell,
    Grid,
    _bonus_mask,
    _colors_of,
    _facing,
    _fits,
    _frontier,
    _grid,
)

MOVE_FIELDS = {
    "play_dragon": Fields(optional=frozenset({"card", "x", "y", "rot"})),
    "play_action": Fields(optional=frozenset({"card", "place", "action"})),
}
"""Each move's fields; the rules refuse a missing one in words that name the move."""
ACTION_PLACES = ("top", "bottom")
ROTATE_DIRS = ("cw", "ccw")


# ---------------------------------------------------------------- validation


def _int(value: Any, what: str) -> int:
    """`what` names the field in English, a msgid the site translates (`ENGINE_NAMES`)."""
    if type(value) is not int:
        raise IllegalMove("%(what)s must be a whole number.", what=what)
    return value


def _fields(payload: dict[str, Any], expected: set[str], what: str) -> None:
    """`what` names the move in English, a msgid the site translates (`ENGINE_NAMES`)."""
    if payload.keys() != expected:
        names = ", ".join(sorted(expected - {"type"}))
        raise IllegalMove("%(what)s needs exactly these fields: %(names)s.", what=what, names=names)


def _rot(value: Any) -> int:
    if type(value) is not int or value not in ROTS:
        raise IllegalMove("Rotation must be 0 or 180.")
    return value


def _held(state: State, seat: int, value: Any) -> int:
    card = _int(value, "The card")
    if card not in state["hands"][seat]:
        raise IllegalMove("You do not hold that card.")
    return card


def _placement(grid: Grid, card: int, x: int, y: int, rot: int, skip: Cell | None) -> int:
    """Check a placement and return its bonus colour mask."""
    if (x, y) in grid and (x, y) != skip:
        raise IllegalMove("That cell is already taken.")
    f = _facing(grid, x, y, skip)
    if f is None:
        raise IllegalMove("The card must touch a card of the layout.")
    k = card * 2 + (rot == 180)
    if not _fits(k, f):
        raise IllegalMove("No colour of the card meets the same colour on a neighbour.")
    return _bonus_mask(k, f)


def _table_cell(state: State, value: Any) -> tuple[int, int, int, int]:
    """The layout row of a card targeted by an action, as (index, x, y, rot)."""
    card = _int(value, "The target card")
    if card == SILVER:
        raise IllegalMove("The silver dragon never leaves the centre.")
    for i, (c, x, y, rot) in enumerate(state["layout"]):
        if c == card:
            return i, x, y, rot
    raise IllegalMove("That card is not on the table.")


def _check_dragon(
    state: State, seat: int, move: dict[str, Any]
) -> tuple[int, int, int, int, int, Grid]:
    _fields(move, {"type", "card", "x", "y", "rot"}, "A dragon move")
    card = _int(move["card"], "The card")
    if not 1 <= card <= LAST_DRAGON:
        raise IllegalMove("Only dragon cards go into the layout.")
    _held(state, seat, card)
    x = _int(move["x"], "x")
    y = _int(move["y"], "y")
    rot = _rot(move["rot"])
    grid = _grid(state["layout"], state["silver"])
    bonus = _placement(grid, card, x, y, rot, None)
    return card, x, y, rot, bonus, grid


def _check_action(state: State, seat: int, move: dict[str, Any]) -> tuple[Any, ...]:
    _fields(move, {"type", "card", "place", "action"}, "An action move")
    card = _int(move["card"], "The card")
    if card not in ACTION_OF:
        raise IllegalMove("Only action cards go onto the action pile.")
    _held(state, seat, card)
    place = move["place"]
    if place not in ACTION_PLACES or not isinstance(place, str):
        raise IllegalMove('Place must be "top" or "bottom".')
    payload = move["action"]
    if payload is None:
        if place == "bottom":
            raise IllegalMove("A card put under the pile must carry out its action.")
        return (card, place, None)
    if not isinstance(payload, dict):
        raise IllegalMove("The action must be an object or null.")
    silver = ACTION_COLOR[card] if place == "top" else state["silver"]
    kind = ACTION_OF[card]
    if kind == "move_card":
        _fields(payload, {"card", "x", "y", "rot"}, "Moving a card")
        index, ox, oy, orot = _table_cell(state, payload["card"])
        x = _int(payload["x"], "x")
        y = _int(payload["y"], "y")
        rot = _rot(payload["rot"])
        if (x, y, rot) == (ox, oy, orot):
            raise IllegalMove("The card must change its cell or its rotation.")
        grid = _grid(state["layout"], silver)
        bonus = _placement(grid, state["layout"][index][0], x, y, rot, (ox, oy))
        return (card, place, kind, index, x, y, rot, bonus)
    if kind == "zap_card":
        _fields(payload, {"card"}, "Zapping a card")
        index = _table_cell(state, payload["card"])[0]
        return (card, place, kind, index)
    if kind == "rotate_goals":
        _fields(payload, {"dir"}, "Rotating goals")
        direction = payload["dir"]
        if not isinstance(direction, str) or direction not in ROTATE_DIRS:
            raise IllegalMove('The direction must be "cw" or "ccw".')
        return (card, place, kind, direction)
    if kind == "trade_goals":
        _fields(payload, {"slot"}, "Trading goals")
        slot = _int(payload["slot"], "The slot")
        if not 0 <= slot < GOAL_SLOTS:
            raise IllegalMove("There is no such goal slot.")
        if slot == seat:
            raise IllegalMove("Trade with another goal slot than your own.")
        return (card, place, kind, slot)
    _fields(payload, {"seat"}, "Trading hands")
    other = _int(payload["seat"], "The seat")
    if not 0 <= other < state["seats"]:
        raise IllegalMove("There is no such player.")
    if other == seat:
        raise IllegalMove("Trade hands with another player.")
    return (card, place, kind, other)


# ---------------------------------------------------------------- moves


def _apply_dragon(
    state: State, seat: int, plan: tuple[int, int, int, int, int, Grid]
) -> list[Event]:
    card, x, y, rot, bonus, grid = plan
    state["hands"][seat].remove(card)
    state["layout"].append([card, x, y, rot])
    grid[(x, y)] = PLACED[card * 2 + (rot == 180)]
    bonus_colors = _colors_of(bonus)
    events: list[Event] = [
        {
            "type": "played_dragon",
            "seat": seat,
            "card": card,
            "x": x,
            "y": y,
            "rot": rot,
            "bonus_colors": bonus_colors,
            "bonus_drawn": 0,
        }
    ]
    if len(bonus_colors) > 1:
        events[0]["bonus_drawn"] = _draw(state, seat, len(bonus_colors) - 1, events)
    return events


def _apply_action(state: State, seat: int, plan: tuple[Any, ...]) -> list[Event]:
    card, place, payload_kind = plan[0], plan[1], plan[2] if len(plan) > 2 else None
    state["hands"][seat].remove(card)
    if place == "top":
        state["action_pile"].append(card)
        state["silver"] = ACTION_COLOR[card]
    else:
        state["action_pile"].insert(0, card)
    played: Event = {
        "type": "played_action",
        "seat": seat,
        "card": card,
        "action": ACTION_OF[card],
        "place": place,
        "payload": None,
        "silver": state["silver"],
    }
    events: list[Event] = [played]
    if payload_kind == "move_card":
        index, x, y, rot, bonus = plan[3:]
        row = state["layout"][index]
        target = row[0]
        played["payload"] = {"card": target, "x": x, "y": y, "rot": rot}
        bonus_colors = _colors_of(bonus)
        moved: Event = {
            "type": "card_moved",
            "seat": seat,
            "card": target,
            "from": [row[1], row[2], row[3]],
            "x": x,
            "y": y,
            "rot": rot,
            "bonus_colors": bonus_colors,
            "bonus_drawn": 0,
        }
        state["layout"][index] = [target, x, y, rot]
        events.append(moved)
        if len(bonus_colors) > 1:
            moved["bonus_drawn"] = _draw(state, seat, len(bonus_colors) - 1, events)
    elif payload_kind == "zap_card":
        target = state["layout"].pop(plan[3])[0]
        state["hands"][seat].append(target)
        played["payload"] = {"card": target}
        events.append({"type": "card_zapped", "seat": seat, "card": target})
    elif payload_kind == "rotate_goals":
        slots = state["slots"]
        if plan[3] == "cw":
            slots.insert(0, slots.pop())
        else:
            slots.append(slots.pop(0))
        played["payload"] = {"dir": plan[3]}
        events.append({"type": "goals_rotated", "seat": seat, "dir": plan[3]})
    elif payload_kind == "trade_goals":
        slots = state["slots"]
        slot = plan[3]
        slots[seat], slots[slot] = slots[slot], slots[seat]
        played["payload"] = {"slot": slot}
        events.append({"type": "goals_traded", "seat": seat, "slot": slot})
    elif payload_kind == "trade_hands":
        hands = state["hands"]
        other = plan[3]
        hands[seat], hands[other] = hands[other], hands[seat]
        played["payload"] = {"seat": other}
        events.append({"type": "hands_traded", "seat": seat, "other": other})
    return events


def apply_in_place(state: State, seat: int, move: Any) -> list[Event]:
    """Validate the whole move, then change ``state`` and return the events."""
    kind = check_move(move, seat, over=is_over(state), seats=to_act(state), fields=MOVE_FIELDS)
    if kind == "play_dragon":
        plan = _check_dragon(state, seat, move)
        events = _apply_dragon(state, seat, plan)
        grid = plan[5]
        changed = [(plan[1], plan[2])]
        fresh: set[str] = set()
    else:
        silver = state["silver"]
        held = _goals_held(state)
        action = _check_action(state, seat, move)
        events = _apply_action(state, seat, action)
        grid = _grid(state["layout"], state["silver"])
        changed = _changed_by_action(action, silver, state["silver"])
        fresh = _goals_held(state) - held
    _remember_last(state, seat, events[0])
    _learn(state, seat, events[0])
    _remember_placers(state, seat, events[0])
    _finish_move(state, seat, events, grid, changed, fresh)
    return events


def _remember_last(state: State, seat: int, played: Event) -> None:
    """Each seat's last card played (and the card it moved), public, for the table to mark."""
    last = list(state.get("last") or [None] * state["seats"])
    moved = played.get("payload") or {}
    last[seat] = {"card": played["card"], "moved": moved.get("card") if "x" in moved else None}
    state["last"] = last


def _remember_placers(state: State, seat: int, played: Event) -> None:
    """Which goal slot each card on the table was laid for (`placed_for`, public, by card id):
    the slot of the seat that played or last moved it, following that goal card through
    rotations and trades, since a seat lays cards towards the goal it holds then. A state
    stored before this memory existed starts it empty."""
    placed: list[int | None] = list(state.get("placed_for") or [None] * (LAST_DRAGON + 1))
    payload: dict[str, Any] = played.get("payload") or {}
    action = played["action"] if payload else None
    if played["type"] == "played_dragon":
        placed[played["card"]] = seat
    elif action == "move_card":
        placed[payload["card"]] = seat
    elif action == "zap_card":
        placed[payload["card"]] = None
    elif action == "rotate_goals":
        shift = 1 if payload["dir"] == "cw" else -1
        placed = [None if slot is None else (slot + shift) % GOAL_SLOTS for slot in placed]
    elif action == "trade_goals":
        swap = {seat: payload["slot"], payload["slot"]: seat}
        placed = [swap.get(slot, slot) if slot is not None else None for slot in placed]
    state["placed_for"] = placed


def _learn(state: State, seat: int, played: Event) -> None:
    """What each seat learns of the others' hands and goals from a move (the `known_hands` and
    `known_goals` of its view; section 7 keeps hands and goals private, not a seat's memory).

    A played card leaves what anyone knew of its player's hand; a zapped card joins it for
    everyone. Hands and goals that change places carry what each seat knew of them along, and
    the seats that gave a hand or a goal away know where it went. A state stored before this
    memory existed starts it empty, since it only ever holds what is true."""
    n = state["seats"]
    old_hands = state.get("known_hands") or [[[] for _ in range(n)] for _ in range(n)]
    card = played["card"]
    hands = [
        [[c for c in cards if c != card] if other == seat else cards[:] for other, cards in row]
        for row in map(enumerate, old_hands)
    ]
    goals = [row[:] for row in state.get("known_goals") or [[None] * GOAL_SLOTS] * n]
    payload: dict[str, Any] = played.get("payload") or {}
    action = played["action"] if payload else None
    if action == "zap_card":
        for viewer in range(n):
            if viewer != seat:
                hands[viewer][seat].append(payload["card"])
    elif action == "trade_hands":
        other = payload["seat"]
        for row in hands:
            row[seat], row[other] = row[other], row[seat]
        for viewer, partner in ((seat, other), (other, seat)):
            hands[viewer][viewer] = []
            hands[viewer][partner] = sorted(state["hands"][partner])
    elif action == "rotate_goals":
        shift = 1 if payload["dir"] == "cw" else -1
        for viewer, row in enumerate(goals):
            row[:] = [row[(slot - shift) % GOAL_SLOTS] for slot in range(GOAL_SLOTS)]
            given = (viewer + shift) % GOAL_SLOTS
            row[given] = state["slots"][given]
            row[viewer] = None
    elif action == "trade_goals":
        slot = payload["slot"]
        for row in goals:
            row[seat], row[slot] = row[slot], row[seat]
        for viewer, partner in ((seat, slot), (slot, seat)):
            if viewer < n:
                goals[viewer][viewer] = None
                goals[viewer][partner] = state["slots"][partner]
    state["known_hands"] = hands
    state["known_goals"] = goals


def _changed_by_action(
    plan: tuple[Any, ...], silver_before: str | None, silver: str | None
) -> list[Cell]:
    """The cards through which an action may have enlarged an area."""
    changed = [SILVER_CELL] if silver is not None and silver != silver_before else []
    if len(plan) > 2 and plan[2] == "move_card":
        changed.append((plan[4], plan[5]))
    return changed


apply = copying(apply_in_place)


# ---------------------------------------------------------------- legal moves


def _move_payloads(layout: list[list[int]], silver: str | None) -> list[dict[str, int]]:
    """Every (target, cell, rot) a move card may take with the silver in this colour."""
    grid = _grid(layout, silver)
    where: dict[int, tuple[int, int, int]] = {}
    on_table = 0
    for card, x, y, rot in layout:
        if card != SILVER:
            where[card] = (x, y, rot)
            on_table |= 3 << (card * 2)
    out: list[dict[str, int]] = []
    # Cells not next to the moved card see the same neighbours with or without it.
    for (x, y), fits in _frontier(grid):
        bits = fits & on_table
        while bits:
            low = bits & -bits
            bits ^= low
            k = low.bit_length() - 1
            card = k >> 1
            tx, ty, _ = where[card]
            if abs(tx - x) + abs(ty - y) == 1:
                continue
            out.append({"card": card, "x": x, "y": y, "rot": ROTS[k & 1]})
    for card, (tx, ty, trot) in where.items():
        old = (tx, ty)
        for cell in (old, (tx, ty - 1), (tx - 1, ty), (tx + 1, ty), (tx, ty + 1)):
            if cell != old and cell in grid:
                continue
            f = _facing(grid, cell[0], cell[1], old)
            if f is None:
                continue
            for r, rot in enumerate(ROTS):
                if cell == old and rot == trot:
                    continue
                if _fits(card * 2 + r, f):
                    out.append({"card": card, "x": cell[0], "y": cell[1], "rot": rot})
    return out


def _action_payloads(
    kind: str, layout: list[list[int]], silver: str | None, seat: int, seats: int
) -> list[dict[str, Any]]:
    if kind == "move_card":
        return list(_move_payloads(layout, silver))
    if kind == "zap_card":
        return [{"card": row[0]} for row in layout if row[0] != SILVER]
    if kind == "rotate_goals":
        return [{"dir": d} for d in ROTATE_DIRS]
    if kind == "trade_goals":
        return [{"slot": s} for s in range(GOAL_SLOTS) if s != seat]
    return [{"seat": s} for s in range(seats) if s != seat]


def moves_for_hand(
    layout: list[list[int]], silver: str | None, hand: list[int], seat: int, seats: int
) -> list[dict[str, Any]]:
    """Every legal move of a seat holding ``hand``, from public facts and that hand alone."""
    moves: list[dict[str, Any]] = []
    dragons = sorted(c for c in hand if c <= LAST_DRAGON)
    if dragons:
        front = _frontier(_grid(layout, silver))
        for card in dragons:
            shift = card * 2
            for (x, y), fits in front:
                both = (fits >> shift) & 3
                if both & 1:
                    moves.append({"type": "play_dragon", "card": card, "x": x, "y": y, "rot": 0})
                if both & 2:
                    moves.append({"type": "play_dragon", "card": card, "x": x, "y": y, "rot": 180})
    cache: dict[tuple[str, str | None], list[dict[str, Any]]] = {}
    for card in sorted(c for c in hand if c >= FIRST_ACTION):
        kind = ACTION_OF[card]
        moves.append({"type": "play_action", "card": card, "place": "top", "action": None})
        for place in ACTION_PLACES:
            pile_silver = ACTION_COLOR[card] if place == "top" else silver
            key = (kind, pile_silver if kind == "move_card" else None)
            if key not in cache:
                cache[key] = _action_payloads(kind, layout, pile_silver, seat, seats)
            for payload in cache[key]:
                moves.append(
                    {"type": "play_action", "card": card, "place": place, "action": dict(payload)}
                )
    return moves


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    """All moves ``seat`` may make now (empty when it is not that seat's turn)."""
    if state["over"] or seat != state["current"]:
        return []
    return moves_for_hand(
        state["layout"], state["silver"], state["hands"][seat], seat, state["seats"]
    )
