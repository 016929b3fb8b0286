"""The example table's move form read into the engine's move."""

from __future__ import annotations

from typing import Any

from games.rules import IllegalMove
from games.translated import gettext as _


def move_from_post(post: Any) -> dict[str, Any]:
    kind = post.get("type")
    if kind not in ("play", "discard"):
        raise IllegalMove(_("The form did not say which move to make."))
    try:
        return {"type": kind, "card": int(post.get("card", ""))}
    except ValueError:
        raise IllegalMove(_("Choose a card.")) from None
