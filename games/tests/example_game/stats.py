"""The example game's facts for its statistics page: how often cards are discarded."""

from __future__ import annotations

from typing import Any

from games.stats import rounded
from games.translated import gettext as _


def match_facts(state: dict[str, Any], result: dict[str, Any]) -> dict[str, int]:
    return {"discarded": len(state["discard"])}


def fact_lines(facts: dict[str, int], matches: int) -> list[tuple[str, str]]:
    return [(_("Cards discarded per match"), rounded(facts.get("discarded", 0) / matches, 1))]


def start_seat(state: dict[str, Any]) -> int:
    return int(state["start"])
