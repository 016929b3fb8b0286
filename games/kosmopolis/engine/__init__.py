"""Kosmopolis rules engine: pure functions over plain JSON state.

The authority is the rules spec `kosmopolis.md`; section numbers in docstrings refer to it.
All randomness is spent in `setup`, so a state never needs an RNG to continue.
The package's files go by concern: `start` (setup), `flow` (rounds, the draft and turns),
`moves`, `scoring` and `knowledge` (what a seat sees and the states it could be in).
It also hands the rule tests the card colours they read through it.
"""

from __future__ import annotations

from games.kosmopolis.components import CARD_COLOR as CARD_COLOR
from games.kosmopolis.engine.flow import city_total, is_over, limits, to_act
from games.kosmopolis.engine.knowledge import sample_state, view
from games.kosmopolis.engine.moves import apply, apply_in_place, legal_moves
from games.kosmopolis.engine.scoring import result, standing
from games.kosmopolis.engine.start import setup

__all__ = [
    "apply",
    "apply_in_place",
    "city_total",
    "is_over",
    "legal_moves",
    "limits",
    "result",
    "sample_state",
    "setup",
    "standing",
    "to_act",
    "view",
]
