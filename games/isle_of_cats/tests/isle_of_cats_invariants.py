"""What holds in every Isle of Cats position and result, for the cross-game playouts
(`games/tests/test_playouts.py`): tiles and cards conserved, boats laid out by the shapes'
orientations, the score sheet adding up, ties broken by fish left."""

from __future__ import annotations

from typing import Any

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

ALL_TILES = sorted(CAT_IDS + OSHAX_IDS + COMMON_IDS + RARE_IDS)


def check_state(state: dict[str, Any]) -> None:
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


def check_result(state: dict[str, Any], outcome: dict[str, Any]) -> None:
    sheets = outcome["breakdown"]
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
