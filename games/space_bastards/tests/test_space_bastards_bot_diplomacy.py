"""The `normal` bot's eye for diplomacy (issue 35): at five seats the winners of the games it
lost took their lead from diplomacy points, most of them as partners in the others'
diplomacy. Each rule here on a hand-made position where it decides the move."""

from __future__ import annotations

import random

from games.space_bastards import bot
from games.space_bastards.tests.space_bastards_helpers import resolve, table


def test_a_relationship_is_changed_towards_the_bots_own_diplomacy_pairs():
    """Diplomacy is slug and toucan: seat 0 has no toucan, seat 1 has slug and toucan pairs on
    Citronel (P3). Putting the offered cactus on diplomacy's side 1 gives seat 0 a pair of its
    own and takes seat 1's; main's bot weighed only shots, meals and love and locked instead."""
    state = table(
        3,
        column={"diplomacy": ("slug", "toucan")},
        tokens={
            "P2": {"0:slug:0": None, "0:cactus:0": None},
            "P3": {"1:slug:0": None, "1:toucan:0": None},
        },
    )
    resolve(state, [["change", None]], revealed=[["change"], [], []])
    move = bot.choose_move(state, 0, random.Random(0))
    assert move == {"type": "exchange", "relationship": "diplomacy", "side": 1, "race": "cactus"}


def _mutation_beside_a_slug() -> dict:
    """Mutation is toad and cactus, diplomacy slug and cactus; seat 0 mutates, with a slug and a
    toad on Amberis (P2)."""
    state = table(
        3,
        column={"mutation": ("toad", "cactus"), "love": ("spud", "spud")},
        tokens={"P2": {"0:slug:0": None, "0:toad:0": None}},
    )
    resolve(state, [["mutation", 0]])
    return state


def test_a_mutation_makes_a_diplomacy_pair():
    """Turning the toad beside the slug into a cactus makes a pair; main's bot rated every
    mutation by size alone and kept the toad (done)."""
    move = bot.choose_move(_mutation_beside_a_slug(), 0, random.Random(0))
    assert move["type"] == "mutate"
    assert (move["from"], move["to"]) == ("toad", "cactus")


def test_the_easy_bot_does_not_foresee_the_pair():
    """The beginner rates the same mutation by size alone, below stopping."""
    legal, ratings = bot._rated(_mutation_beside_a_slug(), 0, foresight=False)
    rating = {str(move): r for move, r in zip(legal, ratings, strict=True)}
    done = rating.pop(str({"type": "done"}))
    assert rating
    assert all(r < done for r in rating.values())
