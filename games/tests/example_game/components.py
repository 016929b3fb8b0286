"""The example game's cards: four colours of values 1 to 6, each card an id from 1 to 24."""

from __future__ import annotations

CARDS = range(1, 25)
COLOURS = ("red", "green", "blue", "yellow")


def value(card: int) -> int:
    return (card - 1) % 6 + 1


def colour(card: int) -> str:
    return COLOURS[(card - 1) // 6]
