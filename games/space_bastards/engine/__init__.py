"""Space Bastards rules engine: pure functions over plain JSON state.

The authority is the rules spec `space_bastards.md`; section numbers in docstrings refer to it.
All randomness is spent in `setup`, so a state never needs an RNG to continue.
Colours are strings inside the state ("0".."4" for seats, "N" for the neutral colour); moves
name seats with integers and the neutral colour with "N".

Decision beyond the spec (J1, ship movement): a ship jumps between the teleports at most twice
in a row. Section 5.7 allows a `ship_step` "from a teleport to the other (0 steps; allowed even
when no steps remain)" and sets no limit, so a ship could bounce between t1 and t2 for ever (a
bot did, in a migration between two taken teleports where it could not stop). The spec's
sample records jump there and back, so that stays legal; a third jump in a row only repeats the
first (a teleport is no dock, so nothing happens between), so refusing it takes nothing a
player could want away and bounds every movement: its few steps with at most two jumps beside
each. A step onto a taken space still needs a way out (5.7) within this limit.

The package's files go by concern: `board` (packing and tokens), `start` (setup), `legal` (who
acts and what each phase offers), `rounds` (the round track), `colonisation`, `actions`,
`change`, `movement` (each phase's moves done), `moves` (the move checked and handed to its
phase), `scoring` and `knowledge` (what a seat sees and the states it could be in). It also
hands the rule tests the helpers and data they read through it.
"""

from __future__ import annotations

from games.space_bastards.components import ACTION_CARDS as ACTION_CARDS
from games.space_bastards.components import PLANET_IDS as PLANET_IDS
from games.space_bastards.components import PRIORITY_PRESETS as PRIORITY_PRESETS
from games.space_bastards.components import RACES as RACES
from games.space_bastards.engine.board import pack as pack
from games.space_bastards.engine.colonisation import _check_shape as _check_shape
from games.space_bastards.engine.colonisation import _next_placer as _next_placer
from games.space_bastards.engine.knowledge import sample_state as sample_state
from games.space_bastards.engine.knowledge import view as view
from games.space_bastards.engine.legal import action_options as action_options
from games.space_bastards.engine.legal import is_over as is_over
from games.space_bastards.engine.legal import legal_moves as legal_moves
from games.space_bastards.engine.legal import pairing as pairing
from games.space_bastards.engine.legal import to_act as to_act
from games.space_bastards.engine.moves import apply as apply
from games.space_bastards.engine.moves import apply_in_place as apply_in_place
from games.space_bastards.engine.moves import named as named
from games.space_bastards.engine.rounds import _begin_movement as _begin_movement
from games.space_bastards.engine.rounds import _next_item as _next_item
from games.space_bastards.engine.scoring import result as result
from games.space_bastards.engine.scoring import standing as standing
from games.space_bastards.engine.start import setup as setup

ANALYSIS_PUBLIC_AT_END = False
"""The analysis of a finished match stays with each player (issue 36): the seats' standing trade
and diplomacy preferences stay hidden to the end (§7), and a preferred move may name one."""
