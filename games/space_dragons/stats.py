"""Kosmodraci facts for the statistics page: do dragons win games, and how often crews sink."""

from typing import Any

from django.utils.translation import gettext as _

from games.stats import rounded


def match_facts(state: dict[str, Any], result: dict[str, Any]) -> dict[str, int]:
    most = max(result["dragon_counts"])
    return {
        "winner_most_dragons": int(
            any(result["dragon_counts"][seat] == most for seat in result["winners"])
        ),
        "dragons": sum(result["dragon_counts"]),
        "seats": len(result["scores"]),
        "negative_scores": sum(score < 0 for score in result["scores"]),
    }


def fact_lines(facts: dict[str, int], matches: int) -> list[tuple[str, str]]:
    seats = facts.get("seats", 0) or 1
    return [
        (
            _("A winner captured the most dragons"),
            _("%(share)s %% of matches")
            % {"share": rounded(100 * facts.get("winner_most_dragons", 0) / matches, 0)},
        ),
        (
            _("Dragons captured per player"),
            rounded(facts.get("dragons", 0) / seats, 1),
        ),
        (
            _("Players finishing below zero"),
            _("%(share)s %% of players")
            % {"share": rounded(100 * facts.get("negative_scores", 0) / seats, 0)},
        ),
    ]


def start_seat(state: dict[str, Any]) -> int:
    """The seat that starts, in the state `setup` made: the highest card revealed."""
    return int(state["start_player"])
