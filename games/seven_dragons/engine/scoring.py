"""Seven Dragons's result: the winner, or the ranks by the largest goal area (section 8)."""

from __future__ import annotations

from typing import Any

from games.rules import State, competition_ranks
from games.seven_dragons.components import GOAL_COLOR, GOAL_SLOTS
from games.seven_dragons.engine.layout import COLOR_BIT, _grid, _largest, _links


def goal_color(state: State, slot: int) -> str:
    return GOAL_COLOR[state["slots"][slot]]


def result(state: State) -> dict[str, Any] | None:
    """Final standing; a seven ends with one winner, exhaustion ranks by A(goal)."""
    if not state["over"]:
        return None
    return standing(state)


def standing(state: State) -> dict[str, Any]:
    """The standing now: a seven ends with one winner; otherwise seats rank by the largest area
    of their goal colour, as at an exhaustion (the result of a match its players end early)."""
    grid = _grid(state["layout"], state["silver"])
    n = state["seats"]
    goals = [goal_color(state, s) for s in range(n)]
    links = _links(grid)
    scores = [_largest(grid, COLOR_BIT[c], links) for c in goals]
    if state.get("end_reason") == "seven":
        winners = [state["winner"]]
        ranks = [1 if s == state["winner"] else 2 for s in range(n)]
    else:
        ranks = competition_ranks(scores)
        winners = [s for s in range(n) if ranks[s] == 1]
    return {
        "end_reason": state.get("end_reason") or "ended_early",
        "winners": winners,
        "ranks": ranks,
        "scores": scores,
        "breakdown": [
            {"goal": goals[s], "largest_area": scores[s], "total": scores[s]} for s in range(n)
        ],
        "goal_slots": [goal_color(state, i) for i in range(GOAL_SLOTS)],
    }
