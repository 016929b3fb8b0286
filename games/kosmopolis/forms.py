"""A Kosmopolis move form, as the table's forms post it, read into the engine's move."""

from __future__ import annotations

from django.http import QueryDict

from games.kosmopolis.components import (
    CARD_COLOR,
)
from games.kosmopolis.labels import PRIEST_COLOR, Move
from games.posted import posted_integer
from games.rules import IllegalMove
from games.translated import gettext as _

# --- move forms ------------------------------------------------------------------------------


def move_from_post(data: QueryDict) -> Move:
    """The move a submitted table form asks for; the engine then judges whether it is legal.

    Raise IllegalMove only when the form cannot be read (missing fields, non-numbers). The play
    form has one shared "take" radio group for a priest; it only counts for a pink card played
    into Kosmopolis, and the form says (`take_required`) when a priest must choose a column.
    """
    kind = data.get("type")
    if kind == "draft":
        raw_cards = data.getlist("cards")
        if not raw_cards:
            raise IllegalMove(_("Choose the cards you want to keep."))
        try:
            cards = [int(card) for card in raw_cards]
        except ValueError:
            raise IllegalMove(_("The form sent something that is not a card number.")) from None
        return {"type": "draft", "cards": cards}
    if kind == "play":
        card = posted_integer(
            data.get("card"),
            _("Choose a card to play."),
            _("The form sent something that is not a card number."),
        )
        to = data.get("to")
        if not to:
            raise IllegalMove(_("Choose where to play the card."))
        move: Move = {"type": "play", "card": card, "to": to}
        take = data.get("take") or None
        priest = 0 <= card < len(CARD_COLOR) and CARD_COLOR[card] == PRIEST_COLOR
        if priest and to == "kosmopolis":
            if take is not None:
                move["take"] = take
            elif data.get("take_required"):
                raise IllegalMove(_("Choose the column the priest takes from."))
        return move
    if kind == "place_modifier":
        column = data.get("column")
        if not column:
            raise IllegalMove(_("Choose the column for the modifier."))
        return {"type": "place_modifier", "column": column}
    if kind == "save":
        if "columns" not in data:
            raise IllegalMove(_("Choose which columns to save, or save nothing."))
        columns = [c for value in data.getlist("columns") for c in value.split(",") if c]
        return {"type": "save", "columns": columns}
    raise IllegalMove(_("The form did not say which move to make."))
