"""The `normal` bot's fixed blunders (issue 35), each on a hand-made position the bot of before
the fix got wrong: solo it ignored what the sister scores, it kept lessons it could not score,
and it left rooms unfinished."""

from __future__ import annotations

import random

from games.isle_of_cats import bot, engine
from games.isle_of_cats.components import SECTIONS, WIDTH
from games.isle_of_cats.tests.isle_of_cats_helpers import fill, put, rescue_table

BORING_SISTER = ["solo-basic-04", "solo-basic-05", "solo-basic-10"]
"""Sister lessons that score what she removes and the oshaxes, not how the boat is laid."""


def _solo(left: list[str], colour_cards: list[str]) -> dict:
    state = rescue_table(1, left=left)
    state["sister"]["colour_cards"] = colour_cards
    state["sister"]["revealed"] = 1
    state["sister"]["lessons"] = list(BORING_SISTER)
    return state


def test_solo_the_bot_leaves_the_cats_the_sister_scores_most():
    """Red is the sister's first colour card: 5 points to her for every red cat on the boat.
    The bot of before took the large red cat (more cells, same family hopes)."""
    state = _solo(
        ["cat-65", "cat-01"],
        ["colour-red", "colour-blue", "colour-green", "colour-orange", "colour-purple"],
    )
    move = bot.choose_move(state, 0, random.Random(0))
    assert move["type"] == "rescue"
    assert move["tile"] == "cat-01"


def test_a_lesson_that_can_no_longer_score_is_not_bought():
    """The boat holds five blue cats, so "exactly 4 blue cats" (113) cannot score; the bot of
    before valued every lesson at half its points and bought it."""
    state = engine.setup(2, {}, 4)
    rng = random.Random(4)
    while state["phase"] == "draft":
        seat = min(engine.to_act(state))
        engine.apply_in_place(state, seat, rng.choice(engine.legal_moves(state, seat)))
    me = state["players"][0]
    state["deck"] = [c for c in state["deck"] if c != "113"]
    state["discard"] = [c for c in state["discard"] if c != "113"]
    me["picks"] = ["113", *[c for c in me["picks"] if c != "113"][:6]]
    me["fish"] = 20
    put(state, 0, "cat-01", [[0, 1], [0, 2], [0, 3]])
    put(state, 0, "cat-02", [[1, 1], [2, 1], [1, 2]])
    put(state, 0, "cat-03", [[0, 4], [1, 4], [0, 5], [1, 5]])
    put(state, 0, "cat-04", [[0, 6], [0, 7], [0, 8], [1, 8]])
    put(state, 0, "cat-05", [[2, 3], [3, 3], [4, 3], [3, 2]])
    move = bot.choose_move(state, 0, random.Random(0))
    assert move["type"] == "buy"
    assert "113" not in move["cards"]


def test_the_bot_finishes_a_room_its_cat_fits():
    """The dining room (12 cells) lacks three in a row that a green I3 fills exactly; the bot
    of before laid it along the hull elsewhere for rats and walls, and the room stayed open."""
    state = rescue_table(2, left=["cat-18"])
    room = SECTIONS["dining_room"]
    gap = [6 * WIDTH + x for x in (2, 3, 4)]
    fill(state, 0, [i for i in room if i not in gap])
    move = bot.choose_move(state, 0, random.Random(0))
    assert move["type"] == "rescue"
    assert sorted(y * WIDTH + x for x, y in move["cells"]) == gap
