"""Kosmopolis's scores and ranks (section 8)."""

from __future__ import annotations

from typing import Any

from games.kosmopolis.components import CARD_VALUE
from games.rules import State


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
