"""Every game's sample records (`games/<slug>/tests/records/`) replay through
`games.rules.play_record` to their whole expected outcome.

A record's `expect` says which moves are refused, whether the game is over, and the result's
keys it pins (scores, ranks, winners, and any other the record carries); the result's own
shape is the record format's: per seat a score and a breakdown whose total is that score.
"""

from __future__ import annotations

import importlib
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from games.registry import GAMES
from games.rules import RECORD_FORMAT, play_record
from games.tests.example import EXAMPLE, with_example

PLAYABLE = sorted(slug for slug, game in GAMES.items() if game.playable)
RECORDS = {
    game.slug: sorted(
        (
            Path(importlib.import_module(game.package).__file__ or "").parent / "tests" / "records"
        ).glob("*.json")
    )
    for game in [*(GAMES[slug] for slug in PLAYABLE), EXAMPLE]
}
SAMPLES = [(slug, path) for slug in [*PLAYABLE, EXAMPLE.slug] for path in RECORDS[slug]]
LISTS_EVERY_MOVE = {"example_game", "kosmopolis", "seven_dragons", "space_dragons"}
"""Games whose `legal_moves` lists every legal move, not a representative few."""
LISTED = [(slug, path) for slug, path in SAMPLES if slug in LISTS_EVERY_MOVE]
OUTCOME = {"illegal", "is_over", "to_act"}
"""The keys of `expect` about the replay; every other key is one of the result's."""


def _sample(path: Path) -> dict[str, Any]:
    sample: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return sample


@cache
def _replayed(slug: str, path: Path) -> dict[str, Any]:
    """The record's replay, made once for the tests that read it."""
    return play_record(_sample(path)["record"], GAMES[slug].engine)


def _id(case: tuple[str, Path]) -> str:
    slug, path = case
    return f"{slug}-{path.stem}"


@pytest.mark.parametrize("slug", with_example([*PLAYABLE, EXAMPLE.slug]))
def test_every_game_has_a_record_for_every_number_of_players(slug):
    counts = [len(_sample(path)["record"]["seats"]) for path in RECORDS[slug]]
    assert counts == list(GAMES[slug].seat_choices)


@pytest.mark.parametrize(("slug", "path"), with_example(SAMPLES), ids=map(_id, SAMPLES))
def test_a_record_replays_to_its_whole_expected_outcome(slug, path):
    sample = _sample(path)
    record, expect = sample["record"], sample["expect"]
    assert record["format"] == RECORD_FORMAT
    assert record["game"] == slug
    outcome = _replayed(slug, path)
    assert [entry["index"] for entry in outcome["moves"] if not entry["legal"]] == expect["illegal"]
    assert outcome["is_over"] is expect["is_over"]
    assert outcome["to_act"] == expect.get("to_act", [])
    result = outcome["result"]
    assert {key: result[key] for key in expect.keys() - OUTCOME} == {
        key: expect[key] for key in expect.keys() - OUTCOME
    }


@pytest.mark.parametrize(("slug", "path"), with_example(SAMPLES), ids=map(_id, SAMPLES))
def test_a_records_result_has_the_shape_of_the_record_format(slug, path):
    record = _sample(path)["record"]
    result = _replayed(slug, path)["result"]
    seats = len(record["seats"])
    assert {"scores", "ranks", "winners", "breakdown"} <= result.keys()
    assert len(result["scores"]) == len(result["ranks"]) == len(result["breakdown"]) == seats
    assert [sheet["total"] for sheet in result["breakdown"]] == result["scores"]
    assert result["winners"]
    seated_winners = [winner for winner in result["winners"] if isinstance(winner, int)]
    assert all(result["ranks"][winner] == 1 for winner in seated_winners)
    if len(seated_winners) == len(result["winners"]):
        assert seated_winners == [seat for seat in range(seats) if result["ranks"][seat] == 1]


@pytest.mark.parametrize(("slug", "path"), with_example(LISTED), ids=map(_id, LISTED))
def test_every_recorded_move_is_listed_by_legal_moves(slug, path):
    record = _sample(path)["record"]
    engine = GAMES[slug].engine
    state = engine.setup(len(record["seats"]), record["options"], record["seed"], record["stack"])
    for entry in record["moves"]:
        assert entry["move"] in engine.legal_moves(state, entry["seat"])
        state, _events = engine.apply(state, entry["seat"], entry["move"])
