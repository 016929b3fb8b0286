"""A new game of Kosmopolis (section 4)."""

from __future__ import annotations

import random
from typing import Any

from games.kosmopolis.components import (
    CARD_COLOR,
    COLORS,
    MAX_SEATS,
    MIN_SEATS,
    MODIFIER_IDS,
    MODIFIER_VALUE,
    PROFESSION_COUNT,
    ROUNDS,
    TOKEN_COUNT,
)
from games.kosmopolis.engine.flow import _start_round
from games.rules import State, checked_options, checked_seats, checked_stack

STACK_KEYS = frozenset({"deck", "start_deal", "modifier_decks"})


# --- setup -----------------------------------------------------------------------------------


def setup(
    seats: int, options: dict[str, Any], seed: int, stack: dict[str, Any] | None = None
) -> State:
    """A new game; the random calls follow section 4 exactly so records replay anywhere."""
    checked_seats(seats, MIN_SEATS, MAX_SEATS, "Kosmopolis")
    checked_options(options, ())
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
    checked_stack(stack, STACK_KEYS)
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
