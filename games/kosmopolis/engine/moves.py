"""Kosmopolis's moves: those a seat may make (section 6), each checked whole before it changes
the state."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.kosmopolis.components import CARD_COLOR, CARD_VALUE, COLORS, MODIFIER_VALUE
from games.kosmopolis.engine.flow import _finish_turn, _resolve_round, _run_draft, is_over, to_act
from games.rules import Event, Fields, IllegalMove, Move, State, check_move, copying

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


def _saves(over: dict[str, int], tokens: int) -> list[list[str]]:
    """Every save a seat with these excesses and tokens may submit (section 6, `save`)."""
    columns = [color for color in COLORS if color in over]
    return [
        list(subset)
        for size in range(len(columns) + 1)
        for subset in combinations(columns, size)
        if sum(over[color] for color in subset) <= tokens
    ]
