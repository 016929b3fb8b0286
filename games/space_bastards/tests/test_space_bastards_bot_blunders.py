"""The `normal` bot's fixed blunders (issue 35), each on a hand-made position the bot of before
the fix got wrong: diplomacy that earns nothing, a creature landed and boarded again in one
movement, and a creature carried through the last count."""

from __future__ import annotations

import random

from games.space_bastards import bot, engine
from games.space_bastards.tests.space_bastards_helpers import play, resolve, ship_turn, table


def _movement(state: dict, seat: int) -> list[dict]:
    """The bot's moves until its movement ends."""
    moves = []
    while engine.to_act(state) == {seat} and state["phase"] in ("ships", "migration"):
        move = bot.choose_move(state, seat, random.Random(len(moves)))
        moves.append(move)
        play(state, seat, move)
    return moves


def test_diplomacy_shares_pairs_with_a_rival_level_on_points():
    """Its only pair is with seat 1, level with it at 0 points: the bot of before declined
    every partner with as many points as itself and earned nothing."""
    state = table(
        3,
        column={"diplomacy": ("slug", "cactus")},
        tokens={"P2": {"0:slug:0": None, "1:cactus:0": None}},
    )
    resolve(state, [["diplomacy", 0]])
    move = bot.choose_move(state, 0, random.Random(0))
    assert move["type"] == "diplomacy"
    assert 1 not in move["decline"]


def test_diplomacy_keeps_its_own_pairs_from_a_rival_ahead():
    """Sharing with a rival ahead only hands it points; the bot's self pair pays it alone."""
    state = table(
        3,
        column={"diplomacy": ("slug", "cactus")},
        tokens={"P2": {"0:slug:0": None, "0:cactus:0": None, "1:cactus:0": None}},
    )
    state["points"] = [0, 4, 0]
    resolve(state, [["diplomacy", 0]])
    move = bot.choose_move(state, 0, random.Random(0))
    assert 1 in move["decline"]


def test_a_landed_creature_is_not_boarded_again_in_the_same_movement():
    """At Azurit's dock (P6) landing the cactus changes nothing there, and the bot of before
    landed it and boarded it again to carry it on towards Amberis (P2), where one more
    creature takes the lead."""
    state = table(
        2,
        tokens={
            "P6": {
                "N:toad:0": None,
                "0:toad:0": None,
                "0:toad:1": None,
                "0:slug:0": None,
                "1:toad:0": None,
            },
            "P2": {"N:toad:1": None, "1:toad:1": None},
        },
        round_number=5,
    )
    ship_turn(state, 1, "d6", cargo=["1:cactus:1"])
    moves = _movement(state, 1)
    landed = [m["token"] for m in moves if m["type"] == "unload"]
    boarded = [m["token"] for m in moves if m["type"] == "load"]
    assert not set(landed) & set(boarded)
    assert moves[-1] == {"type": "done"}


def test_before_the_last_count_the_ship_lands_what_it_carries_within_reach():
    """Round 12's ships: from r8 Azurit (P6) is a step away, Amberis (P2) five. The bot of
    before headed for Amberis, where the creature would win a tie, and carried it through the
    last count, where cargo counts for nothing."""
    state = table(
        2,
        tokens={
            "P6": {"0:toad:0": None, "0:toad:1": None, "1:toad:0": None},
            "P2": {"0:slug:0": None, "1:slug:0": None},
        },
        round_number=12,
    )
    ship_turn(state, 0, "r8", cargo=["0:cactus:0"])
    moves = _movement(state, 0)
    assert [m["token"] for m in moves if m["type"] == "unload"] == ["0:cactus:0"]
    assert state["ships"][0]["cargo"] == []


def test_before_a_count_the_ship_boards_nothing_it_cannot_land_in_time():
    """Round 4's ships at Azurit's dock (P6) with creatures to spare there: the planets where
    one would take the lead (Citronel P3, Indigon P7, empty) lie beyond this turn's steps, so a
    creature boarded now would miss the count; the bot of before boarded one."""
    state = table(
        2,
        tokens={
            "P6": {"0:toad:0": None, "0:toad:1": None, "0:toad:2": None, "1:toad:0": None},
            "P9": {"1:toad:1": None, "1:toad:2": None, "1:slug:0": None},
            "P2": {"0:slug:0": None, "1:slug:1": None},
        },
        round_number=4,
    )
    ship_turn(state, 0, "d6")
    moves = _movement(state, 0)
    assert not [m for m in moves if m["type"] == "load"]
