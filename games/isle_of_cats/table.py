"""The Isle of Cats table's web side, as the core calls it (`GameInfo.table`).

Each concern has its own module: `labels` names and draws things, `context` builds the regions'
context (`table_context`) and the status line (`status_text`), `forms` reads a move form
(`move_from_post`), `log` says a move's events (`describe`) and what they name (`marks`). The
fragments are the Jinja2 templates under `jinja2/isle_of_cats/`.
"""

from typing import Any

from games.isle_of_cats import engine
from games.isle_of_cats.context import status_text, table_context
from games.isle_of_cats.forms import move_from_post
from games.isle_of_cats.log import describe, marks

__all__ = ["describe", "legal_moves", "marks", "move_from_post", "status_text", "table_context"]


def legal_moves(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The viewer's moves as the table needs them. On a rescue or rare-finds turn the engine
    would list every placement of every tile (thousands); the page builds those choices from
    the view, so only `pass` (always legal then) is listed."""
    if (
        state["phase"] in ("rescue", "rare_finds")
        and seat in engine.to_act(state)
        and state["players"][seat]["look"] is None
    ):
        return [{"type": "pass"}]
    return engine.legal_moves(state, seat)
