"""The status line: one sentence saying what happens now, and who won once the game is over."""

from __future__ import annotations

from games.space_bastards.components import DOUBLE_ACTION_COST
from games.space_bastards.labels import (
    View,
    join_names,
    planet_name,
    player_name,
    race_name,
    relationship_name,
)
from games.translated import gettext as _


def _double_plan(view: View, seat: int) -> bool:
    """Whether the seat may plan two cards: two in hand and the money for it (5.4 a)."""
    return len(view["hands"][seat]) >= 2 and view["money"][seat] >= DOUBLE_ACTION_COST


def status_text(view: View, seat: int | None, names: list[str]) -> str:
    """One sentence: what happens now, addressed to the viewer when it is their move."""
    phase = view["phase"]
    acting = view["to_act"]
    mine = seat is not None and seat in acting
    waiting = join_names([player_name(names, p) for p in acting if p != seat])
    col = view.get("colonise") or {}
    if phase == "colonise_choose":
        if mine:
            return _("Choose the next planet to colonise.")
        return _("%(name)s chooses the next planet to colonise.") % {"name": waiting}
    if phase == "colonise_pick":
        planet = planet_name(col["planet"])
        if mine:
            return _("Pick the race you colonise %(planet)s with.") % {"planet": planet}
        return _("Waiting for %(names)s to pick a race for %(planet)s.") % {
            "names": waiting,
            "planet": planet,
        }
    if phase == "colonise_place":
        values = {
            "planet": planet_name(col["planet"]),
            "race": race_name(col["race"]),
            "name": waiting,
        }
        if mine and col.get("mode") == "rearrange":
            return (
                _("Your %(race)s does not fit on %(planet)s as it is: rearrange the planet.")
                % values
            )
        if mine:
            return _("Place your %(race)s on %(planet)s.") % values
        return _("%(name)s places a %(race)s on %(planet)s.") % values
    if phase == "plan":
        if mine and _double_plan(view, seat):
            return _("Plan an action card, or two for 2 money.")
        if mine:
            return _("Plan an action card.")
        return _("Waiting for %(names)s to plan.") % {"names": waiting}
    if phase == "respond":
        respond = view["respond"]
        values = {
            "name": player_name(names, respond["actor"]),
            "action": relationship_name(respond["card"]),
            "names": waiting,
        }
        if mine:
            return _("%(name)s offers %(action)s: do you take part?") % values
        return _("Waiting for %(names)s to answer the offer of %(name)s.") % values
    if phase == "change":
        if mine:
            return _("Change of relationship: your turn.")
        return _("%(name)s changes relationships.") % {"name": waiting}
    if phase in ("ships", "migration"):
        if mine and phase == "migration":
            return _(
                "Migration: move your ship; the first step is free, each further step costs 1 "
                "money."
            )
        if mine:
            return _("Move your ship.")
        return _("%(name)s moves a ship.") % {"name": waiting}
    act = view.get("act") or {}
    action = relationship_name(act.get("card", ""))
    if mine:
        return _("Your action: %(action)s.") % {"action": action}
    return _("%(name)s resolves %(action)s.") % {"name": waiting, "action": action}
