"""The worked examples of section 10 of the rules spec, move by move."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove
from games.space_bastards import engine
from games.space_bastards.components import PLANET_CELLS
from games.space_bastards.tests.space_bastards_helpers import (
    living,
    play,
    put,
    resolve,
    ship_turn,
    table,
)

TRADE_TOKENS = {
    "P9": {"0:toad:0": None, "0:toad:1": None, "1:spud:0": None, "2:spud:0": None},
    "P4": {"0:toad:2": None, "0:spud:0": None, "1:toad:0": None, "1:spud:1": None},
    "P6": {
        "0:toad:3": None,
        "0:toad:4": None,
        "0:toad:5": None,
        "0:spud:1": None,
        "2:spud:1": None,
        "2:spud:2": None,
    },
    "P7": {"0:toad:6": None, "0:spud:2": None, "1:spud:2": None},
    "P2": {"1:toad:1": None, "1:spud:3": None},
}


def _trade_table(seat2_default: str) -> dict:
    state = table(3, column={"trade": ("toad", "spud")}, tokens=TRADE_TOKENS)
    state["prefs"][1]["trade"] = {"default": "accept", "seats": {}}
    state["prefs"][2]["trade"] = {"default": seat2_default, "seats": {}}
    return state


def test_10_1_trade_pairing_with_one_refusing_partner():
    state = _trade_table("refuse")
    resolve(state, [["trade", 0]])
    events = play(state, 0, {"type": "trade", "decline": []})
    partners = next(e for e in events if e["type"] == "partners")
    assert partners["partners"] == [1]
    assert state["money"] == [10, 8, 5]


def test_10_1_trade_pairing_had_seat_2_accepted():
    state = _trade_table("accept")
    resolve(state, [["trade", 0]])
    play(state, 0, {"type": "trade", "decline": []})
    assert state["money"] == [13, 8, 8]


def test_10_1_pairing_per_planet():
    state = _trade_table("refuse")
    total, shares = engine.pairing(state, 0, "trade", ["1"])
    assert (total, shares) == (5, {"1": 3})
    total, shares = engine.pairing(state, 0, "trade", ["1", "2"])
    assert (total, shares) == (8, {"1": 3, "2": 3})


def _end_round_4(state: dict) -> list[dict]:
    state["round"] = 4
    state["track_pos"] = state["track"].index(["round", 4])
    ship_turn(state, 0, None)
    return play(state, 0, {"type": "done"})


def test_10_2_dominance_with_ties_after_round_4_and_12():
    tokens = {
        "P9": {
            **{f"0:toad:{k}": None for k in range(3)},
            **{f"1:toad:{k}": None for k in range(3)},
            "2:toad:0": None,
        },
        "P4": {"0:toad:3": None, "0:toad:4": None, "1:toad:3": None, "2:toad:1": None},
        "P2": {"2:toad:2": None, "2:toad:3": None, "2:toad:4": None, "2:toad:5": None},
        "P6": {"1:toad:4": None},
        "P8": {"0:toad:5": None, "0:toad:6": None, "1:toad:5": None, "1:toad:6": None},
    }
    tokens["P4"]["3:toad:0"] = None
    tokens["P2"].update({"3:toad:1": None, "3:toad:2": None, "3:toad:3": None})
    state = table(4, tokens=tokens, dead={"2:toad:4", "2:toad:5"})
    state["ships"][1] = {"space": "d8", "cargo": ["1:slug:0", "1:slug:1"]}
    for k in (0, 1):
        state["supply"]["1"]["slug"].remove(k)
    events = _end_round_4(state)
    dominance = next(e for e in events if e["type"] == "dominance")
    assert dominance["planets"] == {
        "P2": 3,
        "P3": None,
        "P4": 0,
        "P6": 1,
        "P7": None,
        "P8": None,
        "P9": None,
        "P10": None,
    }
    assert state["points"] == [1, 1, 0, 1]
    assert [s["dominance_4"] for s in state["scores"]] == [1, 1, 0, 1]


def test_10_2_round_12_counts_double():
    state = table(4, tokens={"P4": {"0:toad:0": None, "0:toad:1": None, "1:toad:0": None}})
    state["round"] = 12
    state["track_pos"] = state["track"].index(["round", 12])
    state["money"] = [0, 0, 0, 0]
    ship_turn(state, 0, None)
    play(state, 0, {"type": "done"})
    assert engine.is_over(state)
    assert state["points"] == [2, 0, 0, 0]
    assert engine.result(state)["breakdown"][0]["dominance_12"] == 2


def test_10_2_two_players_neutral_tie_blocks():
    state = table(
        2,
        tokens={"P3": {"0:toad:0": None, "0:toad:1": None, "N:toad:0": None, "N:slug:0": None}},
    )
    put(state, "P3", "1:toad:0")
    events = _end_round_4(state)
    dominance = next(e for e in events if e["type"] == "dominance")
    assert dominance["planets"]["P3"] is None
    assert state["points"] == [0, 0]


def _shooting_table() -> dict:
    return table(
        3,
        column={"shooting": ("cactus", "toad")},
        tokens={
            "P6": {
                "0:cactus:0": [[1, 0], [2, 0], [3, 0]],
                "1:toad:0": [[0, 2]],
                "1:toad:1": [[2, 2]],
                "2:toad:0": [[4, 2]],
            }
        },
        money=[7, 5, 5],
    )


def test_10_3_shooting_with_corpses():
    state = _shooting_table()
    resolve(state, [["shooting", 0]])
    play(state, 0, {"type": "shoot", "planet": "P6", "target": 1})
    board = state["board"]["P6"]
    assert board["1:toad:0"] == {"cells": [[0, 2]], "dead": True}
    assert board["1:toad:1"] == {"cells": [[2, 2]], "dead": True}
    assert state["money"][0] == 7
    assert state["phase"] == "action"
    play(state, 0, {"type": "shoot", "planet": "P6", "target": 2})
    assert board["2:toad:0"]["dead"]
    assert state["money"][0] == 5
    assert state["act"] is None
    covered = {tuple(c) for t in board.values() for c in t["cells"]}
    assert (len(PLANET_CELLS["P6"]), len(covered)) == (21, 6)
    assert living(state, "P6", "0") == ["0:cactus:0"]
    assert living(state, "P6", "1") == living(state, "P6", "2") == []


def test_10_3_corpses_are_neither_free_cells_nor_parents():
    state = _shooting_table()
    resolve(state, [["shooting", 0]])
    play(state, 0, {"type": "shoot", "planet": "P6", "target": 1})
    play(state, 0, {"type": "done"})
    state["rel"]["love"] = ["toad-1", "cactus-1"]
    put(state, "P6", "1:toad:2", [[0, 1]])
    resolve(state, [["love", 1]])
    moves = engine.legal_moves(state, 1)
    dead_cells = [[0, 2]], [[2, 2]]
    assert all(m["cells"] not in dead_cells for m in moves if m["type"] == "love")
    state["board"]["P6"]["1:toad:2"]["dead"] = True
    assert engine.action_options(state, 1, "love") == []


def test_10_4_mutation_that_does_not_fully_fit():
    state = table(
        2,
        column={"mutation": ("toad", "spud")},
        tokens={
            "P3": {
                "0:toad:0": [[1, 0]],
                "0:toad:1": [[2, 5]],
                "0:toad:2": [[3, 2]],
                "1:slug:0": [[0, 1], [0, 2]],
            }
        },
    )
    resolve(state, [["mutation", 0]])
    all_three = {
        "type": "mutate",
        "planet": "P3",
        "owner": 0,
        "from": "toad",
        "to": "spud",
        "tokens": ["0:toad:0", "0:toad:1", "0:toad:2"],
        "cells": [
            [[1, 0], [1, 1], [2, 0], [2, 1]],
            [[1, 4], [1, 5], [2, 4], [2, 5]],
            [[1, 0], [1, 1], [2, 0], [2, 1]],
        ],
    }
    with pytest.raises(IllegalMove):
        play(state, 0, all_three)
    play(
        state,
        0,
        {
            "type": "mutate",
            "planet": "P3",
            "owner": 0,
            "from": "toad",
            "to": "spud",
            "tokens": ["0:toad:0", "0:toad:1"],
            "cells": [[[1, 0], [1, 1], [2, 0], [2, 1]], [[1, 4], [1, 5], [2, 4], [2, 5]]],
        },
    )
    board = state["board"]["P3"]
    assert board["0:spud:0"]["cells"] == [[1, 0], [1, 1], [2, 0], [2, 1]]
    assert board["0:spud:1"]["cells"] == [[1, 4], [1, 5], [2, 4], [2, 5]]
    assert board["0:toad:2"]["cells"] == [[3, 2]]
    assert 0 in state["supply"]["0"]["toad"]
    assert 1 in state["supply"]["0"]["toad"]
    assert len(living(state, "P3", "0")) == 3


def test_10_5_change_order_locks_and_offer():
    state = table(
        4,
        column={
            "shooting": ("cactus", "toad"),
            "eating": ("spud", "slug"),
            "love": ("toucan", "toad"),
            "trade": ("toad", "spud"),
            "migration": ("slug", "cactus"),
            "diplomacy": ("toucan", "toucan"),
            "mutation": ("cactus", "spud"),
        },
        offer=["spud", "slug", "toucan", "cactus", "toad", "slug"],
        start=2,
    )
    revealed = [["love"], ["change"], ["trade"], ["change"]]
    events = resolve(state, [["change", None]], revealed)
    started = next(e for e in events if e["type"] == "change_started")
    assert started["order"] == [3, 1, 0, 2]
    assert engine.to_act(state) == {3}
    play(state, 3, {"type": "exchange", "relationship": "shooting", "side": 1, "race": "spud"})
    assert [c.split("-")[0] for c in state["rel"]["shooting"]] == ["cactus", "spud"]
    play(state, 3, {"type": "swap", "relationship": "shooting"})
    assert [c.split("-")[0] for c in state["rel"]["shooting"]] == ["spud", "cactus"]
    play(state, 3, {"type": "extra_lock", "relationship": "eating"})
    play(state, 3, {"type": "done"})
    assert engine.to_act(state) == {1}
    with pytest.raises(IllegalMove):
        play(state, 1, {"type": "swap", "relationship": "shooting"})
    with pytest.raises(IllegalMove):
        play(state, 1, {"type": "exchange", "relationship": "eating", "side": 0, "race": "toad"})
    play(state, 1, {"type": "exchange", "relationship": "love", "side": 0, "race": "cactus"})
    assert sorted(c.split("-")[0] for c in state["offer"]) == sorted(
        ["slug", "slug", "toucan", "toucan", "toad", "toad"]
    )
    play(state, 1, {"type": "done"})
    assert engine.to_act(state) == {0}
    play(state, 0, {"type": "lock", "relationship": "trade"})
    assert engine.to_act(state) == {2}
    play(state, 2, {"type": "exchange", "relationship": "migration", "side": 1, "race": "toad"})
    assert [c.split("-")[0] for c in state["rel"]["migration"]] == ["slug", "toad"]
    assert sorted(c.split("-")[0] for c in state["offer"]) == sorted(
        ["slug", "slug", "toucan", "toucan", "toad", "cactus"]
    )
    assert state["locks"] == {}
    assert state["change"] is None
    assert state["money"] == [5, 5, 5, 3]
