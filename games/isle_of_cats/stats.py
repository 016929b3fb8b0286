"""Isle of Cats facts for the statistics page: families, rats, treasures and the sister."""

from typing import Any

from django.utils.translation import gettext as _

from games.isle_of_cats.components import TILE_KIND
from games.stats import rounded


def match_facts(state: dict[str, Any], result: dict[str, Any]) -> dict[str, int]:
    sheets = result["breakdown"]
    tiles = [t["tile"] for p in state["players"] for t in p["tiles"]]
    solo = bool(state["solo"])
    return {
        "boats": len(sheets),
        "families": sum(len(s["families_list"]) for s in sheets),
        "rats_left": -sum(s["rats"] for s in sheets),
        "rare_treasures": sum(1 for t in tiles if TILE_KIND[t] == "rare"),
        "oshax": sum(1 for t in tiles if TILE_KIND[t] == "oshax"),
        "solo_matches": int(solo),
        "sister_wins": int(solo and "sister" in result["winners"]),
    }


def fact_lines(facts: dict[str, int], matches: int) -> list[tuple[str, str]]:
    boats = facts.get("boats", 0) or 1
    lines = [
        (_("Families per boat"), rounded(facts.get("families", 0) / boats, 1)),
        (_("Rats left uncovered per boat"), rounded(facts.get("rats_left", 0) / boats, 1)),
        (_("Rare treasures per boat"), rounded(facts.get("rare_treasures", 0) / boats, 1)),
        (_("Oshaxes befriended per boat"), rounded(facts.get("oshax", 0) / boats, 1)),
    ]
    solo = facts.get("solo_matches", 0)
    if solo:
        share = rounded(100 * facts.get("sister_wins", 0) / solo, 0)
        lines.append((_("Solo matches the sister won"), _("%(share)s %%") % {"share": share}))
    return lines


def start_seat(state: dict[str, Any]) -> int:
    """The seat that starts, in the state `setup` made: drawn from the seed, first of the turn
    order (the sister never counts; each day re-sorts the order by speed)."""
    return next(p for p in state["turn_order"] if type(p) is int)
