"""Malformed, forged or out-of-turn moves are refused with IllegalMove and change nothing."""

from __future__ import annotations

import json

import pytest

from games.isle_of_cats import engine
from games.isle_of_cats.tests.isle_of_cats_helpers import (
    rescue_table,
    sample_states,
    select_table,
)
from games.rules import IllegalMove

T3 = [[0, 4], [1, 4], [2, 4]]


def _refused(state, seat, move, words=None):
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalMove, match=words):
        engine.apply_in_place(state, seat, move)
    assert json.dumps(state, sort_keys=True) == before


@pytest.mark.parametrize(
    ("seat", "move"),
    [
        (0, None),
        (0, "draft"),
        (0, ["draft"]),
        (0, {}),
        (0, {"type": "fly"}),
        (0, {"type": 3}),
        (0, {"type": "draft", "cards": [], "extra": 1}),
        (0, {"type": "rescue", "tile": "cat-01"}),
        (-1, {"type": "draft", "cards": []}),
        (2, {"type": "draft", "cards": []}),
        ("0", {"type": "draft", "cards": []}),
        (True, {"type": "draft", "cards": []}),
        (0, {"type": "draft", "cards": "017"}),
        (0, {"type": "draft", "cards": [17, 18]}),
        (0, {"type": "draft", "cards": ["999", "998"]}),
        (0, {"type": "draft", "cards": ["only-one"]}),
        (0, {"type": "buy", "cards": []}),
        (0, {"type": "pass"}),
        (0, {"type": "arrange", "left": [], "right": []}),
        (0, {"type": "resolve", "cards": []}),
    ],
)
def test_malformed_moves_in_the_draft(seat, move):
    _refused(engine.setup(2, {}, 3), seat, move)


def test_draft_repeating_a_card_is_refused():
    state = engine.setup(2, {}, 3)
    card = state["players"][0]["draft"][0]
    _refused(state, 0, {"type": "draft", "cards": [card, card]}, "repeat")


def test_a_seat_that_picked_waits():
    state = engine.setup(2, {}, 3)
    engine.apply_in_place(state, 0, {"type": "draft", "cards": state["players"][0]["draft"][:2]})
    _refused(
        state, 0, {"type": "draft", "cards": state["players"][0]["draft"][:2]}, "not your turn"
    )


def test_buy_refusals():
    state = engine.setup(2, {}, 3)
    while state["phase"] == "draft":
        for seat in sorted(engine.to_act(state)):
            engine.apply_in_place(
                state, seat, {"type": "draft", "cards": state["players"][seat]["draft"][:2]}
            )
    picks = state["players"][0]["picks"]
    _refused(state, 0, {"type": "buy", "cards": picks[:1], "finish": "yes"}, "finish")
    _refused(state, 0, {"type": "buy", "cards": ["150"] if "150" not in picks else ["001"]})
    _refused(state, 0, {"type": "play", "card": picks[0]})


@pytest.mark.parametrize(
    "move",
    [
        {"type": "rescue", "tile": 5, "basket": {"type": "permanent"}, "cells": T3},
        {"type": "rescue", "tile": "cat-02", "basket": {"type": "permanent"}, "cells": T3},
        {"type": "rescue", "tile": "cat-01", "basket": "permanent", "cells": T3},
        {"type": "rescue", "tile": "cat-01", "basket": {"type": "gold"}, "cells": T3},
        {"type": "rescue", "tile": "cat-01", "basket": {"type": "permanent", "x": 1}, "cells": T3},
        {
            "type": "rescue",
            "tile": "cat-01",
            "basket": {"type": "card", "card": "013"},
            "cells": T3,
        },
        {"type": "rescue", "tile": "cat-01", "basket": {"type": "permanent"}, "cells": [[0, 4]]},
        {
            "type": "rescue",
            "tile": "cat-01",
            "basket": {"type": "permanent"},
            "cells": [[0, "4"], [1, 4], [2, 4]],
        },
        {
            "type": "rescue",
            "tile": "cat-01",
            "basket": {"type": "permanent"},
            "cells": [[0.0, 4], [1, 4], [2, 4]],
        },
        {
            "type": "rescue",
            "tile": "cat-01",
            "basket": {"type": "permanent"},
            "cells": [[0, 4, 1], [1, 4], [2, 4]],
        },
        {
            "type": "rescue",
            "tile": "cat-01",
            "basket": {"type": "permanent"},
            "cells": T3,
            "bonus": "mono",
        },
        {
            "type": "rescue",
            "tile": "cat-01",
            "basket": {"type": "permanent"},
            "cells": T3,
            "zone": "middle",
        },
        {"type": "find", "card": "092"},
        {"type": "play", "card": "114"},
        {"type": "play", "card": "099"},
        {"type": "play", "card": "081", "commons": []},
        {"type": "play", "card": "061", "rescues": "cat-01"},
        {"type": "play", "card": "061", "rescues": [{"tile": "cat-01", "cells": T3, "basket": 1}]},
        {
            "type": "play",
            "card": "061",
            "rescues": [{"tile": "cat-01", "cells": T3}],
            "commons": [],
        },
        {"type": "play", "card": "087", "commons": [{"shape": "mono"}]},
        {"type": "play", "card": "087", "commons": [{"shape": "hex", "cells": [[0, 4]]}]},
        {"type": "select_rescue", "cards": []},
        {"type": "done"},
        {"type": "choose_colours", "colours": {}},
        {"type": "resolve", "cards": []},
    ],
)
def test_malformed_moves_on_a_rescue_turn(move):
    state = rescue_table(left=["cat-01"], hand=["114", "081", "061", "087", "099"])
    _refused(state, 0, move)


@pytest.mark.parametrize(
    "move",
    [
        {"type": "find", "card": "081"},
        {"type": "find", "card": "092", "rare": {"tile": "rare-09", "cells": T3}},
        {"type": "find", "card": "092", "rare": {"tile": "rare-01", "cells": T3, "x": 1}},
        {"type": "find", "card": "092", "rare": {"tile": "rare-01", "cells": T3}, "oshax": {}},
        {"type": "find", "card": "092", "rare": {"tile": "rare-01", "cells": T3}, "commons": {}},
        {
            "type": "find",
            "card": "107",
            "oshax": {"tile": "oshax-4", "colour": "pink", "cells": []},
        },
        {"type": "find", "card": "107", "oshax": {"tile": "oshax-9", "colour": "red", "cells": []}},
        {
            "type": "find",
            "card": "107",
            "oshax": {
                "tile": "oshax-1",
                "colour": "red",
                "cells": [[0, 4], [0, 5], [1, 5], [1, 6], [2, 6]],
                "hat": 1,
            },
        },
        {
            "type": "find",
            "card": "107",
            "oshax": {
                "tile": "oshax-1",
                "colour": "red",
                "cells": [[0, 4], [0, 5], [1, 5], [1, 6], [2, 6]],
            },
            "rare": {"tile": "rare-01", "cells": T3},
        },
        {"type": "find", "card": "104", "commons": [{"shape": "mono", "cells": [[0, 4]]}] * 3},
        {"type": "rescue", "tile": "cat-01", "basket": {"type": "permanent"}, "cells": T3},
    ],
)
def test_malformed_moves_in_rare_finds(move):
    state = rescue_table(phase="rare_finds", left=["cat-01"], hand=["092", "107", "104", "081"])
    state["rares"] = [["rare-01"]]
    _refused(state, 0, move)


def test_a_pending_look_blocks_every_other_move():
    state = rescue_table(left=["cat-01"], hand=["071", "081"])
    engine.apply_in_place(state, 0, {"type": "play", "card": "071"})
    _refused(state, 0, {"type": "play", "card": "081"}, "looked at")
    _refused(state, 0, {"type": "resolve", "cards": ["nope"]}, "looked at")
    assert engine.legal_moves(state, 0)[0]["type"] == "resolve"


def test_selecting_cards_not_held_is_refused():
    state = select_table(2, [["013"], ["020"]])
    _refused(state, 0, {"type": "select_rescue", "cards": ["020"]}, "rescue cards")
    _refused(state, 0, {"type": "select_rescue", "cards": ["013", "013"]}, "repeat")


def test_every_listed_legal_move_is_accepted():
    """legal_moves and apply agree, in every phase a few random games reach."""
    for state in sample_states(2, range(2), stride=11):
        for seat in engine.to_act(state):
            moves = engine.legal_moves(state, seat)
            for move in moves[:: max(1, len(moves) // 15)]:
                engine.apply(state, seat, move)
