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
from games.isle_of_cats.engine.flow import SISTER as SISTER
from games.isle_of_cats.engine.flow import _add_rare as _add_rare
from games.isle_of_cats.engine.flow import _canonical_basket as _canonical_basket
from games.isle_of_cats.engine.flow import _draw as _draw
from games.isle_of_cats.engine.flow import _sister_instruction as _sister_instruction
from games.isle_of_cats.engine.flow import _sister_resolve_next as _sister_resolve_next
from games.isle_of_cats.engine.flow import _start_select as _start_select
from games.isle_of_cats.engine.flow import is_over as is_over
from games.isle_of_cats.engine.flow import quota as quota
from games.isle_of_cats.engine.flow import rescue_cost as rescue_cost
from games.isle_of_cats.engine.flow import sister_next as sister_next
from games.isle_of_cats.engine.flow import to_act as to_act
from games.isle_of_cats.engine.knowledge import sample_state as sample_state
from games.isle_of_cats.engine.knowledge import view as view
from games.isle_of_cats.engine.legal import legal_moves as legal_moves
from games.isle_of_cats.engine.moves import apply as apply
from games.isle_of_cats.engine.moves import apply_in_place as apply_in_place
from games.isle_of_cats.engine.scoring import _largest as _largest
from games.isle_of_cats.engine.scoring import boat_facts as boat_facts
from games.isle_of_cats.engine.scoring import family_points as family_points
from games.isle_of_cats.engine.scoring import lesson_score as lesson_score
from games.isle_of_cats.engine.scoring import result as result
from games.isle_of_cats.engine.scoring import score_sheet as score_sheet
from games.isle_of_cats.engine.scoring import sister_lesson_score as sister_lesson_score
from games.isle_of_cats.engine.scoring import sister_sheet as sister_sheet
from games.isle_of_cats.engine.scoring import standing as standing
from games.isle_of_cats.engine.start import LESSON_SET_CARDS as LESSON_SET_CARDS
from games.isle_of_cats.engine.start import setup as setup

ANALYSIS_PUBLIC_AT_END = False
"""The analysis of a finished match stays with each player (issue 36): only the personal lessons
turn public at the end (§7), never the hands, and a preferred move names a card of the hand."""
