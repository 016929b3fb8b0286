"""A new game of the Isle of Cats (section 4)."""

from __future__ import annotations

import random
from typing import Any

from games.isle_of_cats.components import (
    BOAT_IDS,
    CARD_IDS,
    CAT_IDS,
    COLOUR_CARD_IDS,
    COMMON_IDS,
    COMMON_SHAPES,
    COMMONS_PER_SHAPE,
    EMPTY_GRID,
    OSHAX_IDS,
    RARE_IDS,
    SISTER_IDS,
    SOLO_BASIC_IDS,
    SOLO_HARD_IDS,
    TILE_SHAPE,
)
from games.isle_of_cats.engine.flow import SISTER, Participant, _start_day
from games.rules import Event, State, checked_options, checked_seats, checked_stack

LESSON_SET_CARDS = {
    "A": frozenset(f"{n:03d}" for n in range(127, 135)),
    "B": frozenset(f"{n:03d}" for n in range(135, 143)),
    "C": frozenset(f"{n:03d}" for n in range(143, 151)),
}
STACK_KEYS = frozenset(
    {
        "boats",
        "turn_order",
        "bag",
        "deck",
        "oshax_row",
        "colour_cards",
        "solo_lessons",
        "solo_hard",
        "sister_deck",
    }
)
SOLO_STACK_KEYS = frozenset(
    {"oshax_row", "colour_cards", "solo_lessons", "solo_hard", "sister_deck"}
)


# --- setup -------------------------------------------------------------------------------------


def setup(
    seats: int, options: dict[str, Any], seed: int, stack: dict[str, Any] | None = None
) -> State:
    """A new game (section 4): the seeded steps always run in the spec's order."""
    checked_seats(seats, 1, 4, "The Isle of Cats")
    lesson_sets, hard = _options(seats, options)
    solo = seats == 1
    stack = checked_stack(stack, STACK_KEYS if solo else STACK_KEYS - SOLO_STACK_KEYS)
    rng = random.Random(seed)
    boats = list(BOAT_IDS)
    rng.shuffle(boats)
    if "boats" in stack:
        boats = _full_list(stack["boats"], BOAT_IDS, "boats", seats)
    if solo:
        order: list[Participant] = [0, SISTER] if rng.randrange(2) == 0 else [SISTER, 0]
    else:
        first = rng.randrange(seats)
        order = [(first + k) % seats for k in range(seats)]
    if "turn_order" in stack:
        wanted = stack["turn_order"]
        if (
            not isinstance(wanted, list)
            or len(wanted) != len(order)
            or sorted(map(str, wanted)) != sorted(map(str, order))
            or any(type(p) is not int and p != SISTER for p in wanted)
        ):
            raise ValueError("stack.turn_order must list every participant once.")
        order = list(wanted)
    bag = list(CAT_IDS) + list(RARE_IDS)
    rng.shuffle(bag)
    bag = _prefixed(stack, "bag", bag)
    excluded = frozenset().union(*(LESSON_SET_CARDS[s] for s in "ABC" if s not in lesson_sets))
    deck = [card for card in CARD_IDS if card not in excluded]
    rng.shuffle(deck)
    deck = _prefixed(stack, "deck", deck)
    per_shape = COMMONS_PER_SHAPE[seats]
    commons = {
        shape: [t for t in COMMON_IDS if TILE_SHAPE[t] == shape][:per_shape]
        for shape in COMMON_SHAPES
    }
    out_commons = [t for t in COMMON_IDS if t not in commons[TILE_SHAPE[t]]]
    oshax = list(OSHAX_IDS)
    sister: dict[str, Any] | None = None
    if solo:
        rng.shuffle(oshax)
        if "oshax_row" in stack:
            oshax = _full_list(stack["oshax_row"], OSHAX_IDS, "oshax_row", len(OSHAX_IDS))
        colour_cards = list(COLOUR_CARD_IDS)
        rng.shuffle(colour_cards)
        if "colour_cards" in stack:
            colour_cards = _full_list(stack["colour_cards"], COLOUR_CARD_IDS, "colour_cards", 5)
        basics = list(SOLO_BASIC_IDS)
        rng.shuffle(basics)
        basics = basics[:3]
        if "solo_lessons" in stack:
            basics = _full_list(stack["solo_lessons"], SOLO_BASIC_IDS, "solo_lessons", 3)
        hards = list(SOLO_HARD_IDS)
        rng.shuffle(hards)
        hards = hards[:hard]
        if "solo_hard" in stack:
            hards = _full_list(stack["solo_hard"], SOLO_HARD_IDS, "solo_hard", hard)
        sister_deck = list(SISTER_IDS)
        rng.shuffle(sister_deck)
        sister_deck = _prefixed(stack, "sister_deck", sister_deck)
        sister = {
            "deck": sister_deck,
            "today": [],
            "up": 0,
            "resolved": 0,
            "speed": 0,
            "used": [],
            "colour_cards": colour_cards,
            "revealed": 1,
            "lessons": basics + hards,
            "removed": {"cats": 0, "rares": 0, "oshax": 0},
        }
    state: State = {
        "seats": seats,
        "solo": solo,
        "seed": seed,
        "options": {"lesson_sets": sorted(lesson_sets), "solo_hard_lessons": hard},
        "day": 1,
        "phase": "draft",
        "boats": boats[:seats],
        "turn_order": order,
        "bag": bag,
        "deck": deck,
        "discard": [],
        "reshuffles": 0,
        "excluded_cards": sorted(excluded),
        "zones": {"left": [], "right": []},
        "held": [],
        "arranger": None,
        "commons": commons,
        "oshax": oshax,
        "rares": [],
        "gone": out_commons,
        "public_lessons": [],
        "current": None,
        "passed": [],
        "draft_round": 0,
        "players": [_new_player() for _ in range(seats)],
        "sister": sister,
    }
    events: list[Event] = []
    _start_day(state, events)
    return state


def _new_player() -> dict[str, Any]:
    return {
        "fish": 0,
        "hand": [],
        "aside": [],
        "draft": [],
        "picks": [],
        "picked": False,
        "bought": False,
        "finished": False,
        "selection": None,
        "played": [],
        "speed": 0,
        "baskets": 1,
        "baskets_used": 0,
        "lessons": [],
        "tiles": [],
        "last_placed": [],
        "grid": list(EMPTY_GRID),
        "look": None,
        "bait": False,
        "last_paid": None,
        "scent": False,
        "draft_seen": [],
        "discards_seen": [],
    }


def _options(seats: int, options: Any) -> tuple[list[str], int]:
    checked_options(options, ("lesson_sets", "solo_hard_lessons"))
    sets = options.get("lesson_sets", ["A", "B", "C"])
    if (
        not isinstance(sets, list)
        or any(not isinstance(s, str) or s not in LESSON_SET_CARDS for s in sets)
        or len(set(sets)) != len(sets)
    ):
        raise ValueError("lesson_sets must be a list of distinct sets among A, B and C.")
    hard = options.get("solo_hard_lessons", 0)
    if type(hard) is not int or not 0 <= hard <= 4:
        raise ValueError("solo_hard_lessons must be an integer from 0 to 4.")
    if hard and seats > 1:
        raise ValueError("solo_hard_lessons is only for the solo game.")
    return list(sets), hard


def _full_list(value: Any, allowed: tuple[str, ...], name: str, size: int) -> list[str]:
    if (
        not isinstance(value, list)
        or len(value) != size
        or any(not isinstance(v, str) or v not in allowed for v in value)
        or len(set(value)) != len(value)
    ):
        raise ValueError(f"stack.{name} must list {size} distinct ids of its collection.")
    return list(value)


def _prefixed(stack: dict[str, Any], key: str, shuffled: list[str]) -> list[str]:
    """The stack's listed ids first, then the rest in seeded order (a prefix list)."""
    if key not in stack:
        return shuffled
    top = stack[key]
    allowed = set(shuffled)
    if (
        not isinstance(top, list)
        or any(not isinstance(v, str) or v not in allowed for v in top)
        or len(set(top)) != len(top)
    ):
        raise ValueError(f"stack.{key} must list distinct ids of its collection.")
    chosen = set(top)
    return list(top) + [v for v in shuffled if v not in chosen]
