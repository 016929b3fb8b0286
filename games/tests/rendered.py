"""A game's table regions rendered for one viewer from a bare state, for the games' table tests
(no match, no request: the move forms post to `games.tests.forms`' placeholders)."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string

from games.registry import GAMES
from games.tests.forms import CSRF_TOKEN, EXPECTED_SEQ, MOVE_URL
from games.translated import reading

REGIONS = ("board", "mine", "result")
"""The regions rendered once; `panel` is rendered for every seat and joined."""


def render_regions(
    slug: str,
    state: dict[str, Any],
    seat: int | None,
    names: list[str],
    *,
    legal: list[dict[str, Any]] | None = None,
    **extra: Any,
) -> dict[str, str]:
    """Game `slug`'s board, own area, result and every seat's panel as `seat` sees them (None:
    a spectator); `legal` defaults to the seat's legal moves, `extra` adds to the context."""
    engine = GAMES[slug].engine
    view = engine.view(state, seat)
    if legal is None:
        legal = engine.legal_moves(state, seat) if seat is not None else []
    with reading():
        context = {
            "view": view,
            "g": GAMES[slug].table.table_context(view, legal, seat, names),
            "seat": seat,
            "names": names,
            "match": None,
            "move_url": MOVE_URL,
            "expected_seq": int(EXPECTED_SEQ),
            "csrf_token": CSRF_TOKEN,
            "is_my_turn": bool(legal),
            "result": engine.result(state),
            **extra,
        }
        html = {region: render_to_string(f"{slug}/{region}.html", context) for region in REGIONS}
        html["panel"] = "".join(
            render_to_string(f"{slug}/panel.html", {**context, "p": p}) for p in range(len(names))
        )
    return html
