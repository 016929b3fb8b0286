"""Kosmopolis rules engine: pure functions over plain JSON state.

The authority is the rules spec `kosmopolis.md`; section numbers in docstrings refer to it.
All randomness is spent in `setup`, so a state never needs an RNG to continue.
The package's files go by concern: `start` (setup), `flow` (rounds, the draft and turns),
`moves`, `scoring` and `knowledge` (what a seat sees and the states it could be in).
It also hands the rule tests the card colours they read through it.
"""

from __future__ import annotations

from games.kosmopolis.components import CARD_COLOR as CARD_COLOR
from games.kosmopolis.engine.flow import city_total as city_total
from games.kosmopolis.engine.flow import is_over as is_over
from games.kosmopolis.engine.flow import limits as limits
from games.kosmopolis.engine.flow import to_act as to_act
from games.kosmopolis.engine.knowledge import sample_state as sample_state
from games.kosmopolis.engine.knowledge import view as view
from games.kosmopolis.engine.moves import apply as apply
from games.kosmopolis.engine.moves import apply_in_place as apply_in_place
from games.kosmopolis.engine.moves import legal_moves as legal_moves
from games.kosmopolis.engine.scoring import result as result
from games.kosmopolis.engine.scoring import standing as standing
from games.kosmopolis.engine.start import setup as setup

ANALYSIS_PUBLIC_AT_END = False
"""The analysis of a finished match stays with each player (issue 36): the cards left in hand
and the draft's choices stay hidden to the end (§7), and a preferred move names a card of the
hand."""
