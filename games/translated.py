"""Label helpers of the game tables, remembered per language.

A table names the same cards and colours hundreds of times per render, and each Django
gettext call costs a few microseconds, so a live push spent a third of its time translating.
"""

import re
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, TypeVar

from django.template.loader import render_to_string
from django.utils.safestring import SafeData, mark_safe
from django.utils.translation import get_language

Label = TypeVar("Label", str, tuple)

_DOUBLED_STOP = re.compile(r"(?<!\.)\.\.(?!\.)")


def one_full_stop(text: str) -> str:
    """A sentence that ends in a name ending in a full stop ("Tomáš K.") ends once, not twice
    ("Tomáš K.."); an ellipsis stays."""
    tidied = _DOUBLED_STOP.sub(".", text)
    return mark_safe(tidied) if isinstance(text, SafeData) else tidied


def per_language(label: Callable[..., Label]) -> Callable[..., Label]:
    """Remember an immutable label by language and arguments (it must depend on nothing else;
    a tuple's items are shared, so callers copy before they change anything)."""
    remembered: dict[tuple[Hashable, ...], Label] = {}

    @wraps(label)
    def lookup(*args: Hashable) -> Label:
        key = (get_language(), *args)
        try:
            return remembered[key]
        except KeyError:
            remembered[key] = result = label(*args)
            return result

    return lookup


def drawn_cards(
    fields_of: Callable[[int], dict[str, Any]], template: str
) -> Callable[[int], dict[str, Any]]:
    """A game's `card_info`: a card's fields and its `template` rendered (`html`), worked out
    once per language (a push draws dozens of cards for every socket), as a fresh dict to add
    to."""

    @per_language
    def drawn(card: int) -> tuple[tuple[str, Any], ...]:
        fields = fields_of(card)
        fields["html"] = render_to_string(template, {"card": fields})
        return tuple(fields.items())

    def card_info(card: int) -> dict[str, Any]:
        return dict(drawn(card))

    return card_info
