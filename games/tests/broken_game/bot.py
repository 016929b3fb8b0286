"""A bot whose normal level is no function (its other levels are in order)."""

from typing import Any

choose_move = "pass"


def choose_easy(state: Any, seat: int, rng: Any) -> Any:
    return {"type": "pass"}


def playout_move(state: Any, seat: int, rng: Any) -> Any:
    return {"type": "pass"}
