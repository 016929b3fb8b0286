"""What every game's move forms read alike from a post (`games/<slug>/forms.py`), refused with
the game's own words when the form cannot be read; the engine then judges the move."""

from __future__ import annotations

from games.rules import IllegalMove


def posted_integer(text: str | None, missing: str, unreadable: str) -> int:
    """A whole number a form sent: `missing` (translated) refuses an empty field, `unreadable`
    anything that is not a number."""
    if text is None or text == "":
        raise IllegalMove(missing)
    try:
        return int(text)
    except ValueError:
        raise IllegalMove(unreadable) from None
