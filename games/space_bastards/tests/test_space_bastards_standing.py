"""The standing of a game still running (the result of a match its players end early): the points
so far with the money bought into points as at the end, ranked by the final tie-breaks
(section 8)."""

from __future__ import annotations

from games.space_bastards import engine
from games.space_bastards.tests.space_bastards_helpers import play, put, ship_turn, table


def test_points_so_far_with_the_money_bought_as_at_the_end():
    state = table(3, round_number=5, money=[12, 4, 9])
    state["points"] = [3, 5, 4]
    state["scores"][0]["dominance_4"] = 3
    state["scores"][1]["diplomacy"] = 5
    state["scores"][2]["dominance_4"] = 4
    put(state, "P2", "0:toad:0")
    assert engine.result(state) is None
    standing = engine.standing(state)
    assert standing["scores"] == [5, 5, 5]
    assert [row["bought"] for row in standing["breakdown"]] == [2, 0, 1]
    assert [row["money_left"] for row in standing["breakdown"]] == [2, 4, 4]
    assert [row["living"] for row in standing["breakdown"]] == [1, 0, 0]
    # Equal points: money left first, then living creatures; seats 1 and 2 stay level.
    assert standing["ranks"] == [3, 1, 1]
    assert standing["winners"] == [1, 2]
    assert standing["ranking"] == [[1, 2], [0]]
    assert state["money"] == [12, 4, 9], "the standing changes nothing"
    assert state["points"] == [3, 5, 4]


def test_the_result_at_the_end_is_the_standing():
    state = table(2, round_number=12, money=[7, 3])
    ship_turn(state, 0, None)
    play(state, 0, {"type": "done"})
    assert engine.is_over(state)
    assert engine.result(state) == engine.standing(state)
    assert [row["bought"] for row in engine.standing(state)["breakdown"]] == [1, 0]
