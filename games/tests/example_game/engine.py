"""The example game's rules engine: pure functions over plain JSON state.

Twenty-four cards, four colours of values 1 to 6. Each player holds three cards, hidden from the
others. On your turn play a card face up into your row, or discard one face up while the deck
lasts; either way draw a card if the deck has one. The game ends when every hand is empty: the
values in your row score, and each colour in it 2 more.
"""

from __future__ import annotations

import random
from typing import Any

from games.rules import (
    Fields,
    IllegalMove,
    State,
    check_move,
    checked_options,
    checked_stack,
    competition_ranks,
    copying,
)
from games.tests.example_game.components import CARDS, colour, value

HAND = 3
COLOUR_BONUS = 2
FIELDS = {"play": Fields(frozenset({"card"})), "discard": Fields(frozenset({"card"}))}


def setup(
    seats: int, options: dict[str, Any], seed: int, stack: dict[str, Any] | None = None
) -> State:
    """The deck shuffled, three cards dealt to each seat, then the start seat drawn."""
    checked_options(options, ())
    checked_stack(stack, ())
    if not 2 <= seats <= 4:
        raise ValueError("The example game is for 2 to 4 players.")
    rng = random.Random(seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    hands = [deck[HAND * seat : HAND * (seat + 1)] for seat in range(seats)]
    start = rng.randrange(seats)
    return {
        "seats": seats,
        "start": start,
        "current": start,
        "deck": deck[HAND * seats :],
        "hands": hands,
        "rows": [[] for _ in range(seats)],
        "discard": [],
        "over": False,
    }


def to_act(state: State) -> set[int]:
    return set() if state["over"] else {state["current"]}


def is_over(state: State) -> bool:
    return bool(state["over"])


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    kinds = ["play", "discard"] if state["deck"] else ["play"]
    return [{"type": kind, "card": card} for kind in kinds for card in sorted(state["hands"][seat])]


def apply_in_place(state: State, seat: int, move: Any) -> list[dict[str, Any]]:
    kind = check_move(move, seat, over=state["over"], seats=to_act(state), fields=FIELDS)
    card = move["card"]
    hand = state["hands"][seat]
    if type(card) is not int or card not in hand:
        raise IllegalMove("You do not hold that card.")
    if kind == "discard" and not state["deck"]:
        raise IllegalMove("The deck is empty: play a card instead.")
    hand.remove(card)
    if kind == "play":
        state["rows"][seat].append(card)
        events = [{"type": "played", "seat": seat, "card": card}]
    else:
        state["discard"].append(card)
        events = [{"type": "discarded", "seat": seat, "card": card}]
    if state["deck"]:
        drawn = state["deck"].pop(0)
        hand.append(drawn)
        events.append({"type": "drew", "seat": seat, "card": drawn, "visible_to": [seat]})
    return events + _next_turn(state)


apply = copying(apply_in_place)


def _next_turn(state: State) -> list[dict[str, Any]]:
    """The next seat clockwise that holds a card acts; with every hand empty the game ends."""
    seats = state["seats"]
    for step in range(1, seats + 1):
        seat = (state["current"] + step) % seats
        if state["hands"][seat]:
            state["current"] = seat
            return []
    state["over"] = True
    return [{"type": "game_over", "scores": standing(state)["scores"]}]


def standing(state: State) -> dict[str, Any]:
    """Scores and ranks as the rows lie now (ties share the place)."""
    breakdown = []
    for row in state["rows"]:
        cards = sum(value(card) for card in row)
        colours = COLOUR_BONUS * len({colour(card) for card in row})
        breakdown.append({"cards": cards, "colours": colours, "total": cards + colours})
    scores = [sheet["total"] for sheet in breakdown]
    ranks = competition_ranks(scores)
    return {
        "scores": scores,
        "ranks": ranks,
        "winners": [seat for seat, rank in enumerate(ranks) if rank == 1],
        "breakdown": breakdown,
    }


def result(state: State) -> dict[str, Any] | None:
    return standing(state) if state["over"] else None


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The rows, the discard pile and the counts are open; a seat sees its own hand only."""
    return {
        "seats": state["seats"],
        "start": state["start"],
        "current": state["current"],
        "to_act": sorted(to_act(state)),
        "over": state["over"],
        "deck_count": len(state["deck"]),
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "hand": sorted(state["hands"][seat]) if seat is not None else None,
        "rows": [list(row) for row in state["rows"]],
        "discard": list(state["discard"]),
        "result": result(state),
    }


def sample_state(view: dict[str, Any], seat: int, rng: random.Random) -> State:
    """The cards the seat cannot place dealt at random to the other hands and the deck."""
    seen = set(view["hand"]) | set(view["discard"])
    seen |= {card for row in view["rows"] for card in row}
    unknown = [card for card in CARDS if card not in seen]
    rng.shuffle(unknown)
    hands = []
    for other, size in enumerate(view["hand_sizes"]):
        if other == seat:
            hands.append(list(view["hand"]))
        else:
            hands.append(unknown[:size])
            unknown = unknown[size:]
    return {
        "seats": view["seats"],
        "start": view["start"],
        "current": view["current"],
        "deck": unknown,
        "hands": hands,
        "rows": [list(row) for row in view["rows"]],
        "discard": list(view["discard"]),
        "over": view["over"],
    }
