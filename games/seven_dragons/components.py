"""Seven Dragons card data, read once from the JSON next to this module."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

_DATA: Final[dict[str, Any]] = json.loads(
    (Path(__file__).with_name("components.json")).read_text(encoding="utf-8")
)

COLORS: Final[tuple[str, ...]] = tuple(_DATA["colors"])
SILVER: Final[int] = int(_DATA["silver_dragon"]["id"])
RAINBOW: Final[int] = next(c["id"] for c in _DATA["dragon_cards"] if c["kind"] == "rainbow")

DRAGON_QUADRANTS: Final[dict[int, tuple[str, str, str, str]]] = {
    int(c["id"]): (c["quadrants"][0], c["quadrants"][1], c["quadrants"][2], c["quadrants"][3])
    for c in _DATA["dragon_cards"]
}
DRAGON_KIND: Final[dict[int, str]] = {int(c["id"]): c["kind"] for c in _DATA["dragon_cards"]}
ACTION_OF: Final[dict[int, str]] = {int(c["id"]): c["action"] for c in _DATA["action_cards"]}
ACTION_COLOR: Final[dict[int, str]] = {int(c["id"]): c["color"] for c in _DATA["action_cards"]}
GOAL_COLOR: Final[dict[int, str]] = {int(c["id"]): c["color"] for c in _DATA["goal_cards"]}

DRAGON_IDS: Final[tuple[int, ...]] = tuple(sorted(DRAGON_QUADRANTS))
ACTION_IDS: Final[tuple[int, ...]] = tuple(sorted(ACTION_OF))
GOAL_IDS: Final[tuple[int, ...]] = tuple(sorted(GOAL_COLOR))
DECK_IDS: Final[tuple[int, ...]] = DRAGON_IDS + ACTION_IDS

MIN_SEATS: Final[int] = int(_DATA["seats"]["min"])
MAX_SEATS: Final[int] = int(_DATA["seats"]["max"])
GOAL_SLOTS: Final[int] = len(GOAL_IDS)
OPENING_HAND: Final[int] = int(_DATA["opening_hand"])
WIN_AREA: Final[int] = int(_DATA["win_area_cards"])
