"""How the Seven Dragons table names things: colours, cards, columns, players, in the viewer's
language (`games.translated`), and the engine's refusals listed for translation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_noop

from games.labels import Event, Move, View, join_names, player_name  # noqa: F401 - re-exported
from games.seven_dragons.components import (
    ACTION_COLOR,
    ACTION_OF,
    COLORS,
    DRAGON_QUADRANTS,
    GOAL_COLOR,
    RAINBOW,
    SILVER,
)
from games.translated import by_key, per_language, pgettext
from games.translated import gettext as _

Cell = tuple[int, int]

GOAL_OF = {colour: card for card, colour in GOAL_COLOR.items()}
SYMBOLS = {"red": "flame", "yellow": "sun", "green": "leaf", "blue": "waves", "black": "moon"}
"""A drawn symbol per colour (the sprite's `seven-<symbol>`), on every coloured panel for
colour-blind players."""
WILD_SYMBOL = "star"
PAYLOAD_INTS = {"card", "x", "y", "rot", "slot", "seat"}

ENGINE_MESSAGES = (
    gettext_noop("Rotation must be 0 or 180."),
    gettext_noop("You do not hold that card."),
    gettext_noop("That cell is already taken."),
    gettext_noop("The card must touch a card of the layout."),
    gettext_noop("No colour of the card meets the same colour on a neighbour."),
    gettext_noop("The silver dragon never leaves the centre."),
    gettext_noop("That card is not on the table."),
    gettext_noop("Only dragon cards go into the layout."),
    gettext_noop("Only action cards go onto the action pile."),
    gettext_noop('Place must be "top" or "bottom".'),
    gettext_noop("A card put under the pile must carry out its action."),
    gettext_noop("The action must be an object or null."),
    gettext_noop("The card must change its cell or its rotation."),
    gettext_noop('The direction must be "cw" or "ccw".'),
    gettext_noop("There is no such goal slot."),
    gettext_noop("Trade with another goal slot than your own."),
    gettext_noop("There is no such player."),
    gettext_noop("Trade hands with another player."),
    gettext_noop("%(what)s must be a whole number."),
    gettext_noop("%(what)s needs exactly these fields: %(names)s."),
)
"""The engine's refusals, listed so they get translated; the table's own forms never trigger
the last two, which name a field or a move (`ENGINE_NAMES`) and the move's field names."""
ENGINE_NAMES = (
    gettext_noop("The card"),
    gettext_noop("The target card"),
    gettext_noop("The slot"),
    gettext_noop("The seat"),
    gettext_noop("A dragon move"),
    gettext_noop("An action move"),
    gettext_noop("Moving a card"),
    gettext_noop("Zapping a card"),
    gettext_noop("Rotating goals"),
    gettext_noop("Trading goals"),
    gettext_noop("Trading hands"),
)
"""What the engine's refusals name (`games.services.refusal_text` translates them too); the
coordinates x and y read the same in Czech."""


# --- names of things -------------------------------------------------------------------------


colour_name = by_key(
    lambda: {
        "red": pgettext("colour", "red"),
        "yellow": pgettext("colour", "yellow"),
        "green": pgettext("colour", "green"),
        "blue": pgettext("colour", "blue"),
        "black": pgettext("colour", "black"),
    }
)


action_name = by_key(
    lambda: {
        "move_card": _("Move a card"),
        "zap_card": _("Take a card"),
        "rotate_goals": _("Rotate goals"),
        "trade_goals": _("Trade goals"),
        "trade_hands": _("Trade hands"),
    }
)


action_help = by_key(
    lambda: {
        "move_card": _("Move a dragon card of the layout to another legal place, or turn it."),
        "zap_card": _("Take a dragon card from the layout into your hand."),
        "rotate_goals": _("Every goal card passes one place on, imaginary players included."),
        "trade_goals": _("Swap your goal card with another player's or an imaginary one."),
        "trade_hands": _("Swap your whole hand with another player's hand."),
    }
)


def colours_text(colours: Sequence[str]) -> str:
    return ", ".join(colour_name(c) for c in colours)


def dragon_colours(card: int) -> list[str]:
    quads = DRAGON_QUADRANTS[card]
    return [c for c in COLORS if c in quads]


@per_language
def card_label(card: int) -> str:
    """A card by what is printed on it: "red/green dragon", "Move a card (green)"."""
    if card == SILVER:
        return _("the silver dragon")
    if card == RAINBOW:
        return _("the rainbow dragon")
    if card in DRAGON_QUADRANTS:
        return _("the %(colours)s dragon") % {
            "colours": "/".join(colour_name(c) for c in dragon_colours(card))
        }
    if card in ACTION_OF:
        return _("%(action)s (%(colour)s)") % {
            "action": action_name(ACTION_OF[card]),
            "colour": colour_name(ACTION_COLOR[card]),
        }
    return _("the %(colour)s goal card") % {"colour": colour_name(GOAL_COLOR[card])}


def colour_panel(colour: str) -> dict[str, str]:
    """One coloured quadrant (or chip) as the templates draw it."""
    if colour == "wild":
        return {"colour": "wild", "symbol": WILD_SYMBOL, "name": _("any colour")}
    return {"colour": colour, "symbol": SYMBOLS[colour], "name": colour_name(colour)}


def dragon_info(card: int, rot: int = 0, silver: str | None = None) -> dict[str, Any]:
    """A dragon card (or the silver) with its four quadrants as shown at this rotation."""
    if card == SILVER:
        quads = [silver or "wild"] * 4
        aria = (
            _("silver dragon, now %(colour)s") % {"colour": colour_name(silver)}
            if silver
            else _("silver dragon, still wild (every colour)")
        )
        return {
            "id": card,
            "kind": "silver",
            "quads": [colour_panel(q) for q in quads],
            "aria": aria,
            "rot": 0,
        }
    printed = list(DRAGON_QUADRANTS[card])
    shown = printed[::-1] if rot == 180 else printed
    if card == RAINBOW:
        aria = _("rainbow dragon (every colour)")
        quads = [colour_panel("wild") for _q in shown]
    else:
        quads = [colour_panel(q) for q in shown]
        aria = _(
            "%(label)s: top left %(tl)s, top right %(tr)s, bottom left %(bl)s, bottom right %(br)s"
        ) % {
            "label": card_label(card),
            "tl": colour_name(shown[0]),
            "tr": colour_name(shown[1]),
            "bl": colour_name(shown[2]),
            "br": colour_name(shown[3]),
        }
    kind = "rainbow" if card == RAINBOW else "dragon"
    return {"id": card, "kind": kind, "quads": quads, "aria": aria, "rot": rot}


def action_info(card: int) -> dict[str, Any]:
    colour = ACTION_COLOR[card]
    kind = ACTION_OF[card]
    return {
        "id": card,
        "kind": "action",
        "action": kind,
        "title": action_name(kind),
        "help": action_help(kind),
        **colour_panel(colour),
        "aria": card_label(card),
    }


def goal_info(colour: str) -> dict[str, Any]:
    return {
        "id": GOAL_OF[colour],
        "kind": "goal",
        **colour_panel(colour),
        "aria": _("goal card: %(colour)s") % {"colour": colour_name(colour)},
    }


def card_info(card: int, rot: int = 0) -> dict[str, Any]:
    if card in ACTION_OF:
        return action_info(card)
    if card in GOAL_COLOR:
        return goal_info(GOAL_COLOR[card])
    return dragon_info(card, rot)


def slot_name(slot: int, seats: int, names: Sequence[str]) -> str:
    if slot < seats:
        return player_name(names, slot)
    return _("imaginary player %(number)s") % {"number": slot - seats + 1}


@per_language
def rot_name(rot: int) -> str:
    return _("upright (0°)") if rot == 0 else _("upside down (180°)")


@per_language
def where_name(x: int, y: int) -> str:
    """Where a cell lies, counted from the silver dragon (the layout's first card), so that two
    cards alike are told apart by their place on the table."""
    if (x, y) == (0, 0):
        return _("in the silver dragon's place")
    steps = []
    if x:
        steps.append((_("%(n)s right") if x > 0 else _("%(n)s left")) % {"n": abs(x)})
    if y:
        steps.append((_("%(n)s down") if y > 0 else _("%(n)s up")) % {"n": abs(y)})
    return _("%(steps)s from the silver dragon") % {"steps": ", ".join(steps)}
