"""What every rules engine shares: the refusal type, ranking and record replay.

Pure standard library: engines import this module, so it must never import Django.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Any

RECORD_FORMAT = "boardgame-record/1"


class IllegalMove(Exception):  # noqa: N818 - the name of the architecture contract
    """A move the rules refuse; the message is shown to the player as it is.

    A refusal that names things keeps `%(name)s` placeholders in `template` and the names in
    `names`, so that the site can translate the template and the names before filling it in;
    `message` is the English text filled in.
    """

    def __init__(self, message: str, **names: str) -> None:
        self.template = message
        self.names = names
        self.message = message % names if names else message
        super().__init__(self.message)


def competition_ranks(scores: Sequence[float], *, higher_is_better: bool = True) -> list[int]:
    """Rank seats 1, 1, 3 style: equal scores share a place, the next place is skipped."""
    sign = -1 if higher_is_better else 1
    keys = [sign * s for s in scores]
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


def engine_for(slug: str) -> ModuleType:
    """The engine module of a game, found by its slug."""
    return importlib.import_module(f"games.{slug}.engine")


def play_record(record: dict[str, Any]) -> dict[str, Any]:
    """Replay a game record through its engine, skipping (and reporting) refused moves."""
    if record.get("format") != RECORD_FORMAT:
        raise ValueError(f"Unknown record format {record.get('format')!r}.")
    engine = engine_for(record["game"])
    state = engine.setup(
        len(record["seats"]), record.get("options") or {}, record["seed"], record.get("stack")
    )
    outcomes: list[dict[str, Any]] = []
    for index, entry in enumerate(record["moves"]):
        try:
            state, _events = engine.apply(state, entry["seat"], entry["move"])
        except IllegalMove as refusal:
            outcomes.append({"index": index, "legal": False, "error": refusal.message})
        else:
            outcomes.append({"index": index, "legal": True})
    over = engine.is_over(state)
    return {
        "moves": outcomes,
        "is_over": over,
        "to_act": sorted(engine.to_act(state)),
        "result": engine.result(state) if over else None,
    }
