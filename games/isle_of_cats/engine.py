"""The Isle of Cats (Ostrov koček) rules engine: pure functions over plain JSON state.

The authority is the rules spec `isle_of_cats.md`; section numbers in docstrings refer to it.
All randomness comes from `random.Random(seed)` in `setup` and from the seed-derived reshuffle
RNG of section 4, so a state never carries an RNG and replays are exact.

Boat cells are kept as grid indices (y * 15 + x) inside the state; moves and views use [x, y].
"""

from __future__ import annotations

import random
from itertools import combinations, product
from typing import Any

from games.isle_of_cats.components import (
    BOAT_CELLS,
    BOAT_IDS,
    CARD_IDS,
    CARDS,
    CAT_COLOUR,
    CAT_IDS,
    COLOUR_CARD_IDS,
    COLOUR_CARDS,
    COLOURS,
    COLUMNS,
    COMMON_IDS,
    COMMON_SHAPES,
    COMMONS_PER_SHAPE,
    DAYS,
    EDGE_CELLS,
    EMPTY_GRID,
    FAMILY_EACH_ABOVE,
    FAMILY_VALUES,
    FISH_PER_DAY,
    HEIGHT,
    MAPS,
    NEIGHBOURS,
    ORIENTATIONS,
    OSHAX_IDS,
    PLACEMENTS,
    RARE_IDS,
    RATS,
    ROWS,
    SECTIONS,
    SHAPE_SIZE,
    SISTER_CARDS,
    SISTER_COLOUR_POINTS,
    SISTER_IDS,
    SOLO_BASIC_IDS,
    SOLO_HARD_IDS,
    SOLO_LESSONS,
    TILE_KIND,
    TILE_SHAPE,
    WIDTH,
    ZONE_COST,
    normalise,
)
from games.rules import (
    Fields,
    IllegalMove,
    check_move,
    copy_state,
    copying,
    deal_shares,
    draft_shares,
    fill,
)

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]
Participant = int | str

SISTER = "sister"
ZONES = ("left", "right")
LESSON_SET_CARDS = {
    "A": frozenset(f"{n:03d}" for n in range(127, 135)),
    "B": frozenset(f"{n:03d}" for n in range(135, 143)),
    "C": frozenset(f"{n:03d}" for n in range(143, 151)),
}
MOVE_FIELDS = {
    "draft": Fields(optional=frozenset({"cards"})),
    "buy": Fields(optional=frozenset({"cards", "finish"})),
    "done": Fields(),
    "choose_colours": Fields(optional=frozenset({"colours"})),
    "select_rescue": Fields(optional=frozenset({"cards"})),
    "rescue": Fields(optional=frozenset({"tile", "zone", "basket", "cells", "bonus"})),
    "pass": Fields(),
    "find": Fields(optional=frozenset({"card", "oshax", "rare", "commons"})),
    "play": Fields(optional=frozenset({"card", "rescues", "commons"})),
    "resolve": Fields(optional=frozenset({"cards"})),
    "arrange": Fields(optional=frozenset({"left", "right"})),
}
"""Each move's fields; the rules refuse a missing one in their own words."""
MOVE_PHASES: dict[str, tuple[str, ...]] = {
    "draft": ("draft",),
    "buy": ("buy",),
    "done": ("buy",),
    "choose_colours": ("lesson_colours",),
    "select_rescue": ("rescue_select",),
    "rescue": ("rescue",),
    "pass": ("rescue", "rare_finds"),
    "find": ("rare_finds",),
    "play": ("buy", "rescue", "rare_finds"),
    "resolve": ("buy", "rescue", "rare_finds"),
    "arrange": ("arrange",),
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
T_AND_B = "own_turn_or_post_buy"


# --- setup -------------------------------------------------------------------------------------


def setup(
    seats: int, options: dict[str, Any], seed: int, stack: dict[str, Any] | None = None
) -> State:
    """A new game (section 4): the seeded steps always run in the spec's order."""
    if type(seats) is not int or not 1 <= seats <= 4:
        raise ValueError("The Isle of Cats is played by 1 to 4 seats.")
    lesson_sets, hard = _options(seats, options)
    solo = seats == 1
    if stack is not None and not isinstance(stack, dict):
        raise ValueError("The stack must be a dict.")
    stack = stack or {}
    unknown = set(stack) - STACK_KEYS
    if unknown or (not solo and set(stack) & SOLO_STACK_KEYS):
        raise ValueError(f"Unknown stack keys: {sorted(map(str, set(stack) - STACK_KEYS))}.")
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
    if not isinstance(options, dict):
        raise ValueError("Options must be a dict.")
    unknown = set(options) - {"lesson_sets", "solo_hard_lessons"}
    if unknown:
        raise ValueError(f"Unknown options: {sorted(map(str, unknown))}.")
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


# --- queries -----------------------------------------------------------------------------------


def to_act(state: State) -> set[int]:
    """Seats that may move now; empty only once the game is over. The sister never acts."""
    phase = state["phase"]
    players = state["players"]
    if phase in ("rescue", "rare_finds"):
        return {state["current"]}
    if phase == "draft":
        return {s for s, p in enumerate(players) if not p["picked"]}
    if phase == "buy":
        return {s for s, p in enumerate(players) if not p["finished"]}
    if phase == "rescue_select":
        return {s for s, p in enumerate(players) if p["selection"] is None}
    if phase == "lesson_colours":
        return {
            entry["owner"]
            for entry in state["public_lessons"]
            if entry["colour"] is None and CARDS[entry["card"]]["choose_colour"]
        }
    if phase == "arrange":
        return {state["arranger"]}
    return set()


def is_over(state: State) -> bool:
    return bool(state["phase"] == "game_over")


def quota(state: State) -> int:
    """Cats per zone at a refill (section 5.1)."""
    return 4 if state["solo"] else 2 * int(state["seats"])


def rescue_cost(player: dict[str, Any], zone: str) -> int:
    if zone == "right" and player["bait"]:
        return int(CARDS["070"]["effect"]["cost"])
    return ZONE_COST[zone]


# --- flow --------------------------------------------------------------------------------------


def _start_day(state: State, events: list[Event]) -> None:
    """Refill and, unless a Scent trail asks for an arrangement first, fishing and the draft."""
    events.append({"type": "day_started", "day": state["day"]})
    q = quota(state)
    cats: list[str] = []
    bag = state["bag"]
    while len(cats) < 2 * q and bag:
        tile = bag.pop(0)
        if TILE_KIND[tile] == "rare":
            _add_rare(state, tile)
            events.append({"type": "rare_drawn", "tile": tile})
        else:
            cats.append(tile)
    arranger = next((s for s, p in enumerate(state["players"]) if p["scent"]), None)
    if arranger is not None:
        state["held"] = cats
        state["arranger"] = arranger
        state["phase"] = "arrange"
        events.append({"type": "cats_held", "seat": arranger, "tiles": list(cats)})
        return
    state["zones"] = {"left": cats[:q], "right": cats[q:]}
    events.append({"type": "refilled", "left": cats[:q], "right": cats[q:]})
    _fish_and_deal(state, events)


def _add_rare(state: State, tile: str) -> None:
    for pile in state["rares"]:
        if TILE_SHAPE[pile[0]] == TILE_SHAPE[tile]:
            pile.append(tile)
            return
    state["rares"].append([tile])


def _fish_and_deal(state: State, events: list[Event]) -> None:
    for player in state["players"]:
        player["fish"] += FISH_PER_DAY
        player["aside"] = player["hand"]
        player["hand"] = []
        player["picked"] = False
        player["picks"] = []
    events.append({"type": "fishing", "fish": FISH_PER_DAY})
    state["phase"] = "draft"
    state["draft_round"] = 1
    if state["solo"]:
        state["players"][0]["draft"] = _draw(state, 5)
    else:
        for player in state["players"]:
            player["draft"] = _draw(state, 7)
    for player in state["players"]:
        player["draft_seen"] = []
        _remember_draft(player, player["draft"])
    events.append({"type": "draft_dealt", "day": state["day"]})


def _draw(state: State, count: int) -> list[str]:
    """Top cards of the deck, reshuffling the discards when it runs out (section 4)."""
    drawn = []
    for _ in range(count):
        if not state["deck"]:
            if not state["discard"]:
                break
            state["reshuffles"] += 1
            pile = sorted(state["discard"])
            state["discard"] = []
            for player in state["players"]:
                player["discards_seen"] = []
            random.Random(f"{state['seed']}:reshuffle:{state['reshuffles']}").shuffle(pile)
            state["deck"] = pile
        drawn.append(state["deck"].pop(0))
    return drawn


def _after_draft_round(state: State, events: list[Event]) -> None:
    players = state["players"]
    if state["solo"]:
        player = players[0]
        _discard(state, player["draft"], [0])
        player["draft"] = []
        if state["draft_round"] == 1:
            player["draft"] = _draw(state, 5)
            _remember_draft(player, player["draft"])
            player["picked"] = False
            state["draft_round"] = 2
            return
        last = _draw(state, 1)
        player["picks"].extend(last)
        _remember_draft(player, last, last)
        _start_buy(state, events)
        return
    seats = state["seats"]
    step = 1 if state["day"] % 2 == 1 else -1
    passed: list[list[str]] = [[] for _ in range(seats)]
    for seat in range(seats):
        passed[(seat + step) % seats] = players[seat]["draft"]
    if state["draft_round"] < 3:
        for seat in range(seats):
            players[seat]["draft"] = passed[seat]
            players[seat]["picked"] = False
            _remember_draft(players[seat], passed[seat])
        state["draft_round"] += 1
        events.append({"type": "draft_passed", "round": state["draft_round"]})
        return
    for seat in range(seats):
        players[seat]["picks"].extend(passed[seat])
        players[seat]["draft"] = []
        _remember_draft(players[seat], passed[seat], passed[seat])
    _start_buy(state, events)


def _remember_draft(
    player: dict[str, Any], cards: list[str], took: list[str] | None = None
) -> None:
    """A draft hand handed to a seat today (the last card passed to it: kept at once), for its
    view's memory; a state stored before the memory existed starts it on the next day."""
    if player.get("draft_seen") is not None:
        player["draft_seen"].append({"cards": sorted(cards), "took": took and sorted(took)})


def _discard(state: State, cards: list[str], seen_by: range | list[int]) -> None:
    """Cards go to the discard pile; the seats in `seen_by` saw them go (a card played face
    up: all; cards a seat did not buy or keep: that seat) and know them there until the pile
    is shuffled into the deck."""
    state["discard"].extend(cards)
    for seat in seen_by:
        state["players"][seat].setdefault("discards_seen", []).extend(cards)


def _start_buy(state: State, events: list[Event]) -> None:
    state["phase"] = "buy"
    state["draft_round"] = 0
    for player in state["players"]:
        player["bought"] = False
        player["finished"] = False
    events.append({"type": "buying"})


def _end_buy(state: State, events: list[Event]) -> None:
    """Set-aside hands rejoin; then every lesson in every hand is played (section 5.4)."""
    waiting = False
    for seat, player in enumerate(state["players"]):
        player["hand"] = player["aside"] + player["hand"]
        player["aside"] = []
        personal = 0
        for card in [c for c in player["hand"] if CARDS[c]["kind"] == "lesson"]:
            player["hand"].remove(card)
            if CARDS[card]["scope"] == "public":
                state["public_lessons"].append({"card": card, "owner": seat, "colour": None})
                waiting = waiting or bool(CARDS[card]["choose_colour"])
                events.append({"type": "public_lesson", "seat": seat, "card": card})
            else:
                player["lessons"].append(card)
                personal += 1
        if personal:
            events.append({"type": "personal_lessons", "seat": seat, "count": personal})
    if waiting:
        state["phase"] = "lesson_colours"
        return
    _start_select(state, events)


def _start_select(state: State, events: list[Event]) -> None:
    state["phase"] = "rescue_select"
    for player in state["players"]:
        player["selection"] = None if player["hand"] else []
    if all(p["selection"] is not None for p in state["players"]):
        _reveal(state, events)


def _reveal(state: State, events: list[Event]) -> None:
    """Selections turn face up, the sister draws, and the turn order is re-sorted by speed."""
    speeds: dict[Participant, int] = {}
    for seat, player in enumerate(state["players"]):
        chosen = player["selection"]
        for card in chosen:
            player["hand"].remove(card)
        player["played"] = list(chosen)
        player["speed"] = sum(int(CARDS[c]["speed"]) for c in chosen)
        player["selection"] = None
        speeds[seat] = player["speed"]
        events.append(
            {"type": "rescue_cards", "seat": seat, "cards": list(chosen), "speed": player["speed"]}
        )
    sister = state["sister"]
    if sister is not None:
        deck = sister["deck"]
        today: list[str] = []
        if deck:
            first = deck.pop(0)
            extra = min(int(SISTER_CARDS[first]["baskets"]) - 1, len(deck))
            today = [first] + [deck.pop(0) for _ in range(extra)]
            sister["speed"] = int(SISTER_CARDS[first]["speed"])
            events.append(
                {"type": "sister_card", "card": first, "face_down": extra, "speed": sister["speed"]}
            )
        else:
            sister["speed"] = 0
        sister["today"] = today
        sister["up"] = 1 if today else 0
        sister["resolved"] = 0
        speeds[SISTER] = sister["speed"]
    state["turn_order"] = sorted(state["turn_order"], key=lambda p: -speeds[p])
    events.append({"type": "turn_order", "order": list(state["turn_order"])})
    state["phase"] = "rescue"
    state["passed"] = [SISTER] if sister is not None and not sister["today"] else []
    _begin(state, 0, events)


def _begin(state: State, start: int, events: list[Event]) -> None:
    """Give the turn to the first open participant from position `start` of the turn order,
    running the sister's turns and the automatic passes (section 5.6, decision 11)."""
    order = state["turn_order"]
    size = len(order)
    k = start
    for _ in range(4 * size + 64):
        participant = None
        for step in range(size):
            candidate = order[(k + step) % size]
            if candidate not in state["passed"]:
                participant = candidate
                k = (k + step) % size
                break
        if participant is None:
            break
        if state["phase"] == "rescue":
            if participant == SISTER:
                _sister_turn(state, events)
                k += 1
                continue
            seat = int(participant)
            if _auto_pass_rescue(state, seat):
                _pass_rescue(state, seat, events, automatic=True)
                k += 1
                continue
        elif not state["players"][int(participant)]["hand"]:
            state["passed"].append(participant)
            events.append({"type": "passed", "seat": participant, "automatic": True})
            k += 1
            continue
        state["current"] = participant
        return
    state["current"] = None
    if state["phase"] == "rescue":
        _start_rare_finds(state, events)
    else:
        _end_day(state, events)


def _after_turn(state: State, seat: int, events: list[Event]) -> None:
    _begin(state, state["turn_order"].index(seat) + 1, events)


def _auto_pass_rescue(state: State, seat: int) -> bool:
    zones = state["zones"]
    if not zones["left"] and not zones["right"]:
        return True
    return not state["players"][seat]["hand"] and not _can_rescue(state, seat)


def _can_rescue(state: State, seat: int) -> bool:
    player = state["players"][seat]
    if _canonical_basket(player) is None:
        return False
    around = _around(player) if player["tiles"] else None
    shapes = {
        TILE_SHAPE[tile]
        for zone in ZONES
        if player["fish"] >= rescue_cost(player, zone)
        for tile in state["zones"][zone]
    }
    return any(_placements(player, shape, first_only=True, around=around) for shape in shapes)


def _canonical_basket(player: dict[str, Any]) -> dict[str, Any] | None:
    """Ready permanent, else the lowest whole card, else the two lowest broken cards."""
    if player["baskets_used"] < player["baskets"]:
        return {"type": "permanent"}
    whole = sorted(c for c in player["played"] if CARDS[c]["basket"] == "whole")
    if whole:
        return {"type": "card", "card": whole[0]}
    broken = sorted(c for c in player["played"] if CARDS[c]["basket"] == "broken")
    if len(broken) >= 2:
        return {"type": "broken", "cards": broken[:2]}
    return None


def _pass_rescue(state: State, seat: int, events: list[Event], *, automatic: bool) -> None:
    player = state["players"][seat]
    _discard(state, player["played"], range(state["seats"]))
    player["played"] = []
    state["passed"].append(seat)
    events.append({"type": "passed", "seat": seat, "automatic": automatic})
    sister = state["sister"]
    if sister is not None and SISTER not in state["passed"]:
        while sister["resolved"] < len(sister["today"]):
            _sister_resolve_next(state, events)
        state["passed"].append(SISTER)
        events.append({"type": "passed", "seat": SISTER, "automatic": True})


def _sister_turn(state: State, events: list[Event]) -> None:
    sister = state["sister"]
    if sister["resolved"] < len(sister["today"]):
        _sister_resolve_next(state, events)
    else:
        state["passed"].append(SISTER)
        events.append({"type": "passed", "seat": SISTER, "automatic": True})


def _sister_resolve_next(state: State, events: list[Event]) -> None:
    """Turn up (if needed) and execute the sister's next card of today (section 5.9)."""
    sister = state["sister"]
    card = sister["today"][sister["resolved"]]
    sister["resolved"] += 1
    sister["up"] = max(sister["up"], sister["resolved"])
    events.append({"type": "sister_resolves", "card": card})
    for instruction in SISTER_CARDS[card]["instructions"]:
        _sister_instruction(state, instruction, events)


def _sister_instruction(state: State, instruction: dict[str, Any], events: list[Event]) -> None:
    op = instruction["op"]
    sister = state["sister"]
    zones = state["zones"]
    count = len(zones["left"]) + len(zones["right"])
    if op == "cat":
        if not count:
            return
        zone, slot = _position(state, min(int(instruction["n"]), count))
        tile = zones[zone].pop(slot)
        state["gone"].append(tile)
        sister["removed"]["cats"] += 1
        events.append({"type": "sister_removed", "tile": tile, "zone": zone})
    elif op == "gold":
        rares = state["rares"]
        if not rares:
            return
        n = min(int(instruction["n"]), len(rares))
        tile = rares[n - 1].pop()
        if not rares[n - 1]:
            del rares[n - 1]
        state["gone"].append(tile)
        sister["removed"]["rares"] += 1
        events.append({"type": "sister_removed", "tile": tile})
    elif op == "oshax":
        row = state["oshax"]
        if not row:
            return
        tile = row.pop(min(int(instruction["n"]), len(row)) - 1)
        state["gone"].append(tile)
        sister["removed"]["oshax"] += 1
        events.append({"type": "sister_removed", "tile": tile})
    elif op == "swap":
        if count < 2:
            return
        y = min(int(instruction["y"]), count)
        x = int(instruction["x"])
        if x >= y:
            x = y - 1
        zone_a, slot_a = _position(state, x)
        zone_b, slot_b = _position(state, y)
        a, b = zones[zone_a][slot_a], zones[zone_b][slot_b]
        zones[zone_a][slot_a], zones[zone_b][slot_b] = b, a
        events.append({"type": "sister_swapped", "tiles": [a, b]})
    elif op == "common":
        supply = state["commons"][instruction["shape"]]
        if supply:
            tile = supply.pop(0)
            state["gone"].append(tile)
            events.append({"type": "sister_removed", "tile": tile})


def sister_next(public: dict[str, Any]) -> list[Event]:
    """What the sister's face-up card would do if she resolved it now (section 5.9): the events
    it would make, judged from a view's public data (her face-up card is public, and so is what
    it names); none once she has resolved it, since her next cards lie face down."""
    sister = public.get("sister")
    if not sister or sister["resolved"] >= len(sister["face_up"]):
        return []
    scratch: State = {
        "zones": {zone: list(tiles) for zone, tiles in public["zones"].items()},
        "rares": [list(pile) for pile in public["rares"]],
        "oshax": list(public["oshax"]),
        "commons": {shape: list(ids) for shape, ids in public["commons"].items()},
        "gone": [],
        "sister": {"removed": {"cats": 0, "rares": 0, "oshax": 0}},
    }
    events: list[Event] = []
    for instruction in SISTER_CARDS[sister["face_up"][sister["resolved"]]]["instructions"]:
        _sister_instruction(scratch, instruction, events)
    return events


def _position(state: State, n: int) -> tuple[str, int]:
    """Zone and slot of solo position n (1-based, left zone first)."""
    left = len(state["zones"]["left"])
    if n <= left:
        return "left", n - 1
    return "right", n - 1 - left


def _start_rare_finds(state: State, events: list[Event]) -> None:
    state["phase"] = "rare_finds"
    state["passed"] = [SISTER] if state["solo"] else []
    events.append({"type": "rare_finds"})
    _begin(state, 0, events)


def _end_day(state: State, events: list[Event]) -> None:
    zones = state["zones"]
    state["gone"].extend(zones["left"] + zones["right"])
    state["zones"] = {"left": [], "right": []}
    state["passed"] = []
    for player in state["players"]:
        player["baskets_used"] = 0
        player["bait"] = False
        player["last_paid"] = None
        player["speed"] = 0
    sister = state["sister"]
    if sister is not None:
        sister["used"].extend(sister["today"])
        sister["today"] = []
        sister["up"] = 0
        sister["resolved"] = 0
        if sister["revealed"] < len(sister["colour_cards"]):
            sister["revealed"] += 1
    events.append({"type": "day_ended", "day": state["day"]})
    if state["day"] >= DAYS:
        state["phase"] = "game_over"
        events.append({"type": "game_over"})
        return
    state["day"] += 1
    _start_day(state, events)


# --- placement ---------------------------------------------------------------------------------


def _placements(
    player: dict[str, Any],
    shape: str,
    *,
    first_only: bool = False,
    around: tuple[set[int], set[int]] | None = None,
) -> list[tuple[int, ...]]:
    """Legal placements (P3-P5) of a shape on the seat's boat, as sorted grid indices;
    `around` = the boat's (free cells, free cells next to a tile) when already known."""
    every = PLACEMENTS[shape]
    if not player["tiles"]:
        return list(every[:1]) if first_only else list(every)
    free, frontier = around or _around(player)
    found = []
    for cells in every:
        if free.issuperset(cells) and not frontier.isdisjoint(cells):
            found.append(cells)
            if first_only:
                break
    return found


def _around(player: dict[str, Any]) -> tuple[set[int], set[int]]:
    """The boat's free cells, and those of them next to a tile."""
    grid = player["grid"]
    free = {i for i in BOAT_CELLS if grid[i] == 0}
    frontier = {n for i in BOAT_CELLS if grid[i] > 0 for n in NEIGHBOURS[i]} & free
    return free, frontier


def _xy(cells: tuple[int, ...] | list[int]) -> list[list[int]]:
    return [[i % WIDTH, i // WIDTH] for i in cells]


class _Plan:
    """Validates the tiles of one move in order (earlier ones count for P4/P5) without
    touching the state; `commit` then lays them and takes them from their supplies. A refusal
    names the piece (`what`: "Cat", "Map bonus"…, English names the site translates)."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.player = state["players"][seat]
        self.grid: list[int] = self.player["grid"]
        self.extra: set[int] = set()
        self.placed: list[tuple[str, list[int], str | None]] = []
        self.common_taken: dict[str, int] = {}

    def place(self, tile: str, raw: Any, colour: str | None, what: str) -> list[int]:
        shape = TILE_SHAPE[tile]
        if not isinstance(raw, list) or any(
            not isinstance(c, list) or len(c) != 2 or type(c[0]) is not int or type(c[1]) is not int
            for c in raw
        ):
            raise IllegalMove(
                "%(piece)s: cells must be a list of [x, y] integer pairs.", piece=what
            )
        pairs = [(c[0], c[1]) for c in raw]
        if len(set(pairs)) != len(pairs) or len(pairs) != SHAPE_SIZE[shape]:
            raise IllegalMove(
                "%(piece)s: the tile needs exactly %(count)s distinct cells.",
                piece=what,
                count=str(SHAPE_SIZE[shape]),
            )
        if normalise(pairs) not in ORIENTATIONS[shape]:
            raise IllegalMove("%(piece)s: the cells do not have the tile's shape.", piece=what)
        indices = []
        for x, y in pairs:
            if not (0 <= x < WIDTH and 0 <= y < HEIGHT) or self.grid[y * WIDTH + x] < 0:
                raise IllegalMove(
                    "%(piece)s: [%(x)s, %(y)s] is not a cell of the boat.",
                    piece=what,
                    x=str(x),
                    y=str(y),
                )
            indices.append(y * WIDTH + x)
        if any(self.grid[i] > 0 or i in self.extra for i in indices):
            raise IllegalMove("%(piece)s: a cell is already covered.", piece=what)
        if self.player["tiles"] or self.extra:
            near = any(self.grid[n] > 0 or n in self.extra for i in indices for n in NEIGHBOURS[i])
            if not near:
                raise IllegalMove(
                    "%(piece)s: the tile must touch a tile already on the boat.", piece=what
                )
        self.extra.update(indices)
        self.placed.append((tile, sorted(indices), colour))
        return indices

    def common(self, raw: Any, shapes: tuple[str, ...] | list[str], what: str) -> None:
        if not isinstance(raw, dict) or set(raw) != {"shape", "cells"}:
            raise IllegalMove("%(piece)s: a common treasure is {shape, cells}.", piece=what)
        shape = raw["shape"]
        if not isinstance(shape, str) or shape not in shapes:
            raise IllegalMove("%(piece)s: that common shape is not allowed here.", piece=what)
        taken = self.common_taken.get(shape, 0)
        supply = self.state["commons"][shape]
        if len(supply) <= taken:
            raise IllegalMove("%(piece)s: no common treasure of that shape is left.", piece=what)
        self.place(supply[taken], raw["cells"], None, what)
        self.common_taken[shape] = taken + 1

    def cat(self, tile: str, raw_cells: Any, colour: str, bonus: Any, what: str) -> None:
        """A cat or oshax and its optional map bonus (section 6.1)."""
        indices = self.place(tile, raw_cells, colour, what)
        if bonus is None:
            return
        if MAPS[colour] not in indices:
            raise IllegalMove(
                "%(piece)s: no map of the tile's colour is covered, so no bonus.", piece=what
            )
        self.common(bonus, COMMON_SHAPES, "Map bonus")

    def commit(self) -> None:
        state = self.state
        player = self.player
        player["last_placed"] = [tile for tile, _indices, _colour in self.placed]
        for tile, indices, colour in self.placed:
            kind = TILE_KIND[tile]
            if kind == "common":
                state["commons"][TILE_SHAPE[tile]].remove(tile)
            elif kind == "oshax":
                state["oshax"].remove(tile)
            elif kind == "rare":
                for pile in state["rares"]:
                    if tile in pile:
                        pile.remove(tile)
                        if not pile:
                            state["rares"].remove(pile)
                        break
            else:
                zones = state["zones"]
                zones["left" if tile in zones["left"] else "right"].remove(tile)
            entry: dict[str, Any] = {"tile": tile, "cells": indices}
            if kind == "oshax":
                entry["colour"] = colour
            player["tiles"].append(entry)
            number = len(player["tiles"])
            for i in indices:
                self.grid[i] = number


# --- moves -------------------------------------------------------------------------------------


def apply_in_place(state: State, seat: int, move: Any) -> list[Event]:
    """Validate the whole move first (raising IllegalMove), then mutate `state`; the turn is
    checked with the phase."""
    kind = check_move(
        move, seat, over=is_over(state), seats=range(state["seats"]), fields=MOVE_FIELDS
    )
    if state["phase"] not in MOVE_PHASES[kind]:
        raise IllegalMove("That move does not fit this phase.")
    if seat not in to_act(state):
        raise IllegalMove("It is not your turn to act.")
    player = state["players"][seat]
    if kind == "resolve":
        if player["look"] is None:
            raise IllegalMove("You have no revealed cards to choose from.")
    elif player["look"] is not None:
        raise IllegalMove("First choose among the cards you looked at.")
    events: list[Event] = []
    handler = _HANDLERS[kind]
    handler(state, seat, move, events)
    return events


apply = copying(apply_in_place)


def _card_list(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or any(not isinstance(c, str) for c in value):
        raise IllegalMove("The field %(field)s must be a list of card ids.", field=what)
    if len(set(value)) != len(value):
        raise IllegalMove("The field %(field)s must not repeat a card.", field=what)
    return list(value)


def _move_draft(state: State, seat: int, move: Move, events: list[Event]) -> None:
    player = state["players"][seat]
    cards = _card_list(move.get("cards"), "cards")
    need = min(3 if state["solo"] else 2, len(player["draft"]))
    if len(cards) != need or any(c not in player["draft"] for c in cards):
        raise IllegalMove("Pick exactly %(count)s cards from your draft hand.", count=str(need))
    for card in cards:
        player["draft"].remove(card)
    player["picks"].extend(cards)
    player["picked"] = True
    if player.get("draft_seen"):
        player["draft_seen"][-1]["took"] = sorted(cards)
    events.append({"type": "drafted", "seat": seat, "count": len(cards)})
    if all(p["picked"] for p in state["players"]):
        _after_draft_round(state, events)


def _move_buy(state: State, seat: int, move: Move, events: list[Event]) -> None:
    player = state["players"][seat]
    if player["bought"]:
        raise IllegalMove("You have already bought today.")
    cards = _card_list(move.get("cards"), "cards")
    finish = move.get("finish", True)
    if type(finish) is not bool:
        raise IllegalMove("finish must be true or false.")
    if any(c not in player["picks"] for c in cards):
        raise IllegalMove("You can only buy cards you picked today.")
    cost = sum(int(CARDS[c]["cost"]) for c in cards)
    if cost > player["fish"]:
        raise IllegalMove("You do not have enough fish.")
    player["fish"] -= cost
    player["hand"].extend(cards)
    _discard(state, [c for c in player["picks"] if c not in cards], [seat])
    player["picks"] = []
    player["bought"] = True
    player["finished"] = finish
    events.append({"type": "bought", "seat": seat, "count": len(cards), "paid": cost})
    _maybe_end_buy(state, events)


def _maybe_end_buy(state: State, events: list[Event]) -> None:
    if all(p["finished"] for p in state["players"]):
        _end_buy(state, events)


def _move_done(state: State, seat: int, move: Move, events: list[Event]) -> None:
    player = state["players"][seat]
    if not player["bought"]:
        raise IllegalMove("Buy your cards first.")
    player["finished"] = True
    events.append({"type": "done", "seat": seat})
    _maybe_end_buy(state, events)


def _move_choose_colours(state: State, seat: int, move: Move, events: list[Event]) -> None:
    colours = move.get("colours")
    waiting = [
        e
        for e in state["public_lessons"]
        if e["owner"] == seat and e["colour"] is None and CARDS[e["card"]]["choose_colour"]
    ]
    if not isinstance(colours, dict) or set(colours) != {e["card"] for e in waiting}:
        raise IllegalMove("Choose a colour for each of your public lessons, and only those.")
    if any(c not in COLOURS for c in colours.values()):
        raise IllegalMove("Unknown colour.")
    for entry in waiting:
        entry["colour"] = colours[entry["card"]]
    events.append({"type": "colours_chosen", "seat": seat, "colours": dict(colours)})
    if not to_act(state):
        _start_select(state, events)


def _move_select_rescue(state: State, seat: int, move: Move, events: list[Event]) -> None:
    player = state["players"][seat]
    cards = _card_list(move.get("cards"), "cards")
    if any(c not in player["hand"] or CARDS[c]["kind"] != "rescue" for c in cards):
        raise IllegalMove("Select only rescue cards from your hand.")
    player["selection"] = cards
    events.append({"type": "selected", "seat": seat})
    if all(p["selection"] is not None for p in state["players"]):
        _reveal(state, events)


def _basket(player: dict[str, Any], raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise IllegalMove("Name the basket you use.")
    kind = raw.get("type")
    if kind == "permanent" and set(raw) == {"type"}:
        if player["baskets_used"] >= player["baskets"]:
            raise IllegalMove("Your permanent baskets are used for today.")
        return {"type": "permanent"}
    if kind == "card" and set(raw) == {"type", "card"}:
        card = raw["card"]
        if not isinstance(card, str) or card not in player["played"]:
            raise IllegalMove("That card is not among your played rescue cards.")
        if CARDS[card]["basket"] != "whole":
            raise IllegalMove("That card has no whole basket.")
        return {"type": "card", "card": card}
    if kind == "broken" and set(raw) == {"type", "cards"}:
        cards = _card_list(raw["cards"], "basket cards")
        if len(cards) != 2:
            raise IllegalMove("Two broken baskets from two different cards carry one cat.")
        for card in cards:
            if card not in player["played"] or CARDS[card]["basket"] != "broken":
                raise IllegalMove("Use two of your played cards with broken baskets.")
        return {"type": "broken", "cards": cards}
    raise IllegalMove("Unknown basket.")


def _zone_of(
    state: State, tile: Any, zone: Any, allowed: tuple[str, ...] = ZONES
) -> tuple[str, str]:
    """The named cat and the zone it lies in, checked against the move's `zone`."""
    if not isinstance(tile, str):
        raise IllegalMove("Name the cat to rescue.")
    found = next((z for z in ZONES if tile in state["zones"][z]), None)
    if found is None:
        raise IllegalMove("That cat is not in a zone.")
    if zone is not None and zone != found:
        raise IllegalMove("That cat is not in that zone.")
    if found not in allowed:
        raise IllegalMove("This card cannot rescue from that zone.")
    return tile, found


def _move_rescue(state: State, seat: int, move: Move, events: list[Event]) -> None:
    player = state["players"][seat]
    tile, zone = _zone_of(state, move.get("tile"), move.get("zone"))
    basket = _basket(player, move.get("basket"))
    cost = rescue_cost(player, zone)
    if player["fish"] < cost:
        raise IllegalMove("You do not have enough fish.")
    plan = _Plan(state, seat)
    plan.cat(tile, move.get("cells"), CAT_COLOUR[tile], move.get("bonus"), "Cat")
    player["fish"] -= cost
    if basket["type"] == "permanent":
        player["baskets_used"] += 1
    else:
        used = [basket["card"]] if basket["type"] == "card" else basket["cards"]
        for card in used:
            player["played"].remove(card)
        _discard(state, used, range(state["seats"]))
    plan.commit()
    player["last_paid"] = cost
    events.append(_placed_event(seat, "rescued", plan, zone=zone, paid=cost))
    _after_turn(state, seat, events)


def _placed_event(seat: int, kind: str, plan: _Plan, **extra: Any) -> Event:
    tiles = [{"tile": t, "cells": _xy(cells)} for t, cells, _colour in plan.placed]
    return {"type": kind, "seat": seat, "tiles": tiles, **extra}


def _move_pass(state: State, seat: int, move: Move, events: list[Event]) -> None:
    if state["phase"] == "rescue":
        _pass_rescue(state, seat, events, automatic=False)
    else:
        state["passed"].append(seat)
        events.append({"type": "passed", "seat": seat, "automatic": False})
    _after_turn(state, seat, events)


def _move_find(state: State, seat: int, move: Move, events: list[Event]) -> None:
    player = state["players"][seat]
    card = move.get("card")
    if not isinstance(card, str) or card not in player["hand"]:
        raise IllegalMove("That card is not in your hand.")
    info = CARDS[card]
    if info["kind"] not in ("treasure", "oshax"):
        raise IllegalMove("Only oshax and treasure cards are played to find.")
    effect = info["effect"]
    raw_oshax = move.get("oshax")
    raw_rare = move.get("rare")
    raw_commons = move.get("commons")
    if raw_commons is None:
        raw_commons = []
    if not isinstance(raw_commons, list):
        raise IllegalMove("commons must be a list.")
    plan = _Plan(state, seat)
    count = 0
    if info["kind"] == "oshax":
        if raw_rare is not None:
            raise IllegalMove("An oshax card brings no rare treasure.")
        if not isinstance(raw_oshax, dict) or not set(raw_oshax) <= {
            "tile",
            "colour",
            "cells",
            "bonus",
        }:
            raise IllegalMove("Name the oshax to befriend, its colour and cells.")
        tile = raw_oshax.get("tile")
        if not isinstance(tile, str) or tile not in state["oshax"]:
            raise IllegalMove("That oshax is not available.")
        colour = raw_oshax.get("colour")
        if colour not in COLOURS:
            raise IllegalMove("Choose the oshax's colour.")
        plan.cat(tile, raw_oshax.get("cells"), colour, raw_oshax.get("bonus"), "Oshax")
        count += 1
    else:
        if raw_oshax is not None:
            raise IllegalMove("A treasure card brings no oshax.")
        if raw_rare is not None:
            if not effect["rare"]:
                raise IllegalMove("This card brings no rare treasure.")
            if not isinstance(raw_rare, dict) or set(raw_rare) != {"tile", "cells"}:
                raise IllegalMove("A rare treasure is {tile, cells}.")
            tile = raw_rare["tile"]
            if not isinstance(tile, str) or not any(tile in pile for pile in state["rares"]):
                raise IllegalMove("That rare treasure is not in the supply.")
            plan.place(tile, raw_rare["cells"], None, "Rare treasure")
            count += 1
        elif effect["rare_required"]:
            raise IllegalMove("This card needs a rare treasure.")
    if len(raw_commons) > int(effect["commons"]):
        raise IllegalMove("Too many common treasures for this card.")
    for entry in raw_commons:
        plan.common(entry, effect["common_shapes"], "Common treasure")
        count += 1
    if count < int(effect["min_tiles"]):
        raise IllegalMove("Take at least one tile with this card.")
    player["hand"].remove(card)
    _discard(state, [card], range(state["seats"]))
    plan.commit()
    events.append(_placed_event(seat, "found", plan, card=card))
    _after_turn(state, seat, events)


def _in_window(state: State, seat: int, info: dict[str, Any]) -> bool:
    if state["phase"] == "buy":
        player = state["players"][seat]
        return bool(player["bought"]) and not player["finished"] and info["window"] == T_AND_B
    return bool(state["current"] == seat)


def _move_play(state: State, seat: int, move: Move, events: list[Event]) -> None:
    player = state["players"][seat]
    card = move.get("card")
    if not isinstance(card, str) or card not in player["hand"]:
        raise IllegalMove("That card is not in your hand.")
    info = CARDS[card]
    if info["kind"] != "anytime":
        raise IllegalMove("Only anytime cards are played this way.")
    if not _in_window(state, seat, info):
        raise IllegalMove("You cannot play that card now.")
    effect = info["effect"]
    kind = effect["kind"]
    uses = {"rescue": "rescues", "take_commons": "commons"}.get(kind)
    for field in ("rescues", "commons"):
        if field != uses and field in move:
            raise IllegalMove("This card takes no %(field)s.", field=field)
    plan = _Plan(state, seat)
    paid: list[int] = []
    if kind == "rescue":
        entries = move.get("rescues")
        if not isinstance(entries, list) or not effect["min"] <= len(entries) <= effect["max"]:
            raise IllegalMove(
                "Rescue %(min)s to %(max)s cats with this card.",
                min=str(effect["min"]),
                max=str(effect["max"]),
            )
        fish = player["fish"]
        seen: set[str] = set()
        for entry in entries:
            if not isinstance(entry, dict) or not set(entry) <= {"tile", "zone", "cells", "bonus"}:
                raise IllegalMove("A rescue is {tile, zone, cells, bonus}.")
            tile, zone = _zone_of(
                state, entry.get("tile"), entry.get("zone"), tuple(effect["zones"])
            )
            if tile in seen:
                raise IllegalMove("Each cat can be rescued once.")
            seen.add(tile)
            cost = rescue_cost(player, zone) if effect["pay_fish"] else 0
            if fish < cost:
                raise IllegalMove("You do not have enough fish.")
            fish -= cost
            paid.append(cost)
            plan.cat(tile, entry.get("cells"), CAT_COLOUR[tile], entry.get("bonus"), "Cat")
    elif kind == "take_commons":
        entries = move.get("commons")
        if not isinstance(entries, list) or not effect["min"] <= len(entries) <= effect["max"]:
            raise IllegalMove(
                "Take %(min)s to %(max)s common treasures with this card.",
                min=str(effect["min"]),
                max=str(effect["max"]),
            )
        for entry in entries:
            plan.common(entry, effect["shapes"], "Common treasure")
    elif kind == "refund_last_rescue":
        if player["last_paid"] is None:
            raise IllegalMove("You have not rescued a cat today.")
    elif kind == "arrange_next_refill" and state["day"] >= DAYS:
        raise IllegalMove("There is no refill after the last day.")
    player["hand"].remove(card)
    _discard(state, [card], range(state["seats"]))
    event: Event = {"type": "played", "seat": seat, "card": card}
    if kind == "rescue":
        player["fish"] -= sum(paid)
        plan.commit()
        player["last_paid"] = paid[-1]
        event["tiles"] = _placed_event(seat, "", plan)["tiles"]
        event["paid"] = sum(paid)
    elif kind == "take_commons":
        plan.commit()
        event["tiles"] = _placed_event(seat, "", plan)["tiles"]
    elif kind in ("look_buy", "look_keep"):
        revealed = _draw(state, int(effect["look"]))
        player["look"] = {"card": card, "cards": revealed}
        event["looked"] = len(revealed)
    elif kind == "draw":
        drawn = _draw(state, int(effect["count"]))
        player["hand"].extend(drawn)
        event["drawn"] = len(drawn)
    elif kind == "gain_basket":
        player["baskets"] += 1
    elif kind == "gain_fish":
        player["fish"] += int(effect["amount"])
        event["fish"] = int(effect["amount"])
    elif kind == "cheap_right_zone":
        player["bait"] = True
    elif kind == "refund_last_rescue":
        player["fish"] += player["last_paid"]
        event["fish"] = player["last_paid"]
    elif kind == "arrange_next_refill":
        player["scent"] = True
    events.append(event)


def _move_resolve(state: State, seat: int, move: Move, events: list[Event]) -> None:
    player = state["players"][seat]
    look = player["look"]
    cards = _card_list(move.get("cards"), "cards")
    if any(c not in look["cards"] for c in cards):
        raise IllegalMove("Choose among the cards you looked at.")
    effect = CARDS[look["card"]]["effect"]
    cost = 0
    if effect["kind"] == "look_buy":
        if effect["max_buy"] is not None and len(cards) > int(effect["max_buy"]):
            raise IllegalMove("Buy at most %(count)s of these cards.", count=str(effect["max_buy"]))
        cost = sum(int(CARDS[c]["cost"]) for c in cards)
        if cost > player["fish"]:
            raise IllegalMove("You do not have enough fish.")
    elif len(cards) != min(1, len(look["cards"])):
        raise IllegalMove("Keep exactly one of these cards.")
    player["fish"] -= cost
    player["hand"].extend(cards)
    _discard(state, [c for c in look["cards"] if c not in cards], [seat])
    player["look"] = None
    events.append({"type": "resolved", "seat": seat, "count": len(cards), "paid": cost})


def _move_arrange(state: State, seat: int, move: Move, events: list[Event]) -> None:
    left = _card_list(move.get("left"), "left")
    right = _card_list(move.get("right"), "right")
    held = state["held"]
    if sorted(left + right) != sorted(held) or len(left) != min(quota(state), len(held)):
        raise IllegalMove("Split exactly the held cats, the left zone filled to its quota.")
    state["zones"] = {"left": left, "right": right}
    state["held"] = []
    state["arranger"] = None
    state["players"][seat]["scent"] = False
    events.append({"type": "refilled", "left": list(left), "right": list(right), "seat": seat})
    _fish_and_deal(state, events)


_HANDLERS = {
    "draft": _move_draft,
    "buy": _move_buy,
    "done": _move_done,
    "choose_colours": _move_choose_colours,
    "select_rescue": _move_select_rescue,
    "rescue": _move_rescue,
    "pass": _move_pass,
    "find": _move_find,
    "play": _move_play,
    "resolve": _move_resolve,
    "arrange": _move_arrange,
}


# --- legal moves -------------------------------------------------------------------------------


def legal_moves(state: State, seat: int) -> list[Move]:
    """Every move the seat may make now, enumerated as section 6.12 says."""
    if type(seat) is not int or seat not in to_act(state):
        return []
    phase = state["phase"]
    player = state["players"][seat]
    if player["look"] is not None:
        return _resolve_moves(player)
    if phase == "draft":
        need = min(3 if state["solo"] else 2, len(player["draft"]))
        return [{"type": "draft", "cards": list(c)} for c in combinations(player["draft"], need)]
    if phase == "buy":
        if player["bought"]:
            return [{"type": "done"}, *_play_moves(state, seat)]
        return _buy_moves(player)
    if phase == "lesson_colours":
        waiting = [
            e["card"]
            for e in state["public_lessons"]
            if e["owner"] == seat and e["colour"] is None and CARDS[e["card"]]["choose_colour"]
        ]
        return [
            {"type": "choose_colours", "colours": dict(zip(waiting, combo, strict=True))}
            for combo in product(COLOURS, repeat=len(waiting))
        ]
    if phase == "rescue_select":
        rescue = [c for c in player["hand"] if CARDS[c]["kind"] == "rescue"]
        if len(rescue) <= 8:
            subsets = [list(s) for n in range(len(rescue) + 1) for s in combinations(rescue, n)]
        else:
            subsets = [[], *([c] for c in rescue), rescue]
        return [{"type": "select_rescue", "cards": s} for s in subsets]
    if phase == "arrange":
        return _arrange_moves(state)
    moves: list[Move] = [{"type": "pass"}]
    if phase == "rescue":
        moves.extend(_rescue_moves(state, seat))
    else:
        moves.extend(_find_moves(state, seat))
    moves.extend(_play_moves(state, seat))
    return moves


def _resolve_moves(player: dict[str, Any]) -> list[Move]:
    look = player["look"]
    cards = look["cards"]
    effect = CARDS[look["card"]]["effect"]
    if effect["kind"] == "look_keep":
        if not cards:
            return [{"type": "resolve", "cards": []}]
        return [{"type": "resolve", "cards": [c]} for c in cards]
    limit = len(cards) if effect["max_buy"] is None else int(effect["max_buy"])
    moves = []
    for n in range(min(limit, len(cards)) + 1):
        for subset in combinations(cards, n):
            if sum(int(CARDS[c]["cost"]) for c in subset) <= player["fish"]:
                moves.append({"type": "resolve", "cards": list(subset)})
    return moves


def _buy_moves(player: dict[str, Any]) -> list[Move]:
    moves: list[Move] = []
    picks = player["picks"]
    for n in range(len(picks) + 1):
        for subset in combinations(picks, n):
            if sum(int(CARDS[c]["cost"]) for c in subset) > player["fish"]:
                continue
            moves.append({"type": "buy", "cards": list(subset), "finish": True})
            if any(CARDS[c].get("window") == T_AND_B for c in subset):
                moves.append({"type": "buy", "cards": list(subset), "finish": False})
    return moves


def _arrange_moves(state: State) -> list[Move]:
    held = state["held"]
    q = min(quota(state), len(held))
    left, right = held[:q], held[q:]
    moves: list[Move] = [{"type": "arrange", "left": list(left), "right": list(right)}]
    for a in range(len(left)):
        for b in range(len(right)):
            new_left, new_right = list(left), list(right)
            new_left[a], new_right[b] = right[b], left[a]
            moves.append({"type": "arrange", "left": new_left, "right": new_right})
    return moves


def _rescue_moves(state: State, seat: int) -> list[Move]:
    player = state["players"][seat]
    around = _around(player)
    basket = _canonical_basket(player)
    if basket is None:
        return []
    moves: list[Move] = []
    for zone in ZONES:
        if player["fish"] < rescue_cost(player, zone):
            continue
        for tile in state["zones"][zone]:
            for cells in _placements(player, TILE_SHAPE[tile], around=around):
                moves.append(
                    {
                        "type": "rescue",
                        "tile": tile,
                        "zone": zone,
                        "basket": dict(basket),
                        "cells": _xy(cells),
                    }
                )
    return moves


def _rare_choices(state: State) -> list[str]:
    """One rare tile per stack: tiles of one stack are identical."""
    return [pile[-1] for pile in state["rares"]]


def _common_choices(state: State, shapes: list[str] | tuple[str, ...]) -> list[str]:
    return [shape for shape in shapes if state["commons"][shape]]


def _find_moves(state: State, seat: int) -> list[Move]:
    player = state["players"][seat]
    around = _around(player)
    moves: list[Move] = []
    for card in dict.fromkeys(player["hand"]):
        info = CARDS[card]
        if info["kind"] == "oshax":
            for tile in state["oshax"]:
                for cells in _placements(player, TILE_SHAPE[tile], around=around):
                    xy = _xy(cells)
                    for colour in COLOURS:
                        moves.append(
                            {
                                "type": "find",
                                "card": card,
                                "oshax": {"tile": tile, "colour": colour, "cells": xy},
                            }
                        )
        elif info["kind"] == "treasure":
            effect = info["effect"]
            if effect["rare"]:
                for tile in _rare_choices(state):
                    for cells in _placements(player, TILE_SHAPE[tile], around=around):
                        moves.append(
                            {
                                "type": "find",
                                "card": card,
                                "rare": {"tile": tile, "cells": _xy(cells)},
                            }
                        )
            if not effect["rare_required"] and effect["commons"]:
                for shape in _common_choices(state, effect["common_shapes"]):
                    for cells in _placements(player, shape, around=around):
                        moves.append(
                            {
                                "type": "find",
                                "card": card,
                                "commons": [{"shape": shape, "cells": _xy(cells)}],
                            }
                        )
    return moves


def _play_moves(state: State, seat: int) -> list[Move]:
    player = state["players"][seat]
    around = _around(player)
    moves: list[Move] = []
    for card in player["hand"]:
        info = CARDS[card]
        if info["kind"] != "anytime" or not _in_window(state, seat, info):
            continue
        effect = info["effect"]
        kind = effect["kind"]
        if kind == "rescue":
            for zone in effect["zones"]:
                cost = rescue_cost(player, zone) if effect["pay_fish"] else 0
                if player["fish"] < cost:
                    continue
                for tile in state["zones"][zone]:
                    for cells in _placements(player, TILE_SHAPE[tile], around=around):
                        rescue = {"tile": tile, "zone": zone, "cells": _xy(cells)}
                        moves.append({"type": "play", "card": card, "rescues": [rescue]})
        elif kind == "take_commons":
            for shape in _common_choices(state, effect["shapes"]):
                for cells in _placements(player, shape, around=around):
                    common = {"shape": shape, "cells": _xy(cells)}
                    moves.append({"type": "play", "card": card, "commons": [common]})
        elif kind == "refund_last_rescue":
            if player["last_paid"] is not None:
                moves.append({"type": "play", "card": card})
        elif kind == "arrange_next_refill":
            if state["day"] < DAYS:
                moves.append({"type": "play", "card": card})
        else:
            moves.append({"type": "play", "card": card})
    return moves


# --- scoring -----------------------------------------------------------------------------------


def boat_facts(player: dict[str, Any]) -> dict[str, Any]:
    """Everything scoring looks at on one boat (section 8.1)."""
    tiles = player["tiles"]
    grid = player["grid"]
    colour: dict[int, str] = {}
    for number, entry in enumerate(tiles, start=1):
        tile = entry["tile"]
        kind = TILE_KIND[tile]
        if kind == "cat":
            colour[number] = CAT_COLOUR[tile]
        elif kind == "oshax":
            colour[number] = entry["colour"]
    links: dict[int, set[int]] = {number: set() for number in colour}
    for number in colour:
        for i in tiles[number - 1]["cells"]:
            for n in NEIGHBOURS[i]:
                other = grid[n]
                if other > 0 and other != number and colour.get(other) == colour[number]:
                    links[number].add(other)
    families: list[tuple[str, list[int]]] = []
    seen: set[int] = set()
    for number in sorted(colour):
        if number in seen:
            continue
        group = [number]
        seen.add(number)
        for current in group:
            for other in sorted(links[current]):
                if other not in seen:
                    seen.add(other)
                    group.append(other)
        if len(group) >= 3:
            families.append((colour[number], sorted(group)))
    in_family = {n for _c, group in families for n in group}
    edge = {number for number in colour if any(i in EDGE_CELLS for i in tiles[number - 1]["cells"])}
    treasure_cells = {
        i
        for entry in tiles
        if TILE_KIND[entry["tile"]] in ("common", "rare")
        for i in entry["cells"]
    }
    return {
        "colour": colour,
        "families": families,
        "lone": [n for n in colour if n not in in_family],
        "edge": edge,
        "grid": grid,
        "tiles": tiles,
        "treasure_cells": treasure_cells,
        "count": {c: sum(1 for v in colour.values() if v == c) for c in COLOURS},
        "covered": {i for i in BOAT_CELLS if grid[i] > 0},
    }


def family_points(size: int) -> int:
    if size < 3:
        return 0
    if size <= 7:
        return FAMILY_VALUES[size]
    return FAMILY_VALUES[7] + FAMILY_EACH_ABOVE * (size - 7)


def _largest(facts: dict[str, Any]) -> int:
    return max((len(group) for _c, group in facts["families"]), default=0)


def lesson_score(
    rule: dict[str, Any],
    points: int,
    facts: dict[str, Any],
    *,
    colour: str | None = None,
    solo: bool = False,
    others_largest: tuple[int, ...] = (),
) -> int:
    """Points of one discovery lesson card on one boat (section 8.2)."""
    kind = rule["kind"]
    c = colour if rule.get("colour") == "chosen" else rule.get("colour")
    count = facts["count"]
    colours = facts["colour"]
    covered = facts["covered"]
    tiles = facts["tiles"]
    grid = facts["grid"]
    if kind == "colour_exact":
        return points if count[c] == rule["n"] else 0
    if kind == "colour_count_each":
        return points * count[c] if c else 0
    if kind == "colour_majority":
        return points if all(count[c] > count[d] for d in COLOURS if d != c) else 0
    if kind == "edge_all_colours":
        touching = {colours[n] for n in facts["edge"]}
        return points if touching >= set(COLOURS) else 0
    if kind == "edge_cats_per":
        return points * (len(facts["edge"]) // int(rule["per"]))
    if kind == "edge_colour_each":
        return points * sum(1 for n in facts["edge"] if colours[n] == c) if c else 0
    if kind == "family_colour_min":
        hit = any(fc == c and len(group) >= rule["n"] for fc, group in facts["families"])
        return points if hit else 0
    if kind == "families_count_at_least":
        return points if len(facts["families"]) >= rule["n"] else 0
    if kind == "family_colours_each":
        return points * len({fc for fc, _g in facts["families"]})
    if kind == "largest_family_top":
        mine = _largest(facts)
        if solo:
            return points if mine >= rule["solo_min"] else 0
        return points if mine and all(mine >= other for other in others_largest) else 0
    if kind == "lone_cats_at_most":
        return points if facts["families"] and len(facts["lone"]) <= rule["n"] else 0
    if kind == "rats_all_covered":
        return points if all(i in covered for i in RATS) else 0
    if kind in ("rare_at_least", "rare_each", "common_each", "oshax_each"):
        wanted = {"rare_at_least": "rare", "rare_each": "rare"}.get(kind, kind[:-5])
        number = sum(1 for e in tiles if TILE_KIND[e["tile"]] == wanted)
        if kind == "rare_at_least":
            return points if number >= rule["n"] else 0
        return points * number
    if kind == "full_rows_each":
        return points * sum(1 for row in ROWS if row and all(i in covered for i in row))
    if kind == "full_columns_each":
        return points * sum(1 for col in COLUMNS if col and all(i in covered for i in col))
    if kind == "sections_full_each":
        return points * sum(1 for cells in SECTIONS.values() if all(i in covered for i in cells))
    if kind == "maps_matched_each":
        return points * sum(
            1 for mc, i in MAPS.items() if grid[i] > 0 and colours.get(grid[i]) == mc
        )
    if kind == "colour_in_sections_each":
        return points * sum(
            1
            for cells in SECTIONS.values()
            if any(grid[i] > 0 and colours.get(grid[i]) == c for i in cells)
        )
    if kind == "section_colours_at_least":
        cells = SECTIONS[rule["section"]]
        found = {colours[grid[i]] for i in cells if grid[i] > 0 and grid[i] in colours}
        return points if len(found) >= rule["n"] else 0
    if kind == "section_cats_only":
        cells = SECTIONS[rule["section"]]
        return points if all(grid[i] > 0 and grid[i] in colours for i in cells) else 0
    if kind == "colour_adjacent_treasure_each":
        treasure = facts["treasure_cells"]
        return points * sum(
            1
            for n, nc in colours.items()
            if nc == c and any(m in treasure for i in tiles[n - 1]["cells"] for m in NEIGHBOURS[i])
        )
    raise ValueError(f"Unknown lesson kind {kind}.")


def sister_lesson_score(rule: dict[str, Any], points: int, state: State) -> int:
    """Points of one of the sister's lessons, judged on the player's final boat (section 8.4)."""
    player = state["players"][0]
    facts = boat_facts(player)
    kind = rule["kind"]
    covered = facts["covered"]
    colours = facts["colour"]
    removed = state["sister"]["removed"]
    if kind == "rats_uncovered_each":
        return points * sum(1 for i in RATS if i not in covered)
    if kind == "sections_unfull_each":
        return points * sum(
            1 for cells in SECTIONS.values() if not all(i in covered for i in cells)
        )
    if kind == "lone_cats_each":
        return points * len(facts["lone"])
    if kind == "uncovered_cells_per":
        return points * ((len(BOAT_CELLS) - len(covered)) // int(rule["per"]))
    if kind == "edge_cats_fewer_than":
        return points if len(facts["edge"]) < rule["n"] else 0
    if kind == "families_of_size_each":
        return points * sum(1 for _c, group in facts["families"] if len(group) == rule["n"])
    if kind == "largest_family_below":
        return points if _largest(facts) < rule["n"] else 0
    if kind == "oshax_not_on_boat_each":
        on_boat = sum(1 for e in player["tiles"] if TILE_KIND[e["tile"]] == "oshax")
        return points * (len(OSHAX_IDS) - on_boat)
    if kind == "sister_removed_cats_each":
        return points * int(removed["cats"])
    if kind == "sister_removed_rares_each":
        return points * int(removed["rares"])
    grid = facts["grid"]
    if kind == "colour_without_rat_each":
        with_rat = {colours[grid[i]] for i in RATS if grid[i] in colours}
        return points * sum(1 for c in COLOURS if c not in with_rat)
    if kind == "colour_without_edge_each":
        with_edge = {colours[n] for n in facts["edge"]}
        return points * sum(1 for c in COLOURS if c not in with_edge)
    if kind == "colour_without_family_each":
        with_family = {fc for fc, _g in facts["families"]}
        return points * sum(1 for c in COLOURS if c not in with_family)
    raise ValueError(f"Unknown sister lesson kind {kind}.")


def score_sheet(state: State, seat: int) -> dict[str, Any]:
    """One seat's score sheet (sections 8.3 and 8.5)."""
    player = state["players"][seat]
    facts = boat_facts(player)
    covered = facts["covered"]
    solo = bool(state["solo"])
    others = tuple(_largest(boat_facts(p)) for s, p in enumerate(state["players"]) if s != seat)
    rats = -sum(1 for i in RATS if i not in covered)
    sections = -5 * sum(1 for cells in SECTIONS.values() if not all(i in covered for i in cells))
    families_list = [
        {"colour": c, "size": len(group), "points": family_points(len(group))}
        for c, group in facts["families"]
    ]
    families = sum(f["points"] for f in families_list)
    rare = 3 * sum(1 for e in player["tiles"] if TILE_KIND[e["tile"]] == "rare")
    lessons = []
    personal = 0
    for card in player["lessons"]:
        info = CARDS[card]
        points = lesson_score(
            info["rule"], int(info["points"]), facts, solo=solo, others_largest=others
        )
        personal += points
        lessons.append({"card": card, "points": points})
    public = 0
    for entry in state["public_lessons"]:
        info = CARDS[entry["card"]]
        points = lesson_score(info["rule"], int(info["points"]), facts, colour=entry["colour"])
        if solo:
            points = (points + 1) // 2
        public += points
        lessons.append({"card": entry["card"], "points": points})
    total = rats + sections + families + rare + personal + public
    return {
        "rats": rats,
        "sections": sections,
        "families": families,
        "rare_treasures": rare,
        "personal_lessons": personal,
        "public_lessons": public,
        "total": total,
        "fish_left": player["fish"],
        "families_list": families_list,
        "lessons": lessons,
    }


def sister_sheet(state: State) -> dict[str, Any]:
    """The sister's score in solo (section 8.4)."""
    sister = state["sister"]
    facts = boat_facts(state["players"][0])
    cards = []
    colour_total = 0
    for points, card in zip(SISTER_COLOUR_POINTS, sister["colour_cards"], strict=True):
        colour = COLOUR_CARDS[card]
        got = points * facts["count"][colour]
        colour_total += got
        cards.append(
            {"card": card, "colour": colour, "cats": facts["count"][colour], "points": got}
        )
    lessons = []
    for card in sister["lessons"]:
        info = SOLO_LESSONS[card]
        lessons.append(
            {"card": card, "points": sister_lesson_score(info["rule"], int(info["points"]), state)}
        )
    total = colour_total + sum(entry["points"] for entry in lessons)
    return {
        "colour_cards": cards,
        "colour_points": colour_total,
        "lessons": lessons,
        "total": total,
    }


def result(state: State) -> dict[str, Any] | None:
    """Final scores and ranks (section 8.5); None while the game runs."""
    if state["phase"] != "game_over":
        return None
    return standing(state)


def standing(state: State) -> dict[str, Any]:
    """Scores and ranks as the boats stand now, scored as if the game ended here (section 8):
    the tiles on each boat, the personal lessons already played (those still in hand wait for a
    lessons step, as on day 5), the public lessons in play (one whose colour is still to be
    chosen scores nothing), fish left as the tie-break; solo, the sister scores the player's boat
    with all her colour cards and lessons. The result of a match its players end early."""
    sheets = [score_sheet(state, seat) for seat in range(state["seats"])]
    scores = [sheet["total"] for sheet in sheets]
    if state["solo"]:
        sister = sister_sheet(state)
        won = scores[0] > sister["total"]
        return {
            "scores": scores,
            "ranks": [1 if won else 2],
            "winners": [0] if won else [SISTER],
            "breakdown": sheets,
            "ranking": [{"seat": 0, "rank": 1 if won else 2}],
            "sister": sister,
        }
    keys = [(sheet["total"], sheet["fish_left"]) for sheet in sheets]
    ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    return {
        "scores": scores,
        "ranks": ranks,
        "winners": [seat for seat, rank in enumerate(ranks) if rank == 1],
        "breakdown": sheets,
        "ranking": [{"seat": seat, "rank": rank} for seat, rank in enumerate(ranks)],
    }


# --- view --------------------------------------------------------------------------------------


def _boat_view(player: dict[str, Any]) -> list[dict[str, Any]]:
    shown = []
    for entry in player["tiles"]:
        tile: dict[str, Any] = {"tile": entry["tile"], "cells": _xy(entry["cells"])}
        if "colour" in entry:
            tile["colour"] = entry["colour"]
        elif entry["tile"] in CAT_COLOUR:
            tile["colour"] = CAT_COLOUR[entry["tile"]]
        shown.append(tile)
    return shown


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (section 7); None is a spectator with public data only."""
    phase = state["phase"]
    over = phase == "game_over"
    revealed_played = phase in ("rescue", "rare_finds")
    players = []
    for s, p in enumerate(state["players"]):
        row: dict[str, Any] = {
            "boat": state["boats"][s],
            "tiles": _boat_view(p),
            "last_placed": list(p["last_placed"]),
            "fish": p["fish"],
            "baskets": p["baskets"],
            "baskets_used": p["baskets_used"],
            "hand_count": len(p["hand"]),
            "aside_count": len(p["aside"]),
            "draft_count": len(p["draft"]),
            "picks_count": len(p["picks"]),
            "lesson_count": len(p["lessons"]),
            "picked": p["picked"],
            "bought": p["bought"],
            "finished": p["finished"],
            "selected": p["selection"] is not None,
            "played": list(p["played"]) if revealed_played else [],
            "speed": p["speed"],
            "bait": p["bait"],
            "last_paid": p["last_paid"],
            "scent": p["scent"],
            "looking": p["look"] is not None,
            # Which card a seat is looking with and how many cards it turned: public (the log).
            "look_card": p["look"]["card"] if p["look"] is not None else None,
            "look_count": len(p["look"]["cards"]) if p["look"] is not None else 0,
        }
        if over:
            row["lessons"] = list(p["lessons"])
        players.append(row)
    public: dict[str, Any] = {
        "seats": state["seats"],
        "solo": state["solo"],
        "options": dict(state["options"]),
        "day": state["day"],
        "phase": phase,
        "to_act": sorted(to_act(state)),
        "turn_order": list(state["turn_order"]),
        "current": state["current"],
        "passed": list(state["passed"]),
        "draft_round": state["draft_round"],
        "zones": {zone: list(tiles) for zone, tiles in state["zones"].items()},
        "held": list(state["held"]),
        "arranger": state["arranger"],
        "commons": {shape: list(ids) for shape, ids in state["commons"].items()},
        "oshax": list(state["oshax"]),
        "rares": [list(pile) for pile in state["rares"]],
        "public_lessons": [dict(entry) for entry in state["public_lessons"]],
        "deck_count": len(state["deck"]),
        "discard_count": len(state["discard"]),
        "bag_count": len(state["bag"]),
        "gone": list(state["gone"]),
        "players": players,
        "you": seat,
    }
    sister = state["sister"]
    if sister is not None:
        up = sister["up"]
        public["sister"] = {
            "face_up": list(sister["today"][:up]),
            "face_down": len(sister["today"]) - up,
            "resolved": sister["resolved"],
            "deck_count": len(sister["deck"]),
            "speed": sister["speed"],
            "colour_cards": list(sister["colour_cards"][: sister["revealed"]]),
            "colour_cards_hidden": len(sister["colour_cards"]) - sister["revealed"],
            "lessons": list(sister["lessons"]),
            "removed": dict(sister["removed"]),
            "used": list(sister["used"]),
        }
    if over:
        public["result"] = result(state)
    if seat is None or type(seat) is not int or not 0 <= seat < state["seats"]:
        return public
    mine = state["players"][seat]
    public["hand"] = list(mine["hand"])
    public["aside"] = list(mine["aside"])
    public["draft"] = list(mine["draft"])
    public["picks"] = list(mine["picks"])
    public["lessons"] = list(mine["lessons"])
    public["selection"] = list(mine["selection"]) if mine["selection"] is not None else None
    public["look"] = (
        {"card": mine["look"]["card"], "cards": list(mine["look"]["cards"])}
        if mine["look"] is not None
        else None
    )
    public["draft_seen"] = [
        {"cards": list(entry["cards"]), "took": entry["took"] and list(entry["took"])}
        for entry in mine.get("draft_seen") or []
    ]
    public["discards_seen"] = list(mine.get("discards_seen") or [])
    return public


# --- sampling what a seat cannot see -----------------------------------------------------------


def sample_state(shown: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A complete state that `seat`'s view `shown` could come from, with what the seat cannot
    see drawn uniformly at random among the cards and tiles it cannot place (section 7).

    The seat places the public cards and tiles (the tiles gone from the game included), its own
    cards, the cards it knows lie in the discard pile (played face up, or its own unbought and
    unkept ones, until the pile is shuffled into the deck) and, from today's draft, the cards
    it passed on: the other seats took them as the draft went round (`games.rules.draft_shares`)
    and hold them among their picks until they buy; after a seat has bought, the cards passed
    to it count as unplaced again. The other cards are dealt at random to what else the other
    seats hold (their personal lessons from the personal lessons), the rest of the discard pile
    and the deck; the tiles not seen lie in the bag in a random order; the sister's face-down
    and deck cards and the unrevealed colour cards are shuffled. Pending selections of rescue
    cards are drawn among the possible ones, and the seed of later reshuffles is drawn anew.
    The other seats of a sample remember no draft of today and no discards."""
    seats = shown["seats"]
    phase = shown["phase"]
    over = phase == "game_over"
    rows = shown["players"]
    excluded = sorted(
        card
        for name, cards in LESSON_SET_CARDS.items()
        if name not in shown["options"]["lesson_sets"]
        for card in cards
    )
    mine = [*shown["hand"], *shown["aside"], *shown["draft"], *shown["picks"], *shown["lessons"]]
    mine += shown["look"]["cards"] if shown["look"] is not None else []
    known = set(mine) | set(shown["discards_seen"]) | set(excluded)
    known |= {entry["card"] for entry in shown["public_lessons"]}
    known |= {card for row in rows for card in row["played"] + row.get("lessons", [])}
    dealt: dict[tuple[int, str], list[str]] = {}
    if not shown["solo"] and phase in ("draft", "buy"):
        shares = draft_shares(
            seats=seats,
            seat=seat,
            direction=1 if shown["day"] % 2 == 1 else -1,
            rounds=4,
            takes=lambda number, size: size if number == 4 else min(2, size),
            seen={n: (e["cards"], e["took"]) for n, e in enumerate(shown["draft_seen"], 1)},
            current=shown["draft_round"] if phase == "draft" else None,
            picked=[s for s, row in enumerate(rows) if row["picked"]],
        )
        for cards, _places in shares:
            cards[:] = [card for card in cards if card not in known]
        dealt = {
            place: cards
            for place, cards in deal_shares(shares, rng).items()
            if phase == "draft" or not rows[place[0]]["bought"]
        }
        known |= {card for cards in dealt.values() for card in cards}
    unknown = [card for card in CARD_IDS if card not in known]
    rng.shuffle(unknown)

    players = []
    for s, row in enumerate(rows):
        player = _sampled_player(row)
        if s == seat:
            player["hand"] = list(shown["hand"])
            player["aside"] = list(shown["aside"])
            player["draft"] = list(shown["draft"])
            player["picks"] = list(shown["picks"])
            player["lessons"] = list(shown["lessons"])
            player["selection"] = _listed(shown["selection"])
            look = shown["look"]
            player["look"] = look and {"card": look["card"], "cards": list(look["cards"])}
            player["draft_seen"] = copy_state(shown["draft_seen"])
            player["discards_seen"] = list(shown["discards_seen"])
        elif over:
            player["lessons"] = list(row["lessons"])
        else:
            personal = [c for c in unknown if CARDS[c]["kind"] == "lesson"]
            player["lessons"] = [c for c in personal if CARDS[c]["scope"] == "personal"]
            del player["lessons"][row["lesson_count"] :]
            unknown[:] = [c for c in unknown if c not in player["lessons"]]
        players.append(player)
    for s, (row, player) in enumerate(zip(rows, players, strict=True)):
        if s == seat:
            continue
        player["hand"] = fill([], row["hand_count"], unknown)
        player["aside"] = fill([], row["aside_count"], unknown)
        player["draft"] = fill(dealt.get((s, "packet"), []), row["draft_count"], unknown)
        player["picks"] = fill(dealt.get((s, "kept"), []), row["picks_count"], unknown)
        if row["look_card"] is not None:
            player["look"] = {
                "card": row["look_card"],
                "cards": fill([], row["look_count"], unknown),
            }
        if row["selected"] and phase == "rescue_select":
            rescues = [c for c in player["hand"] if CARDS[c]["kind"] == "rescue"]
            player["selection"] = [c for c in rescues if rng.random() < 0.5]
    discard = fill(list(shown["discards_seen"]), shown["discard_count"], unknown)
    sister = shown.get("sister")
    return {
        "seats": seats,
        "solo": shown["solo"],
        "seed": rng.randrange(1 << 62),
        "options": {
            "lesson_sets": list(shown["options"]["lesson_sets"]),
            "solo_hard_lessons": shown["options"]["solo_hard_lessons"],
        },
        "day": shown["day"],
        "phase": phase,
        "boats": [row["boat"] for row in rows],
        "turn_order": list(shown["turn_order"]),
        "bag": _sampled_bag(shown, rng),
        "deck": unknown,
        "discard": discard,
        "reshuffles": 0,
        "excluded_cards": excluded,
        "zones": {zone: list(tiles) for zone, tiles in shown["zones"].items()},
        "held": list(shown["held"]),
        "arranger": shown["arranger"],
        "commons": {shape: list(ids) for shape, ids in shown["commons"].items()},
        "oshax": list(shown["oshax"]),
        "rares": [list(pile) for pile in shown["rares"]],
        "gone": list(shown["gone"]),
        "public_lessons": [dict(entry) for entry in shown["public_lessons"]],
        "current": shown["current"],
        "passed": list(shown["passed"]),
        "draft_round": shown["draft_round"],
        "players": players,
        "sister": None if sister is None else _sampled_sister(sister, rng),
    }


def _listed(cards: list[str] | None) -> list[str] | None:
    return None if cards is None else list(cards)


PUBLIC_PLAYER_KEYS = (
    "fish",
    "picked",
    "bought",
    "finished",
    "speed",
    "baskets",
    "baskets_used",
    "bait",
    "last_paid",
    "scent",
)
"""A seat's plain values that every view shows as they are."""


def _sampled_player(row: dict[str, Any]) -> dict[str, Any]:
    """A seat's public side as its view row shows it; its cards are filled in afterwards."""
    player = _new_player()
    for key in PUBLIC_PLAYER_KEYS:
        player[key] = row[key]
    player["played"] = list(row["played"])
    player["last_placed"] = list(row["last_placed"])
    player["selection"] = [] if row["selected"] else None
    player["draft_seen"] = None
    grid = list(EMPTY_GRID)
    for number, shown_tile in enumerate(row["tiles"], 1):
        cells = [y * WIDTH + x for x, y in shown_tile["cells"]]
        entry: dict[str, Any] = {"tile": shown_tile["tile"], "cells": cells}
        if TILE_KIND[shown_tile["tile"]] == "oshax":
            entry["colour"] = shown_tile["colour"]
        player["tiles"].append(entry)
        for i in cells:
            grid[i] = number
    player["grid"] = grid
    return player


def _sampled_bag(shown: dict[str, Any], rng: random.Random) -> list[str]:
    """The bag tiles nobody has seen drawn, in a random order."""
    seen = set(shown["zones"]["left"] + shown["zones"]["right"] + shown["held"] + shown["gone"])
    seen |= {tile for pile in shown["rares"] for tile in pile}
    seen |= {entry["tile"] for row in shown["players"] for entry in row["tiles"]}
    bag = [tile for tile in (*CAT_IDS, *RARE_IDS) if tile not in seen]
    rng.shuffle(bag)
    return bag


def _sampled_sister(shown: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The sister's cards: those turned up today and before as seen, her face-down cards and
    deck shuffled from the rest; the colour cards not yet revealed shuffled likewise."""
    up = list(shown["face_up"])
    unseen = [card for card in SISTER_IDS if card not in up and card not in shown["used"]]
    rng.shuffle(unseen)
    hidden_colours = [c for c in COLOUR_CARD_IDS if c not in shown["colour_cards"]]
    rng.shuffle(hidden_colours)
    return {
        "deck": unseen[shown["face_down"] :],
        "today": up + unseen[: shown["face_down"]],
        "up": len(up),
        "resolved": shown["resolved"],
        "speed": shown["speed"],
        "used": list(shown["used"]),
        "colour_cards": list(shown["colour_cards"]) + hidden_colours,
        "revealed": len(shown["colour_cards"]),
        "lessons": list(shown["lessons"]),
        "removed": dict(shown["removed"]),
    }
