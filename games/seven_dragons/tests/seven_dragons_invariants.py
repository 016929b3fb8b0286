"""What holds in every Seven Dragons position and result, for the cross-game playouts
(`games/tests/test_playouts.py`): one seat to act in turn, every card and goal in one place, no
goal colour at seven while the game goes on, the largest areas scored."""

from __future__ import annotations

from typing import Any

from games.rules import competition_ranks
from games.seven_dragons.engine import goal_color, is_over, largest_area, to_act

ALL_CARDS = list(range(67))
ALL_GOALS = list(range(67, 72))


def check_state(state: dict[str, Any]) -> None:
    cards = state["deck"] + state["action_pile"] + [row[0] for row in state["layout"]]
    for hand in state["hands"]:
        cards += hand
    assert sorted(cards) == ALL_CARDS
    assert sorted(state["slots"]) == ALL_GOALS
    assert all(52 <= c <= 66 for c in state["action_pile"])
    assert all(0 <= row[0] <= 51 for row in state["layout"])
    assert len({(row[1], row[2]) for row in state["layout"]}) == len(state["layout"])
    if not is_over(state):
        assert to_act(state) == {state["current"]}
        check_nobody_has_seven(state)


def check_nobody_has_seven(state: dict[str, Any]) -> None:
    """While the game goes on no goal colour has seven: the engine searches only the areas a
    move can have enlarged, so this checks its shortcut against a full search."""
    for seat in range(state["seats"]):
        goal = goal_color(state, seat)
        assert largest_area(state["layout"], state["silver"], goal) < 7


def check_result(state: dict[str, Any], res: dict[str, Any]) -> None:
    n = state["seats"]
    for seat in range(n):
        goal = res["breakdown"][seat]["goal"]
        assert res["scores"][seat] == largest_area(state["layout"], state["silver"], goal)
    if res["end_reason"] == "seven":
        (winner,) = res["winners"]
        assert res["scores"][winner] >= 7
        assert res["ranks"] == [1 if s == winner else 2 for s in range(n)]
    else:
        assert res["end_reason"] == "exhaustion"
        assert state["deck"] == []
        assert res["ranks"] == competition_ranks(res["scores"])
        assert res["winners"] == [s for s in range(n) if res["ranks"][s] == 1]
        assert max(res["scores"]) < 7
