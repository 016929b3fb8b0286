"""How a bot picks among its scored moves (`games.rules.best_scored`): the best, and among
moves scored alike (to rounding) one drawn by the bot's seeded `rng`, so that a seed replays."""

from __future__ import annotations

import random

from games.rules import best_scored


def test_the_best_is_picked():
    assert (
        best_scored(["a", "b", "c"], {"a": 1, "b": 3, "c": 2}.__getitem__, random.Random(1)) == "b"
    )


def test_ties_to_rounding_are_drawn_by_the_rng():
    scores = {"a": 0.3, "b": 0.1 + 0.2, "c": 0.2}
    picked = {
        best_scored(["a", "b", "c"], scores.__getitem__, random.Random(seed)) for seed in range(40)
    }
    assert picked == {"a", "b"}


def test_a_seed_picks_as_the_rng_chooses_among_the_tied():
    options = ["a", "b", "c", "d"]
    scores = {"a": 2, "b": 1, "c": 2, "d": 2}
    for seed in range(10):
        expected = random.Random(seed).choice(["a", "c", "d"])
        assert best_scored(options, scores.__getitem__, random.Random(seed)) == expected
