"""The scores: the scorings so far while the game goes on, and the score sheet at its end."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_noop
from markupsafe import Markup

from games.score_sheet import Column, Look, score_sheet, tie_notes
from games.space_bastards.components import PLANET_IDS
from games.space_bastards.context.board import colour_class, colour_mark
from games.space_bastards.labels import COLOUR_CLASS, View, colour_name, planet_name, player_name
from games.translated import gettext as _
from games.translated import ngettext


def final_result(view: View, names: list[str], me: int | None) -> dict[str, Any] | None:
    """The score sheet once the game is over: the rows by rank, each planet's scorings, and
    which tie-breaks the ranking needed."""
    result = view.get("result")
    if not result:
        return None
    rows = []
    for rank_group in result["ranking"]:
        for p in rank_group:
            b = result["breakdown"][p]
            rows.append(
                {
                    "rank": result["ranks"][p],
                    "name": player_name(names, p),
                    "mark": p + 1,
                    "cls": COLOUR_CLASS[p],
                    "winner": p in result["winners"],
                    "is_you": p == me,
                    **{
                        k: b[k]
                        for k in (
                            "dominance_4",
                            "dominance_8",
                            "dominance_12",
                            "diplomacy",
                            "bought",
                            "total",
                            "money_left",
                            "living",
                        )
                    },
                }
            )
    totals = [r["total"] for r in rows]
    money = [(r["total"], r["money_left"]) for r in rows]
    scorings = view.get("scorings", [])
    badges = [
        Markup(f'<span class="sb-chip sb-{COLOUR_CLASS[p]}" aria-hidden="true">{p + 1}</span> ')
        for p in range(len(result["breakdown"]))
    ]
    columns = [
        Column("dominance_4", _("Points for planets after round 4")),
        Column("dominance_8", _("Points for planets after round 8")),
        Column("dominance_12", _("Points for planets after round 12")),
        Column("diplomacy", _("Diplomacy")),
        Column("bought", _("Bought with money")),
        Column("total", _("Total"), strong=True),
        Column("money_left", _("Money left")),
        Column("living", _("Creatures in play")),
    ]
    tie_money = len(set(totals)) < len(totals)
    shared = any(len(group) > 1 for group in result["ranking"])
    notes = tie_notes(
        tie_money,
        shared,
        gettext_noop(
            "Equal points are decided by the money left, then by the creatures in play (on "
            "planets and in the ship)."
        ),
        gettext_noop("Players equal in every respect share the place."),
    )
    return {
        "rows": rows,
        "rounds": [s["round"] for s in scorings],
        "planets": _scoring_rows(view["in_play"], scorings, names),
        "tie_money": tie_money,
        "tie_living": len(set(money)) < len(money),
        "shared": shared,
        "sheet": score_sheet(result, names, me, columns, SHEET_LOOK, badges=badges, notes=notes),
    }


SHEET_LOOK = Look(
    table="sb-score", winner="sb-winner", you="sb-you", marker="sb-marker", note="sb-note"
)


def scorings_so_far(view: View, names: list[str]) -> dict[str, Any] | None:
    """The scorings so far while the game goes on (at the end the score sheet has them)."""
    scorings = view.get("scorings")
    if not scorings or view["phase"] == "over":
        return None
    return {
        "rounds": [s["round"] for s in scorings],
        "planets": _scoring_rows(view["in_play"], scorings, names),
    }


def _scoring_rows(
    in_play: list[str], scorings: list[dict[str, Any]], names: list[str]
) -> list[dict[str, Any]]:
    """Per planet, who led it at each scoring with how many living creatures, and the points."""
    rows = []
    for planet in PLANET_IDS:
        if planet not in in_play:
            continue
        cells = []
        for scoring in scorings:
            led = scoring["planets"].get(planet, {"leaders": [], "count": 0, "points": 0})
            leaders = led["leaders"]
            if not led["count"]:
                outcome = _("no creatures")
            elif led["points"]:
                outcome = ngettext("+%(n)s point", "+%(n)s points", led["points"]) % {
                    "n": led["points"]
                }
            elif len(leaders) > 1:
                outcome = _("tie, nobody scores")
            else:
                outcome = _("neutral on top, nobody scores")
            cells.append(
                {
                    "leaders": [
                        {
                            "mark": colour_mark(c),
                            "cls": colour_class(c),
                            "name": colour_name(names, c),
                        }
                        for c in leaders
                    ],
                    "count": led["count"],
                    "outcome": outcome,
                    "scored": bool(led["points"]),
                }
            )
        rows.append({"name": planet_name(planet), "scorings": cells})
    return rows
