"""What a seat of Kosmopolis sees, and the states it could be in (section 7)."""

from __future__ import annotations

import random
from typing import Any

from games.kosmopolis.components import (
    CARD_COLOR,
    MODIFIER_IDS,
    MODIFIER_VALUE,
    PROFESSION_COUNT,
    ROUNDS,
)
from games.kosmopolis.engine.flow import city_total, to_act
from games.kosmopolis.engine.moves import _saves
from games.kosmopolis.engine.scoring import result
from games.rules import Share, State, copy_state, deal_shares, draft_shares, fill, withdraw

# --- view and result -------------------------------------------------------------------------


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (section 7); None is a spectator with public data only."""
    seats = state["seats"]
    phase = state["phase"]
    over = phase == "over"
    in_tokens = phase == "tokens"
    if phase == "draft":
        submitted = [choice is not None for choice in state["choices"]]
    elif in_tokens:
        submitted = [choice is not None for choice in state["saves"]]
    else:
        submitted = [False] * seats
    modifiers = []
    for modifier in state["modifiers"]:
        shown = {"column": modifier["column"], "seat": modifier["seat"]}
        if in_tokens or modifier["seat"] == seat:
            shown["id"] = modifier["id"]
            shown["value"] = MODIFIER_VALUE[modifier["id"]]
        modifiers.append(shown)
    public: dict[str, Any] = {
        "seats": seats,
        "round": state["round"],
        "phase": phase,
        "draft_step": state["draft_step"],
        "start_player": state["start_player"],
        "current": state["current"],
        "to_act": sorted(to_act(state)),
        "trigger": state["trigger"],
        "final_turns": list(state["final_turns"]),
        "deck_count": len(state["deck"]),
        "modifier_deck_count": (0 if over else len(state["modifier_decks"][state["round"] - 1])),
        "modifier_pending": state["pending_modifier"] is not None,
        "supply": state["supply"],
        "kosmopolis": {color: list(cards) for color, cards in state["kosmopolis"].items()},
        "modifiers": modifiers,
        "cities": [
            {color: list(cards) for color, cards in city.items()} for city in state["cities"]
        ],
        "city_totals": [city_total(state, s) for s in range(seats)],
        "tokens": list(state["tokens"]),
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "packet_sizes": [len(packet) for packet in state["packets"]],
        "kept_sizes": [len(kept) for kept in state["kept"]],
        "bonus_sizes": [len(pile) for pile in state["bonus"]],
        "submitted": submitted,
        "removed": list(state["removed"]),
        "start_deal": list(state["start_deal"]),
        "limits": dict(state["limits"]) if in_tokens else None,
        "excess": [dict(e) for e in state["excess"]] if in_tokens else None,
        "last_round": (
            copy_state(state["last_round"]) if state["last_round"] is not None else None
        ),
        "last_played": list(state.get("last_played") or [None] * seats),
        "played_this_round": [
            list(cards) for cards in state.get("played_this_round") or [[]] * seats
        ],
        "you": seat,
    }
    if over:
        public["bonus_piles"] = [list(pile) for pile in state["bonus"]]
        public["result"] = result(state)
    if seat is None or type(seat) is not int or not 0 <= seat < seats:
        return public
    public["hand"] = list(state["hands"][seat])
    public["packet"] = list(state["packets"][seat])
    public["kept"] = list(state["kept"][seat])
    choice = state["choices"][seat] if phase == "draft" else None
    public["draft_choice"] = list(choice) if choice is not None else None
    save = state["saves"][seat] if in_tokens else None
    public["save_choice"] = list(save) if save is not None else None
    mine = state["current"] == seat and state["pending_modifier"] is not None
    public["modifier_to_place"] = state["pending_modifier"] if mine else None
    public["bonus"] = list(state["bonus"][seat])
    public["seen_packets"] = [
        {"step": entry["step"], "packet": list(entry["packet"]), "kept": _listed(entry["kept"])}
        for entry in (state.get("seen_packets") or [[]] * seats)[seat]
    ]
    return public


def _listed(cards: list[int] | None) -> list[int] | None:
    return None if cards is None else list(cards)


# --- sampling what a seat cannot see ---------------------------------------------------------


def sample_state(shown: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A complete state that `seat`'s view `shown` could come from, with what the seat cannot
    see drawn uniformly at random from the cards it cannot place (section 7).

    The seat places the public cards, its own, and, from this round's draft, the cards it passed
    on: the other seats took them as the passing goes (`games.rules.draft_shares`), less those
    they have played since. The rest are dealt to the deck, to what else the other seats hold
    and to their bonus piles (the last round's bonuses in the colours its summary names). The
    modifiers it has not seen lie where others placed them, with the seat to act or in the
    round's deck; later rounds' decks are shuffled anew. Pending draft and token choices are
    drawn among the legal ones. Past rounds' modifier decks are never read again and are left
    empty; the other seats remember no packets of this round's draft."""
    seats = shown["seats"]
    phase = shown["phase"]
    public = [c for cards in shown["kosmopolis"].values() for c in cards]
    public += [c for city in shown["cities"] for cards in city.values() for c in cards]
    public += shown["removed"]
    if phase == "over":
        public += [c for pile in shown["bonus_piles"] for c in pile]
    known = set(public) | set(shown["hand"]) | set(shown["packet"]) | set(shown["kept"])
    known |= set(shown["bonus"])
    shares: list[Share] = []
    if phase in ("draft", "play"):
        seen = {entry["step"]: (entry["packet"], entry["kept"]) for entry in shown["seen_packets"]}
        shares = draft_shares(
            seats=seats,
            seat=seat,
            direction=1,
            rounds=3,
            takes=lambda step, size: size if step == 3 else min(2, size),
            seen=seen,
            current=shown["draft_step"] if phase == "draft" else None,
        )
        for other, cards in enumerate(shown["played_this_round"]):
            for card in cards:
                withdraw(shares, card, (other, "kept"))
        for cards, _places in shares:
            cards[:] = [card for card in cards if card not in known]
    known |= {card for cards, _places in shares for card in cards}
    dealt = deal_shares(shares, rng)
    unknown = [card for card in range(PROFESSION_COUNT) if card not in known]
    rng.shuffle(unknown)

    bonus = _sampled_bonus(shown, seat, unknown)
    hands: list[list[int]] = [[] for _ in range(seats)]
    packets: list[list[int]] = [[] for _ in range(seats)]
    kept: list[list[int]] = [[] for _ in range(seats)]
    for other in range(seats):
        if other == seat:
            hands[other] = list(shown["hand"])
            packets[other] = list(shown["packet"])
            kept[other] = list(shown["kept"])
            continue
        bonus[other] = fill(bonus[other], shown["bonus_sizes"][other], unknown)
        if phase == "play":
            hands[other] = fill(dealt.get((other, "kept"), []), shown["hand_sizes"][other], unknown)
        else:
            kept[other] = fill(dealt.get((other, "kept"), []), shown["kept_sizes"][other], unknown)
            packets[other] = fill(
                dealt.get((other, "packet"), []), shown["packet_sizes"][other], unknown
            )
    choices: list[list[int] | None] = [None] * seats
    saves: list[list[str] | None] = [None] * seats
    for other in range(seats):
        if other == seat:
            choices[other] = _listed(shown["draft_choice"])
            saves[other] = None if shown["save_choice"] is None else list(shown["save_choice"])
        elif shown["submitted"][other] and phase == "draft":
            choices[other] = rng.sample(packets[other], 2)
        elif shown["submitted"][other]:
            saves[other] = rng.choice(_saves(shown["excess"][other], shown["tokens"][other]))
    modifiers, pending, modifier_deck = _sampled_modifiers(shown, seat, rng)
    decks: list[list[int]] = []
    for number in range(1, ROUNDS + 1):
        if number == shown["round"] and phase != "over":
            decks.append(modifier_deck)
        elif number > shown["round"]:
            decks.append(rng.sample(MODIFIER_IDS, len(MODIFIER_IDS)))
        else:
            decks.append([])
    excess = shown["excess"]
    return {
        "seats": seats,
        "round": shown["round"],
        "phase": phase,
        "draft_step": shown["draft_step"],
        "start_player": shown["start_player"],
        "current": shown["current"],
        "deck": unknown,
        "modifier_decks": decks,
        "kosmopolis": {color: list(cards) for color, cards in shown["kosmopolis"].items()},
        "modifiers": modifiers,
        "pending_modifier": pending,
        "supply": shown["supply"],
        "tokens": list(shown["tokens"]),
        "hands": hands,
        "packets": packets,
        "kept": kept,
        "choices": choices,
        "cities": [
            {color: list(cards) for color, cards in city.items()} for city in shown["cities"]
        ],
        "bonus": bonus,
        "removed": list(shown["removed"]),
        "trigger": shown["trigger"],
        "final_turns": list(shown["final_turns"]),
        "limits": None if shown["limits"] is None else dict(shown["limits"]),
        "excess": None if excess is None else [dict(over) for over in excess],
        "must_save": [
            excess is not None and any(e <= shown["tokens"][s] for e in excess[s].values())
            for s in range(seats)
        ],
        "saves": saves,
        "start_deal": list(shown["start_deal"]),
        "last_round": None if shown["last_round"] is None else copy_state(shown["last_round"]),
        "last_played": list(shown["last_played"]),
        "played_this_round": [list(cards) for cards in shown["played_this_round"]],
        "seen_packets": [
            copy_state(shown["seen_packets"]) if other == seat else [] for other in range(seats)
        ],
    }


def _sampled_bonus(shown: dict[str, Any], seat: int, unknown: list[int]) -> list[list[int]]:
    """The bonus piles: the seat's own, all of them once public; otherwise, for each other
    seat, a card of each colour the last round's summary says it got, from the shuffled
    unknown cards (which lose them)."""
    if shown["phase"] == "over":
        return [list(pile) for pile in shown["bonus_piles"]]
    piles: list[list[int]] = [[] for _ in range(shown["seats"])]
    piles[seat] = list(shown["bonus"])
    last = shown["last_round"]
    for entry in last["bonuses"] if last else []:
        if entry["seat"] != seat:
            card = next(c for c in unknown if CARD_COLOR[c] == entry["color"])
            unknown.remove(card)
            piles[entry["seat"]].append(card)
    return piles


def _sampled_modifiers(
    shown: dict[str, Any], seat: int, rng: random.Random
) -> tuple[list[dict[str, Any]], int | None, list[int]]:
    """The modifiers lying over the columns, the one waiting to be placed and the round's
    modifier deck: those the seat has not seen are shuffled among the places it cannot see."""
    mine = shown["modifier_to_place"]
    seen = {m["id"] for m in shown["modifiers"] if "id" in m} | ({mine} - {None})
    unseen = [m for m in MODIFIER_IDS if m not in seen]
    rng.shuffle(unseen)
    modifiers = [
        {"id": m["id"] if "id" in m else unseen.pop(), "column": m["column"], "seat": m["seat"]}
        for m in shown["modifiers"]
    ]
    pending = mine
    if shown["modifier_pending"] and mine is None:
        pending = unseen.pop()
    return modifiers, pending, unseen
