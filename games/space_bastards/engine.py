"""Space Bastards rules engine: pure functions over plain JSON state.

The authority is the rules spec `space_bastards.md`; section numbers in docstrings refer to it.
All randomness is spent in `setup`, so a state never needs an RNG to continue.
Colours are strings inside the state ("0".."4" for seats, "N" for the neutral colour); moves
name seats with integers and the neutral colour with "N".

Decision beyond the spec (J1, ship movement): a ship jumps between the teleports at most twice
in a row. Section 5.7 allows a `ship_step` "from a teleport to the other (0 steps; allowed even
when no steps remain)" and sets no limit, so a ship could bounce between t1 and t2 for ever (a
bot did, in a migration between two taken teleports where it could not stop). The spec's
sample records jump there and back, so that stays legal; a third jump in a row only repeats the
first (a teleport is no dock, so nothing happens between), so refusing it takes nothing a
player could want away and bounds every movement: its few steps with at most two jumps beside
each. A step onto a taken space still needs a way out (5.7) within this limit.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations, combinations_with_replacement
from typing import Any

from games.rules import Fields, IllegalMove, check_move, copy_state, copying
from games.space_bastards.components import (
    ACTION_CARDS,
    ADJACENT,
    BOOST_COST,
    CARDS_RETURN_AFTER,
    CORPSES_COST,
    DOCK_PLANET,
    DOMINANCE_AFTER,
    DOUBLE_ACTION_COST,
    EXTRA_LOCK_COST,
    EXTRA_LOCK_MAX,
    IN_PLAY_COUNT,
    MAX_SEATS,
    MIGRATION_FREE_STEPS,
    MIGRATION_STEP_COST,
    MIGRATION_STEPS,
    MIN_SEATS,
    MONEY_PER_POINT,
    MUTATE_OTHER_COST,
    NEUTRAL_DRAW,
    OFFER_SIZE,
    ORIENTATIONS,
    PER_COLOUR,
    PLACEMENT_SETS,
    PLACEMENTS,
    PLANET_CELLS,
    PLANET_IDS,
    PLANET_NAME,
    PLANETS_OFF_DEFAULT,
    PRIORITY_PRESETS,
    RACE_CARDS,
    RACE_NAME,
    RACES,
    RANDOM_NEVER_OFF,
    RANK,
    RELATIONSHIPS,
    ROUNDS,
    SHIP_CELLS,
    SHIP_STEPS,
    SHIP_STEPS_EMPTY,
    SIDED,
    SIZE,
    SPACES,
    START_MONEY,
    SWAP_COST,
    TELEPORT,
    Cell,
    Placement,
)

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]

NEUTRAL = "N"
OPTION_KEYS = frozenset({"planets_off", "priority", "flight_steps"})
STACK_KEYS = frozenset({"planets_off", "start_player", "neutral_races", "race_deck"})
PREF_VALUES = ("accept", "refuse", "ask")
DEFAULT_PREFS = {"trade": "accept", "diplomacy": "ask"}
ATTACKS = {"shoot": "shooting", "eat": "eating"}
JUMPS_IN_A_ROW = 2
"""Teleport jumps a ship may make one after another (Decision J1)."""

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


# --- packing (section 6) ---------------------------------------------------------------------


def pack(region: frozenset[Cell] | set[Cell], pieces: list[str]) -> list[tuple[str, Placement]]:
    """An exact packing of the pieces (races) into the region, or [] when none exists.

    Walks the region in row-major order; each undecided cell is covered by an unused piece whose
    orientation's first cell lands there, or left empty while the slack allows.
    """
    if not pieces:
        return []
    counts = {race: pieces.count(race) for race in RACES}
    order = sorted(region)
    slack = len(order) - sum(SIZE[race] for race in pieces)
    if slack < 0:
        return []
    covered: set[Cell] = set()
    placed: list[tuple[str, Placement]] = []
    total = len(pieces)

    def search(index: int, empties: int) -> bool:
        if len(placed) == total:
            return True
        while index < len(order) and order[index] in covered:
            index += 1
        if index == len(order):
            return False
        row, col = order[index]
        for race in RACES:
            if not counts[race]:
                continue
            for orientation in ORIENTATIONS[race]:
                dr = row - orientation[0][0]
                dc = col - orientation[0][1]
                cells = [(r + dr, c + dc) for r, c in orientation]
                if all(cell in region and cell not in covered for cell in cells):
                    covered.update(cells)
                    counts[race] -= 1
                    placed.append((race, frozenset(cells)))
                    if search(index + 1, empties):
                        return True
                    placed.pop()
                    counts[race] += 1
                    covered.difference_update(cells)
        if empties < slack:
            return search(index + 1, empties + 1)
        return False

    return placed if search(0, 0) else []


def _cargo_table() -> frozenset[tuple[str, ...]]:
    """Every multiset of races (sorted by rank) that packs into the 3x3 ship."""
    fits: set[tuple[str, ...]] = {()}
    for count in range(1, len(SHIP_CELLS) + 1):
        for combo in combinations_with_replacement(RACES, count):
            if sum(SIZE[r] for r in combo) <= len(SHIP_CELLS) and pack(SHIP_CELLS, list(combo)):
                fits.add(combo)
    return frozenset(fits)


CARGO_FITS = _cargo_table()


def _cargo_key(races: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(races, key=RANK.__getitem__))


# --- small helpers ---------------------------------------------------------------------------


def _race(token: str) -> str:
    return token.split(":")[1]


def _owner(token: str) -> str:
    return token.split(":")[0]


def _card_race(card: str) -> str:
    return card.split("-")[0]


def _sides(state: State, relationship: str) -> tuple[str, str]:
    cards = state["rel"][relationship]
    return _card_race(cards[0]), _card_race(cards[1])


def _from_seat(state: State, seat: int) -> list[int]:
    """Seats in order from `seat` (seat, next(seat), ...)."""
    n = state["seats"]
    return [(seat + i) % n for i in range(n)]


def _targets(state: State, actor: int) -> list[str]:
    """Every colour other than the actor: seats from next(actor) onward, then N."""
    colours = [str(s) for s in _from_seat(state, actor)[1:]]
    if state["seats"] == 2:
        colours.append(NEUTRAL)
    return colours


def _move_colour(colour: str) -> int | str:
    return colour if colour == NEUTRAL else int(colour)


def _cells_list(cells: Iterable[Cell]) -> list[list[int]]:
    return [[r, c] for r, c in sorted(cells)]


def _take(state: State, colour: str, race: str) -> str:
    """Take the lowest-numbered token of that race from the colour's supply."""
    k = state["supply"][colour][race].pop(0)
    return f"{colour}:{race}:{k}"


def _return(state: State, token: str) -> None:
    colour, race, k = token.split(":")
    pool = state["supply"][colour][race]
    pool.append(int(k))
    pool.sort()


def _occupied(state: State, planet: str, skip: Iterable[str] = ()) -> set[Cell]:
    skipped = set(skip)
    cells: set[Cell] = set()
    for token, data in state["board"][planet].items():
        if token not in skipped:
            cells.update((r, c) for r, c in data["cells"])
    return cells


def _living(state: State, planet: str) -> list[str]:
    return [t for t, data in state["board"][planet].items() if not data["dead"]]


def _free_placements(state: State, planet: str, race: str, occupied: set[Cell]) -> list[Placement]:
    return [p for p in PLACEMENTS[planet][race] if occupied.isdisjoint(p)]


def _has_free_placement(planet: str, race: str, occupied: set[Cell]) -> bool:
    return any(occupied.isdisjoint(p) for p in PLACEMENTS[planet][race])


# --- setup (section 4) -----------------------------------------------------------------------


def setup(
    seats: int, options: dict[str, Any], seed: int, stack: dict[str, Any] | None = None
) -> State:
    """A new game; the random calls follow section 4 exactly so records replay anywhere."""
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"Space Bastards is played by {MIN_SEATS} to {MAX_SEATS} seats.")
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
    if not isinstance(options, dict):
        raise ValueError("Options must be a dict.")
    unknown = set(options) - OPTION_KEYS
    if unknown:
        raise ValueError(f"Unknown options: {sorted(map(str, unknown))}.")
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
    if not isinstance(stack, dict):
        raise ValueError("The stack must be a dict.")
    unknown = set(stack) - STACK_KEYS
    if unknown:
        raise ValueError(f"Unknown stack keys: {sorted(map(str, unknown))}.")
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


# --- queries ---------------------------------------------------------------------------------


def to_act(state: State) -> set[int]:
    """Seats that may move now; empty only once the game is over."""
    phase = state["phase"]
    if phase == "colonise_choose":
        return {_chooser(state)}
    if phase == "colonise_pick":
        return {s for s, pick in enumerate(state["colonise"]["picks"]) if pick is None}
    if phase == "colonise_place":
        return {state["colonise"]["placer"]}
    if phase == "plan":
        return {s for s in range(state["seats"]) if state["plans"][s] is None and state["hands"][s]}
    if phase == "action":
        return {state["act"]["seat"]}
    if phase == "respond":
        answers = state["respond"]["answers"]
        return {s for s in state["respond"]["prompted"] if answers[s] is None}
    if phase == "change":
        change = state["change"]
        return {change["order"][change["index"]]}
    if phase in ("ships", "migration"):
        return {state["movement"]["seat"]}
    return set()


def is_over(state: State) -> bool:
    return bool(state["phase"] == "over")


def _chooser(state: State) -> int:
    return int((state["start"] + state["colonise"]["turn"]) % state["seats"])


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


# --- colonisation (5.1) ----------------------------------------------------------------------


def _colonise_choose(state: State, seat: int, move: Move, events: list[Event]) -> None:
    col = state["colonise"]
    planet = move["planet"]
    if type(planet) is not str or planet not in state["in_play"]:
        raise IllegalMove("Choose a planet in play.")
    if planet in col["colonised"]:
        raise IllegalMove("That planet is already colonised.")
    col["planet"] = planet
    col["colonised"].append(planet)
    col["placed"] = []
    events.append({"type": "planet_chosen", "seat": seat, "planet": planet})
    if state["seats"] == 2:
        race = state["neutral_races"].pop(0)
        token = _take(state, NEUTRAL, race)
        cells = _free_placements(state, planet, race, _occupied(state, planet))[0]
        state["board"][planet][token] = {"cells": _cells_list(cells), "dead": False}
        events.append(
            {
                "type": "neutral_placed",
                "planet": planet,
                "token": token,
                "cells": _cells_list(cells),
            }
        )
    col["picks"] = [None] * state["seats"]
    state["phase"] = "colonise_pick"


def _colonise_pick(state: State, seat: int, move: Move, events: list[Event]) -> None:
    col = state["colonise"]
    race = move["race"]
    if type(race) is not str or race not in RACES:
        raise IllegalMove("Pick a race.")
    if col["hands"][seat][race] <= 0:
        raise IllegalMove("You have no token of that race left to colonise with.")
    col["picks"][seat] = race
    events.append({"type": "picked", "seat": seat})
    events.append({"type": "pick", "seat": seat, "race": race, "visible_to": [seat]})
    if None in col["picks"]:
        return
    events.append({"type": "picks_revealed", "picks": list(col["picks"])})
    col["queue"] = _from_seat(state, _chooser(state))
    _next_placer(state, events)


def _next_placer(state: State, events: list[Event]) -> None:
    col = state["colonise"]
    while col["queue"]:
        seat = col["queue"].pop(0)
        if _prepare_placer(state, seat, events):
            col["placer"] = seat
            state["phase"] = "colonise_place"
            return
    col["placer"] = None
    col["token"] = col["race"] = col["mode"] = None
    col["turn"] += 1
    if col["turn"] < len(state["in_play"]):
        col["planet"] = None
        col["picks"] = [None] * state["seats"]
        state["phase"] = "colonise_choose"
        return
    _deal(state, events)


def _lowest_in_hand(hand: dict[str, int]) -> str:
    return next(race for race in RACES if hand[race] > 0)


def _planet_pieces(state: State, planet: str) -> list[str]:
    col = state["colonise"]
    return [_race(t) for t in state["board"][planet]] + [_race(t) for t in col["pending"]]


def _mode_for(state: State, planet: str, race: str) -> str | None:
    if _has_free_placement(planet, race, _occupied(state, planet)):
        return "free"
    if pack(PLANET_CELLS[planet], [*_planet_pieces(state, planet), race]):
        return "rearrange"
    return None


def _prepare_placer(state: State, seat: int, events: list[Event]) -> bool:
    """Fix the placing race and mode of `seat` (5.1.4); False when it is skipped."""
    col = state["colonise"]
    planet = col["planet"]
    hand = col["hands"][seat]
    race = col["picks"][seat]
    mode = _mode_for(state, planet, race)
    if mode is None:
        lowest = _lowest_in_hand(hand)
        if lowest != race:
            mode = _mode_for(state, planet, lowest)
        if mode is None and _cascade(state, lowest, events):
            mode = "rearrange"
        if mode is None:
            events.append({"type": "skipped", "seat": seat, "planet": planet})
            return False
        if lowest != race:
            events.append({"type": "substituted", "seat": seat, "picked": race, "race": lowest})
        race = lowest
    token = _take(state, str(seat), race)
    hand[race] -= 1
    col["token"] = token
    col["race"] = race
    col["mode"] = mode
    events.append({"type": "placing", "seat": seat, "race": race, "mode": mode, "token": token})
    return True


def _cascade(state: State, race: str, events: list[Event]) -> bool:
    """Replace earlier placers' tokens by smaller ones until `race` packs (5.1.4 step 4)."""
    col = state["colonise"]
    planet = col["planet"]
    pieces = [*_planet_pieces(state, planet), race]
    hands = [dict(hand) for hand in col["hands"]]
    replaced: list[tuple[int, str]] = []
    for index in reversed(range(len(col["placed"]))):
        seat, token = col["placed"][index]
        current = _race(token)
        smaller = _lowest_in_hand(hands[seat])
        if RANK[smaller] >= RANK[current]:
            continue
        hands[seat][current] += 1
        hands[seat][smaller] -= 1
        pieces.remove(current)
        pieces.append(smaller)
        replaced.append((index, smaller))
        if pack(PLANET_CELLS[planet], pieces):
            for where, new_race in replaced:
                owner, old = col["placed"][where]
                del state["board"][planet][old]
                _return(state, old)
                col["hands"][owner][_race(old)] += 1
                new = _take(state, str(owner), new_race)
                col["hands"][owner][new_race] -= 1
                col["pending"].append(new)
                col["placed"][where] = [owner, new]
                events.append(
                    {"type": "cascade", "seat": owner, "planet": planet, "old": old, "new": new}
                )
            return True
    return False


def _parse_cells(value: Any) -> frozenset[Cell]:
    if not isinstance(value, list) or not value:
        raise IllegalMove("Cells must be a list of [row, col] pairs.")
    cells: set[Cell] = set()
    for cell in value:
        if (
            not isinstance(cell, list)
            or len(cell) != 2
            or type(cell[0]) is not int
            or type(cell[1]) is not int
        ):
            raise IllegalMove("Cells must be a list of [row, col] pairs.")
        cells.add((cell[0], cell[1]))
    if len(cells) != len(value):
        raise IllegalMove("A cell is listed twice.")
    return frozenset(cells)


def _check_shape(planet: str, race: str, cells: frozenset[Cell]) -> None:
    if cells not in PLACEMENT_SETS[planet][race]:
        raise IllegalMove(
            "Those cells do not fit a token of the %(race)s on %(planet)s.",
            race=RACE_NAME[race],
            planet=PLANET_NAME[planet],
        )


def _colonise_place(state: State, seat: int, move: Move, events: list[Event]) -> None:
    col = state["colonise"]
    planet = col["planet"]
    race = col["race"]
    cells = _parse_cells(move["cells"])
    _check_shape(planet, race, cells)
    layout: dict[str, frozenset[Cell]] = {}
    if col["mode"] == "free":
        if "rearrange" in move:
            raise IllegalMove("Rearranging is only allowed when your token does not fit.")
        if not _occupied(state, planet).isdisjoint(cells):
            raise IllegalMove("Those cells are not free.")
    else:
        rearrange = move.get("rearrange")
        if not isinstance(rearrange, dict):
            raise IllegalMove("Give new cells for every other token on the planet.")
        others = list(state["board"][planet]) + list(col["pending"])
        if set(rearrange) != set(others):
            raise IllegalMove("Give new cells for every other token on the planet exactly once.")
        used = set(cells)
        for token in others:
            placed = _parse_cells(rearrange[token])
            _check_shape(planet, _race(token), placed)
            if not used.isdisjoint(placed):
                raise IllegalMove("The rearranged tokens overlap.")
            used |= placed
            layout[token] = placed
    for token, placed in layout.items():
        state["board"][planet][token] = {"cells": _cells_list(placed), "dead": False}
    token = col["token"]
    state["board"][planet][token] = {"cells": _cells_list(cells), "dead": False}
    col["placed"].append([seat, token])
    col["pending"] = []
    events.append(
        {
            "type": "placed",
            "seat": seat,
            "planet": planet,
            "token": token,
            "cells": _cells_list(cells),
            "rearranged": {t: _cells_list(c) for t, c in layout.items()},
        }
    )
    col["token"] = col["race"] = col["mode"] = None
    _next_placer(state, events)


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


# --- actions (5.6) ---------------------------------------------------------------------------


def _action(state: State, seat: int, move: Move, events: list[Event]) -> None:
    act = state["act"]
    kind = move["type"]
    if kind == "done":
        events.append({"type": "action_done", "seat": seat, "card": act["card"]})
        _next_item(state, events)
        return
    if kind == "love":
        _love(state, seat, move, events)
    elif kind in ATTACKS:
        _attack(state, seat, move, events)
    elif kind in ("trade", "diplomacy"):
        _trade(state, seat, move, events)
        return
    elif kind == "mutate":
        _mutate(state, seat, move, events)
    else:
        _arrange(state, seat, move, events)
    if not _action_possible(state):
        _next_item(state, events)


def _action_possible(state: State) -> bool:
    """Whether the current action has any move left but `done`."""
    act = state["act"]
    card = act["card"]
    seat = act["seat"]
    if card in ("trade", "diplomacy"):
        return act["uses"] == 0 and _pairs_possible(state, seat, card)
    if card == "mutation":
        return _mutation_possible(state, seat)
    if act["uses"] >= 2 or (act["uses"] == 1 and state["money"][seat] < BOOST_COST):
        return False
    if card == "love":
        return bool(_love_moves(state, seat, first_only=True))
    return bool(_attack_moves(state, seat, card, first_only=True))


def _pay_boost(state: State, seat: int, cost: int, events: list[Event]) -> None:
    state["money"][seat] -= cost
    events.append({"type": "paid", "seat": seat, "amount": cost})


def _check_uses(state: State, seat: int) -> None:
    act = state["act"]
    if act["uses"] >= 2:
        raise IllegalMove("The boost was already used.")
    if act["uses"] == 1 and state["money"][seat] < BOOST_COST:
        raise IllegalMove("The boost costs 2 money.")


def _planet_arg(state: State, value: Any) -> str:
    if type(value) is not str or value not in state["in_play"]:
        raise IllegalMove("Name a planet in play.")
    return value


def _colour_arg(state: State, value: Any) -> str:
    if value == NEUTRAL and type(value) is str and state["seats"] == 2:
        return NEUTRAL
    if type(value) is int and 0 <= value < state["seats"]:
        return str(value)
    raise IllegalMove("Name a seat or the neutral colour.")


def _love_parents(state: State, planet: str, actor: str, a: str, b: str) -> bool:
    living = [(_owner(t), _race(t)) for t in _living(state, planet)]
    if a == b:
        of_race = [owner for owner, race in living if race == a]
        return len(of_race) >= 2 and actor in of_race
    has_a = any(race == a for _, race in living)
    has_b = any(race == b for _, race in living)
    mine_a = (actor, a) in living
    mine_b = (actor, b) in living
    return (mine_a and has_b) or (mine_b and has_a)


def _love_moves(state: State, seat: int, first_only: bool = False) -> list[Move]:
    a, b = _sides(state, "love")
    actor = str(seat)
    moves: list[Move] = []
    for planet in state["in_play"]:
        if not _love_parents(state, planet, actor, a, b):
            continue
        occupied = _occupied(state, planet)
        for race in sorted({a, b}, key=RANK.__getitem__):
            if not state["supply"][actor][race]:
                continue
            for cells in _free_placements(state, planet, race, occupied):
                moves.append(
                    {"type": "love", "planet": planet, "race": race, "cells": _cells_list(cells)}
                )
                if first_only:
                    return moves
    return moves


def _love(state: State, seat: int, move: Move, events: list[Event]) -> None:
    _check_uses(state, seat)
    planet = _planet_arg(state, move["planet"])
    a, b = _sides(state, "love")
    race = move["race"]
    if race not in (a, b):
        raise IllegalMove(
            "Love makes one of the %(race)s or of the %(other)s.",
            race=RACE_NAME[a],
            other=RACE_NAME[b],
        )
    actor = str(seat)
    if not _love_parents(state, planet, actor, a, b):
        raise IllegalMove("That planet has no pair of living parents with one of yours.")
    if not state["supply"][actor][race]:
        raise IllegalMove("You have no such token in supply.")
    cells = _parse_cells(move["cells"])
    _check_shape(planet, race, cells)
    if not _occupied(state, planet).isdisjoint(cells):
        raise IllegalMove("Those cells are not free.")
    act = state["act"]
    act["uses"] += 1
    if act["uses"] == 2:
        _pay_boost(state, seat, BOOST_COST, events)
    token = _take(state, actor, race)
    state["board"][planet][token] = {"cells": _cells_list(cells), "dead": False}
    events.append(
        {
            "type": "born",
            "seat": seat,
            "planet": planet,
            "token": token,
            "cells": _cells_list(cells),
        }
    )


def _attack_moves(state: State, seat: int, card: str, first_only: bool = False) -> list[Move]:
    attacker, victim = _sides(state, card)
    actor = str(seat)
    kind = "shoot" if card == "shooting" else "eat"
    moves: list[Move] = []
    for planet in state["in_play"]:
        living = [(_owner(t), _race(t)) for t in _living(state, planet)]
        if (actor, attacker) not in living:
            continue
        for colour in _targets(state, seat):
            if (colour, victim) in living:
                moves.append({"type": kind, "planet": planet, "target": _move_colour(colour)})
                if first_only:
                    return moves
    return moves


def _attack(state: State, seat: int, move: Move, events: list[Event]) -> None:
    _check_uses(state, seat)
    card = ATTACKS[move["type"]]
    planet = _planet_arg(state, move["planet"])
    target = _colour_arg(state, move["target"])
    actor = str(seat)
    if target == actor:
        raise IllegalMove("Your own creatures are never victims.")
    attacker, victim = _sides(state, card)
    living = _living(state, planet)
    if not any(_owner(t) == actor and _race(t) == attacker for t in living):
        raise IllegalMove(
            "You need one of your living %(race)s on %(planet)s.",
            race=RACE_NAME[attacker],
            planet=PLANET_NAME[planet],
        )
    victims = [t for t in living if _owner(t) == target and _race(t) == victim]
    if not victims:
        raise IllegalMove(
            "That colour has no living %(race)s on %(planet)s.",
            race=RACE_NAME[victim],
            planet=PLANET_NAME[planet],
        )
    act = state["act"]
    act["uses"] += 1
    if act["uses"] == 2:
        _pay_boost(state, seat, BOOST_COST, events)
    board = state["board"][planet]
    for token in victims:
        if card == "shooting":
            board[token]["dead"] = True
        else:
            del board[token]
            _return(state, token)
    events.append(
        {
            "type": "shot" if card == "shooting" else "eaten",
            "seat": seat,
            "planet": planet,
            "target": _move_colour(target),
            "tokens": victims,
        }
    )


# --- trade and diplomacy ---------------------------------------------------------------------


def _planet_counts(state: State, planet: str, a: str, b: str) -> dict[str, list[int]]:
    """Living tokens of races a and b per colour: colour -> [count of a, count of b]."""
    counts: dict[str, list[int]] = {}
    for token in _living(state, planet):
        race = _race(token)
        if race != a and race != b:
            continue
        row = counts.setdefault(_owner(token), [0, 0])
        if race == a:
            row[0] += 1
        if race == b:
            row[1] += 1
    return counts


def pairing(state: State, actor: int, card: str, partners: list[str]) -> tuple[int, dict[str, int]]:
    """Pairs the actor makes with these partners (5.6): its count and each partner's share."""
    a, b = _sides(state, card)
    me = str(actor)
    order = [c for c in _targets(state, actor) if c in partners]
    total = 0
    shares: dict[str, int] = dict.fromkeys(order, 0)
    for planet in state["in_play"]:
        counts = _planet_counts(state, planet, a, b)
        x_a, x_b = counts.get(me, [0, 0])
        if a == b:
            x = x_a
            if not x:
                continue
            o = sum(counts.get(c, [0, 0])[0] for c in order)
            best, best_s = -1, 0
            for s in range(x // 2, -1, -1):
                value = s + min(x - 2 * s, o)
                if value > best:
                    best, best_s = value, s
            total += best
            _hand_out(shares, order, counts, 0, min(x - 2 * best_s, o))
            continue
        if not x_a and not x_b:
            continue
        o_a = sum(counts.get(c, [0, 0])[0] for c in order)
        o_b = sum(counts.get(c, [0, 0])[1] for c in order)
        best, best_s = -1, 0
        for s in range(min(x_a, x_b), -1, -1):
            value = s + min(x_a - s, o_b) + min(x_b - s, o_a)
            if value > best:
                best, best_s = value, s
        total += best
        _hand_out(shares, order, counts, 1, min(x_a - best_s, o_b))
        _hand_out(shares, order, counts, 0, min(x_b - best_s, o_a))
    return total, shares


def _hand_out(
    shares: dict[str, int], order: list[str], counts: dict[str, list[int]], side: int, pairs: int
) -> None:
    for colour in order:
        if pairs <= 0:
            return
        taken = min(pairs, counts.get(colour, [0, 0])[side])
        shares[colour] += taken
        pairs -= taken


def _pairs_possible(state: State, actor: int, card: str) -> bool:
    total, _ = pairing(state, actor, card, _targets(state, actor))
    return total > 0


def _relevant(state: State, seat: int, actor: int, card: str) -> bool:
    """A prompted seat must share a planet where the two can pair (5.6)."""
    a, b = _sides(state, card)
    mine, theirs = str(seat), str(actor)
    for planet in state["in_play"]:
        counts = _planet_counts(state, planet, a, b)
        s_a, s_b = counts.get(mine, [0, 0])
        t_a, t_b = counts.get(theirs, [0, 0])
        if a == b:
            if s_a and t_a:
                return True
        elif (s_a and t_b) or (s_b and t_a):
            return True
    return False


def _preference(state: State, seat: int, card: str, actor: int) -> str:
    entry = state["prefs"][seat][card]
    value: str = entry["seats"].get(str(actor), entry["default"])
    return value


def _trade(state: State, seat: int, move: Move, events: list[Event]) -> None:
    card = move["type"]
    decline = move["decline"]
    if not isinstance(decline, list):
        raise IllegalMove("decline is a list of colours.")
    declined = [_colour_arg(state, value) for value in decline]
    if len(set(declined)) != len(declined) or str(seat) in declined:
        raise IllegalMove("Decline each other colour at most once.")
    state["act"]["uses"] = 1
    partners: list[str] = []
    prompted: list[int] = []
    for colour in _targets(state, seat):
        if colour in declined:
            continue
        if colour == NEUTRAL:
            partners.append(colour)
            continue
        preference = _preference(state, int(colour), card, seat)
        if preference == "accept":
            partners.append(colour)
        elif preference == "ask" and _relevant(state, int(colour), seat, card):
            prompted.append(int(colour))
    events.append(
        {
            "type": "offered",
            "seat": seat,
            "card": card,
            "declined": [_move_colour(c) for c in declined],
            "prompted": list(prompted),
        }
    )
    if prompted:
        state["respond"] = {
            "actor": seat,
            "card": card,
            "partners": partners,
            "prompted": prompted,
            "answers": [None] * state["seats"],
            "declined": declined,
        }
        state["phase"] = "respond"
        return
    _payout(state, seat, card, partners, events)


def _respond(state: State, seat: int, move: Move, events: list[Event]) -> None:
    accept = move["accept"]
    if type(accept) is not bool:
        raise IllegalMove("Answer true or false.")
    respond = state["respond"]
    respond["answers"][seat] = accept
    events.append({"type": "responded", "seat": seat})
    events.append({"type": "answer", "seat": seat, "accept": accept, "visible_to": [seat]})
    if to_act(state):
        return
    answers = {str(s): respond["answers"][s] for s in respond["prompted"]}
    events.append({"type": "answers_revealed", "answers": {s: bool(v) for s, v in answers.items()}})
    partners = respond["partners"] + [c for c, accepted in answers.items() if accepted]
    state["respond"] = None
    state["phase"] = "action"
    _payout(state, respond["actor"], respond["card"], partners, events)


def _payout(state: State, actor: int, card: str, partners: list[str], events: list[Event]) -> None:
    order = [c for c in _targets(state, actor) if c in partners]
    events.append(
        {
            "type": "partners",
            "seat": actor,
            "card": card,
            "partners": [_move_colour(c) for c in order],
        }
    )
    total, shares = pairing(state, actor, card, order)
    gains = [0] * state["seats"]
    gains[actor] = total
    for colour, share in shares.items():
        if colour != NEUTRAL:
            gains[int(colour)] += share
    for seat, gain in enumerate(gains):
        if card == "trade":
            state["money"][seat] += gain
        else:
            state["points"][seat] += gain
            state["scores"][seat]["diplomacy"] += gain
    events.append({"type": "trade_result", "seat": actor, "card": card, "gains": gains})
    _next_item(state, events)


# --- mutation --------------------------------------------------------------------------------


def _mutation_pairs(state: State) -> list[tuple[str, str]]:
    a, b = _sides(state, "mutation")
    return [(a, a)] if a == b else [(a, b), (b, a)]


def _corpse_planets(state: State) -> list[str]:
    return [p for p in state["in_play"] if any(data["dead"] for data in state["board"][p].values())]


def _mutation_possible(state: State, seat: int) -> bool:
    act = state["act"]
    money = state["money"][seat]
    if not act["arranged"] and money >= CORPSES_COST and _corpse_planets(state):
        return True
    if act["mutated"]:
        return False
    owners = [str(seat)]
    if money >= MUTATE_OTHER_COST:
        owners += _targets(state, seat)
    return any(_single_mutations(state, owner, first_only=True) for owner in owners)


def _single_mutations(state: State, owner: str, first_only: bool = False) -> list[Move]:
    """Every mutation of one token of `owner` (j = 1)."""
    moves: list[Move] = []
    for planet in state["in_play"]:
        living = [t for t in _living(state, planet) if _owner(t) == owner]
        if not living:
            continue
        for source, target in _mutation_pairs(state):
            if source != target and not state["supply"][owner][target]:
                continue
            for token in living:
                if _race(token) != source:
                    continue
                occupied = _occupied(state, planet, skip=[token])
                for cells in _free_placements(state, planet, target, occupied):
                    moves.append(
                        {
                            "type": "mutate",
                            "planet": planet,
                            "owner": _move_colour(owner),
                            "from": source,
                            "to": target,
                            "tokens": [token],
                            "cells": [_cells_list(cells)],
                        }
                    )
                    if first_only:
                        return moves
    return moves


def _multi_mutations(state: State, owner: str) -> list[Move]:
    """One representative per planet, direction and j >= 2, found by the packing search."""
    moves: list[Move] = []
    for planet in state["in_play"]:
        living = [t for t in _living(state, planet) if _owner(t) == owner]
        for source, target in _mutation_pairs(state):
            tokens = sorted(t for t in living if _race(t) == source)
            for j in range(2, len(tokens) + 1):
                if source != target and len(state["supply"][owner][target]) < j:
                    break
                for chosen in combinations(tokens, j):
                    region = PLANET_CELLS[planet] - _occupied(state, planet, skip=chosen)
                    found = pack(region, [target] * j)
                    if found:
                        moves.append(
                            {
                                "type": "mutate",
                                "planet": planet,
                                "owner": _move_colour(owner),
                                "from": source,
                                "to": target,
                                "tokens": list(chosen),
                                "cells": [_cells_list(cells) for _, cells in found],
                            }
                        )
                        break
    return moves


def _mutate(state: State, seat: int, move: Move, events: list[Event]) -> None:
    act = state["act"]
    if act["mutated"]:
        raise IllegalMove("You already mutated this action.")
    planet = _planet_arg(state, move["planet"])
    owner = _colour_arg(state, move["owner"])
    cost = 0 if owner == str(seat) else MUTATE_OTHER_COST
    if state["money"][seat] < cost:
        raise IllegalMove("Mutating another colour costs 2 money.")
    pair = (move["from"], move["to"])
    if pair not in _mutation_pairs(state):
        raise IllegalMove("Mutation turns one of its races into the other.")
    source, target = pair
    tokens = move["tokens"]
    cells_value = move["cells"]
    if not isinstance(tokens, list) or not tokens or len(set(map(str, tokens))) != len(tokens):
        raise IllegalMove("List the tokens to mutate, each once.")
    living = set(_living(state, planet))
    for token in tokens:
        if type(token) is not str or token not in living:
            raise IllegalMove("Only living tokens on that planet can mutate.")
        if _owner(token) != owner or _race(token) != source:
            raise IllegalMove(
                "Each token must be one of that colour's %(race)s.", race=RACE_NAME[source]
            )
    if not isinstance(cells_value, list) or len(cells_value) != len(tokens):
        raise IllegalMove("Give one placement per mutated token.")
    if source != target and len(state["supply"][owner][target]) < len(tokens):
        raise IllegalMove(
            "There are not enough tokens of the %(race)s in supply.", race=RACE_NAME[target]
        )
    used = _occupied(state, planet, skip=tokens)
    placements = []
    for value in cells_value:
        cells = _parse_cells(value)
        _check_shape(planet, target, cells)
        if not used.isdisjoint(cells):
            raise IllegalMove("The new placements overlap or are not free.")
        used |= cells
        placements.append(cells)
    if cost:
        _pay_boost(state, seat, cost, events)
    act["mutated"] = True
    board = state["board"][planet]
    if source == target:
        new_tokens = list(tokens)
    else:
        for token in tokens:
            del board[token]
            _return(state, token)
        new_tokens = [_take(state, owner, target) for _ in tokens]
    for token, cells in zip(new_tokens, placements, strict=True):
        board[token] = {"cells": _cells_list(cells), "dead": False}
    events.append(
        {
            "type": "mutated",
            "seat": seat,
            "planet": planet,
            "owner": _move_colour(owner),
            "old": list(tokens),
            "new": new_tokens,
            "cells": [_cells_list(c) for c in placements],
        }
    )


def _arrange_moves(state: State) -> list[Move]:
    moves: list[Move] = []
    for planet in _corpse_planets(state):
        board = state["board"][planet]
        corpses = sorted(t for t, data in board.items() if data["dead"])
        region = PLANET_CELLS[planet] - _occupied(state, planet, skip=corpses)
        found = pack(region, [_race(t) for t in corpses])
        by_race: dict[str, list[str]] = {}
        for token in corpses:
            by_race.setdefault(_race(token), []).append(token)
        layout = {}
        for race, cells in found:
            layout[by_race[race].pop(0)] = _cells_list(cells)
        moves.append({"type": "arrange_corpses", "planet": planet, "layout": layout})
    return moves


def _arrange(state: State, seat: int, move: Move, events: list[Event]) -> None:
    act = state["act"]
    if act["arranged"]:
        raise IllegalMove("The corpses were already arranged this action.")
    if state["money"][seat] < CORPSES_COST:
        raise IllegalMove("Arranging corpses costs 1 money.")
    planet = _planet_arg(state, move["planet"])
    board = state["board"][planet]
    corpses = [t for t, data in board.items() if data["dead"]]
    if not corpses:
        raise IllegalMove("There is no corpse on that planet.")
    layout = move["layout"]
    if not isinstance(layout, dict) or set(layout) != set(corpses):
        raise IllegalMove("Give new cells for every corpse on the planet exactly once.")
    used = _occupied(state, planet, skip=corpses)
    new: dict[str, frozenset[Cell]] = {}
    for token in corpses:
        cells = _parse_cells(layout[token])
        _check_shape(planet, _race(token), cells)
        if not used.isdisjoint(cells):
            raise IllegalMove("Corpses may not overlap each other or living creatures.")
        used |= cells
        new[token] = cells
    _pay_boost(state, seat, CORPSES_COST, events)
    act["arranged"] = True
    for token, cells in new.items():
        board[token]["cells"] = _cells_list(cells)
    events.append(
        {
            "type": "corpses_arranged",
            "seat": seat,
            "planet": planet,
            "layout": {t: _cells_list(c) for t, c in new.items()},
        }
    )


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


def _change_moves(state: State, seat: int) -> list[Move]:
    """Every change move of the seat whose turn it is, except `done`."""
    change = state["change"]
    locks = state["locks"]
    unlocked = [r for r in SIDED if r not in locks]
    moves: list[Move] = []
    if not change["base"]:
        offered = [race for race in RACES if any(_card_race(c) == race for c in state["offer"])]
        for rel in unlocked:
            for side in (0, 1):
                current = _card_race(state["rel"][rel][side])
                for race in offered:
                    if race != current:
                        moves.append(
                            {"type": "exchange", "relationship": rel, "side": side, "race": race}
                        )
        moves.extend({"type": "lock", "relationship": rel} for rel in unlocked)
    if seat in change["card_players"]:
        money = state["money"][seat]
        if not change["swapped"] and money >= SWAP_COST:
            moves.extend(
                {"type": "swap", "relationship": rel}
                for rel in SIDED
                if locks.get(rel, seat) == seat
            )
        if change["extra"] < EXTRA_LOCK_MAX and money >= EXTRA_LOCK_COST:
            moves.extend({"type": "extra_lock", "relationship": rel} for rel in unlocked)
    return moves


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


def _other_ships(state: State, seat: int) -> set[str]:
    return {
        ship["space"]
        for other, ship in enumerate(state["ships"])
        if other != seat and ship["space"] is not None
    }


def _steps_left(state: State, movement: dict[str, Any], cargo: bool, money: int) -> int:
    """Steps still available to the movement in its current situation."""
    steps: int = movement["steps"]
    if movement["kind"] == "migration":
        free = max(0, MIGRATION_FREE_STEPS - steps)
        paid = min(MIGRATION_STEPS - steps - free, money // MIGRATION_STEP_COST)
        return free + max(0, paid)
    allowance = SHIP_STEPS_EMPTY if not movement["carried"] and not cargo else SHIP_STEPS
    return max(0, allowance - steps)


def _escape(start: str, budget: int, blocked: set[str], jumps: int) -> bool:
    """Whether a space without another ship is reachable from `start` within `budget` steps,
    for a ship that reached `start` by `jumps` jumps in a row (Decision J1)."""
    if start not in blocked:
        return True
    best = {start: 0}
    frontier = [start]
    while frontier:
        space = min(frontier, key=best.__getitem__)
        frontier.remove(space)
        cost = best[space]
        moves = [(n, 1) for n in ADJACENT[space]]
        if space in TELEPORT and (space != start or jumps < JUMPS_IN_A_ROW):
            moves.append((TELEPORT[space], 0))
        for nxt, step in moves:
            total = cost + step
            if total <= budget and total < best.get(nxt, budget + 1):
                if nxt not in blocked:
                    return True
                best[nxt] = total
                frontier.append(nxt)
    return False


def _step_options(state: State, seat: int) -> list[tuple[str, int]]:
    movement = state["movement"]
    ship = state["ships"][seat]
    here = ship["space"]
    blocked = _other_ships(state, seat)
    cargo = bool(ship["cargo"])
    money = state["money"][seat]
    options: list[tuple[str, int]] = []
    if _steps_left(state, movement, cargo, money) > 0:
        options.extend((n, 1) for n in ADJACENT[here])
    jumps = movement.get("jumps", 0)  # a movement stored before Decision J1 has no count
    if here in TELEPORT and jumps < JUMPS_IN_A_ROW:
        options.append((TELEPORT[here], 0))
    legal = []
    for target, cost in options:
        if target not in blocked:
            legal.append((target, cost))
            continue
        after = dict(movement)
        after["steps"] = movement["steps"] + cost
        after_money = money
        if cost:
            after["carried"] = movement["carried"] or cargo
            if movement["kind"] == "migration" and movement["steps"] >= MIGRATION_FREE_STEPS:
                after_money -= MIGRATION_STEP_COST
        budget = _steps_left(state, after, cargo, after_money)
        if _escape(target, budget, blocked, 0 if cost else jumps + 1):
            legal.append((target, cost))
    return legal


def _stop_planet(state: State, seat: int) -> str | None:
    """The in-play planet the ship can load from and unload onto now, if any."""
    here = state["ships"][seat]["space"]
    planet = DOCK_PLANET.get(here) if here is not None else None
    if planet is None or planet not in state["in_play"] or here in _other_ships(state, seat):
        return None
    return planet


def _loadable(state: State, seat: int, planet: str) -> list[str]:
    movement = state["movement"]
    cargo = [_race(t) for t in state["ships"][seat]["cargo"]]
    banned: set[str] = set()
    if movement["kind"] != "migration":
        banned = set(_sides(state, "migration"))
    mine = str(seat)
    return [
        t
        for t in _living(state, planet)
        if _owner(t) == mine
        and _race(t) not in banned
        and _cargo_key([*cargo, _race(t)]) in CARGO_FITS
    ]


def _movement_moves(state: State, seat: int) -> list[Move]:
    ship = state["ships"][seat]
    here = ship["space"]
    blocked = _other_ships(state, seat)
    if here is None:
        moves: list[Move] = [{"type": "ship_place", "space": s} for s in SPACES if s not in blocked]
        return [*moves, {"type": "done"}]
    moves = [{"type": "ship_step", "to": to} for to, _cost in _step_options(state, seat)]
    planet = _stop_planet(state, seat)
    if planet is not None:
        moves.extend({"type": "load", "token": t} for t in _loadable(state, seat, planet))
        loaded_from = state["movement"]["loaded_from"]
        occupied = _occupied(state, planet)
        for token in ship["cargo"]:
            if loaded_from.get(token) == planet:
                continue
            for cells in _free_placements(state, planet, _race(token), occupied):
                moves.append({"type": "unload", "token": token, "cells": _cells_list(cells)})
    if here not in blocked:
        moves.append({"type": "done"})
    return moves


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


# --- legal moves -----------------------------------------------------------------------------


def legal_moves(state: State, seat: int) -> list[Move]:
    """Every move the seat may make now (section 6 enumeration, with representatives)."""
    if type(seat) is not int or seat not in to_act(state):
        return []
    phase = state["phase"]
    if phase == "colonise_choose":
        col = state["colonise"]
        return [
            {"type": "choose_planet", "planet": p}
            for p in state["in_play"]
            if p not in col["colonised"]
        ]
    if phase == "colonise_pick":
        hand = state["colonise"]["hands"][seat]
        return [{"type": "pick", "race": race} for race in RACES if hand[race] > 0]
    if phase == "colonise_place":
        return _place_moves(state)
    if phase == "plan":
        hand = state["hands"][seat]
        moves = [{"type": "plan", "cards": [card]} for card in hand]
        if state["money"][seat] >= DOUBLE_ACTION_COST:
            moves.extend({"type": "plan", "cards": list(pair)} for pair in combinations(hand, 2))
        return moves
    if phase == "respond":
        return [{"type": "respond", "accept": True}, {"type": "respond", "accept": False}]
    if phase == "change":
        return [*_change_moves(state, seat), {"type": "done"}]
    if phase in ("ships", "migration"):
        return _movement_moves(state, seat)
    return [*_action_moves(state, seat), {"type": "done"}]


def action_options(public: State, seat: int, card: str) -> list[Move]:
    """The moves an action card would offer `seat` if it started now, from public data only.

    `public` needs `seats`, `in_play`, `board`, `supply`, `rel` and `money` (a view has them,
    the column under `relationships`). Mutations are listed for one token; migration and change
    always have a move and are listed as [].
    """
    if card == "love":
        return _love_moves(public, seat)
    if card in ("shooting", "eating"):
        return _attack_moves(public, seat, card)
    if card in ("trade", "diplomacy"):
        return [{"type": card, "decline": []}] if _pairs_possible(public, seat, card) else []
    if card == "mutation":
        return _single_mutations(public, str(seat))
    return []


def _place_moves(state: State) -> list[Move]:
    col = state["colonise"]
    planet = col["planet"]
    race = col["race"]
    if col["mode"] == "free":
        return [
            {"type": "place", "cells": _cells_list(cells)}
            for cells in _free_placements(state, planet, race, _occupied(state, planet))
        ]
    others = sorted(list(state["board"][planet]) + list(col["pending"]))
    tokens = [col["token"], *others]
    found = pack(PLANET_CELLS[planet], [_race(t) for t in tokens])
    by_race: dict[str, list[str]] = {}
    for token in tokens:
        by_race.setdefault(_race(token), []).append(token)
    layout = {by_race[r].pop(0): _cells_list(cells) for r, cells in found}
    own = layout.pop(col["token"])
    return [{"type": "place", "cells": own, "rearrange": layout}]


def _action_moves(state: State, seat: int) -> list[Move]:
    if not _action_possible(state):
        return []
    card = state["act"]["card"]
    if card == "love":
        return _love_moves(state, seat)
    if card in ("shooting", "eating"):
        return _attack_moves(state, seat, card)
    if card in ("trade", "diplomacy"):
        targets = _targets(state, seat)
        return [
            {"type": card, "decline": [_move_colour(c) for c in chosen]}
            for size in range(len(targets) + 1)
            for chosen in combinations(targets, size)
        ]
    act = state["act"]
    money = state["money"][seat]
    moves: list[Move] = []
    if not act["mutated"]:
        owners = [str(seat)] + (_targets(state, seat) if money >= MUTATE_OTHER_COST else [])
        for owner in owners:
            moves += _single_mutations(state, owner) + _multi_mutations(state, owner)
    if not act["arranged"] and money >= CORPSES_COST:
        moves += _arrange_moves(state)
    return moves


# --- view and result -------------------------------------------------------------------------


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (section 7); None is a spectator with public data only."""
    seats = state["seats"]
    phase = state["phase"]
    me = seat if type(seat) is int and 0 <= seat < seats else None
    public: dict[str, Any] = {
        "seats": seats,
        "you": me,
        "phase": phase,
        "options": copy_state(state["options"]),
        "in_play": list(state["in_play"]),
        "start_player": state["start"],
        "round": state["round"],
        "track": copy_state(state["track"]),
        "track_pos": state["track_pos"],
        "to_act": sorted(to_act(state)),
        "money": list(state["money"]),
        "points": list(state["points"]),
        "hands": copy_state(state["hands"]),
        "played": copy_state(state["played"]),
        "supply": copy_state(state["supply"]),
        "board": copy_state(state["board"]),
        "ships": copy_state(state["ships"]),
        "relationships": copy_state(state["rel"]),
        "offer": list(state["offer"]),
        "locks": dict(state["locks"]),
        "queue": copy_state(state["queue"]),
        "revealed": copy_state(state["revealed"]),
        "act": copy_state(state["act"]),
        "change": copy_state(state["change"]),
        "movement": copy_state(state["movement"]),
        "ship_order": list(state["ship_order"]),
        "scores": copy_state(state["scores"]),
        "scorings": copy_state(state.get("scorings", [])),
        "last_named": copy_state(state.get("last_named", [[] for _ in range(seats)])),
    }
    col = state["colonise"]
    if col is not None:
        shown = {key: copy_state(value) for key, value in col.items() if key != "picks"}
        picks = col["picks"]
        if phase == "colonise_pick":
            shown["picked"] = [pick is not None for pick in picks]
            shown["picks"] = [pick if s == me else None for s, pick in enumerate(picks)]
        else:
            shown["picks"] = list(picks)
        public["colonise"] = shown
    else:
        public["colonise"] = None
    if phase == "plan":
        public["planned"] = [plan is not None for plan in state["plans"]]
        own = state["plans"][me] if me is not None else None
        public["my_plan"] = copy_state(own)
    respond = state["respond"]
    if respond is not None:
        public["respond"] = {
            "actor": respond["actor"],
            "card": respond["card"],
            "prompted": list(respond["prompted"]),
            "answered": [respond["answers"][s] is not None for s in range(seats)],
            # The actor's refusals are public (event "offered"); states stored before the key
            # existed show none.
            "declined": [_move_colour(c) for c in respond.get("declined", [])],
        }
        if me is not None:
            public["my_answer"] = respond["answers"][me]
    else:
        public["respond"] = None
    movement = state["movement"]
    if movement is not None:
        mover = movement["seat"]
        cargo = bool(state["ships"][mover]["cargo"])
        public["steps_left"] = _steps_left(state, movement, cargo, state["money"][mover])
    if me is not None:
        public["prefs"] = copy_state(state["prefs"][me])
    if phase == "over":
        public["result"] = result(state)
    return public


def sample_state(shown: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A complete state that `seat`'s view `shown` could come from, with what the seat cannot
    see drawn uniformly at random among what the rules allow: the other seats' pending picks,
    plans and answers, their standing preferences, the race deck before the deal and the
    neutral races still to come (section 7). Everything else is public and copied."""
    seats = shown["seats"]
    phase = shown["phase"]
    state: State = {
        "seats": seats,
        "options": copy_state(shown["options"]),
        "in_play": list(shown["in_play"]),
        "start": shown["start_player"],
        "neutral_races": [],
        "race_deck": [],
        "phase": phase,
        "money": list(shown["money"]),
        "points": list(shown["points"]),
        "hands": copy_state(shown["hands"]),
        "played": copy_state(shown["played"]),
        "supply": copy_state(shown["supply"]),
        "board": copy_state(shown["board"]),
        "ships": copy_state(shown["ships"]),
        "colonise": None,
        "rel": copy_state(shown["relationships"]),
        "offer": list(shown["offer"]),
        "locks": dict(shown["locks"]),
        "track": copy_state(shown["track"]),
        "track_pos": shown["track_pos"],
        "round": shown["round"],
        "plans": [None] * seats,
        "revealed": copy_state(shown["revealed"]),
        "prefs": [_sampled_prefs(seats, other, rng) for other in range(seats)],
        "queue": copy_state(shown["queue"]),
        "act": copy_state(shown["act"]),
        "respond": None,
        "change": copy_state(shown["change"]),
        "movement": copy_state(shown["movement"]),
        "ship_order": list(shown["ship_order"]),
        "scores": copy_state(shown["scores"]),
        "scorings": copy_state(shown["scorings"]),
        "last_named": copy_state(shown["last_named"]),
    }
    state["prefs"][seat] = copy_state(shown["prefs"])
    if state["rel"] is None:
        state["race_deck"] = list(RACE_CARDS)
        rng.shuffle(state["race_deck"])
    col = shown["colonise"]
    if col is not None:
        state["colonise"] = {
            key: copy_state(value) for key, value in col.items() if key != "picked"
        }
        if phase == "colonise_pick":
            state["colonise"]["picks"] = [
                _sampled_pick(col["hands"][other], rng) if picked and other != seat else pick
                for other, (pick, picked) in enumerate(
                    zip(col["picks"], col["picked"], strict=True)
                )
            ]
        if seats == 2:
            drawn = {
                _race(token)
                for planet in state["board"].values()
                for token in planet
                if _owner(token) == NEUTRAL
            }
            state["neutral_races"] = [race for race in NEUTRAL_DRAW if race not in drawn]
            rng.shuffle(state["neutral_races"])
    if phase == "plan":
        for other, planned in enumerate(shown["planned"]):
            if other == seat:
                state["plans"][other] = copy_state(shown["my_plan"])
            elif planned:
                state["plans"][other] = _sampled_plan(state, other, rng)
    if shown["respond"] is not None:
        state["respond"] = _sampled_respond(state, shown, seat, rng)
    return state


def _sampled_prefs(seats: int, seat: int, rng: random.Random) -> dict[str, Any]:
    """Preferences towards every other seat, each drawn among accept, refuse and ask."""
    return {
        card: {
            "default": rng.choice(PREF_VALUES),
            "seats": {
                str(other): rng.choice(PREF_VALUES) for other in range(seats) if other != seat
            },
        }
        for card in DEFAULT_PREFS
    }


def _sampled_pick(hand: dict[str, int], rng: random.Random) -> str:
    return rng.choice([race for race in RACES if hand[race] > 0])


def _sampled_plan(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """One of the plans the seat could have made, each alike; its preferences are the sampled
    standing ones."""
    hand = state["hands"][seat]
    plans = [[card] for card in hand]
    if state["money"][seat] >= DOUBLE_ACTION_COST:
        plans += [list(pair) for pair in combinations(hand, 2)]
    return {"cards": rng.choice(plans), "prefs": None}


def _sampled_respond(
    state: State, shown: dict[str, Any], seat: int, rng: random.Random
) -> dict[str, Any]:
    """The answers given but not yet revealed, and the partners who accepted unasked.

    A prompted seat asks about this actor and card; an unprompted seat that could pair and was
    not declined has accept or refuse, so its sampled preference is drawn among those two."""
    public = shown["respond"]
    actor, card = public["actor"], public["card"]
    declined = [str(c) for c in public["declined"]]
    prompted = public["prompted"]
    partners = []
    for colour in _targets(state, actor):
        if colour in declined:
            continue
        if colour == NEUTRAL:
            partners.append(colour)
            continue
        other = int(colour)
        entry = state["prefs"][other][card]["seats"]
        if other != seat:
            if other in prompted:
                entry[str(actor)] = "ask"
            elif _relevant(state, other, actor, card):
                entry[str(actor)] = rng.choice(("accept", "refuse"))
        if _preference(state, other, card, actor) == "accept":
            partners.append(colour)
    answers: list[bool | None] = [None] * state["seats"]
    for other, answered in enumerate(public["answered"]):
        if other == seat:
            answers[other] = shown["my_answer"]
        elif answered:
            answers[other] = rng.random() < 0.5
    return {
        "actor": actor,
        "card": card,
        "partners": partners,
        "prompted": list(prompted),
        "answers": answers,
        "declined": declined,
    }


def _living_in_play(state: State, seat: int) -> int:
    colour = str(seat)
    on_planets = sum(
        1 for planet in state["in_play"] for t in _living(state, planet) if _owner(t) == colour
    )
    return on_planets + len(state["ships"][seat]["cargo"])


def result(state: State) -> dict[str, Any] | None:
    """Final scores, ranks and tie-breaks (section 8); None while the game runs."""
    if state["phase"] != "over":
        return None
    return standing(state)


def standing(state: State) -> dict[str, Any]:
    """Scores, ranks and tie-breaks as the game stands now, as if it ended here (section 8):
    the points so far plus the money bought into points, 5 for 1, as the end does (Decision
    D19; once over, the money left is under 5 and buys nothing more). Dominance of the rounds
    not yet scored counts nothing. The result of a match its players end early."""
    seats = state["seats"]
    breakdown = []
    for seat in range(seats):
        row = dict(state["scores"][seat])
        bought = state["money"][seat] // MONEY_PER_POINT
        row["bought"] += bought
        row["total"] = state["points"][seat] + bought
        row["money_left"] = state["money"][seat] - bought * MONEY_PER_POINT
        row["living"] = _living_in_play(state, seat)
        breakdown.append(row)
    keys = [(r["total"], r["money_left"], r["living"]) for r in breakdown]
    ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    ranking = [[s for s in range(seats) if ranks[s] == rank] for rank in sorted(set(ranks))]
    return {
        "scores": [r["total"] for r in breakdown],
        "ranks": ranks,
        "winners": [s for s in range(seats) if ranks[s] == 1],
        "breakdown": breakdown,
        "ranking": ranking,
    }
