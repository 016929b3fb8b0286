"""An engine without `standing`, whose `view` forgets the seat."""

from typing import Any


def setup(seats: int, options: dict[str, Any], seed: int, stack: Any = None) -> dict[str, Any]:
    return {"seats": seats}


def legal_moves(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return [{"type": "pass"}]


def apply(state: dict[str, Any], seat: int, move: Any) -> tuple[dict[str, Any], list[Any]]:
    return state, []


def apply_in_place(state: dict[str, Any], seat: int, move: Any) -> list[Any]:
    return []


def to_act(state: dict[str, Any]) -> set[int]:
    return {0}


def view(state: dict[str, Any]) -> dict[str, Any]:
    return state


def is_over(state: dict[str, Any]) -> bool:
    return False


def result(state: dict[str, Any]) -> None:
    return None


def sample_state(view: dict[str, Any], seat: int, rng: Any) -> dict[str, Any]:
    return dict(view)
