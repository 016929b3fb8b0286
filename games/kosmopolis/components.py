"""Kosmopolis card data, read once from the components.json that ships beside this module."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

_DATA: Final[dict[str, Any]] = json.loads(
    Path(__file__).with_name("components.json").read_text(encoding="utf-8")
)

COLORS: Final[tuple[str, ...]] = tuple(_DATA["colors"])
"""Canonical colour order, used for listings and for processing."""

PROFESSION_BY_COLOR: Final[dict[str, str]] = {
    entry["color"]: entry["profession"] for entry in _DATA["professions"]
}

PROFESSION_COUNT: Final[int] = len(_DATA["profession_cards"])
CARD_COLOR: Final[tuple[str, ...]] = tuple(card["color"] for card in _DATA["profession_cards"])
"""Colour of a profession card, indexed by its id."""

CARD_VALUE: Final[tuple[int, ...]] = tuple(card["value"] for card in _DATA["profession_cards"])
"""Printed value of a profession card, indexed by its id."""

MODIFIER_IDS: Final[tuple[int, ...]] = tuple(card["id"] for card in _DATA["modifier_cards"])
MODIFIER_VALUE: Final[dict[int, int]] = {
    card["id"]: card["value"] for card in _DATA["modifier_cards"]
}

TOKEN_COUNT: Final[int] = _DATA["wooden_tokens"]["count"]
MIN_SEATS: Final[int] = _DATA["seats"]["min"]
MAX_SEATS: Final[int] = _DATA["seats"]["max"]
HAND_SIZE: Final[dict[int, int]] = {int(seats): size for seats, size in _DATA["hand_size"].items()}
ROUNDS: Final[int] = _DATA["rounds"]
