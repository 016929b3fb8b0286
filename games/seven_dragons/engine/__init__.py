"""Seven Dragons rules engine: pure functions over plain JSON state.

Colours are handled as 5-bit masks (bit i = ``COLORS[i]``); a wild quadrant shows all five.
A placed card's four shown quadrants are looked up by ``card * 2 + (rot == 180)``.
The package's files go by concern: `layout` (the cards' quadrants, where a card fits and the
areas of a colour), `start` (setup), `flow` (turns, the goals' check and the end), `moves`,
`scoring` and `knowledge` (what a seat sees and the states it could be in).
It also hands the table, the bot and the rule tests the layout's geometry they read
through it.
"""

from __future__ import annotations

from games.seven_dragons.engine.flow import _can_move as _can_move
from games.seven_dragons.engine.flow import is_over as is_over
from games.seven_dragons.engine.flow import to_act as to_act
from games.seven_dragons.engine.knowledge import goal_odds as goal_odds
from games.seven_dragons.engine.knowledge import sample_state as sample_state
from games.seven_dragons.engine.knowledge import view as view
from games.seven_dragons.engine.layout import COLOR_BIT as COLOR_BIT
from games.seven_dragons.engine.layout import PLAIN as PLAIN
from games.seven_dragons.engine.layout import SHOWN as SHOWN
from games.seven_dragons.engine.layout import WILD as WILD
from games.seven_dragons.engine.layout import Masks as Masks
from games.seven_dragons.engine.layout import _bonus_mask as _bonus_mask
from games.seven_dragons.engine.layout import _colors_of as _colors_of
from games.seven_dragons.engine.layout import _facing as _facing
from games.seven_dragons.engine.layout import _fits as _fits
from games.seven_dragons.engine.layout import _frontier as _frontier
from games.seven_dragons.engine.layout import _grid as _grid
from games.seven_dragons.engine.layout import _links as _links
from games.seven_dragons.engine.layout import largest_area as largest_area
from games.seven_dragons.engine.moves import apply as apply
from games.seven_dragons.engine.moves import apply_in_place as apply_in_place
from games.seven_dragons.engine.moves import legal_moves as legal_moves
from games.seven_dragons.engine.moves import moves_for_hand as moves_for_hand
from games.seven_dragons.engine.scoring import goal_color as goal_color
from games.seven_dragons.engine.scoring import result as result
from games.seven_dragons.engine.scoring import standing as standing
from games.seven_dragons.engine.start import setup as setup

ANALYSIS_PUBLIC_AT_END = False
"""The analysis of a finished match stays with each player (issue 36): the goals are revealed
when the cards run out, never the hands (§5, §7), and a preferred move names a card of the hand."""
