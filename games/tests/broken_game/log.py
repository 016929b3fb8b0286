"""Log lines, one of which forgets what the core passes it; no `marks`, no `seat_name`."""

from typing import Any


def _passed(event: dict[str, Any], names: list[str], viewer: int | None, you: bool, name: str):
    return f"{name} passed."


def _ended(event: dict[str, Any]) -> str:
    return "The end."


LINES = {"passed": _passed, "ended": _ended}
