"""Space Bastards facts for the statistics page: where the winners' points come from."""

from typing import Any

from django.utils.translation import gettext as _

from games.stats import rounded

SOURCES = ("dominance_4", "dominance_8", "dominance_12", "diplomacy", "bought")
"""The kinds of points the result's breakdown lists (spec section 8)."""


def match_facts(state: dict[str, Any], result: dict[str, Any]) -> dict[str, int]:
    """Points of every kind added up over all seats, and the winners' own."""
    facts = dict.fromkeys([f"points_{s}" for s in SOURCES] + ["corpses", "seat_results"], 0)
    for row in result["breakdown"]:
        for source in SOURCES:
            facts[f"points_{source}"] += row[source]
    facts["seat_results"] = len(result["breakdown"])
    facts["corpses"] = sum(
        1 for tokens in state["board"].values() for where in tokens.values() if where["dead"]
    )
    return facts


def fact_lines(facts: dict[str, int], matches: int) -> list[tuple[str, str]]:
    seats = facts.get("seat_results", 0) or 1
    labels = {
        "dominance_4": _("Points for planets after round 4"),
        "dominance_8": _("Points for planets after round 8"),
        "dominance_12": _("Points for planets after round 12"),
        "diplomacy": _("Points from diplomacy"),
        "bought": _("Points bought with money"),
    }
    lines = [
        (
            labels[source],
            _("%(per_player)s per player")
            % {"per_player": rounded(facts.get(f"points_{source}", 0) / seats, 1)},
        )
        for source in SOURCES
    ]
    lines.append(
        (
            _("Corpses left on the planets"),
            _("%(per_match)s per match")
            % {"per_match": rounded(facts.get("corpses", 0) / matches, 1)},
        )
    )
    return lines


def start_seat(state: dict[str, Any]) -> int:
    """The seat that starts, in the state `setup` made: drawn from the seed (the start token
    passes on every round, so the final state no longer tells)."""
    return int(state["start"])
