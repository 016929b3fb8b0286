"""The Isle of Cats's moves, each checked whole before it changes the state (section 6)."""

from __future__ import annotations

from typing import Any

from games.isle_of_cats.components import CARDS, CAT_COLOUR, COLOURS, DAYS
from games.isle_of_cats.engine.boat import _Plan, _xy
from games.isle_of_cats.engine.flow import (
    T_AND_B,
    ZONES,
    _after_draft_round,
    _after_turn,
    _discard,
    _draw,
    _end_buy,
    _fish_and_deal,
    _pass_rescue,
    _reveal,
    _start_select,
    is_over,
    quota,
    rescue_cost,
    to_act,
)
from games.rules import Event, Fields, IllegalMove, Move, State, check_move, copying

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
