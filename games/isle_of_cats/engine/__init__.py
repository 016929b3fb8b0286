"""The Isle of Cats (Ostrov koček) rules engine: pure functions over plain JSON state.

The authority is the rules spec `isle_of_cats.md`; section numbers in docstrings refer to it.
All randomness comes from `random.Random(seed)` in `setup` and from the seed-derived reshuffle
RNG of section 4, so a state never carries an RNG and replays are exact.

Boat cells are kept as grid indices (y * 15 + x) inside the state; moves and views use [x, y].
The package's files go by concern: `start` (setup), `flow` (the days and their phases, the
sister of the solo game), `moves` (a move checked and done), `legal` (the moves a seat may
make), `scoring` and `knowledge` (what a seat sees and the states it could be in).
It also hands the rule tests the helpers and data they read through it.
"""

from __future__ import annotations

from games.isle_of_cats.components import CARDS as CARDS
from games.isle_of_cats.components import ORIENTATIONS as ORIENTATIONS
from games.isle_of_cats.components import PLACEMENTS as PLACEMENTS
from games.isle_of_cats.components import SOLO_LESSONS as SOLO_LESSONS
from games.isle_of_cats.engine.boat import _placements as _placements
from games.isle_of_cats.engine.boat import _Plan as _Plan
from games.isle_of_cats.engine.flow import SISTER, is_over, quota, rescue_cost, sister_next, to_act
from games.isle_of_cats.engine.flow import _add_rare as _add_rare
from games.isle_of_cats.engine.flow import _canonical_basket as _canonical_basket
from games.isle_of_cats.engine.flow import _draw as _draw
from games.isle_of_cats.engine.flow import _sister_instruction as _sister_instruction
from games.isle_of_cats.engine.flow import _sister_resolve_next as _sister_resolve_next
from games.isle_of_cats.engine.flow import _start_select as _start_select
from games.isle_of_cats.engine.knowledge import sample_state, view
from games.isle_of_cats.engine.legal import legal_moves
from games.isle_of_cats.engine.moves import apply, apply_in_place
from games.isle_of_cats.engine.scoring import _largest as _largest
from games.isle_of_cats.engine.scoring import (
    boat_facts,
    family_points,
    lesson_score,
    result,
    score_sheet,
    sister_lesson_score,
    sister_sheet,
    standing,
)
from games.isle_of_cats.engine.start import LESSON_SET_CARDS, setup

__all__ = [
    "LESSON_SET_CARDS",
    "SISTER",
    "apply",
    "apply_in_place",
    "boat_facts",
    "family_points",
    "is_over",
    "legal_moves",
    "lesson_score",
    "quota",
    "rescue_cost",
    "result",
    "sample_state",
    "score_sheet",
    "setup",
    "sister_lesson_score",
    "sister_next",
    "sister_sheet",
    "standing",
    "to_act",
    "view",
]
