"""What holds in every Kosmopolis position and result, for the cross-game playouts
(`games/tests/test_playouts.py`): cards, tokens and modifiers conserved, draft choices from the
seat's packet, a hand to play from, the score sheet adding up, ties broken by high cards."""

from __future__ import annotations

from typing import Any

from games.kosmopolis.components import (
    CARD_VALUE,
    COLORS,
    MODIFIER_IDS,
    PROFESSION_COUNT,
    TOKEN_COUNT,
)

ALL_CARDS = list(range(PROFESSION_COUNT))


def _profession_zones(state: dict[str, Any]) -> list[int]:
    cards = list(state["deck"]) + list(state["removed"])
    for seat in range(state["seats"]):
        cards += state["hands"][seat] + state["packets"][seat] + state["kept"][seat]
        cards += state["bonus"][seat]
        for column in state["cities"][seat].values():
            cards += column
    for column in state["kosmopolis"].values():
        cards += column
    return cards


def check_state(state: dict[str, Any]) -> None:
    assert sorted(_profession_zones(state)) == ALL_CARDS
    assert state["supply"] + sum(state["tokens"]) == TOKEN_COUNT
    assert state["supply"] >= 0
    assert min(state["tokens"]) >= 0
    phase = state["phase"]
    if phase != "over":
        modifiers = list(state["modifier_decks"][state["round"] - 1])
        modifiers += [m["id"] for m in state["modifiers"]]
        if state["pending_modifier"] is not None:
            modifiers.append(state["pending_modifier"])
        assert sorted(modifiers) == list(MODIFIER_IDS)
    for seat, choice in enumerate(state["choices"]):
        assert choice is None or set(choice) <= set(state["packets"][seat])
    if phase == "play":
        seat = state["current"]
        assert state["hands"][seat] or state["pending_modifier"] is not None


def check_result(state: dict[str, Any], outcome: dict[str, Any]) -> None:
    rows = outcome["breakdown"]
    keys = []
    for seat, row in enumerate(rows):
        assert row["total"] == row["city"] + row["bonus"] + row["tokens"]
        city = sum(CARD_VALUE[c] for color in COLORS for c in state["cities"][seat][color])
        assert row["city"] == city
        assert row["bonus"] == sum(CARD_VALUE[c] for c in state["bonus"][seat])
        keys.append(
            (row["total"], row["sixes"], row["fives"], row["fours"], row["threes"], row["twos"])
        )
    ranks = outcome["ranks"]
    for a in range(len(rows)):
        for b in range(len(rows)):
            if keys[a] > keys[b]:
                assert ranks[a] < ranks[b]
            elif keys[a] == keys[b]:
                assert ranks[a] == ranks[b]
    assert min(ranks) == 1
    assert outcome["winners"] == [s for s, rank in enumerate(ranks) if rank == 1]
