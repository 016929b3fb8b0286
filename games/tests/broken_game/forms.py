"""A move form read back whole."""

from typing import Any


def move_from_post(post: Any) -> dict[str, Any]:
    return {"type": "pass"}
