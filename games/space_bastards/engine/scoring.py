"""Space Bastards's scores, ranks and tie-breaks (section 8)."""

from __future__ import annotations

from typing import Any

from games.rules import State
from games.space_bastards.components import MONEY_PER_POINT
from games.space_bastards.engine.board import _living, _owner


def _living_in_play(state: State, seat: int) -> int:
    colour = str(seat)
    on_planets = sum(
        1 for planet in state["in_play"] for t in _living(state, planet) if _owner(t) == colour
    )
    return on_planets + len(state["ships"][seat]["cargo"])


def result(state: State) -> dict[str, Any] | None:
    """Final scores, ranks and tie-breaks (section 8); None while the game runs."""
    if state["phase"] != "over":
        return None
    return standing(state)


def standing(state: State) -> dict[str, Any]:
    """Scores, ranks and tie-breaks as the game stands now, as if it ended here (section 8):
    the points so far plus the money bought into points, 5 for 1, as the end does (Decision
    D19; once over, the money left is under 5 and buys nothing more). Dominance of the rounds
    not yet scored counts nothing. The result of a match its players end early."""
    seats = state["seats"]
    breakdown = []
    for seat in range(seats):
        row = dict(state["scores"][seat])
        bought = state["money"][seat] // MONEY_PER_POINT
        row["bought"] += bought
        row["total"] = state["points"][seat] + bought
        row["money_left"] = state["money"][seat] - bought * MONEY_PER_POINT
        row["living"] = _living_in_play(state, seat)
        breakdown.append(row)
    keys = [(r["total"], r["money_left"], r["living"]) for r in breakdown]
    ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    ranking = [[s for s in range(seats) if ranks[s] == rank] for rank in sorted(set(ranks))]
    return {
        "scores": [r["total"] for r in breakdown],
        "ranks": ranks,
        "winners": [s for s in range(seats) if ranks[s] == 1],
        "breakdown": breakdown,
        "ranking": ranking,
    }
