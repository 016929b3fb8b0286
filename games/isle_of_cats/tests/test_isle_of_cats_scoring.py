"""Scoring (section 8): families, rats, sections, every lesson's condition, the sister, ranks."""

from __future__ import annotations

import pytest

from games.isle_of_cats import engine
from games.isle_of_cats.components import COLUMNS, RATS, ROWS, SECTIONS, WIDTH
from games.isle_of_cats.tests.isle_of_cats_helpers import fill, put

# Small same-size cats by colour: I3, V3, O4 (see the spec's block order).
I3 = {"blue": "cat-01", "green": "cat-18", "orange": "cat-35", "red": "cat-52", "purple": "cat-69"}
V3 = {"blue": "cat-02", "green": "cat-19", "orange": "cat-36", "red": "cat-53", "purple": "cat-70"}
O4 = {"blue": "cat-03", "green": "cat-20", "orange": "cat-37", "red": "cat-54", "purple": "cat-71"}


def _table(seats: int = 2) -> dict:
    return engine.setup(seats, {}, 1)


def _row(state, seat, y, colours, x0=0, gap=0):
    """I3 cats of the given colours side by side along row y (gap cells between them)."""
    x = x0
    for colour in colours:
        put(state, seat, I3[colour], [[x, y], [x + 1, y], [x + 2, y]])
        x += 3 + gap


def _lesson(state, card, seat=0, colour=None):
    info = engine.CARDS[card]
    facts = engine.boat_facts(state["players"][seat])
    others = tuple(
        engine._largest(engine.boat_facts(p)) for s, p in enumerate(state["players"]) if s != seat
    )
    return engine.lesson_score(
        info["rule"],
        info["points"],
        facts,
        colour=colour,
        solo=state["solo"],
        others_largest=others,
    )


def _family_of(state, seat, colour, size, y=4):
    """A chain of `size` same-colour cats: I3, V3 and O4 then more I3s lower down."""
    put(state, seat, I3[colour], [[0, y], [1, y], [2, y]])
    if size >= 2:
        put(state, seat, V3[colour], [[3, y], [4, y], [3, y + 1]])
    if size >= 3:
        put(state, seat, O4[colour], [[5, y], [6, y], [5, y + 1], [6, y + 1]])


@pytest.mark.parametrize(
    ("size", "points"), [(2, 0), (3, 8), (4, 11), (5, 15), (6, 20), (7, 25), (8, 30), (10, 40)]
)
def test_family_values(size, points):
    assert engine.family_points(size) == points


def test_rats_and_unfilled_sections_cost_points():
    state = _table()
    sheet = engine.score_sheet(state, 0)
    assert sheet["rats"] == -19
    assert sheet["sections"] == -35
    fill(state, 0, list(SECTIONS["stern"]))
    sheet = engine.score_sheet(state, 0)
    assert sheet["rats"] == -16
    assert sheet["sections"] == -30


def test_families_join_only_through_side_contact_of_one_colour():
    state = _table()
    _family_of(state, 0, "blue", 3)
    put(state, 0, "cat-02", [[7, 6], [8, 6], [7, 7]])  # touches the O4 only at a corner
    put(state, 0, "cat-20", [[7, 4], [8, 4], [7, 5], [8, 5]])  # green beside the blue O4
    facts = engine.boat_facts(state["players"][0])
    assert [(c, len(g)) for c, g in facts["families"]] == [("blue", 3)]
    assert len(facts["lone"]) == 2


# --- personal lessons -------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "points"), [(3, 0), (4, 8), (5, 0)])
def test_colour_exact(count, points):
    state = _table()
    for n in range(count):
        put(state, 0, ["cat-01", "cat-02", "cat-03", "cat-04", "cat-05"][n], _blue_cells(n))
    assert _lesson(state, "113") == points


def _blue_cells(n):
    """Cells for blue I3, V3, O4, L4, T4 in separate rows."""
    return [
        [[0, 1], [1, 1], [2, 1]],
        [[0, 3], [1, 3], [0, 4]],
        [[3, 3], [4, 3], [3, 4], [4, 4]],
        [[6, 2], [6, 3], [6, 4], [7, 4]],
        [[0, 6], [1, 6], [2, 6], [1, 7]],
    ][n]


def test_edge_all_colours_counts_an_oshax_by_its_colour():
    state = _table()
    _row(state, 0, 0, ["blue", "green", "orange"], x0=1)
    _row(state, 0, 10, ["red"], x0=1)
    put(state, 0, "oshax-4", [[1, 5], [0, 6], [1, 6], [2, 6], [1, 7]], "purple")
    assert _lesson(state, "116") == 7
    state["players"][0]["tiles"][-1]["colour"] = "blue"
    assert _lesson(state, "116") == 0


def test_rats_all_covered():
    state = _table()
    fill(state, 0, list(RATS[:-1]))
    assert _lesson(state, "119") == 0
    fill(state, 0, [RATS[-1]])
    assert _lesson(state, "119") == 6


def test_rare_at_least_three():
    state = _table()
    put(state, 0, "rare-01", [[0, 4], [1, 4], [2, 4]])
    put(state, 0, "rare-02", [[0, 5], [1, 5], [2, 5]])
    assert _lesson(state, "120") == 0
    put(state, 0, "rare-03", [[0, 6], [1, 6], [2, 6]])
    assert _lesson(state, "120") == 6
    assert _lesson(state, "145") == 6


def test_largest_family_top_ties_score_but_a_larger_rival_does_not():
    state = _table(3)
    assert _lesson(state, "121") == 0
    _family_of(state, 0, "blue", 3)
    _family_of(state, 1, "red", 3)
    assert _lesson(state, "121") == 8
    put(state, 1, "cat-55", [[7, 4], [7, 5], [7, 6], [8, 6]])
    assert _lesson(state, "121") == 0


def test_largest_family_top_in_solo_needs_seven():
    state = engine.setup(1, {}, 1)
    _family_of(state, 0, "blue", 3)
    assert _lesson(state, "121") == 0
    for tile, cells in [
        ("cat-04", [[7, 4], [7, 5], [7, 6], [8, 6]]),
        ("cat-05", [[8, 4], [9, 4], [10, 4], [9, 5]]),
        ("cat-06", [[11, 4], [12, 4], [10, 5], [11, 5]]),
        ("cat-07", [[12, 5], [13, 5], [12, 6], [13, 6], [12, 7]]),
    ]:
        put(state, 0, tile, cells)
    assert engine.boat_facts(state["players"][0])["families"][0][1].__len__() == 7
    assert _lesson(state, "121") == 8


def test_full_rows_and_columns():
    state = _table()
    fill(state, 0, list(ROWS[0]) + list(COLUMNS[14]))
    assert _lesson(state, "122") == 2
    assert _lesson(state, "149") == 2
    assert _lesson(state, "123") == 2
    fill(state, 0, list(COLUMNS[0]))
    assert _lesson(state, "123") == 4


def test_family_colours_each_and_families_count():
    state = _table()
    _family_of(state, 0, "blue", 3, y=1)
    _family_of(state, 0, "red", 3, y=4)
    _family_of(state, 0, "green", 3, y=7)
    assert _lesson(state, "124") == 9
    assert _lesson(state, "142") == 0


def test_families_count_at_least_five():
    state = _table()
    for y, colour in zip(
        (0, 2, 4, 6, 8), ("blue", "green", "orange", "red", "purple"), strict=True
    ):
        x = 1 if y in (0,) else 0
        put(state, 0, I3[colour], [[x, y], [x + 1, y], [x + 2, y]])
        put(state, 0, V3[colour], [[x + 3, y], [x + 4, y], [x + 3, y + 1]])
        put(state, 0, O4[colour], [[x + 5, y], [x + 6, y], [x + 5, y + 1], [x + 6, y + 1]])
    assert len(engine.boat_facts(state["players"][0])["families"]) == 5
    assert _lesson(state, "142") == 8


def test_lone_cats_at_most_needs_a_family():
    state = _table()
    assert _lesson(state, "125") == 0
    _family_of(state, 0, "blue", 3)
    put(state, 0, "cat-18", [[0, 8], [1, 8], [2, 8]])
    put(state, 0, "cat-35", [[0, 1], [1, 1], [2, 1]])
    assert _lesson(state, "125") == 6
    put(state, 0, "cat-52", [[8, 1], [9, 1], [10, 1]])
    assert _lesson(state, "125") == 0


def test_oshax_each():
    state = _table()
    put(state, 0, "oshax-4", [[1, 0], [0, 1], [1, 1], [2, 1], [1, 2]], "red")
    put(state, 0, "oshax-1", [[0, 4], [0, 5], [1, 5], [1, 6], [2, 6]], "red")
    assert _lesson(state, "126") == 6
    assert _lesson(state, "150") == 6


def test_family_colour_min_five():
    state = _table()
    _family_of(state, 0, "blue", 3)
    put(state, 0, "cat-04", [[7, 4], [7, 5], [7, 6], [8, 6]])
    assert _lesson(state, "127") == 0
    put(state, 0, "cat-05", [[8, 4], [9, 4], [10, 4], [9, 5]])
    assert _lesson(state, "127") == 8
    assert _lesson(state, "144", colour="blue") == 7
    assert _lesson(state, "144", colour="red") == 0


def test_maps_matched_each_needs_the_maps_own_colour():
    state = _table()
    put(state, 0, "cat-01", [[2, 1], [3, 1], [4, 1]])  # blue on the blue map
    put(state, 0, "cat-52", [[6, 3], [7, 3], [8, 3]])  # red on the green map
    assert _lesson(state, "129") == 3
    assert _lesson(state, "147") == 2


def test_colour_exact_orange_five():
    state = _table()
    for tile, cells in [
        ("cat-35", [[0, 1], [1, 1], [2, 1]]),
        ("cat-36", [[0, 3], [1, 3], [0, 4]]),
        ("cat-37", [[3, 3], [4, 3], [3, 4], [4, 4]]),
        ("cat-38", [[6, 2], [6, 3], [6, 4], [7, 4]]),
    ]:
        put(state, 0, tile, cells)
    assert _lesson(state, "131") == 0
    put(state, 0, "cat-39", [[0, 6], [1, 6], [2, 6], [1, 7]])
    assert _lesson(state, "131") == 9


def test_sections_full_each():
    state = _table()
    fill(state, 0, list(SECTIONS["bow"]) + list(SECTIONS["dining_room"]))
    assert _lesson(state, "134") == 4


def test_edge_cats_per_two_and_edge_colour_each():
    state = _table()
    _row(state, 0, 4, ["blue", "green", "red"])  # the first touches the stern edge
    put(state, 0, "cat-02", [[1, 0], [2, 0], [1, 1]])
    put(state, 0, "cat-53", [[4, 10], [5, 10], [5, 9]])
    assert _lesson(state, "135") == 1
    assert _lesson(state, "143", colour="blue") == 4
    assert _lesson(state, "143", colour="red") == 2


def test_colour_in_sections_each():
    state = _table()
    put(state, 0, "cat-01", [[1, 4], [2, 4], [3, 4]])  # stern and dining room
    put(state, 0, "cat-02", [[6, 0], [7, 0], [6, 1]])  # deck
    assert _lesson(state, "136") == 3


def test_section_colours_at_least_three():
    state = _table()
    put(state, 0, "cat-01", [[0, 1], [0, 2], [0, 3]])
    put(state, 0, "cat-18", [[1, 1], [1, 2], [1, 3]])
    assert _lesson(state, "137") == 0
    put(state, 0, "cat-35", [[1, 4], [2, 4], [3, 4]])  # touches the stern at [1, 4]
    assert _lesson(state, "137") == 5
    assert _lesson(state, "138") == 0


def test_section_cats_only():
    state = _table()
    put(state, 0, "cat-14", [[2, 4], [3, 4], [4, 4], [2, 5], [3, 5], [4, 5]])
    put(state, 0, "cat-52", [[2, 6], [3, 6], [4, 6]])
    put(state, 0, "cat-69", [[5, 4], [5, 5], [5, 6]])
    assert _lesson(state, "139") == 6
    state2 = _table()
    put(state2, 0, "cat-14", [[2, 4], [3, 4], [4, 4], [2, 5], [3, 5], [4, 5]])
    put(state2, 0, "cat-52", [[2, 6], [3, 6], [4, 6]])
    put(state2, 0, "common-23", [[5, 4], [5, 5], [5, 6]])
    assert _lesson(state2, "139") == 0


def test_colour_adjacent_treasure_each():
    state = _table()
    put(state, 0, "cat-18", [[0, 4], [1, 4], [2, 4]])
    put(state, 0, "cat-19", [[0, 6], [1, 6], [0, 7]])
    put(state, 0, "common-01", [[3, 4]])
    assert _lesson(state, "140") == 2


def test_colour_majority_is_strict():
    state = _table()
    put(state, 0, "cat-52", [[0, 4], [1, 4], [2, 4]])
    put(state, 0, "cat-01", [[0, 6], [1, 6], [2, 6]])
    assert _lesson(state, "141") == 0
    put(state, 0, "cat-53", [[0, 1], [1, 1], [0, 2]])
    assert _lesson(state, "141") == 7


def test_colour_count_each_and_common_each():
    state = _table()
    _row(state, 0, 4, ["blue", "red"])
    put(state, 0, "cat-02", [[0, 6], [1, 6], [0, 7]])
    put(state, 0, "common-01", [[6, 4]])
    put(state, 0, "common-12", [[7, 4], [8, 4]])
    assert _lesson(state, "146", colour="blue") == 2
    assert _lesson(state, "148") == 4


def test_public_lessons_score_on_every_boat_and_half_rounded_up_in_solo():
    state = _table()
    state["public_lessons"] = [{"card": "150", "owner": 1, "colour": None}]
    put(state, 0, "oshax-4", [[1, 0], [0, 1], [1, 1], [2, 1], [1, 2]], "red")
    assert engine.score_sheet(state, 0)["public_lessons"] == 3
    solo = engine.setup(1, {}, 1)
    solo["public_lessons"] = [{"card": "150", "owner": 0, "colour": None}]
    put(solo, 0, "oshax-4", [[1, 0], [0, 1], [1, 1], [2, 1], [1, 2]], "red")
    assert engine.score_sheet(solo, 0)["public_lessons"] == 2


def test_only_played_personal_lessons_score():
    state = _table()
    fill(state, 0, list(RATS))
    state["players"][0]["hand"] = ["119"]
    assert engine.score_sheet(state, 0)["personal_lessons"] == 0
    state["players"][0]["lessons"] = ["119"]
    assert engine.score_sheet(state, 0)["personal_lessons"] == 6


# --- the sister's lessons ---------------------------------------------------------------------


def _solo_boat() -> dict:
    state = engine.setup(1, {}, 1)
    _family_of(state, 0, "blue", 3)  # blue family of 3 along row 4, edge at x=0
    put(state, 0, "cat-52", [[8, 8], [9, 8], [10, 8]])  # red lone, no edge, no rat
    put(state, 0, "oshax-4", [[1, 0], [0, 1], [1, 1], [2, 1], [1, 2]], "green")
    state["sister"]["removed"] = {"cats": 7, "rares": 2, "oshax": 1}
    return state


@pytest.mark.parametrize(
    ("card", "points"),
    [
        ("solo-basic-01", 2 * 16),  # the blue family covers the rats [3,5], [5,4] and [6,4]
        ("solo-basic-02", 3 * 7),
        ("solo-basic-03", 2 * 2),
        ("solo-basic-04", 7),
        ("solo-basic-05", 3 * 2),
        ("solo-basic-06", 6),
        ("solo-basic-07", 3),
        ("solo-basic-08", 8),
        ("solo-basic-10", 2 * 5),
        ("solo-hard-07", 5 * 4),  # only blue covers a rat
        ("solo-hard-08", 5 * 3),  # orange, red, purple touch no edge
        ("solo-hard-09", 5 * 4),
    ],
)
def test_sister_lessons(card, points):
    state = _solo_boat()
    info = engine.SOLO_LESSONS[card]
    assert engine.sister_lesson_score(info["rule"], info["points"], state) == points


def test_sister_uncovered_cells_per():
    state = _solo_boat()
    covered = 3 + 3 + 4 + 3 + 5
    for card, per in (("solo-basic-09", 3), ("solo-hard-05", 2)):
        info = engine.SOLO_LESSONS[card]
        expected = (141 - covered) // per
        assert engine.sister_lesson_score(info["rule"], info["points"], state) == expected


def test_sister_colour_without_rat_counts_rats_under_cats():
    state = _solo_boat()
    put(state, 0, "cat-53", [[11, 3], [12, 3], [11, 2]])  # red over the rat at [12,3]
    info = engine.SOLO_LESSONS["solo-hard-07"]
    assert engine.sister_lesson_score(info["rule"], info["points"], state) == 15


# --- ranking ----------------------------------------------------------------------------------


def test_ties_break_on_fish_then_share():
    state = engine.setup(3, {}, 1)
    state["phase"] = "game_over"
    for seat, fish in enumerate((4, 9, 4)):
        state["players"][seat]["fish"] = fish
    outcome = engine.result(state)
    assert outcome["scores"] == [-54, -54, -54]
    assert outcome["ranks"] == [2, 1, 2]
    assert outcome["winners"] == [1]
    state["players"][1]["fish"] = 4
    assert engine.result(state)["ranks"] == [1, 1, 1]
    assert engine.result(state)["winners"] == [0, 1, 2]


def test_result_is_none_while_the_game_runs():
    assert engine.result(engine.setup(2, {}, 1)) is None


def test_grid_index_helper_matches_the_view():
    state = _table()
    put(state, 0, "cat-01", [[0, 4], [1, 4], [2, 4]])
    assert state["players"][0]["tiles"][0]["cells"] == [4 * WIDTH, 4 * WIDTH + 1, 4 * WIDTH + 2]
    assert engine.view(state, None)["players"][0]["tiles"][0]["cells"] == [[0, 4], [1, 4], [2, 4]]
