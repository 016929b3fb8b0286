"""Seeded random playouts with invariants after every move: tile and card conservation,
termination, JSON round-trip, an untouched input state and replay determinism.

The suite plays GAMES_PER_COUNT games per seat count (about 15 s of CPU in all);
`./dev bench` plays 500 per seat count (bench/engines.py, `isle_of_cats_playouts`).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.isle_of_cats import engine
from games.isle_of_cats.components import (
    CARD_IDS,
    CAT_IDS,
    COMMON_IDS,
    OSHAX_IDS,
    RARE_IDS,
    SISTER_IDS,
    TILE_SHAPE,
    WIDTH,
    normalise,
)
from games.isle_of_cats.tests.isle_of_cats_helpers import all_cards, all_tiles

GAMES_PER_COUNT = 20
MOVE_BOUND = 600
ALL_TILES = sorted(CAT_IDS + OSHAX_IDS + COMMON_IDS + RARE_IDS)


def check_invariants(state: dict[str, Any]) -> None:
    in_use = sorted(c for c in CARD_IDS if c not in state["excluded_cards"])
    assert sorted(all_cards(state)) == in_use
    assert sorted(all_tiles(state)) == ALL_TILES
    for player in state["players"]:
        assert player["fish"] >= 0
        assert 0 <= player["baskets_used"] <= player["baskets"]
        grid = player["grid"]
        for number, entry in enumerate(player["tiles"], start=1):
            cells = [(i % WIDTH, i // WIDTH) for i in entry["cells"]]
            assert normalise(cells) in engine.ORIENTATIONS[TILE_SHAPE[entry["tile"]]]
            assert all(grid[i] == number for i in entry["cells"])
        assert sum(1 for v in grid if v > 0) == sum(len(e["cells"]) for e in player["tiles"])
    sister = state["sister"]
    if sister is not None:
        held = sister["deck"] + sister["today"] + sister["used"]
        assert sorted(held) == list(SISTER_IDS)
    acting = engine.to_act(state)
    if engine.is_over(state):
        assert acting == set()
        return
    assert acting
    assert all(isinstance(seat, int) for seat in acting)


def check_result(state: dict[str, Any]) -> None:
    outcome = engine.result(state)
    assert outcome is not None
    sheets = outcome["breakdown"]
    assert outcome["scores"] == [sheet["total"] for sheet in sheets]
    for sheet in sheets:
        parts = ("rats", "sections", "families", "rare_treasures")
        parts += ("personal_lessons", "public_lessons")
        assert sheet["total"] == sum(sheet[part] for part in parts)
        assert sheet["families"] == sum(f["points"] for f in sheet["families_list"])
    if state["solo"]:
        won = outcome["scores"][0] > outcome["sister"]["total"]
        assert outcome["winners"] == ([0] if won else ["sister"])
        return
    keys = [(sheet["total"], sheet["fish_left"]) for sheet in sheets]
    for a, key_a in enumerate(keys):
        for b, key_b in enumerate(keys):
            assert (outcome["ranks"][a] < outcome["ranks"][b]) == (key_a > key_b)
    assert outcome["winners"] == [s for s, rank in enumerate(outcome["ranks"]) if rank == 1]


def playout(seats: int, seed: int, options: dict[str, Any] | None = None) -> int:
    """One complete game with every check; returns the number of moves."""
    rng = random.Random(seed)
    state = engine.setup(seats, options or {}, seed)
    start = json.dumps(state)
    played: list[tuple[int, dict[str, Any]]] = []
    while not engine.is_over(state):
        check_invariants(state)
        assert len(played) < MOVE_BOUND
        seat = rng.choice(sorted(engine.to_act(state)))
        moves = engine.legal_moves(state, seat)
        assert moves
        move = rng.choice(moves)
        if len(played) % 9 == 0:
            before = json.dumps(state)
            after, events = engine.apply(state, seat, move)
            assert json.dumps(state) == before
            assert json.loads(json.dumps(after)) == after
            assert json.loads(json.dumps(events)) == events
            state = after
        else:
            engine.apply_in_place(state, seat, move)
        played.append((seat, move))
    check_invariants(state)
    check_result(state)
    replay = json.loads(start)
    for seat, move in played:
        engine.apply_in_place(replay, seat, move)
    assert replay == state
    return len(played)


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_random_playouts_keep_every_invariant(seats):
    for seed in range(GAMES_PER_COUNT):
        assert playout(seats, seed) > 10


@pytest.mark.parametrize("hard", [0, 1, 2, 3, 4])
def test_solo_games_finish_at_every_difficulty(hard):
    for seed in range(3):
        playout(1, 1000 + seed, {"solo_hard_lessons": hard})


@pytest.mark.parametrize("sets", [[], ["A"], ["B", "C"]])
def test_games_finish_with_fewer_lesson_sets(sets):
    playout(3, 77, {"lesson_sets": sets})
    playout(1, 78, {"lesson_sets": sets})
