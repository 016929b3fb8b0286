"""A new game of Space Bastards (section 4)."""

from __future__ import annotations

import random
from typing import Any

from games.rules import State, checked_options, checked_seats, checked_stack
from games.space_bastards.components import (
    ACTION_CARDS,
    IN_PLAY_COUNT,
    MAX_SEATS,
    MIN_SEATS,
    NEUTRAL_DRAW,
    PER_COLOUR,
    PLANET_IDS,
    PLANETS_OFF_DEFAULT,
    PRIORITY_PRESETS,
    RACE_CARDS,
    RACES,
    RANDOM_NEVER_OFF,
    RELATIONSHIPS,
    ROUNDS,
    START_MONEY,
)
from games.space_bastards.engine.board import NEUTRAL

OPTION_KEYS = frozenset({"planets_off", "priority", "flight_steps"})
STACK_KEYS = frozenset({"planets_off", "start_player", "neutral_races", "race_deck"})
PREF_VALUES = ("accept", "refuse", "ask")
DEFAULT_PREFS = {"trade": "accept", "diplomacy": "ask"}


# --- setup (section 4) -----------------------------------------------------------------------


def setup(
    seats: int, options: dict[str, Any], seed: int, stack: dict[str, Any] | None = None
) -> State:
    """A new game; the random calls follow section 4 exactly so records replay anywhere."""
    checked_seats(seats, MIN_SEATS, MAX_SEATS, "Space Bastards")
    planets_off, priority, flight_steps = _check_options(seats, options)
    rng = random.Random(seed)
    off_count = len(PLANET_IDS) - IN_PLAY_COUNT[seats]
    if planets_off == "random":
        candidates = [p for p in PLANET_IDS if p not in RANDOM_NEVER_OFF[seats]]
        off = rng.sample(candidates, off_count)
    else:
        off = list(planets_off)
    start = rng.randrange(seats)
    neutral_races: list[str] = []
    if seats == 2:
        neutral_races = list(NEUTRAL_DRAW)
        rng.shuffle(neutral_races)
    deck = list(RACE_CARDS)
    rng.shuffle(deck)
    if stack is not None:
        off, start, neutral_races, deck = _stacked(
            stack, seats, planets_off == "random", off, start, neutral_races, deck
        )
    in_play = [p for p in PLANET_IDS if p not in off]
    colours = [str(s) for s in range(seats)] + ([NEUTRAL] if seats == 2 else [])
    track: list[list[Any]] = []
    for r in range(1, ROUNDS + 1):
        if r - 1 in flight_steps:
            track.append(["flight", r])
        track.append(["round", r])
    state: State = {
        "seats": seats,
        "options": {
            "planets_off": planets_off,
            "priority": list(priority),
            "flight_steps": sorted(flight_steps),
        },
        "in_play": in_play,
        "start": start,
        "neutral_races": neutral_races,
        "race_deck": deck,
        "phase": "colonise_choose",
        "money": [START_MONEY] * seats,
        "points": [0] * seats,
        "hands": [list(ACTION_CARDS) for _ in range(seats)],
        "played": [[] for _ in range(seats)],
        "supply": {c: {race: list(range(PER_COLOUR[race])) for race in RACES} for c in colours},
        "board": {p: {} for p in in_play},
        "ships": [{"space": None, "cargo": []} for _ in range(seats)],
        "colonise": {
            "turn": 0,
            "planet": None,
            "colonised": [],
            "hands": [dict.fromkeys(RACES, 2) for _ in range(seats)],
            "picks": [None] * seats,
            "queue": [],
            "placed": [],
            "placer": None,
            "token": None,
            "race": None,
            "mode": None,
            "pending": [],
        },
        "rel": None,
        "offer": [],
        "locks": {},
        "track": track,
        "track_pos": -1,
        "round": 0,
        "plans": [None] * seats,
        "revealed": None,
        "prefs": [
            {card: {"default": value, "seats": {}} for card, value in DEFAULT_PREFS.items()}
            for _ in range(seats)
        ],
        "queue": [],
        "act": None,
        "respond": None,
        "change": None,
        "movement": None,
        "ship_order": [],
        "scores": [
            {"dominance_4": 0, "dominance_8": 0, "dominance_12": 0, "diplomacy": 0, "bought": 0}
            for _ in range(seats)
        ],
        "scorings": [],
        "last_named": [[] for _ in range(seats)],
    }
    return state


def _check_options(seats: int, options: Any) -> tuple[Any, tuple[str, ...], list[int]]:
    checked_options(options, OPTION_KEYS)
    off_count = len(PLANET_IDS) - IN_PLAY_COUNT[seats]
    planets_off: Any = options.get("planets_off")
    if planets_off is None:
        planets_off = list(PLANETS_OFF_DEFAULT[seats])
    elif planets_off != "random":
        if (
            not isinstance(planets_off, list)
            or any(p not in PLANET_IDS for p in planets_off)
            or len(set(planets_off)) != len(planets_off)
            or len(planets_off) != off_count
        ):
            raise ValueError(f"planets_off must list {off_count} distinct planet ids.")
        planets_off = sorted(planets_off, key=PLANET_IDS.index)
    priority_option = options.get("priority", "standard")
    if isinstance(priority_option, str) and priority_option in PRIORITY_PRESETS:
        priority = PRIORITY_PRESETS[priority_option]
    elif isinstance(priority_option, list) and sorted(map(str, priority_option)) == sorted(
        RELATIONSHIPS
    ):
        priority = tuple(priority_option)
    else:
        raise ValueError("priority must be a preset name or an order of the 8 relationships.")
    flight_steps = options.get("flight_steps", [])
    if (
        not isinstance(flight_steps, list)
        or any(type(k) is not int or not 0 <= k < ROUNDS for k in flight_steps)
        or len(set(flight_steps)) != len(flight_steps)
    ):
        raise ValueError("flight_steps must list distinct integers 0..11.")
    return planets_off, priority, list(flight_steps)


def _stacked(
    stack: Any,
    seats: int,
    random_off: bool,
    off: list[str],
    start: int,
    neutral_races: list[str],
    deck: list[str],
) -> tuple[list[str], int, list[str], list[str]]:
    """Replace drawn results by the stack's (section 4.3), after all draws were made."""
    checked_stack(stack, STACK_KEYS)
    if "planets_off" in stack:
        chosen = stack["planets_off"]
        if (
            not random_off
            or not isinstance(chosen, list)
            or any(p not in PLANET_IDS for p in chosen)
            or len(set(chosen)) != len(chosen)
            or len(chosen) != len(off)
        ):
            raise ValueError("stack.planets_off needs planets_off 'random' and the right count.")
        off = list(chosen)
    if "start_player" in stack:
        chosen_start = stack["start_player"]
        if type(chosen_start) is not int or not 0 <= chosen_start < seats:
            raise ValueError("stack.start_player must be a seat.")
        start = chosen_start
    if "neutral_races" in stack:
        chosen = stack["neutral_races"]
        if seats != 2 or not isinstance(chosen, list) or sorted(chosen) != sorted(NEUTRAL_DRAW):
            raise ValueError("stack.neutral_races must order the 5 races (2 seats only).")
        neutral_races = list(chosen)
    if "race_deck" in stack:
        chosen = stack["race_deck"]
        if not isinstance(chosen, list) or sorted(map(str, chosen)) != sorted(RACE_CARDS):
            raise ValueError("stack.race_deck must order the 20 race cards.")
        deck = list(chosen)
    return off, start, neutral_races, deck
