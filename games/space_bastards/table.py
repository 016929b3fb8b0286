"""The Space Bastards table's web side, as the core calls it (`GameInfo.table`).

Each concern has its own module: `labels` names things, `context` builds the regions' context
(`table_context`) and the status line (`status_text`), `forms` reads a move form
(`move_from_post`), `log` says a move's events (`describe`) and what they name (`marks`).
The fragments are the Jinja2 templates under `jinja2/space_bastards/`.
"""

from games.space_bastards.context import status_text, table_context
from games.space_bastards.forms import move_from_post
from games.space_bastards.log import describe, marks

__all__ = ["describe", "marks", "move_from_post", "status_text", "table_context"]
