"""How a game of the Isle of Cats goes on: who acts, the days and their phases, the turns and
the sister of the solo game (section 5)."""

from __future__ import annotations

import random
from typing import Any

from games.isle_of_cats.components import (
    CARDS,
    DAYS,
    FISH_PER_DAY,
    SISTER_CARDS,
    TILE_KIND,
    TILE_SHAPE,
    ZONE_COST,
)
from games.isle_of_cats.engine.boat import _around, _placements
from games.rules import Event, State

Participant = int | str

SISTER = "sister"
ZONES = ("left", "right")
T_AND_B = "own_turn_or_post_buy"


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
