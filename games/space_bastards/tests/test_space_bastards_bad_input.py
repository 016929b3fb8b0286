"""Malformed moves and seats are refused with IllegalMove and leave the state untouched."""

from __future__ import annotations

import json

import pytest

from games.rules import IllegalMove
from games.space_bastards import engine
from games.space_bastards.tests.space_bastards_helpers import put, resolve, ship_turn, table

MALFORMED = [
    None,
    [],
    "done",
    5,
    {},
    {"type": 5},
    {"type": ["done"]},
    {"type": "pass"},
    {"type": "DONE"},
    {"type": "done", "extra": 1},
    {"type": "plan"},
    {"type": "plan", "cards": "love"},
    {"type": "plan", "cards": []},
    {"type": "plan", "cards": ["love", "trade", "change"]},
    {"type": "plan", "cards": ["love", "love"]},
    {"type": "plan", "cards": ["dance"]},
    {"type": "plan", "cards": [["love"]]},
    {"type": "plan", "cards": [{"love": 1}]},
    {"type": "plan", "cards": ["love"], "prefs": "accept"},
    {"type": "plan", "cards": ["love"], "prefs": {"love": {"default": "accept"}}},
    {"type": "plan", "cards": ["love"], "prefs": {"trade": {"default": "maybe"}}},
    {"type": "plan", "cards": ["love"], "prefs": {"trade": {"seats": {"0": "accept"}}}},
    {"type": "plan", "cards": ["love"], "prefs": {"trade": {"seats": {"7": "accept"}}}},
    {"type": "plan", "cards": ["love"], "prefs": {"trade": {"seats": ["accept"]}}},
    {"type": "love", "planet": "P2", "race": "toad", "cells": [[0, 1]]},
    {"type": "ship_step", "to": "r1"},
    {"type": "respond", "accept": True},
]


@pytest.mark.parametrize("move", MALFORMED, ids=[str(m) for m in MALFORMED])
def test_malformed_plan_moves_change_nothing(move):
    state = table(3)
    before = json.dumps(state)
    with pytest.raises(IllegalMove):
        engine.apply_in_place(state, 0, move)
    assert json.dumps(state) == before


@pytest.mark.parametrize("seat", [-1, 3, "0", None, 1.0, True])
def test_bad_seats_are_refused(seat):
    state = table(3)
    before = json.dumps(state)
    with pytest.raises(IllegalMove):
        engine.apply_in_place(state, seat, {"type": "plan", "cards": ["love"]})
    assert json.dumps(state) == before


def _action_state(card):
    state = table(
        2,
        column={
            "love": ("toad", "slug"),
            "shooting": ("cactus", "toad"),
            "mutation": ("toad", "spud"),
        },
    )
    put(state, "P2", "0:toad:0", [[0, 1]])
    put(state, "P2", "0:cactus:0", [[1, 0], [2, 0], [3, 0]])
    put(state, "P2", "1:slug:0", [[4, 1], [4, 2]])
    put(state, "P2", "N:toad:0", [[0, 3]])
    put(state, "P3", "1:toad:0", [[0, 1]], dead=True)
    resolve(state, [[card, 0]])
    return state


ACTION_MOVES = [
    ("love", {"type": "love", "planet": "P1", "race": "toad", "cells": [[1, 1]]}),
    ("love", {"type": "love", "planet": "P2", "race": "spud", "cells": [[1, 1]]}),
    ("love", {"type": "love", "planet": "P2", "race": "toad", "cells": [[0, 1]]}),
    ("love", {"type": "love", "planet": "P2", "race": "toad", "cells": [[2, 2]]}),
    ("love", {"type": "love", "planet": "P2", "race": "slug", "cells": [[1, 1]]}),
    ("love", {"type": "love", "planet": "P2", "race": "toad", "cells": [[1, 1], [1, 1]]}),
    ("love", {"type": "love", "planet": "P2", "race": "toad", "cells": [[True, 1]]}),
    ("love", {"type": "love", "planet": "P2", "race": "toad", "cells": [1, 1]}),
    ("love", {"type": "love", "planet": "P2", "race": "toad"}),
    ("love", {"type": "shoot", "planet": "P2", "target": "N"}),
    ("shooting", {"type": "shoot", "planet": "P2", "target": 0}),
    ("shooting", {"type": "shoot", "planet": "P2", "target": 1}),
    ("shooting", {"type": "shoot", "planet": "P2", "target": "n"}),
    ("shooting", {"type": "shoot", "planet": "P2", "target": 2}),
    ("shooting", {"type": "shoot", "planet": "P2", "target": True}),
    ("shooting", {"type": "shoot", "planet": "P3", "target": 1}),
    ("shooting", {"type": "shoot", "planet": ["P2"], "target": "N"}),
    ("mutation", {"type": "arrange_corpses", "planet": "P2", "layout": {}}),
    ("mutation", {"type": "arrange_corpses", "planet": "P3", "layout": {}}),
    ("mutation", {"type": "arrange_corpses", "planet": "P3", "layout": {"1:toad:0": [[9, 9]]}}),
    ("mutation", {"type": "arrange_corpses", "planet": "P3", "layout": []}),
    (
        "mutation",
        {
            "type": "mutate",
            "planet": "P2",
            "owner": 0,
            "from": "toad",
            "to": "spud",
            "tokens": ["0:toad:0", "0:toad:0"],
            "cells": [[[1, 1], [1, 2], [2, 1], [2, 2]], [[1, 3], [1, 4], [2, 3], [2, 4]]],
        },
    ),
    (
        "mutation",
        {
            "type": "mutate",
            "planet": "P2",
            "owner": 0,
            "from": "toad",
            "to": "slug",
            "tokens": ["0:toad:0"],
            "cells": [[[1, 1], [1, 2]]],
        },
    ),
    (
        "mutation",
        {
            "type": "mutate",
            "planet": "P2",
            "owner": 0,
            "from": "toad",
            "to": "spud",
            "tokens": ["0:cactus:0"],
            "cells": [[[1, 1], [1, 2], [2, 1], [2, 2]]],
        },
    ),
    (
        "mutation",
        {
            "type": "mutate",
            "planet": "P2",
            "owner": 0,
            "from": "toad",
            "to": "spud",
            "tokens": ["0:toad:0"],
            "cells": [[[1, 0], [1, 1], [2, 0], [2, 1]]],
        },
    ),
    (
        "mutation",
        {
            "type": "mutate",
            "planet": "P2",
            "owner": 0,
            "from": "toad",
            "to": "spud",
            "tokens": [["0:toad:0"]],
            "cells": [[[1, 1], [1, 2], [2, 1], [2, 2]]],
        },
    ),
]


@pytest.mark.parametrize(("card", "move"), ACTION_MOVES, ids=[str(m) for _, m in ACTION_MOVES])
def test_illegal_action_moves_change_nothing(card, move):
    state = _action_state(card)
    assert state["phase"] == "action"
    before = json.dumps(state)
    with pytest.raises(IllegalMove):
        engine.apply_in_place(state, 0, move)
    assert json.dumps(state) == before


SHIP_MOVES = [
    {"type": "ship_step", "to": "d1"},
    {"type": "ship_step", "to": ["r2"]},
    {"type": "ship_step", "to": "t2"},
    {"type": "ship_place", "space": "r1"},
    {"type": "load", "token": "0:toad:9"},
    {"type": "load", "token": "1:toad:0"},
    {"type": "unload", "token": "0:toad:0", "cells": [[0, 1]]},
    {"type": "exchange", "relationship": "love", "side": 0, "race": "toad"},
]


@pytest.mark.parametrize("move", SHIP_MOVES, ids=[str(m) for m in SHIP_MOVES])
def test_illegal_ship_moves_change_nothing(move):
    state = table(2)
    put(state, "P2", "1:toad:0")
    ship_turn(state, 0, "d2")
    before = json.dumps(state)
    with pytest.raises(IllegalMove):
        engine.apply_in_place(state, 0, move)
    assert json.dumps(state) == before


def test_moves_after_the_end_are_refused():
    state = table(2, round_number=12)
    ship_turn(state, 0, None)
    engine.apply_in_place(state, 0, {"type": "done"})
    with pytest.raises(IllegalMove, match="over"):
        engine.apply_in_place(state, 1, {"type": "done"})
