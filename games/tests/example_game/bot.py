"""The example game's bot: plays the card worth most to its row, or discards a low card while
the deck lasts, deciding from its seat's view only."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.rules import best_scored, fallible_scored
from games.tests.example_game.components import colour, value
from games.tests.example_game.engine import COLOUR_BONUS, legal_moves, view


def choose_move(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    return best_scored(legal_moves(state, seat), _worth(state, seat), rng)


def choose_easy(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The same judgement, with a beginner's near misses."""
    return fallible_scored(legal_moves(state, seat), _worth(state, seat), rng, temperature=2.0)


playout_move = choose_move
"""The normal bot is cheap enough for the search's playouts."""


def _worth(state: dict[str, Any], seat: int) -> Callable[[dict[str, Any]], float]:
    known = view(state, seat)
    colours = {colour(card) for card in known["rows"][seat]}

    def worth(move: dict[str, Any]) -> float:
        card = move["card"]
        if move["type"] == "discard":
            return 3.5 - value(card)
        return value(card) + (COLOUR_BONUS if colour(card) not in colours else 0)

    return worth
