"""What a seat of Seven Dragons sees, and the states it could be in (section 7)."""

from __future__ import annotations

import math
import random
from itertools import permutations
from typing import Any

from games.rules import State
from games.seven_dragons.components import (
    COLORS,
    DECK_IDS,
    GOAL_COLOR,
    GOAL_IDS,
    GOAL_SLOTS,
    SILVER,
    WIN_AREA,
)
from games.seven_dragons.engine.flow import _can_move, to_act
from games.seven_dragons.engine.layout import (
    COLOR_BIT,
    GOAL_ID,
    LAST_DRAGON,
    Cell,
    _grid,
    _links,
    largest_area,
)
from games.seven_dragons.engine.scoring import goal_color, result


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
        "placed_for": list(state.get("placed_for") or [None] * (LAST_DRAGON + 1)),
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
        "placed_for": list(shown["placed_for"]),
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
    knows of, the others drawn among the orders that give no real seat a seven, each as likely
    as it fits what the seats played (`goal_leanings`)."""
    if shown["over"]:
        return [GOAL_ID[color] for color in shown["result"]["goal_slots"]]
    slots, free, orders, weights = _goal_orders(shown, seat, layout, silver)
    for slot, goal in zip(free, rng.choices(orders, weights)[0], strict=True):
        slots[slot] = goal
    return [goal for goal in slots if goal is not None]


def _goal_orders(
    shown: dict[str, Any], seat: int, layout: list[list[int]], silver: str | None
) -> tuple[list[int | None], list[int], list[tuple[int, ...]], list[float]]:
    """The goal slots the seat knows (None where it does not), the unknown slots, the orders
    of the unknown goals that give no real seat a seven, and each order's weight."""
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
    leaning = goal_leanings(layout, silver, shown["placed_for"], shown["seats"])
    fits = [_fit(leaning, free, order) for order in orders]
    best = max(fits, default=0.0)
    return slots, free, orders, [math.exp(fit - best) for fit in fits]


def goal_odds(shown: dict[str, Any], seat: int) -> list[dict[str, float]]:
    """Per goal slot, the chance of each colour as `sample_state` draws the goals: the seat's
    own and those it knows for certain, the others as they fit what the seats played."""
    layout = [[c["card"], c["x"], c["y"], c["rot"]] for c in shown["layout"]]
    slots, free, orders, weights = _goal_orders(shown, seat, layout, shown["silver"])
    odds = [dict.fromkeys(COLORS, 0.0) for _ in slots]
    for slot, goal in enumerate(slots):
        if goal is not None:
            odds[slot][GOAL_COLOR[goal]] = 1.0
    total = sum(weights)
    for order, weight in zip(orders, weights, strict=True):
        for slot, goal in zip(free, order, strict=True):
            odds[slot][GOAL_COLOR[goal]] += weight / total
    return odds


# ---------------------------------------------------------------- what the plays tell


LEANING = (-1.05, 0.47, 0.36)
"""How much each clue adds to the log-odds that a real slot's goal is a colour: per card laid
for the slot that shows the colour, and per card of the area it lies in (up to seven); and per
card of the colour's largest area on the table (a seat grows its own goal). Fitted by maximum
likelihood to the goals normal bots held at 5,000 turns of 600 of their games."""


def goal_leanings(
    layout: list[list[int]], silver: str | None, placed_for: list[int | None], seats: int
) -> list[list[float]]:
    """Per goal slot and colour (canonical order), the log-odds weight of the slot holding
    that goal from what is on the table: each real seat lays its cards towards its own goal,
    so a slot whose cards lie in big areas of a colour probably holds it. Imaginary slots lay
    nothing, so their row is all zero."""
    grid = _grid(layout, silver)
    links = _links(grid)
    leaning = [[0.0] * len(COLORS) for _ in range(GOAL_SLOTS)]
    per_card, per_area, per_largest = LEANING
    for index, color in enumerate(COLORS):
        bit = COLOR_BIT[color]
        sizes, largest = _area_sizes(grid, links, bit)
        for seat in range(seats):
            leaning[seat][index] += per_largest * largest
        for card, x, y, _rot in layout:
            slot = placed_for[card] if card != SILVER else None
            if slot is None or not grid[(x, y)][4] & bit:
                continue
            size = sizes[(x, y)]
            leaning[slot][index] += per_card + per_area * min(size, WIN_AREA)
    return leaning


def _area_sizes(
    grid: dict[Cell, Any], links: dict[Cell, list[tuple[Cell, int]]], bit: int
) -> tuple[dict[Cell, int], int]:
    """Each card showing the colour `bit` with the size of its area, and the largest size."""
    sizes: dict[Cell, int] = {}
    for start, placed in grid.items():
        if start in sizes or not placed[4] & bit:
            continue
        area = [start]
        sizes[start] = 0
        for cell in area:
            for other, link in links[cell]:
                if link & bit and other not in sizes:
                    sizes[other] = 0
                    area.append(other)
        for cell in area:
            sizes[cell] = len(area)
    return sizes, max(sizes.values(), default=0)


def _fit(leaning: list[list[float]], free: list[int], order: tuple[int, ...]) -> float:
    """How well the goals in `order`, dealt to the `free` slots, fit the plays (log-odds)."""
    return sum(
        leaning[slot][COLORS.index(GOAL_COLOR[goal])]
        for slot, goal in zip(free, order, strict=True)
    )
