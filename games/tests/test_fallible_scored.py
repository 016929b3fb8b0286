"""How the easy bots pick (`games.rules.fallible_scored`): near misses often, blunders seldom,
and the same seed the same pick."""

from __future__ import annotations

import random
from collections import Counter

from games.rules import fallible_scored

SCORES = {"best": 10.0, "near": 9.0, "blunder": 0.0}


def _picks(temperature: float) -> Counter[str]:
    return Counter(
        fallible_scored(
            list(SCORES), SCORES.__getitem__, random.Random(seed), temperature=temperature
        )
        for seed in range(600)
    )


def test_the_best_is_most_often_picked_and_a_near_miss_often():
    picks = _picks(1.0)
    assert picks["best"] > picks["near"] > 100
    assert picks["blunder"] < 5


def test_a_cold_pick_is_the_best():
    assert _picks(0.05) == Counter({"best": 600})


def test_a_seed_replays_its_pick():
    options = list(SCORES)
    for seed in range(20):
        first = fallible_scored(options, SCORES.__getitem__, random.Random(seed), temperature=2.0)
        again = fallible_scored(options, SCORES.__getitem__, random.Random(seed), temperature=2.0)
        assert first == again
