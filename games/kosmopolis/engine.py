"""Kosmopolis rules engine: pure functions over plain JSON state.

The authority is the rules spec `kosmopolis.md`; section numbers in docstrings refer to it.
All randomness is spent in `setup`, so a state never needs an RNG to continue.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from games.kosmopolis.components import (
    CARD_COLOR,
    CARD_VALUE,
    COLORS,
    HAND_SIZE,
    MAX_SEATS,
    MIN_SEATS,
    MODIFIER_IDS,
    MODIFIER_VALUE,
    PROFESSION_COUNT,
    ROUNDS,
    TOKEN_COUNT,
)
from games.rules import (
    Fields,
    IllegalMove,
    Share,
    check_move,
    copy_state,
    copying,
    deal_shares,
    draft_shares,
    fill,
    withdraw,
)

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]

PRIEST_COLUMNS = ("green", "yellow", "blue")
"""Columns a priest may take from; never the pink one (decision 8)."""

DESTINATIONS = ("city", "kosmopolis")
MOVE_FIELDS = {
    "draft": Fields(optional=frozenset({"cards"})),
    "play": Fields(optional=frozenset({"card", "to", "take"})),
    "place_modifier": Fields(optional=frozenset({"column"})),
    "save": Fields(optional=frozenset({"columns"})),
}
"""Each move's fields; the rules refuse a missing one in their own words."""
STACK_KEYS = frozenset({"deck", "start_deal", "modifier_decks"})


# --- setup -----------------------------------------------------------------------------------


def setup(
    seats: int, options: dict[str, Any], seed: int, stack: dict[str, Any] | None = None
) -> State:
    """A new game; the random calls follow section 4 exactly so records replay anywhere."""
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"Kosmopolis is played by {MIN_SEATS} to {MAX_SEATS} seats.")
    if not isinstance(options, dict):
        raise ValueError("Options must be a dict.")
    if options:
        raise ValueError(f"Kosmopolis has no options (got {sorted(map(str, options))}).")
    rng = random.Random(seed)
    deck = list(range(PROFESSION_COUNT))
    rng.shuffle(deck)
    start_deal = list(MODIFIER_IDS)
    rng.shuffle(start_deal)
    modifier_decks = []
    for _ in range(ROUNDS):
        modifiers = list(MODIFIER_IDS)
        rng.shuffle(modifiers)
        modifier_decks.append(modifiers)
    if stack is not None:
        deck, start_deal, modifier_decks = _stacked(stack, seats, deck, start_deal, modifier_decks)
    first = deck.pop(0)
    kosmopolis: dict[str, list[int]] = {color: [] for color in COLORS}
    kosmopolis[CARD_COLOR[first]].append(first)
    dealt = start_deal[:seats]
    start_player = max(range(seats), key=lambda s: MODIFIER_VALUE[dealt[s]])
    state: State = {
        "seats": seats,
        "round": 0,
        "phase": "draft",
        "draft_step": 0,
        "start_player": start_player,
        "current": None,
        "deck": deck,
        "modifier_decks": modifier_decks,
        "kosmopolis": kosmopolis,
        "modifiers": [],
        "pending_modifier": None,
        "supply": TOKEN_COUNT,
        "tokens": [0] * seats,
        "hands": [[] for _ in range(seats)],
        "packets": [[] for _ in range(seats)],
        "kept": [[] for _ in range(seats)],
        "choices": [None] * seats,
        "cities": [{color: [] for color in COLORS} for _ in range(seats)],
        "bonus": [[] for _ in range(seats)],
        "removed": [],
        "trigger": None,
        "final_turns": [],
        "limits": None,
        "excess": None,
        "must_save": [False] * seats,
        "saves": [None] * seats,
        "start_deal": dealt,
        "last_round": None,
        "last_played": [None] * seats,
        "played_this_round": [[] for _ in range(seats)],
        "seen_packets": [[] for _ in range(seats)],
    }
    _start_round(state, [])
    return state


def _stacked(
    stack: dict[str, Any],
    seats: int,
    deck: list[int],
    start_deal: list[int],
    modifier_decks: list[list[int]],
) -> tuple[list[int], list[int], list[list[int]]]:
    """Fix deck orders as the spec's stack says, after the seeded shuffles."""
    if not isinstance(stack, dict):
        raise ValueError("The stack must be a dict.")
    unknown = set(stack) - STACK_KEYS
    if unknown:
        raise ValueError(f"Unknown stack keys: {sorted(map(str, unknown))}.")
    if "deck" in stack:
        top = stack["deck"]
        if not _distinct_ints(top, range(PROFESSION_COUNT)):
            raise ValueError("stack.deck must list distinct profession card ids (0-71).")
        chosen = set(top)
        deck = list(top) + [card for card in deck if card not in chosen]
    if "start_deal" in stack:
        dealt = stack["start_deal"]
        if not _distinct_ints(dealt, MODIFIER_IDS) or not seats <= len(dealt) <= len(MODIFIER_IDS):
            raise ValueError(
                f"stack.start_deal must list {seats} to 4 distinct modifier ids (72-75)."
            )
        start_deal = list(dealt)
    if "modifier_decks" in stack:
        decks = stack["modifier_decks"]
        if not isinstance(decks, list) or len(decks) > ROUNDS:
            raise ValueError("stack.modifier_decks must be a list of up to 3 entries.")
        modifier_decks = [list(m) for m in modifier_decks]
        for index, entry in enumerate(decks):
            if entry is None:
                continue
            if not _distinct_ints(entry, MODIFIER_IDS) or len(entry) != len(MODIFIER_IDS):
                raise ValueError("Each stack.modifier_decks entry must be null or 72-75 in order.")
            modifier_decks[index] = list(entry)
    return deck, start_deal, modifier_decks


def _distinct_ints(values: Any, allowed: range | tuple[int, ...]) -> bool:
    return (
        isinstance(values, list)
        and all(type(v) is int and v in allowed for v in values)
        and len(set(values)) == len(values)
    )


# --- queries ---------------------------------------------------------------------------------


def to_act(state: State) -> set[int]:
    """Seats that may move now; empty only once the game is over."""
    phase = state["phase"]
    if phase == "play":
        return {state["current"]}
    if phase == "draft":
        return {s for s, choice in enumerate(state["choices"]) if choice is None}
    if phase == "tokens":
        return {
            s for s in range(state["seats"]) if state["must_save"][s] and state["saves"][s] is None
        }
    return set()


def is_over(state: State) -> bool:
    return bool(state["phase"] == "over")


def legal_moves(state: State, seat: int) -> list[Move]:
    """Every move the seat may make now (section 6 enumeration)."""
    if type(seat) is not int or seat not in to_act(state):
        return []
    phase = state["phase"]
    if phase == "draft":
        return [
            {"type": "draft", "cards": [a, b]} for a, b in combinations(state["packets"][seat], 2)
        ]
    if phase == "tokens":
        saves = _saves(state["excess"][seat], state["tokens"][seat])
        return [{"type": "save", "columns": columns} for columns in saves]
    if state["pending_modifier"] is not None:
        return [{"type": "place_modifier", "column": color} for color in COLORS]
    takeable = [color for color in PRIEST_COLUMNS if state["kosmopolis"][color]]
    moves = []
    for card in state["hands"][seat]:
        moves.append({"type": "play", "card": card, "to": "city"})
        if CARD_COLOR[card] == "pink" and takeable:
            moves.extend(
                {"type": "play", "card": card, "to": "kosmopolis", "take": color}
                for color in takeable
            )
        else:
            moves.append({"type": "play", "card": card, "to": "kosmopolis"})
    return moves


def limits(state: State) -> dict[str, int]:
    """Each column's limit: its profession cards plus the modifiers lying over it (5.4.3)."""
    totals = {color: sum(CARD_VALUE[c] for c in state["kosmopolis"][color]) for color in COLORS}
    for modifier in state["modifiers"]:
        totals[modifier["column"]] += MODIFIER_VALUE[modifier["id"]]
    return totals


def city_total(state: State, seat: int) -> int:
    return sum(CARD_VALUE[c] for column in state["cities"][seat].values() for c in column)


# --- moves -----------------------------------------------------------------------------------


def apply_in_place(state: State, seat: int, move: Any) -> list[Event]:
    """Validate the whole move first (raising IllegalMove), then mutate `state`."""
    kind = check_move(move, seat, over=is_over(state), seats=to_act(state), fields=MOVE_FIELDS)
    events: list[Event] = []
    if kind == "draft":
        cards = _check_draft(state, seat, move)
        _draft(state, seat, cards, events)
    elif kind == "play":
        card, to, take = _check_play(state, seat, move)
        _play(state, seat, card, to, take, events)
    elif kind == "place_modifier":
        column = _check_place_modifier(state, move)
        _place_modifier(state, seat, column, events)
    else:
        columns = _check_save(state, seat, move)
        _save(state, seat, columns, events)
    return events


apply = copying(apply_in_place)


def _check_draft(state: State, seat: int, move: Move) -> list[int]:
    if state["phase"] != "draft":
        raise IllegalMove("There is no draft now.")
    cards = move.get("cards")
    if not isinstance(cards, list) or len(cards) != 2 or any(type(c) is not int for c in cards):
        raise IllegalMove("Choose exactly two cards.")
    if cards[0] == cards[1]:
        raise IllegalMove("Choose two different cards.")
    packet = state["packets"][seat]
    if cards[0] not in packet or cards[1] not in packet:
        raise IllegalMove("You can only keep cards from your packet.")
    return list(cards)


def _check_play(state: State, seat: int, move: Move) -> tuple[int, str, str | None]:
    if state["phase"] != "play":
        raise IllegalMove("Cards are not played now.")
    if state["pending_modifier"] is not None:
        raise IllegalMove("Place your modifier first.")
    card = move.get("card")
    if type(card) is not int:
        raise IllegalMove("Name the card to play.")
    if card not in state["hands"][seat]:
        raise IllegalMove("That card is not in your hand.")
    to = move.get("to")
    if type(to) is not str or to not in DESTINATIONS:
        raise IllegalMove('Play the card to "city" or "kosmopolis".')
    take = move.get("take")
    if CARD_COLOR[card] == "pink" and to == "kosmopolis":
        takeable = [color for color in PRIEST_COLUMNS if state["kosmopolis"][color]]
        if takeable and take is None:
            raise IllegalMove("Choose the column the priest takes from.")
        if take is not None and (type(take) is not str or take not in takeable):
            raise IllegalMove(
                "The priest can only take from a non-empty green, yellow or blue column."
            )
    elif take is not None:
        raise IllegalMove("Only a priest played into Kosmopolis takes a card.")
    return card, to, take


def _check_place_modifier(state: State, move: Move) -> str:
    if state["phase"] != "play" or state["pending_modifier"] is None:
        raise IllegalMove("You have no modifier to place.")
    column = move.get("column")
    if type(column) is not str or column not in COLORS:
        raise IllegalMove("Place the modifier over a green, yellow, blue or pink column.")
    return column


def _check_save(state: State, seat: int, move: Move) -> list[str]:
    if state["phase"] != "tokens":
        raise IllegalMove("Columns are not saved now.")
    columns = move.get("columns")
    if not isinstance(columns, list) or any(type(c) is not str for c in columns):
        raise IllegalMove("List the colours of the columns to save.")
    if len(set(columns)) != len(columns):
        raise IllegalMove("Name each column once.")
    over = state["excess"][seat]
    if any(color not in over for color in columns):
        raise IllegalMove("You can only save a column that is over its limit.")
    if sum(over[color] for color in columns) > state["tokens"][seat]:
        raise IllegalMove("You do not have enough tokens to save those columns.")
    return list(columns)


# --- effects ---------------------------------------------------------------------------------


def _draft(state: State, seat: int, cards: list[int], events: list[Event]) -> None:
    state["choices"][seat] = cards
    step = state["draft_step"]
    events.append({"type": "drafted", "seat": seat, "step": step})
    events.append(
        {
            "type": "kept_cards",
            "seat": seat,
            "step": step,
            "cards": list(cards),
            "visible_to": [seat],
        }
    )
    if None not in state["choices"]:
        _run_draft(state, events)


def _play(
    state: State, seat: int, card: int, to: str, take: str | None, events: list[Event]
) -> None:
    state["hands"][seat].remove(card)
    color = CARD_COLOR[card]
    events.append({"type": "played", "seat": seat, "card": card, "to": to})
    # Each seat's last card played, public, for the table to mark (older states lack it).
    last = state.get("last_played") or [None] * state["seats"]
    last[seat] = card
    state["last_played"] = last
    if "played_this_round" in state:
        state["played_this_round"][seat].append(card)
    if to == "city":
        state["cities"][seat][color].append(card)
        _finish_turn(state, seat, events)
        return
    state["kosmopolis"][color].append(card)
    if color == "green":
        if state["deck"]:
            drawn = state["deck"].pop(0)
            state["hands"][seat].append(drawn)
            events.append({"type": "drew", "seat": seat})
            events.append({"type": "drew_card", "seat": seat, "card": drawn, "visible_to": [seat]})
    elif color == "yellow":
        if state["supply"] > 0:
            state["supply"] -= 1
            state["tokens"][seat] += 1
            events.append({"type": "took_token", "seat": seat})
    elif color == "blue":
        modifiers = state["modifier_decks"][state["round"] - 1]
        if modifiers:
            drawn = modifiers.pop(0)
            state["pending_modifier"] = drawn
            events.append({"type": "drew_modifier", "seat": seat})
            events.append(
                {
                    "type": "modifier_seen",
                    "seat": seat,
                    "modifier": drawn,
                    "value": MODIFIER_VALUE[drawn],
                    "visible_to": [seat],
                }
            )
            return
    elif take is not None:
        column = state["kosmopolis"][take]
        lowest = min(column, key=lambda c: (CARD_VALUE[c], c))
        column.remove(lowest)
        state["cities"][seat][take].append(lowest)
        events.append({"type": "priest_took", "seat": seat, "card": lowest, "column": take})
    _finish_turn(state, seat, events)


def _place_modifier(state: State, seat: int, column: str, events: list[Event]) -> None:
    state["modifiers"].append({"id": state["pending_modifier"], "column": column, "seat": seat})
    state["pending_modifier"] = None
    events.append({"type": "placed_modifier", "seat": seat, "column": column})
    _finish_turn(state, seat, events)


def _save(state: State, seat: int, columns: list[str], events: list[Event]) -> None:
    state["saves"][seat] = columns
    events.append({"type": "saved", "seat": seat})
    events.append(
        {"type": "save_choice", "seat": seat, "columns": list(columns), "visible_to": [seat]}
    )
    if not to_act(state):
        _resolve_round(state, events)


# --- flow ------------------------------------------------------------------------------------


def _start_round(state: State, events: list[Event]) -> None:
    """Deal the packets of a new round (5.1); a round with nothing to deal is evaluated at once."""
    state["round"] += 1
    seats = state["seats"]
    deck = state["deck"]
    full = HAND_SIZE[seats]
    size = full if len(deck) >= seats * full else len(deck) // seats
    state["trigger"] = None
    state["final_turns"] = []
    state["played_this_round"] = [[] for _ in range(seats)]
    state["seen_packets"] = [[] for _ in range(seats)]
    start = state["start_player"]
    events.append(
        {"type": "round_started", "round": state["round"], "start_player": start, "dealt": size}
    )
    if size == 0:
        _end_play(state, events)
        return
    for offset in range(seats):
        seat = (start + offset) % seats
        state["packets"][seat] = deck[:size]
        del deck[:size]
        _remember_packet(state, seat, 1, state["packets"][seat])
        events.append(
            {
                "type": "packet",
                "seat": seat,
                "cards": list(state["packets"][seat]),
                "visible_to": [seat],
            }
        )
    state["phase"] = "draft"
    state["draft_step"] = 1
    state["choices"] = [None] * seats
    _run_draft(state, events)


def _run_draft(state: State, events: list[Event]) -> None:
    """Resolve every draft step whose choices are in or that is automatic (5.2)."""
    seats = state["seats"]
    while True:
        packets = state["packets"]
        if len(packets[0]) > 2 and None in state["choices"]:
            return
        passed: list[list[int]] = [[] for _ in range(seats)]
        for seat in range(seats):
            choice = state["choices"][seat]
            keep = packets[seat] if choice is None else choice
            state["kept"][seat].extend(keep)
            passed[(seat + 1) % seats] = [c for c in packets[seat] if c not in keep]
            _remember_keep(state, seat, keep)
        state["packets"] = passed
        state["choices"] = [None] * seats
        events.append({"type": "draft_step_done", "step": state["draft_step"]})
        for seat in range(seats):
            _remember_packet(state, seat, state["draft_step"] + 1, passed[seat])
        if state["draft_step"] == 1:
            state["draft_step"] = 2
            continue
        for seat in range(seats):
            _remember_keep(state, seat, passed[seat])
        for seat in range(seats):
            state["hands"][seat] = state["kept"][seat] + passed[seat]
            events.append(
                {
                    "type": "hand",
                    "seat": seat,
                    "cards": list(state["hands"][seat]),
                    "visible_to": [seat],
                }
            )
        state["kept"] = [[] for _ in range(seats)]
        state["packets"] = [[] for _ in range(seats)]
        state["draft_step"] = 0
        state["phase"] = "play"
        state["current"] = state["start_player"]
        return


def _remember_packet(state: State, seat: int, step: int, packet: list[int]) -> None:
    """The packet a seat got at a step of this round's draft (step 3: the cards it got after
    step 2), for its view's memory; a state stored before the memory existed starts it at the
    next round."""
    if "seen_packets" in state:
        state["seen_packets"][seat].append({"step": step, "packet": list(packet), "kept": None})


def _remember_keep(state: State, seat: int, keep: list[int]) -> None:
    """The cards a seat kept of the packet it got last (all of them after step 2)."""
    if "seen_packets" in state and state["seen_packets"][seat]:
        state["seen_packets"][seat][-1]["kept"] = list(keep)


def _finish_turn(state: State, seat: int, events: list[Event]) -> None:
    """Pass the turn on, watching for the end trigger (5.3, decision 6)."""
    if state["trigger"] is None:
        if state["hands"][seat]:
            state["current"] = (seat + 1) % state["seats"]
            return
        owed = [(seat + offset) % state["seats"] for offset in range(1, state["seats"])]
        state["trigger"] = seat
        state["final_turns"] = owed
        events.append({"type": "trigger", "seat": seat, "final_turns": list(owed)})
    else:
        state["final_turns"].pop(0)
    if state["final_turns"]:
        state["current"] = state["final_turns"][0]
        return
    _end_play(state, events)


def _end_play(state: State, events: list[Event]) -> None:
    """Round end (5.4 steps 1-5): leftovers to cities, reveal, find over columns."""
    state["current"] = None
    for seat, hand in enumerate(state["hands"]):
        if hand:
            for card in hand:
                state["cities"][seat][CARD_COLOR[card]].append(card)
            events.append({"type": "hand_to_city", "seat": seat, "cards": list(hand)})
            state["hands"][seat] = []
    limit = limits(state)
    state["limits"] = limit
    excess = []
    for seat in range(state["seats"]):
        over = {}
        for color, column in state["cities"][seat].items():
            if column:
                value = sum(CARD_VALUE[c] for c in column)
                if value > limit[color]:
                    over[color] = value - limit[color]
        excess.append(over)
    state["excess"] = excess
    state["must_save"] = [
        any(e <= state["tokens"][seat] for e in excess[seat].values())
        for seat in range(state["seats"])
    ]
    state["saves"] = [None] * state["seats"]
    events.append(
        {
            "type": "round_end",
            "round": state["round"],
            "modifiers": [dict(m) for m in state["modifiers"]],
            "limits": dict(limit),
            "excess": [dict(over) for over in excess],
        }
    )
    state["phase"] = "tokens"
    if not any(state["must_save"]):
        _resolve_round(state, events)


def _resolve_round(state: State, events: list[Event]) -> None:
    """Pay for saves, discard the rest of the over columns, hand out bonuses (5.4.6)."""
    seats = state["seats"]
    start = state["start_player"]
    limit = state["limits"]
    spent = [0] * seats
    saved: list[list[str]] = [[] for _ in range(seats)]
    discarded = []
    evaluation: list[dict[str, int]] = []
    for seat in range(seats):
        over = state["excess"][seat]
        chosen = state["saves"][seat] or []
        city = state["cities"][seat]
        values = {}
        for color in COLORS:
            if color in over:
                if color in chosen:
                    spent[seat] += over[color]
                    saved[seat].append(color)
                    values[color] = limit[color]
                else:
                    discarded.append({"seat": seat, "color": color, "cards": city[color]})
                    state["removed"].extend(city[color])
                    city[color] = []
            elif city[color]:
                values[color] = sum(CARD_VALUE[c] for c in city[color])
        state["tokens"][seat] -= spent[seat]
        state["supply"] += spent[seat]
        evaluation.append(values)
    bonuses = []
    for color in COLORS:
        column = state["kosmopolis"][color]
        eligible = [seat for seat in range(seats) if color in evaluation[seat]]
        if not eligible or not column:
            continue
        best = max(evaluation[seat][color] for seat in eligible)
        tied = sorted(
            (seat for seat in eligible if evaluation[seat][color] == best),
            key=lambda s: (s - start) % seats,
        )
        prizes = sorted(column, key=lambda c: (-CARD_VALUE[c], c))
        for seat, card in zip(tied, prizes, strict=False):
            column.remove(card)
            state["bonus"][seat].append(card)
            bonuses.append({"color": color, "seat": seat})
            events.append(
                {
                    "type": "bonus_card",
                    "seat": seat,
                    "color": color,
                    "card": card,
                    "visible_to": [seat],
                }
            )
    totals = [city_total(state, seat) for seat in range(seats)]
    top = max(totals)
    next_start = min(
        (seat for seat in range(seats) if totals[seat] == top),
        key=lambda s: (s - start) % seats,
    )
    summary = {
        "round": state["round"],
        "limits": dict(limit),
        "modifiers": state["modifiers"],
        "saved": saved,
        "spent": spent,
        "discarded": discarded,
        "values": evaluation,
        "bonuses": bonuses,
        "city_totals": totals,
        "next_start_player": next_start,
    }
    state["last_round"] = summary
    events.append({"type": "round_evaluated", **copy_state(summary)})
    state["modifiers"] = []
    state["limits"] = None
    state["excess"] = None
    state["must_save"] = [False] * seats
    state["saves"] = [None] * seats
    if state["round"] == ROUNDS:
        state["phase"] = "over"
        state["current"] = None
        events.append({"type": "game_over", "scores": [r["total"] for r in _breakdown(state)]})
        return
    state["start_player"] = next_start
    events.append({"type": "start_player", "seat": next_start})
    _start_round(state, events)


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


def _breakdown(state: State) -> list[dict[str, int]]:
    rows = []
    for seat in range(state["seats"]):
        city_cards = [c for column in state["cities"][seat].values() for c in column]
        bonus_cards = state["bonus"][seat]
        counts = [0] * 7
        for card in city_cards + bonus_cards:
            counts[CARD_VALUE[card]] += 1
        city = sum(CARD_VALUE[c] for c in city_cards)
        bonus = sum(CARD_VALUE[c] for c in bonus_cards)
        tokens = state["tokens"][seat]
        rows.append(
            {
                "city": city,
                "bonus": bonus,
                "tokens": tokens,
                "total": city + bonus + tokens,
                "sixes": counts[6],
                "fives": counts[5],
                "fours": counts[4],
                "threes": counts[3],
                "twos": counts[2],
            }
        )
    return rows


def result(state: State) -> dict[str, Any] | None:
    """Final scores and ranks (section 8); None while the game runs."""
    if state["phase"] != "over":
        return None
    return standing(state)


def standing(state: State) -> dict[str, Any]:
    """Scores and ranks as the cards lie now, with the final tie-breaks (section 8): the result
    of a match its players end early."""
    breakdown = _breakdown(state)
    keys = [
        (r["total"], r["sixes"], r["fives"], r["fours"], r["threes"], r["twos"]) for r in breakdown
    ]
    ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    return {
        "scores": [r["total"] for r in breakdown],
        "ranks": ranks,
        "winners": [seat for seat, rank in enumerate(ranks) if rank == 1],
        "breakdown": breakdown,
    }


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


def _saves(over: dict[str, int], tokens: int) -> list[list[str]]:
    """Every save a seat with these excesses and tokens may submit (section 6, `save`)."""
    columns = [color for color in COLORS if color in over]
    return [
        list(subset)
        for size in range(len(columns) + 1)
        for subset in combinations(columns, size)
        if sum(over[color] for color in subset) <= tokens
    ]
