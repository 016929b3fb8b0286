"""How the Kosmopolis table names things: colours, cards, columns, players, in the viewer's
language (`games.translated`), and the engine's refusals listed for translation."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext_noop

from games.kosmopolis.components import (
    CARD_COLOR,
    CARD_VALUE,
    PROFESSION_BY_COLOR,
)
from games.labels import Event, Move, View, join_names, player_name, signed  # noqa: F401 - re-exported
from games.translated import by_key, drawn_cards, per_language, pgettext
from games.translated import gettext as _

KEEP_PER_STEP = 2
"""Cards a seat keeps in each draft selection step (spec 5.2)."""

PRIEST_COLOR = "pink"

ENGINE_MESSAGES = (
    gettext_noop("There is no draft now."),
    gettext_noop("Choose exactly two cards."),
    gettext_noop("Choose two different cards."),
    gettext_noop("You can only keep cards from your packet."),
    gettext_noop("Cards are not played now."),
    gettext_noop("Place your modifier first."),
    gettext_noop("Name the card to play."),
    gettext_noop("That card is not in your hand."),
    gettext_noop('Play the card to "city" or "kosmopolis".'),
    gettext_noop("Choose the column the priest takes from."),
    gettext_noop("The priest can only take from a non-empty green, yellow or blue column."),
    gettext_noop("Only a priest played into Kosmopolis takes a card."),
    gettext_noop("You have no modifier to place."),
    gettext_noop("Place the modifier over a green, yellow, blue or pink column."),
    gettext_noop("Columns are not saved now."),
    gettext_noop("List the colours of the columns to save."),
    gettext_noop("Name each column once."),
    gettext_noop("You can only save a column that is over its limit."),
    gettext_noop("You do not have enough tokens to save those columns."),
)
"""The engine's refusals (plain English, the engine is pure), listed so they get translated."""


# --- names of things -------------------------------------------------------------------------


colour_name = by_key(
    lambda: {
        "green": pgettext("colour", "green"),
        "yellow": pgettext("colour", "yellow"),
        "blue": pgettext("colour", "blue"),
        "pink": pgettext("colour", "pink"),
    }
)
"""The colour as a word ("green" / "zelená")."""


column_name = by_key(
    lambda: {
        "green": pgettext("column", "green"),
        "yellow": pgettext("column", "yellow"),
        "blue": pgettext("column", "blue"),
        "pink": pgettext("column", "pink"),
    }
)
"""The colour as the adjective of a column ("green" / "zelený" sloupec)."""


colour_letter = by_key(
    lambda: {
        "green": pgettext("colour letter", "G"),
        "yellow": pgettext("colour letter", "Y"),
        "blue": pgettext("colour letter", "B"),
        "pink": pgettext("colour letter", "P"),
    }
)
"""The letter printed on every coloured thing, for colour-blind players."""


@per_language
def profession_name(colour: str) -> str:
    return {
        "scholar": _("scholar"),
        "merchant": _("merchant"),
        "agent": _("agent"),
        "priest": _("priest"),
    }[PROFESSION_BY_COLOR[colour]]


ability_text = by_key(
    lambda: {
        "green": _("Draw 1 profession card."),
        "yellow": _("Take 1 token from the supply."),
        "blue": _("Draw a modifier and place it face down over any column."),
        "pink": _("Move the lowest card of the green, yellow or blue column into your city."),
    }
)


from_column = by_key(
    lambda: {
        "green": _("from the green column"),
        "yellow": _("from the yellow column"),
        "blue": _("from the blue column"),
        "pink": _("from the pink column"),
    }
)


over_column = by_key(
    lambda: {
        "green": _("over the green column"),
        "yellow": _("over the yellow column"),
        "blue": _("over the blue column"),
        "pink": _("over the pink column"),
    }
)


@per_language
def card_label(card: int) -> str:
    colour = CARD_COLOR[card]
    return _("%(profession)s %(value)s") % {
        "profession": profession_name(colour),
        "value": CARD_VALUE[card],
    }


def _card_fields(card: int) -> dict[str, Any]:
    """What is printed on one profession card, named in the active language."""
    colour = CARD_COLOR[card]
    label = card_label(card)
    return {
        "id": card,
        "colour": colour,
        "value": CARD_VALUE[card],
        "profession": PROFESSION_BY_COLOR[colour],
        "profession_name": profession_name(colour),
        "letter": colour_letter(colour),
        "colour_name": colour_name(colour),
        "label": label,
        "aria": _("%(card)s, %(colour)s") % {"card": label, "colour": colour_name(colour)},
    }


card_info = drawn_cards(_card_fields, "kosmopolis/_card.html")
"""One card as the templates draw it (`html`: the card itself), a fresh dict to add to."""


def cards_text(cards: Iterable[int]) -> str:
    return ", ".join(card_label(card) for card in cards)
