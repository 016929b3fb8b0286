"""The standing of a game still running (the result of a match its players end early): the boats
scored now as if the game ended, with the final tie-breaks (section 8)."""

from __future__ import annotations

from games.isle_of_cats import engine
from games.isle_of_cats.components import BOAT_CELLS
from games.isle_of_cats.tests.isle_of_cats_helpers import fill, put

BLUE_I3, BLUE_V3, BLUE_O4 = "cat-01", "cat-02", "cat-03"


def _blue_family(state, seat):
    put(state, seat, BLUE_I3, [[0, 4], [1, 4], [2, 4]])
    put(state, seat, BLUE_V3, [[3, 4], [4, 4], [3, 5]])
    put(state, seat, BLUE_O4, [[5, 4], [6, 4], [5, 5], [6, 5]])


def test_the_boats_are_scored_as_they_stand_mid_game():
    state = engine.setup(3, {}, 1)
    _blue_family(state, 1)
    state["players"][1]["lessons"] = ["124"]  # 3 per colour with a family: played, it scores
    state["players"][2]["hand"] = ["124"]  # still in hand: not played, it does not
    assert not engine.is_over(state)
    assert engine.result(state) is None
    standing = engine.standing(state)
    sheets = [engine.score_sheet(state, seat) for seat in range(3)]
    assert standing["breakdown"] == sheets
    # Seat 1: a family of 3 (8), three rats under it (3), the lesson (3).
    assert standing["scores"] == [-54, -54 + 8 + 3 + 3, -54]
    assert standing["ranks"] == [2, 1, 2]
    assert standing["winners"] == [1]
    assert standing["ranking"] == [
        {"seat": 0, "rank": 2},
        {"seat": 1, "rank": 1},
        {"seat": 2, "rank": 2},
    ]


def test_equal_boats_rank_by_fish_left_then_share():
    state = engine.setup(2, {}, 1)
    state["players"][0]["fish"] = 3
    state["players"][1]["fish"] = 5
    assert engine.standing(state)["ranks"] == [2, 1]
    state["players"][0]["fish"] = 5
    standing = engine.standing(state)
    assert standing["ranks"] == [1, 1]
    assert standing["winners"] == [0, 1]


def test_a_public_lesson_whose_colour_is_not_chosen_yet_scores_nothing():
    state = engine.setup(2, {}, 1)
    _blue_family(state, 0)
    state["public_lessons"] = [{"card": "146", "owner": 1, "colour": None}]
    state["phase"] = "lesson_colours"
    assert engine.standing(state)["breakdown"][0]["public_lessons"] == 0
    state["public_lessons"][0]["colour"] = "blue"
    assert engine.standing(state)["breakdown"][0]["public_lessons"] == 3


def test_in_solo_the_sister_scores_the_boat_as_it_stands_and_wins_a_tie():
    state = engine.setup(1, {}, 1)
    state["sister"]["lessons"] = []
    fill(state, 0, list(BOAT_CELLS))  # no rat or section lost, no cat for her colour cards
    standing = engine.standing(state)
    assert standing["sister"] == engine.sister_sheet(state)
    assert (standing["scores"], standing["sister"]["total"]) == ([0], 0)
    assert standing["ranks"] == [2]
    assert standing["winners"] == [engine.SISTER]
    state["players"][0]["lessons"] = ["119"]  # every rat covered: 6
    standing = engine.standing(state)
    assert standing["scores"] == [6]
    assert standing["ranks"] == [1]
    assert standing["winners"] == [0]


def test_the_result_at_the_end_is_the_standing():
    state = engine.setup(2, {}, 1)
    _blue_family(state, 0)
    state["phase"] = "game_over"
    assert engine.result(state) == engine.standing(state)
    assert engine.result(state)["winners"] == [0]
