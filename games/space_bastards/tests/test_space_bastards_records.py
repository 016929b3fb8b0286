"""The sample records replay through games.rules.play_record with exactly their expected outcome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.rules import play_record

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))


def test_all_sample_records_are_present():
    assert [path.name for path in RECORDS] == [
        "sample-2p.json",
        "sample-3p.json",
        "sample-4p.json",
        "sample-5p.json",
    ]


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.stem)
def test_sample_record_replays_to_its_expected_result(path):
    sample = json.loads(path.read_text(encoding="utf-8"))
    expect = sample["expect"]
    outcome = play_record(sample["record"])
    refused = [entry["index"] for entry in outcome["moves"] if not entry["legal"]]
    assert refused == expect["illegal"]
    assert outcome["is_over"] == expect["is_over"]
    result = outcome["result"]
    assert result["scores"] == expect["scores"]
    assert result["ranks"] == expect["ranks"]
    assert result["winners"] == expect["winners"]
