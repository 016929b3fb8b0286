"""The Kosmopolis table's web side, as the core calls it (`GameInfo.table`).

Each concern has its own module: `labels` names things, `context` builds the regions' context
(`table_context`) and the status line (`status_text`), `forms` reads a move form
(`move_from_post`), `log` says a move's events (`describe`). The fragments are the Jinja2
templates under `jinja2/kosmopolis/`.
"""

from games.kosmopolis.context import status_text, table_context
from games.kosmopolis.forms import move_from_post
from games.kosmopolis.log import describe, marks

__all__ = ["describe", "marks", "move_from_post", "status_text", "table_context"]
