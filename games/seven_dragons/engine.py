"""Seven Dragons rules engine: pure functions over plain JSON state.

Colours are handled as 5-bit masks (bit i = ``COLORS[i]``); a wild quadrant shows all five.
A placed card's four shown quadrants are looked up by ``card * 2 + (rot == 180)``.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import Any

from games.rules import Fields, IllegalMove, check_move, competition_ranks, copying
from games.seven_dragons.components import (
    ACTION_COLOR,
    ACTION_IDS,
    ACTION_OF,
    COLORS,
    DECK_IDS,
    DRAGON_IDS,
    DRAGON_QUADRANTS,
    GOAL_COLOR,
    GOAL_IDS,
    GOAL_SLOTS,
    MAX_SEATS,
    MIN_SEATS,
    OPENING_HAND,
    SILVER,
    WIN_AREA,
)

State = dict[str, Any]
Event = dict[str, Any]
Masks = tuple[int, int, int, int]
Cell = tuple[int, int]
# Card-rotations (bit ``card * 2 + (rot == 180)``) that fit in the empty cell above, left of,
# right of and below a card.
Offers = tuple[int, int, int, int]
# (card, rot, shown masks, plain masks, every colour shown, offers) of an occupied cell.
Placed = tuple[int, int, Masks, Masks, int, Offers]
Grid = dict[Cell, Placed]
# Masks the four quadrants of an empty cell face: shown tl, tr, bl, br, then plain tl..br.
Facing = tuple[int, int, int, int, int, int, int, int]

MOVE_FIELDS = {
    "play_dragon": Fields(optional=frozenset({"card", "x", "y", "rot"})),
    "play_action": Fields(optional=frozenset({"card", "place", "action"})),
}
"""Each move's fields; the rules refuse a missing one in words that name the move."""

WILD = (1 << len(COLORS)) - 1
SILVER_CELL: Cell = (0, 0)
"""The silver dragon's cell for the whole game."""
COLOR_BIT = {color: 1 << i for i, color in enumerate(COLORS)}
GOAL_ID = {color: goal for goal, color in GOAL_COLOR.items()}
ROTS = (0, 180)
ACTION_PLACES = ("top", "bottom")
ROTATE_DIRS = ("cw", "ccw")
FIRST_ACTION = ACTION_IDS[0]
LAST_DRAGON = DRAGON_IDS[-1]


def _card_masks() -> tuple[list[Masks], list[Masks]]:
    """Shown and plain quadrant masks of every dragon card in both rotations."""
    size = 2 * (LAST_DRAGON + 1)
    shown: list[Masks] = [(0, 0, 0, 0)] * size
    plain: list[Masks] = [(0, 0, 0, 0)] * size
    for card, quads in DRAGON_QUADRANTS.items():
        s = tuple(WILD if q == "rainbow" else COLOR_BIT[q] for q in quads)
        p = tuple(0 if q == "rainbow" else COLOR_BIT[q] for q in quads)
        shown[card * 2] = (s[0], s[1], s[2], s[3])
        plain[card * 2] = (p[0], p[1], p[2], p[3])
        shown[card * 2 + 1] = (s[3], s[2], s[1], s[0])
        plain[card * 2 + 1] = (p[3], p[2], p[1], p[0])
    return shown, plain


SHOWN, PLAIN = _card_masks()


def _fit_bits() -> list[list[int]]:
    """Per quadrant and facing mask: the set of card-rotations whose quadrant matches it."""
    table = [[0] * (WILD + 1) for _ in range(4)]
    for q in range(4):
        for facing in range(WILD + 1):
            bits = 0
            for card in DRAGON_IDS:
                for r in (0, 1):
                    if SHOWN[card * 2 + r][q] & facing:
                        bits |= 1 << (card * 2 + r)
            table[q][facing] = bits
    return table


FIT_BITS = _fit_bits()
FIT0, FIT1, FIT2, FIT3 = FIT_BITS


def _placed(card: int, rot: int, shown: Masks, plain: Masks) -> Placed:
    """A grid entry, worked out once per card-rotation.

    A card fits a cell when any edge pair matches, so what fits an empty cell is the union of
    what each of its neighbours offers it.
    """
    s0, s1, s2, s3 = shown
    offers = (
        FIT2[s0] | FIT3[s1],
        FIT1[s0] | FIT3[s2],
        FIT0[s1] | FIT2[s3],
        FIT0[s2] | FIT1[s3],
    )
    return (card, rot, shown, plain, s0 | s1 | s2 | s3, offers)


PLACED = [_placed(k >> 1, ROTS[k & 1], SHOWN[k], PLAIN[k]) for k in range(len(SHOWN))]
"""Grid entries of the dragon cards by ``card * 2 + (rot == 180)`` (card 0's are unused)."""
SILVER_PLACED: dict[str | None, Placed] = {
    None: _placed(SILVER, 0, (WILD, WILD, WILD, WILD), (0, 0, 0, 0)),
    **{c: _placed(SILVER, 0, (b, b, b, b), (b, b, b, b)) for c, b in COLOR_BIT.items()},
}
"""Grid entries of the silver dragon, wild (None) or in each colour."""


# ---------------------------------------------------------------- geometry and areas


def _grid(layout: list[list[int]], silver: str | None) -> Grid:
    """The layout by cell; the silver's entry depends on its colour, so it is put in last."""
    grid = {(x, y): PLACED[card * 2 + (rot == 180)] for card, x, y, rot in layout}
    grid[SILVER_CELL] = SILVER_PLACED[silver]
    return grid


def _facing(grid: Grid, x: int, y: int, skip: Cell | None) -> Facing | None:
    """What an empty cell's quadrants face; None when no neighbour touches it."""
    m0 = m1 = m2 = m3 = p0 = p1 = p2 = p3 = 0
    touched = False
    cell = (x, y - 1)
    n = grid.get(cell)
    if n is not None and cell != skip:
        touched = True
        m0 |= n[2][2]
        m1 |= n[2][3]
        p0 |= n[3][2]
        p1 |= n[3][3]
    cell = (x - 1, y)
    n = grid.get(cell)
    if n is not None and cell != skip:
        touched = True
        m0 |= n[2][1]
        m2 |= n[2][3]
        p0 |= n[3][1]
        p2 |= n[3][3]
    cell = (x + 1, y)
    n = grid.get(cell)
    if n is not None and cell != skip:
        touched = True
        m1 |= n[2][0]
        m3 |= n[2][2]
        p1 |= n[3][0]
        p3 |= n[3][2]
    cell = (x, y + 1)
    n = grid.get(cell)
    if n is not None and cell != skip:
        touched = True
        m2 |= n[2][0]
        m3 |= n[2][1]
        p2 |= n[3][0]
        p3 |= n[3][1]
    if not touched:
        return None
    return (m0, m1, m2, m3, p0, p1, p2, p3)


def _fits(k: int, f: Facing) -> bool:
    s = SHOWN[k]
    return bool(s[0] & f[0] or s[1] & f[1] or s[2] & f[2] or s[3] & f[3])


def _bonus_mask(k: int, f: Facing) -> int:
    p = PLAIN[k]
    return (p[0] & f[4]) | (p[1] & f[5]) | (p[2] & f[6]) | (p[3] & f[7])


COLORS_OF = [[c for c in COLORS if mask & COLOR_BIT[c]] for mask in range(WILD + 1)]
"""The colours of each mask, in canonical order."""


def _colors_of(mask: int) -> list[str]:
    """A fresh list: it goes into an event."""
    return COLORS_OF[mask][:]


def _frontier(grid: Grid) -> list[tuple[Cell, int]]:
    """Every empty cell next to the layout, in a stable order, with the card-rotations that fit."""
    faced: dict[Cell, int] = {}
    for (x, y), placed in grid.items():
        above, left, right, below = placed[5]
        for cell, offer in (
            ((x, y - 1), above),
            ((x - 1, y), left),
            ((x + 1, y), right),
            ((x, y + 1), below),
        ):
            if cell not in grid:
                faced[cell] = faced.get(cell, 0) | offer
    return sorted(faced.items())


def _fits_somewhere(grid: Grid, wanted: int) -> bool:
    """Whether one of the card-rotations ``wanted`` fits in some empty cell next to the layout."""
    for (x, y), placed in grid.items():
        above, left, right, below = placed[5]
        if (
            (above & wanted and (x, y - 1) not in grid)
            or (left & wanted and (x - 1, y) not in grid)
            or (right & wanted and (x + 1, y) not in grid)
            or (below & wanted and (x, y + 1) not in grid)
        ):
            return True
    return False


def _links(grid: Grid) -> dict[Cell, list[tuple[Cell, int]]]:
    """For each card, its neighbours and the colours their shared edge carries across."""
    links: dict[Cell, list[tuple[Cell, int]]] = {cell: [] for cell in grid}
    for (x, y), placed in grid.items():
        s = placed[2]
        here = links[(x, y)]
        cell = (x + 1, y)
        n = grid.get(cell)
        if n is not None:
            t = n[2]
            link = s[1] & t[0] | s[3] & t[2]
            if link:
                here.append((cell, link))
                links[cell].append(((x, y), link))
        cell = (x, y + 1)
        n = grid.get(cell)
        if n is not None:
            t = n[2]
            link = s[2] & t[0] | s[3] & t[1]
            if link:
                here.append((cell, link))
                links[cell].append(((x, y), link))
    return links


def _largest(grid: Grid, bit: int, links: dict[Cell, list[tuple[Cell, int]]] | None = None) -> int:
    """A(c): the most cards in one connected area of the colour ``bit``."""
    nodes = [cell for cell, p in grid.items() if p[4] & bit]
    if len(nodes) <= 1:
        return len(nodes)
    if links is None:
        links = _links(grid)
    seen: set[Cell] = set()
    best = 0
    for start in nodes:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        size = 0
        while stack:
            size += 1
            for other, link in links[stack.pop()]:
                if link & bit and other not in seen:
                    seen.add(other)
                    stack.append(other)
        best = max(best, size)
    return best


def largest_area(layout: list[list[int]], silver: str | None, color: str) -> int:
    """A(colour) of a layout given as ``[card, x, y, rot]`` rows."""
    return _largest(_grid(layout, silver), COLOR_BIT[color])


# ---------------------------------------------------------------- setup


def _checked_stack(stack: Any, deck: list[int], goals: list[int]) -> tuple[list[int], list[int]]:
    if not isinstance(stack, dict):
        raise ValueError("The stack must be an object.")
    unknown = set(stack) - {"deck", "goals"}
    if unknown:
        raise ValueError(f"Unknown stack keys: {sorted(unknown)}.")
    if "deck" in stack:
        top = stack["deck"]
        if not isinstance(top, list) or any(
            type(c) is not int or not 1 <= c <= ACTION_IDS[-1] for c in top
        ):
            raise ValueError("stack.deck must list card ids from 1 to 66.")
        if len(set(top)) != len(top):
            raise ValueError("stack.deck must not repeat a card.")
        placed = set(top)
        deck = list(top) + [c for c in deck if c not in placed]
    if "goals" in stack:
        order = stack["goals"]
        if not isinstance(order, list) or sorted(order) != list(GOAL_IDS):
            raise ValueError("stack.goals must be a permutation of 67-71.")
        if any(type(g) is not int for g in order):
            raise ValueError("stack.goals must hold integers.")
        goals = list(order)
    return deck, goals


def setup(
    seats: int, options: dict[str, Any], seed: int, stack: dict[str, Any] | None = None
) -> State:
    """Shuffle, deal three cards each, hand out goal slots and start seat 0's turn."""
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"Seven Dragons needs {MIN_SEATS} to {MAX_SEATS} players.")
    if not isinstance(options, dict):
        raise ValueError("Options must be an object.")
    if options:
        raise ValueError(f"Seven Dragons has no options (got {sorted(options)}).")
    rng = random.Random(seed)
    deck = list(DECK_IDS)
    rng.shuffle(deck)
    goals = list(GOAL_IDS)
    rng.shuffle(goals)
    if stack is not None:
        deck, goals = _checked_stack(stack, deck, goals)
    hands = [deck[OPENING_HAND * s : OPENING_HAND * s + OPENING_HAND] for s in range(seats)]
    state: State = {
        "game": "seven_dragons",
        "seats": seats,
        "deck": deck[OPENING_HAND * seats :],
        "hands": hands,
        "slots": goals,
        "layout": [[SILVER, 0, 0, 0]],
        "silver": None,
        "action_pile": [],
        "current": None,
        "move_count": 0,
        "over": False,
        "end_reason": None,
        "winner": None,
        "last": [None] * seats,
        "known_hands": [[[] for _ in range(seats)] for _ in range(seats)],
        "known_goals": [[None] * GOAL_SLOTS for _ in range(seats)],
    }
    _begin_turns(state, 0, [], _grid(state["layout"], None))
    return state


# ---------------------------------------------------------------- turn flow


def _draw(state: State, seat: int, count: int, events: list[Event]) -> int:
    deck = state["deck"]
    cards = deck[:count]
    if not cards:
        return 0
    del deck[: len(cards)]
    state["hands"][seat].extend(cards)
    events.append({"type": "drew", "seat": seat, "count": len(cards)})
    events.append({"type": "drew_cards", "seat": seat, "cards": cards, "visible_to": [seat]})
    return len(cards)


def _can_move(grid: Grid, hand: list[int]) -> bool:
    """Whether a seat holding ``hand`` has a legal move: an action card always has one."""
    wanted = 0
    for card in hand:
        if card >= FIRST_ACTION:
            return True
        wanted |= 3 << (card * 2)
    return bool(wanted) and _fits_somewhere(grid, wanted)


def _end(state: State, reason: str, winner: int | None, events: list[Event]) -> None:
    """End the game; only an exhaustion needs the areas to know who won."""
    state["over"] = True
    state["end_reason"] = reason
    state["winner"] = winner
    state["current"] = None
    if winner is None:
        res = result(state)
        assert res is not None
        winners = res["winners"]
    else:
        winners = [winner]
    events.append({"type": "game_over", "end_reason": reason, "winners": winners})


def _begin_turns(state: State, seat: int, events: list[Event], grid: Grid) -> None:
    """Start turns from ``seat`` on, passing automatically for seats that cannot move."""
    n = state["seats"]
    hands = state["hands"]
    while True:
        if state["deck"]:
            _draw(state, seat, 1, events)
        if _can_move(grid, hands[seat]):
            state["current"] = seat
            return
        events.append({"type": "passed", "seat": seat})
        if not state["deck"] and not any(_can_move(grid, h) for h in hands):
            _end(state, "exhaustion", None, events)
            return
        seat = (seat + 1) % n


def _goals_held(state: State) -> set[str]:
    """The goal colours real seats hold."""
    return {GOAL_COLOR[slot] for slot in state["slots"][: state["seats"]]}


def _winner(
    state: State, actor: int, grid: Grid, changed: list[Cell], fresh: set[str]
) -> tuple[int, str, int] | None:
    """Seven check: the acting seat first, then the nearest clockwise after it.

    Before a move no real seat held a goal colour with seven (the game would be over), and an
    area grows only through a card that ``changed`` (placed, moved or the recoloured silver).
    So only the areas holding those cards are searched, in every held colour at once; a colour
    a seat has just taken from an imaginary slot (``fresh``) is searched everywhere. A rebuild
    of a match spent half its time searching every area after every move.
    """
    if len(grid) < WIN_AREA:
        return None
    goals = [GOAL_COLOR[slot] for slot in state["slots"][: state["seats"]]]
    sevens: dict[str, int] = {}
    wanted = 0
    for color in goals:
        if color in fresh:
            size = _largest(grid, COLOR_BIT[color])
            if size >= WIN_AREA:
                sevens[color] = size
        else:
            wanted |= COLOR_BIT[color]
    for cell in changed:
        reached = _areas_through(grid, cell, wanted)
        if len(reached) < WIN_AREA:
            continue
        for color in goals:
            bit = COLOR_BIT[color]
            size = sum(1 for bits in reached.values() if bits & bit)
            if size >= WIN_AREA and size > sevens.get(color, 0):
                sevens[color] = size
    n = len(goals)
    for step in range(n):
        seat = (actor + step) % n
        color = goals[seat]
        if color in sevens:
            return seat, color, sevens[color]
    return None


def _areas_through(grid: Grid, start: Cell, wanted: int) -> dict[Cell, int]:
    """The cards sharing an area with the card at ``start``, each with the colours (of
    ``wanted``) of the areas it shares; one search follows every colour at once."""
    reached = {start: grid[start][4] & wanted}
    if not reached[start]:
        return reached
    stack = [start]
    while stack:
        x, y = here = stack.pop()
        s = grid[here][2]
        bits = reached[here]
        for cell in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)):
            neighbour = grid.get(cell)
            if neighbour is None:
                continue
            t = neighbour[2]
            if cell[0] > x:
                link = s[1] & t[0] | s[3] & t[2]
            elif cell[1] > y:
                link = s[2] & t[0] | s[3] & t[1]
            elif cell[0] < x:
                link = t[1] & s[0] | t[3] & s[2]
            else:
                link = t[2] & s[0] | t[3] & s[1]
            before = reached.get(cell, 0)
            if link & bits & ~before:
                reached[cell] = before | link & bits
                stack.append(cell)
    return reached


def _finish_move(
    state: State,
    actor: int,
    events: list[Event],
    grid: Grid,
    changed: list[Cell],
    fresh: set[str],
) -> None:
    """Win check, exhaustion check, then the next turn; ``grid`` is the new position, ``changed``
    the cards through which areas may have grown and ``fresh`` the goal colours newly held."""
    state["move_count"] += 1
    won = _winner(state, actor, grid, changed, fresh)
    if won is not None:
        seat, color, area = won
        events.append({"type": "won", "seat": seat, "color": color, "area": area})
        _end(state, "seven", seat, events)
        return
    if not state["deck"] and not any(_can_move(grid, h) for h in state["hands"]):
        _end(state, "exhaustion", None, events)
        return
    _begin_turns(state, (actor + 1) % state["seats"], events, grid)


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
    _finish_move(state, seat, events, grid, changed, fresh)
    return events


def _remember_last(state: State, seat: int, played: Event) -> None:
    """Each seat's last card played (and the card it moved), public, for the table to mark."""
    last = list(state.get("last") or [None] * state["seats"])
    moved = played.get("payload") or {}
    last[seat] = {"card": played["card"], "moved": moved.get("card") if "x" in moved else None}
    state["last"] = last


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


# ---------------------------------------------------------------- queries


def to_act(state: State) -> set[int]:
    if state["over"]:
        return set()
    return {state["current"]}


def is_over(state: State) -> bool:
    return bool(state["over"])


def goal_color(state: State, slot: int) -> str:
    return GOAL_COLOR[state["slots"][slot]]


def result(state: State) -> dict[str, Any] | None:
    """Final standing; a seven ends with one winner, exhaustion ranks by A(goal)."""
    if not state["over"]:
        return None
    return standing(state)


def standing(state: State) -> dict[str, Any]:
    """The standing now: a seven ends with one winner; otherwise seats rank by the largest area
    of their goal colour, as at an exhaustion (the result of a match its players end early)."""
    grid = _grid(state["layout"], state["silver"])
    n = state["seats"]
    goals = [goal_color(state, s) for s in range(n)]
    links = _links(grid)
    scores = [_largest(grid, COLOR_BIT[c], links) for c in goals]
    if state.get("end_reason") == "seven":
        winners = [state["winner"]]
        ranks = [1 if s == state["winner"] else 2 for s in range(n)]
    else:
        ranks = competition_ranks(scores)
        winners = [s for s in range(n) if ranks[s] == 1]
    return {
        "end_reason": state.get("end_reason") or "ended_early",
        "winners": winners,
        "ranks": ranks,
        "scores": scores,
        "breakdown": [
            {"goal": goals[s], "largest_area": scores[s], "total": scores[s]} for s in range(n)
        ],
        "goal_slots": [goal_color(state, i) for i in range(GOAL_SLOTS)],
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) may see: public table plus its own hand and goal."""
    n = state["seats"]
    out: dict[str, Any] = {
        "game": "seven_dragons",
        "seats": n,
        "imaginary_slots": GOAL_SLOTS - n,
        "current": state["current"],
        "to_act": sorted(to_act(state)),
        "layout": [{"card": c, "x": x, "y": y, "rot": r} for c, x, y, r in state["layout"]],
        "silver": state["silver"],
        "action_pile": state["action_pile"][:],
        "draw_pile": len(state["deck"]),
        "hand_counts": [len(h) for h in state["hands"]],
        "move_count": state["move_count"],
        "over": state["over"],
        "seat": seat,
        "last": state.get("last") or [None] * n,
    }
    if seat is not None and 0 <= seat < n:
        out["hand"] = sorted(state["hands"][seat])
        out["goal"] = goal_color(state, seat)
        known = state.get("known_hands")
        out["known_hands"] = [sorted(cards) for cards in (known[seat] if known else [[]] * n)]
        goals = state.get("known_goals")
        out["known_goals"] = [
            None if goal is None else GOAL_COLOR[goal]
            for goal in (goals[seat] if goals else [None] * GOAL_SLOTS)
        ]
    if state["over"]:
        out["result"] = result(state)
    return out


def sample_state(shown: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A complete state that `seat`'s view `shown` could come from, what the seat cannot see
    drawn uniformly at random (section 7): the cards it does not know of are dealt to the other
    hands (beside what it knows they hold) and the draw pile, the goals it does not know to the
    other slots. The draw is limited to what the rules allow: the seat to act can move (or it
    would have passed) and, while the game runs, no real seat's goal has an area of seven."""
    n = shown["seats"]
    layout = [[c["card"], c["x"], c["y"], c["rot"]] for c in shown["layout"]]
    silver = shown["silver"]
    known = [list(cards) for cards in shown["known_hands"]]
    hands = [[] if other == seat else list(known[other]) for other in range(n)]
    hands[seat] = list(shown["hand"])
    seen = {row[0] for row in layout} | set(shown["action_pile"]) | set(shown["hand"])
    seen |= {card for cards in known for card in cards}
    unknown = [card for card in DECK_IDS if card not in seen]
    current = shown["current"]
    if current is not None and current != seat:
        hands[current] += _movable_share(
            layout,
            silver,
            hands[current],
            shown["hand_counts"][current] - len(known[current]),
            unknown,
            rng,
        )
        unknown = [card for card in unknown if card not in hands[current]]
    rng.shuffle(unknown)
    for other in range(n):
        if other not in (seat, current):
            missing = shown["hand_counts"][other] - len(known[other])
            hands[other] += unknown[:missing]
            del unknown[:missing]
    ending: dict[str, Any] = shown.get("result") or {}
    return {
        "game": "seven_dragons",
        "seats": n,
        "deck": unknown,
        "hands": hands,
        "slots": _sampled_slots(shown, seat, layout, silver, rng),
        "layout": layout,
        "silver": silver,
        "action_pile": list(shown["action_pile"]),
        "current": current,
        "move_count": shown["move_count"],
        "over": shown["over"],
        "end_reason": ending.get("end_reason"),
        "winner": ending["winners"][0] if ending.get("end_reason") == "seven" else None,
        "last": [None if entry is None else dict(entry) for entry in shown["last"]],
        "known_hands": [known if other == seat else [[] for _ in range(n)] for other in range(n)],
        "known_goals": [
            [GOAL_ID.get(color) for color in shown["known_goals"]]
            if other == seat
            else [None] * GOAL_SLOTS
            for other in range(n)
        ],
    }


def _movable_share(
    layout: list[list[int]],
    silver: str | None,
    held: list[int],
    size: int,
    unknown: list[int],
    rng: random.Random,
) -> list[int]:
    """The unknown part of the hand of the seat to act: drawn alike among those with which
    the hand has a legal move (a hand moves as soon as one of its cards can)."""
    grid = _grid(layout, silver)
    if _can_move(grid, held):
        return rng.sample(unknown, size)
    good = {card for card in unknown if _can_move(grid, [card])}
    if not good or not size:
        raise ValueError("No hand the seat to act could hold lets it move.")
    while True:
        share = rng.sample(unknown, size)
        if good.intersection(share):
            return share


def _sampled_slots(
    shown: dict[str, Any],
    seat: int,
    layout: list[list[int]],
    silver: str | None,
    rng: random.Random,
) -> list[int]:
    """The goal slots: all public after the end; before it, the seat's own goal and those it
    knows of, the others drawn alike among the orders that give no real seat a seven."""
    if shown["over"]:
        return [GOAL_ID[color] for color in shown["result"]["goal_slots"]]
    slots: list[int | None] = [GOAL_ID.get(color) for color in shown["known_goals"]]
    slots[seat] = GOAL_ID[shown["goal"]]
    free = [slot for slot, goal in enumerate(slots) if goal is None]
    rest = [goal for goal in GOAL_IDS if goal not in slots]
    sevens = {c for c in COLORS if largest_area(layout, silver, c) >= WIN_AREA}
    orders = [
        order
        for order in permutations(rest)
        if not any(
            slot < shown["seats"] and GOAL_COLOR[goal] in sevens
            for slot, goal in zip(free, order, strict=True)
        )
    ]
    for slot, goal in zip(free, rng.choice(orders), strict=True):
        slots[slot] = goal
    return [goal for goal in slots if goal is not None]
