"""Kosmopolis facts for the statistics page: which professions' bonus cards get won."""

from typing import Any

from django.utils.translation import gettext as _

from games.kosmopolis.components import CARD_COLOR
from games.kosmopolis.labels import profession_name
from games.stats import rounded

PROFESSIONS = tuple(dict.fromkeys(CARD_COLOR))
"""The colours of the profession cards a bonus can be, the priest's pink included."""


def match_facts(state: dict[str, Any], result: dict[str, Any]) -> dict[str, int]:
    facts = dict.fromkeys(
        [f"bonus_cards_{c}" for c in PROFESSIONS] + [f"bonus_matches_{c}" for c in PROFESSIONS], 0
    )
    for pile in state["bonus"]:
        for card in pile:
            facts[f"bonus_cards_{CARD_COLOR[card]}"] += 1
    for colour in PROFESSIONS:
        facts[f"bonus_matches_{colour}"] = int(facts[f"bonus_cards_{colour}"] > 0)
    return facts


def fact_lines(facts: dict[str, int], matches: int) -> list[tuple[str, str]]:
    lines = []
    for colour in PROFESSIONS:
        cards = facts.get(f"bonus_cards_{colour}", 0)
        won_in = facts.get(f"bonus_matches_{colour}", 0)
        lines.append(
            (
                _("Bonus cards of the %(profession)s") % {"profession": profession_name(colour)},
                _("%(per_match)s per match, won in %(share)s %% of matches")
                % {
                    "per_match": rounded(cards / matches, 1),
                    "share": rounded(100 * won_in / matches, 0),
                },
            )
        )
    return lines


def start_seat(state: dict[str, Any]) -> int:
    """The seat that starts, in the state `setup` made: the highest start modifier (section 4)."""
    return int(state["start_player"])
