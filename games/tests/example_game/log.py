"""The example game's log: one sentence per event."""

from __future__ import annotations

from typing import Any

from games.log import final_scores, open_card
from games.tests.example_game.labels import card_label
from games.translated import gettext as _


def _played(
    event: dict[str, Any], names: list[str], viewer: int | None, you: bool, name: str
) -> str | None:
    if you:
        return _("You play %(card)s.") % {"card": card_label(event["card"])}
    return _("%(name)s plays %(card)s.") % {"name": name, "card": card_label(event["card"])}


def _discarded(
    event: dict[str, Any], names: list[str], viewer: int | None, you: bool, name: str
) -> str | None:
    if you:
        return _("You discard %(card)s.") % {"card": card_label(event["card"])}
    return _("%(name)s discards %(card)s.") % {"name": name, "card": card_label(event["card"])}


def _drew(
    event: dict[str, Any], names: list[str], viewer: int | None, you: bool, name: str
) -> str | None:
    if you:
        return _("You draw %(card)s.") % {"card": card_label(event["card"])}
    return _("%(name)s draws a card.") % {"name": name}


def _game_over(
    event: dict[str, Any], names: list[str], viewer: int | None, you: bool, name: str
) -> str | None:
    return _("The game is over: %(scores)s.") % {"scores": final_scores(event["scores"], names)}


LINES = {"played": _played, "discarded": _discarded, "drew": _drew, "game_over": _game_over}

marks = open_card({"played", "discarded"})
