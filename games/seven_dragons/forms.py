"""A Seven Dragons move form, as the table's forms post it, read into the engine's move."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict

from games.posted import posted_integer
from games.rules import IllegalMove
from games.seven_dragons.labels import PAYLOAD_INTS, Move
from games.translated import gettext as _

# --- move forms ------------------------------------------------------------------------------


def _integer(text: str | None, missing: str) -> int:
    return posted_integer(text, missing, _("The form sent something that is not a number."))


def move_from_post(data: QueryDict) -> Move:
    """The move a submitted table form asks for; the engine then judges whether it is legal.

    A dragon form sends `card` and `at` = "x,y,rot"; an action form sends `card` and `option` =
    "top" / "bottom", optionally followed by ":key=value,…" for the action's payload.
    """
    kind = data.get("type")
    if kind == "play_dragon":
        card = _integer(data.get("card"), _("Choose a card to play."))
        at = data.get("at")
        if not at:
            raise IllegalMove(_("Choose where to place the card."))
        parts = at.split(",")
        if len(parts) != 3:
            raise IllegalMove(_("The form sent a place that cannot be read."))
        x, y, rot = (_integer(p, _("The form sent a place that cannot be read.")) for p in parts)
        return {"type": "play_dragon", "card": card, "x": x, "y": y, "rot": rot}
    if kind == "play_action":
        card = _integer(data.get("card"), _("Choose a card to play."))
        option = data.get("option")
        if not option:
            raise IllegalMove(_("Choose how to play the action card."))
        place, _sep, rest = option.partition(":")
        action: dict[str, Any] | None = None
        if rest:
            action = {}
            for pair in rest.split(","):
                key, eq, value = pair.partition("=")
                if not eq or not key:
                    raise IllegalMove(_("The form sent an action that cannot be read."))
                if key in PAYLOAD_INTS:
                    action[key] = _integer(value, _("The form sent an action that cannot be read."))
                else:
                    action[key] = value
        return {"type": "play_action", "card": card, "place": place, "action": action}
    raise IllegalMove(_("The form did not say which move to make."))
