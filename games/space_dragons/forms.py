"""A Space Dragons move form, as the table's forms post it, read into the engine's move."""

from __future__ import annotations

from django.http import QueryDict

from games.posted import posted_integer
from games.rules import IllegalMove
from games.space_dragons.labels import Move
from games.translated import gettext as _

# --- move forms ------------------------------------------------------------------------------


def move_from_post(data: QueryDict) -> Move:
    """The move a submitted form asks for; the engine then judges whether it is legal."""
    kind = data.get("type")
    if kind not in ("draft", "play"):
        raise IllegalMove(_("The form did not say which move to make."))
    card = posted_integer(
        data.get("card"),
        _("Choose the card you want to keep.") if kind == "draft" else _("Choose a card to play."),
        _("The form sent something that is not a card number."),
    )
    return {"type": kind, "card": card}
