"""The Seven Dragons log: one sentence per event a viewer may see, in the viewer's language."""

from __future__ import annotations

from games.log import open_card
from games.seven_dragons.labels import (
    Event,
    card_label,
    colour_name,
    colours_text,
    join_names,
    player_name,
    rot_name,
    slot_name,
)
from games.translated import gettext as _
from games.translated import ngettext


def _drew(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    if you:
        return None  # the private line names the cards
    return ngettext(
        "%(name)s draws %(count)s card.", "%(name)s draws %(count)s cards.", event["count"]
    ) % {
        "name": name,
        "count": event["count"],
    }


def _drew_cards(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "cards": ", ".join(card_label(c) for c in event["cards"])}
    if you:
        return _("You draw: %(cards)s.") % values
    return _("%(name)s draws: %(cards)s.") % values


def _bonus_text(event: Event) -> str:
    colours = event["bonus_colors"]
    if len(colours) < 2:
        return ""
    return " " + ngettext(
        "Bonus for connecting %(colours)s: %(count)s card.",
        "Bonus for connecting %(colours)s: %(count)s cards.",
        event["bonus_drawn"],
    ) % {"colours": colours_text(colours), "count": event["bonus_drawn"]}


def _played_dragon(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {
        "name": name,
        "card": card_label(event["card"]),
        "x": event["x"],
        "y": event["y"],
        "rot": rot_name(event["rot"]),
    }
    if you:
        line = _("You place %(card)s at (%(x)s, %(y)s), %(rot)s.") % values
    else:
        line = _("%(name)s places %(card)s at (%(x)s, %(y)s), %(rot)s.") % values
    return line + _bonus_text(event)


def _played_action(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "card": card_label(event["card"])}
    if event["place"] == "top":
        values["colour"] = colour_name(event["silver"])
        if you:
            line = _("You put %(card)s on top of the pile: the silver dragon is %(colour)s.")
        else:
            line = _("%(name)s puts %(card)s on top of the pile: the silver dragon is %(colour)s.")
    elif you:
        line = _("You put %(card)s under the pile.")
    else:
        line = _("%(name)s puts %(card)s under the pile.")
    line = line % values
    if event["payload"] is None:
        line += " " + _("No action.")
    return line


def _card_moved(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    fx, fy, _frot = event["from"]
    values = {
        "name": name,
        "card": card_label(event["card"]),
        "fx": fx,
        "fy": fy,
        "x": event["x"],
        "y": event["y"],
        "rot": rot_name(event["rot"]),
    }
    if you:
        line = _("You move %(card)s from (%(fx)s, %(fy)s) to (%(x)s, %(y)s), %(rot)s.")
    else:
        line = _("%(name)s moves %(card)s from (%(fx)s, %(fy)s) to (%(x)s, %(y)s), %(rot)s.")
    return line % values + _bonus_text(event)


def _card_zapped(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "card": card_label(event["card"])}
    if you:
        return _("You take %(card)s into your hand.") % values
    return _("%(name)s takes %(card)s into their hand.") % values


def _goals_rotated(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    clockwise = event["dir"] == "cw"
    if you:
        if clockwise:
            return _("You pass every goal card one place clockwise.")
        return _("You pass every goal card one place counter-clockwise.")
    if clockwise:
        return _("%(name)s passes every goal card one place clockwise.") % {"name": name}
    return _("%(name)s passes every goal card one place counter-clockwise.") % {"name": name}


def _goals_traded(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    n = len(names)
    other = event["slot"]
    values = {"name": name, "other": slot_name(other, n, names)}
    if you:
        return _("You swap goal cards with %(other)s.") % values
    if other == viewer:
        return _("%(name)s swaps goal cards with you.") % values
    return _("%(name)s swaps goal cards with %(other)s.") % values


def _hands_traded(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    other = event["other"]
    values = {"name": name, "other": player_name(names, other)}
    if you:
        return _("You swap hands with %(other)s.") % values
    if other == viewer:
        return _("%(name)s swaps hands with you.") % values
    return _("%(name)s swaps hands with %(other)s.") % values


def _passed(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    if you:
        return _("You cannot play any card and pass.")
    return _("%(name)s cannot play any card and passes.") % {"name": name}


def _won(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "colour": colour_name(event["color"]), "area": event["area"]}
    if you:
        return _("Your goal colour %(colour)s connects %(area)s cards: you win!") % values
    return _("%(name)s's goal colour %(colour)s connects %(area)s cards: %(name)s wins.") % values


def _game_over(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    winners = join_names([player_name(names, w) for w in event["winners"]])
    if event["end_reason"] == "seven":
        return _("Game over.")
    return ngettext(
        "Game over: the cards ran out; the largest goal area wins: %(names)s.",
        "Game over: the cards ran out; the largest goal areas share the win: %(names)s.",
        len(event["winners"]),
    ) % {"names": winners}


LINES = {
    "drew": _drew,
    "drew_cards": _drew_cards,
    "played_dragon": _played_dragon,
    "played_action": _played_action,
    "card_moved": _card_moved,
    "card_zapped": _card_zapped,
    "goals_rotated": _goals_rotated,
    "goals_traded": _goals_traded,
    "hands_traded": _hands_traded,
    "passed": _passed,
    "won": _won,
    "game_over": _game_over,
}


marks = open_card({"played_dragon", "played_action", "card_moved", "card_zapped"})
"""The cards a log line names, which lie open on the table when the line is read."""
