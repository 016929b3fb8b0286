"""Sedm draků facts for the statistics page: how games end and which goal colours win."""

from typing import Any

from django.utils.translation import gettext as _

from games.seven_dragons.components import COLORS
from games.seven_dragons.labels import colour_name
from games.stats import rounded


def match_facts(state: dict[str, Any], result: dict[str, Any]) -> dict[str, int]:
    facts = {"ended_by_seven": int(result["end_reason"] == "seven")}
    for seat in result["winners"]:
        goal = result["breakdown"][seat]["goal"]
        facts[f"won_with_{goal}"] = facts.get(f"won_with_{goal}", 0) + 1
    return facts


def fact_lines(facts: dict[str, int], matches: int) -> list[tuple[str, str]]:
    def share(key: str) -> str:
        return _("%(share)s %% of matches") % {
            "share": rounded(100 * facts.get(key, 0) / matches, 0)
        }

    lines = [(_("Ended by seven connected dragons"), share("ended_by_seven"))]
    for goal in COLORS:
        lines.append(
            (
                _("Won with the %(colour)s goal") % {"colour": colour_name(goal)},
                share(f"won_with_{goal}"),
            )
        )
    return lines


def start_seat(state: dict[str, Any]) -> int:
    """The seat that starts, in the state `setup` made: always seat 0."""
    return int(state["current"])
