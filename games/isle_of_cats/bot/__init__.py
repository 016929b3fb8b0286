"""Isle of Cats bots that judge moves only by what their seat's view shows: `normal`
(`choose_move`), `easy` (`choose_easy`) and the strong level's candidates and playouts
(`candidate_moves`, `playout_move`, `playout_stage`, `playout_standing`).

By concern: `boat` (what laying a tile adds to a boat), `cards` (what cards and fish are worth),
`judge` (the normal and easy bots' ratings of every legal move), `playout` (the search's fast
policy and where a playout ends).
"""

from games.isle_of_cats.bot.judge import candidate_moves as candidate_moves
from games.isle_of_cats.bot.judge import choose_easy as choose_easy
from games.isle_of_cats.bot.judge import choose_move as choose_move
from games.isle_of_cats.bot.playout import playout_move as playout_move
from games.isle_of_cats.bot.playout import playout_stage as playout_stage
from games.isle_of_cats.bot.playout import playout_standing as playout_standing
