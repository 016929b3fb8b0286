"""How the example game names its cards, in the viewer's language."""

from __future__ import annotations

from typing import Any

from django.utils.html import format_html
from django.utils.translation import gettext_noop

from games.tests.example_game.components import colour, value
from games.translated import gettext as _

ENGINE_MESSAGES = (
    gettext_noop("You do not hold that card."),
    gettext_noop("The deck is empty: play a card instead."),
)
"""The engine's refusals, listed for translation."""


def colour_name(name: str) -> str:
    return {"red": _("red"), "green": _("green"), "blue": _("blue"), "yellow": _("yellow")}[name]


def card_label(card: int) -> str:
    return _("%(colour)s %(value)s") % {"colour": colour_name(colour(card)), "value": value(card)}


def card_info(card: int) -> dict[str, Any]:
    """A card's fields and markup (`data-card`: the hidden-information tests look for it)."""
    label = card_label(card)
    html = format_html(
        '<span class="x-card x-{}" data-card="{}" role="img" aria-label="{}">{}</span>',
        colour(card),
        card,
        label,
        label,
    )
    return {"id": card, "label": label, "html": html}
