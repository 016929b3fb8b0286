"""The sample records replay to exactly their expected outcome."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.rules import play_record
from games.seven_dragons.engine import apply_in_place, legal_moves, setup

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_there_is_a_record_per_player_count() -> None:
    counts = sorted(len(load(p)["record"]["seats"]) for p in RECORDS)
    assert counts == [2, 3, 4, 5]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_record_replays_to_its_expected_outcome(path: Path) -> None:
    data = load(path)
    expect = data["expect"]
    out = play_record(data["record"])
    assert [m["index"] for m in out["moves"] if not m["legal"]] == expect["illegal"]
    assert out["is_over"] == expect["is_over"]
    assert out["result"]["scores"] == expect["scores"]
    assert out["result"]["ranks"] == expect["ranks"]
    assert out["result"]["winners"] == expect["winners"]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_every_recorded_move_is_listed_by_legal_moves(path: Path) -> None:
    record = load(path)["record"]
    state = setup(len(record["seats"]), record["options"], record["seed"], record["stack"])
    for entry in record["moves"]:
        assert entry["move"] in legal_moves(state, entry["seat"])
        apply_in_place(state, entry["seat"], entry["move"])
