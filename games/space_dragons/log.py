"""The Space Dragons log: one sentence per event a viewer may see, in the viewer's language."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from games.log import final_scores_line, open_card
from games.space_dragons.components import (
    CREW,
    EFFECTS,
)
from games.space_dragons.labels import Event, card_label, dragon_label, symbol_name
from games.translated import gettext as _
from games.translated import ngettext


def _drafted(
    event: Event, names: list[str], viewer: int | None, you: bool, name: str
) -> str | None:
    if you:
        return None  # the private "drafted_card" line names the card
    return _("%(name)s picks a crew card.") % {"name": name}


def _drafted_card(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    values = {"name": name, "card": card_label(event["card"])}
    if you:
        return _("You keep crew card %(card)s.") % values
    return _("%(name)s keeps crew card %(card)s.") % values


def _packs_passed(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("Everyone passes the rest of their pack to the left (pick %(round)s done).") % {
        "round": event["round"]
    }


def _draft_complete(
    event: Event, names: list[str], viewer: int | None, you: bool, name: str
) -> str:
    return _(
        "The last card of each pack is kept automatically. The crew is ready: the hunt begins."
    )


def _effects_text(card: int) -> str:
    effects = CREW[card].effects
    parts = [
        _("%(count)s× %(name)s") % {"count": effects[k], "name": symbol_name(k)}
        if effects[k] > 1
        else symbol_name(k)
        for k in EFFECTS
        if effects[k]
    ]
    return ", ".join(parts)


def _played(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    card = event["card"]
    effects = _effects_text(card)
    values = {"name": name, "card": card_label(card), "effects": effects}
    if you:
        if effects:
            return _("You play %(card)s (%(effects)s).") % values
        return _("You play %(card)s.") % values
    if effects:
        return _("%(name)s plays %(card)s (%(effects)s).") % values
    return _("%(name)s plays %(card)s.") % values


def _shield_gained(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    if you:
        return _("Your card gives your ship a shield.")
    return _("%(name)s's card gives their ship a shield.") % {"name": name}


def _shield_lost(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    if event.get("cause") == "targeting":
        if you:
            return _("A targeting hit on your ship is absorbed by a shield.")
        return _("A targeting hit on %(name)s's ship is absorbed by a shield.") % {"name": name}
    if you:
        return _("Your own card's damage is absorbed by a shield.")
    return _("%(name)s's own card's damage is absorbed by a shield.") % {"name": name}


def _damage_taken(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    if event.get("cause") == "targeting":
        if you:
            return _("A targeting hit damages your ship.")
        return _("A targeting hit damages %(name)s's ship.") % {"name": name}
    if you:
        return _("Your own card damages your ship.")
    return _("%(name)s's own card damages their ship.") % {"name": name}


def _repaired(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    if you:
        return _("Your card repairs one damage on your ship.")
    return _("%(name)s's card repairs one damage on their ship.") % {"name": name}


def _supply_empty(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    if event.get("effect") == "shield":
        return _("The draw pile is empty: %(name)s gets no shield.") % {"name": name}
    return _("The draw pile is empty: %(name)s takes no damage.") % {"name": name}


def _trick_won(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    values = {
        "name": name,
        "card": card_label(event["card"]),
        "dragon": dragon_label(event["dragon"]) if event.get("dragon") else "",
        "hits": event["hits"],
    }
    if you:
        text = _("Your %(card)s is the highest card: you hunt the %(dragon)s.") % values
    else:
        text = _("%(name)s's %(card)s is the highest card: they hunt the %(dragon)s.") % values
    if event["hits"]:
        text += (
            " "
            + ngettext(
                "The other cards aim %(hits)s targeting hit at the winner.",
                "The other cards aim %(hits)s targeting hits at the winner.",
                event["hits"],
            )
            % values
        )
    return text


def _dragon_revealed(
    event: Event, names: list[str], viewer: int | None, you: bool, name: str
) -> str:
    return _("A new dragon leaves the lair: a %(dragon)s.") % {
        "dragon": dragon_label(event["dragon"])
    }


def _hands_passed(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("Everyone passes their whole hand to the left.")


LINES = {
    "drafted": _drafted,
    "drafted_card": _drafted_card,
    "packs_passed": _packs_passed,
    "draft_complete": _draft_complete,
    "played": _played,
    "shield_gained": _shield_gained,
    "shield_lost": _shield_lost,
    "damage_taken": _damage_taken,
    "repaired": _repaired,
    "supply_empty": _supply_empty,
    "trick_won": _trick_won,
    "dragon_revealed": _dragon_revealed,
    "hands_passed": _hands_passed,
    "game_over": final_scores_line(
        gettext_noop("The last dragon is hunted. Final scores: %(list)s.")
    ),
}
"""One describer per event type the engine emits (`"type":` in engine.py)."""


marks = open_card({"played", "trick_won"})
"""The cards a log line names, which lie open on the table when the line is read."""
