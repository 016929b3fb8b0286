"""What a seat of Seven Dragons sees, and the states it could be in (section 7)."""

from __future__ import annotations

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
    WIN_AREA,
)
from games.seven_dragons.engine.flow import _can_move, to_act
from games.seven_dragons.engine.layout import GOAL_ID, _grid, largest_area
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
