"""The worked examples of section 10 of the rules spec, as tests."""

from __future__ import annotations

import pytest

from games.isle_of_cats import engine
from games.isle_of_cats.components import SECTIONS, TILE_KIND, WIDTH
from games.isle_of_cats.tests.isle_of_cats_helpers import fill, put, rescue_table, select_table
from games.rules import IllegalMove

RULEBOOK_PICTURE = [
    ".zz___GGGM.....",
    "AzzEFFGGGMMM...",
    "AzaEFFHHHNNNN..",
    "AAAEEHHJJ_NOOO.",
    "BBbIIIKJJcc_OTT",
    "BBb_I_KKd__PLTT",
    "BCb_I_KKd__PLLT",
    "CCe___XXXQQPPP.",
    "SCe__DDXRQQfg..",
    "SSe__DDXRRff...",
    ".S_hhDDXRR.....",
]
RULEBOOK_TILES = {
    "A": "cat-64",
    "B": "cat-58",
    "C": "cat-56",
    "D": "cat-65",
    "E": "cat-04",
    "F": "cat-03",
    "G": "cat-14",
    "H": "cat-10",
    "I": "cat-12",
    "J": "cat-20",
    "K": "cat-24",
    "L": "cat-19",
    "M": "cat-38",
    "N": "cat-43",
    "O": "cat-39",
    "P": "cat-47",
    "Q": "cat-37",
    "R": "cat-41",
    "S": "cat-74",
    "T": "cat-75",
    "X": "oshax-6",
    "z": "rare-19",
    "a": "common-01",
    "g": "common-02",
    "c": "common-12",
    "d": "common-13",
    "h": "common-14",
    "b": "common-23",
    "e": "common-24",
    "f": "common-34",
}


def _rulebook_boat() -> dict:
    state = engine.setup(2, {}, 1)
    cells: dict[str, list[list[int]]] = {}
    for y, row in enumerate(RULEBOOK_PICTURE):
        for x, letter in enumerate(row):
            if letter not in "._":
                cells.setdefault(letter, []).append([x, y])
    for letter, tile in RULEBOOK_TILES.items():
        put(state, 0, tile, cells[letter], "green" if letter == "X" else None)
    state["players"][0]["lessons"] = ["135", "116", "131"]
    state["public_lessons"] = [{"card": "148", "owner": 1, "colour": None}]
    return state


def test_rulebook_scoring_example_scores_57():
    sheet = engine.score_sheet(_rulebook_boat(), 0)
    assert sheet["rats"] == -2
    assert sheet["sections"] == -20
    assert sheet["families"] == 47
    assert sorted((f["colour"], f["size"]) for f in sheet["families_list"]) == [
        ("blue", 5),
        ("green", 3),
        ("orange", 3),
        ("orange", 3),
        ("red", 3),
    ]
    assert sheet["rare_treasures"] == 3
    assert sheet["lessons"] == [
        {"card": "135", "points": 6},
        {"card": "116", "points": 7},
        {"card": "131", "points": 0},
        {"card": "148", "points": 16},
    ]
    assert sheet["total"] == 57


def test_rulebook_example_tiles_form_one_connected_legal_group():
    """All 30 tiles can be laid one by one through the placement rules (P1-P5)."""
    state = _rulebook_boat()
    laid = state["players"][0]["tiles"]
    fresh = rescue_table(2)
    plan = engine._Plan(fresh, 0)
    pending = list(laid)
    while pending:
        for entry in pending:
            cells = [[i % WIDTH, i // WIDTH] for i in entry["cells"]]
            try:
                plan.place(entry["tile"], cells, entry.get("colour"), "test")
            except IllegalMove:
                continue
            pending.remove(entry)
            break
        else:
            pytest.fail(f"{len(pending)} tiles cannot be reached")


def test_placement_example_10_2():
    state = rescue_table(2, left=["cat-16", "cat-37"], fish=30, baskets=3, hand=["081"])
    blue = {
        "type": "rescue",
        "tile": "cat-16",
        "basket": {"type": "permanent"},
        "cells": [[2, 1], [3, 1], [4, 1], [5, 1], [3, 2], [4, 2]],
        "bonus": {"shape": "domino", "cells": [[2, 2], [2, 3]]},
    }
    engine.apply_in_place(state, 0, blue)
    boat = state["players"][0]["tiles"]
    assert [entry["tile"] for entry in boat] == ["cat-16", "common-12"]
    assert state["commons"]["domino"][0] == "common-13"
    orange = {"type": "rescue", "tile": "cat-37", "basket": {"type": "permanent"}}
    refusals = {
        "touch": [[10, 5], [11, 5], [10, 6], [11, 6]],
        "shape": [[4, 0], [5, 0], [6, 0], [6, 1]],
        "covered": [[5, 0], [6, 0], [5, 1], [6, 1]],
        "not a cell": [[10, 0], [11, 0], [10, 1], [11, 1]],
    }
    for words, cells in refusals.items():
        with pytest.raises(IllegalMove, match=words):
            engine.apply_in_place(state, 0, {**orange, "cells": cells})
    legal = {**orange, "cells": [[6, 1], [7, 1], [6, 2], [7, 2]]}
    with pytest.raises(IllegalMove, match="no map"):
        engine.apply_in_place(state, 0, {**legal, "bonus": {"shape": "mono", "cells": [[8, 1]]}})
    engine.apply_in_place(state, 0, legal)
    assert state["players"][0]["tiles"][-1]["tile"] == "cat-37"


def test_speed_and_turn_order_example_10_3():
    state = select_table(4, [["013", "042"], [], ["020"], ["059"]])
    state["players"][1]["hand"] = ["081"]
    state["turn_order"] = [2, 0, 3, 1]
    engine.apply_in_place(state, 2, {"type": "select_rescue", "cards": ["020"]})
    engine.apply_in_place(state, 0, {"type": "select_rescue", "cards": ["013", "042"]})
    engine.apply_in_place(state, 3, {"type": "select_rescue", "cards": ["059"]})
    engine.apply_in_place(state, 1, {"type": "select_rescue", "cards": []})
    assert [p["speed"] for p in state["players"]] == [5, 0, 3, 5]
    assert state["turn_order"] == [0, 3, 2, 1]
    assert state["phase"] == "rescue"
    assert state["current"] == 0


def test_baskets_and_fish_example_10_4():
    state = rescue_table(
        2,
        left=["cat-01", "cat-02", "cat-18"],
        right=["cat-35"],
        fish=9,
        played=["013", "031", "034"],
        hand=["081", "082"],
    )
    engine.apply_in_place(
        state,
        0,
        {
            "type": "rescue",
            "tile": "cat-35",
            "basket": {"type": "permanent"},
            "cells": [[0, 4], [0, 5], [0, 6]],
        },
    )
    assert state["players"][0]["fish"] == 4
    second = {
        "type": "rescue",
        "tile": "cat-01",
        "zone": "left",
        "basket": {"type": "permanent"},
        "cells": [[1, 4], [1, 5], [1, 6]],
    }
    with pytest.raises(IllegalMove, match="used for today"):
        engine.apply_in_place(state, 0, second)
    engine.apply_in_place(
        state, 0, {**second, "basket": {"type": "broken", "cards": ["031", "034"]}}
    )
    player = state["players"][0]
    assert player["fish"] == 1
    assert player["played"] == ["013"]
    assert {"031", "034"} <= set(state["discard"])
    third = {
        "type": "rescue",
        "tile": "cat-02",
        "basket": {"type": "card", "card": "013"},
        "cells": [[2, 4], [3, 4], [2, 5]],
    }
    with pytest.raises(IllegalMove, match="fish"):
        engine.apply_in_place(state, 0, third)
    moves = engine.legal_moves(state, 0)
    assert {m["type"] for m in moves} == {"pass", "play"}
    engine.apply_in_place(state, 0, {"type": "play", "card": "081"})
    assert player["fish"] == 5
    engine.apply_in_place(state, 0, third)
    assert player["fish"] == 2
    assert player["played"] == []


def _bridge_boat(oshax_colour: str) -> dict:
    state = engine.setup(2, {}, 1)
    put(state, 0, "cat-52", [[0, 4], [0, 5], [0, 6]])
    put(state, 0, "cat-53", [[1, 4], [2, 4], [1, 5]])
    put(state, 0, "oshax-4", [[3, 4], [2, 5], [3, 5], [4, 5], [3, 6]], oshax_colour)
    put(state, 0, "cat-54", [[5, 5], [6, 5], [5, 6], [6, 6]])
    put(state, 0, "cat-55", [[5, 7], [6, 7], [7, 7], [7, 6]])
    put(state, 0, "common-01", [[2, 6]])
    put(state, 0, "cat-57", [[1, 7], [2, 7], [0, 8], [1, 8]])
    return state


def test_oshax_bridge_example_10_5():
    red = engine.boat_facts(_bridge_boat("red")["players"][0])
    assert [(c, len(g)) for c, g in red["families"]] == [("red", 5)]
    assert engine.score_sheet(_bridge_boat("red"), 0)["families"] == 15
    assert len(red["lone"]) == 1
    blue = engine.boat_facts(_bridge_boat("blue")["players"][0])
    assert blue["families"] == []
    assert len(blue["lone"]) == 6
    assert engine.score_sheet(_bridge_boat("blue"), 0)["families"] == 0
    assert engine.family_points(9) == 35


def test_sister_turns_example_10_6():
    state = engine.setup(1, {}, 2)
    state["zones"] = {"left": ["cat-05", "cat-22", "cat-40"], "right": ["cat-60", "cat-77"]}
    state["rares"] = [["rare-01"], ["rare-06", "rare-07"]]
    state["commons"]["line3"] = []
    state["sister"]["today"] = ["sister-10", "sister-15", "sister-13"]
    state["sister"]["resolved"] = 0
    events: list = []
    engine._sister_resolve_next(state, events)
    assert state["zones"] == {"left": ["cat-05", "cat-77", "cat-40"], "right": ["cat-60"]}
    engine._sister_resolve_next(state, events)
    assert state["zones"] == {"left": ["cat-05", "cat-77", "cat-40"], "right": []}
    assert state["rares"] == [["rare-01"], ["rare-06"]]
    engine._sister_resolve_next(state, events)
    assert state["zones"] == {"left": ["cat-05", "cat-77"], "right": []}
    assert state["sister"]["removed"] == {"cats": 3, "rares": 1, "oshax": 0}
    assert {"cat-22", "cat-60", "cat-40", "rare-07"} <= set(state["gone"])


def _sister_score_boat() -> dict:
    """Red 3 (no family), blue 5 (one family), green 3 + green oshax (family of 4), orange 2;
    every section full except storage and bow."""
    state = engine.setup(1, {"solo_hard_lessons": 1}, 2)
    for tile, cells in [
        ("cat-01", [[0, 4], [1, 4], [2, 4]]),
        ("cat-03", [[3, 4], [4, 4], [3, 5], [4, 5]]),
        ("cat-02", [[5, 4], [6, 4], [5, 5]]),
        ("cat-05", [[7, 4], [8, 4], [9, 4], [8, 5]]),
        ("cat-04", [[10, 4], [10, 5], [10, 6], [11, 6]]),
        ("cat-18", [[0, 2], [1, 2], [2, 2]]),
        ("cat-20", [[3, 2], [4, 2], [3, 3], [4, 3]]),
        ("cat-19", [[5, 2], [6, 2], [5, 3]]),
        ("cat-52", [[0, 8], [1, 8], [2, 8]]),
        ("cat-53", [[4, 8], [5, 8], [4, 9]]),
        ("cat-54", [[7, 8], [8, 8], [7, 9], [8, 9]]),
        ("cat-35", [[0, 6], [1, 6], [2, 6]]),
        ("cat-36", [[4, 6], [5, 6], [4, 7]]),
    ]:
        put(state, 0, tile, cells)
    put(state, 0, "oshax-4", [[8, 1], [7, 2], [8, 2], [9, 2], [8, 3]], "green")
    for section in ("stern", "port_cabin", "dining_room", "starboard_cabin", "deck"):
        fill(state, 0, list(SECTIONS[section]))
    sister = state["sister"]
    sister["colour_cards"] = [
        "colour-red",
        "colour-blue",
        "colour-purple",
        "colour-green",
        "colour-orange",
    ]
    sister["revealed"] = 5
    sister["lessons"] = ["solo-basic-02", "solo-basic-04", "solo-basic-08", "solo-hard-09"]
    sister["removed"]["cats"] = 9
    state["phase"] = "game_over"
    return state


def test_sister_score_example_10_6():
    state = _sister_score_boat()
    sheet = engine.sister_sheet(state)
    assert [c["points"] for c in sheet["colour_cards"]] == [15, 20, 0, 8, 2]
    assert sheet["colour_points"] == 45
    assert [entry["points"] for entry in sheet["lessons"]] == [6, 9, 8, 15]
    assert sheet["total"] == 83


def test_a_tie_with_the_sister_goes_to_the_sister():
    state = _sister_score_boat()
    player_total = engine.score_sheet(state, 0)["total"]
    treasures = sum(1 for e in state["players"][0]["tiles"] if TILE_KIND[e["tile"]] == "common")
    assert treasures > 0
    # Tune how many cats the sister removed so her total equals the player's, then one less.
    state["sister"]["removed"]["cats"] += player_total - 83
    assert engine.sister_sheet(state)["total"] == player_total
    outcome = engine.result(state)
    assert outcome["winners"] == ["sister"]
    assert outcome["ranks"] == [2]
    state["sister"]["removed"]["cats"] -= 1
    outcome = engine.result(state)
    assert outcome["winners"] == [0]
    assert outcome["ranks"] == [1]
