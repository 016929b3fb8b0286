"""The sample records replay to exactly their expected outcome."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.rules import play_record

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))


def test_the_sample_records_are_present() -> None:
    assert [p.name for p in RECORDS] == ["sample-3p.json", "sample-4p.json", "sample-5p.json"]


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_record_replays_to_its_expected_outcome(path: Path) -> None:
    sample: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    expect = sample["expect"]
    outcome = play_record(sample["record"])
    assert [m["index"] for m in outcome["moves"] if not m["legal"]] == expect["illegal"]
    assert outcome["is_over"] is expect["is_over"]
    result = outcome["result"]
    assert result["scores"] == expect["scores"]
    assert result["ranks"] == expect["ranks"]
    assert result["winners"] == expect["winners"]
    assert outcome["to_act"] == []
