"""Card data of Space Dragons, read once from the catalog next to this module."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

SYMBOLS: tuple[str, ...] = ("research", "morale", "crime", "plus", "minus")
CONTEST_SYMBOLS: tuple[str, ...] = ("research", "morale", "crime")
EFFECTS: tuple[str, ...] = ("shield", "damage", "repair", "targeting")


@dataclass(frozen=True)
class CrewCard:
    id: int
    symbols: MappingProxyType[str, int]
    effects: MappingProxyType[str, int]


@dataclass(frozen=True)
class Dragon:
    id: str
    points: int
    symbols: MappingProxyType[str, int]


@dataclass(frozen=True)
class Award:
    position: str
    points: int


@dataclass(frozen=True)
class ScoringCard:
    id: str
    symbol: str
    sides: MappingProxyType[str, tuple[Award, ...]]


def _load() -> dict[str, Any]:
    path = Path(__file__).with_name("components.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


_DATA = _load()
_COUNTS: dict[str, int] = _DATA["counts"]

SEATS_MIN: int = _COUNTS["seats_min"]
SEATS_MAX: int = _COUNTS["seats_max"]
HAND_SIZE: int = _COUNTS["hand_size"]
TRICKS: int = _COUNTS["tricks"]
LAIR_SIZE: int = _COUNTS["lair_size"]
DRAFT_ROUNDS_BY_MOVE: int = HAND_SIZE - 1

SYMBOL_POINTS: MappingProxyType[str, int] = MappingProxyType(dict(_DATA["symbol_points"]))
SHIELD_POINTS: int = _DATA["end_of_game_points"]["shield"]
DAMAGE_POINTS: int = _DATA["end_of_game_points"]["damage"]
EFFECT_ORDER: tuple[str, ...] = tuple(_DATA["effect_resolution_order"])

CREW: MappingProxyType[int, CrewCard] = MappingProxyType(
    {
        c["id"]: CrewCard(
            id=c["id"],
            symbols=MappingProxyType({k: c["symbols"][k] for k in SYMBOLS}),
            effects=MappingProxyType({k: c["effects"][k] for k in EFFECTS}),
        )
        for c in _DATA["crew"]
    }
)
CREW_IDS: tuple[int, ...] = tuple(sorted(CREW))

DRAGONS: MappingProxyType[str, Dragon] = MappingProxyType(
    {
        d["id"]: Dragon(
            id=d["id"],
            points=d["points"],
            symbols=MappingProxyType({k: d["symbols"][k] for k in SYMBOLS}),
        )
        for d in _DATA["dragons"]
    }
)
DRAGON_IDS: tuple[str, ...] = tuple(sorted(DRAGONS))

SCORING_CARDS: MappingProxyType[str, ScoringCard] = MappingProxyType(
    {
        s["id"]: ScoringCard(
            id=s["id"],
            symbol=s["symbol"],
            sides=MappingProxyType(
                {
                    side: tuple(Award(a["position"], a["points"]) for a in awards)
                    for side, awards in s["sides"].items()
                }
            ),
        )
        for s in _DATA["scoring_cards"]
    }
)
SCORING_CARD_IDS: tuple[str, ...] = CONTEST_SYMBOLS
