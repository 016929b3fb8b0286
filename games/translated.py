"""Translation for the game tables, with the viewer's language resolved once per render.

A table names the same cards and colours hundreds of times per render. Django's `gettext`
reads the active language (asgiref's `Local`) at every call, a few microseconds each, so a live
push spent a third of its time translating: `reading()` reads it once for a whole render, and
the helpers here (`gettext`, `ngettext`, `pgettext`, `per_language`) use that catalog; outside
`reading()` they are Django's own.
"""

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, TypeVar

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import trans_real

Label = TypeVar("Label", str, tuple)

_READING: ContextVar[tuple[str, Any] | None] = ContextVar("reading", default=None)
"""The language of the render under way and its catalog (`reading`)."""


@contextmanager
def reading() -> Iterator[None]:
    """Read the active language once: until the block ends, the table's labels and sentences
    come from its catalog without asking for the language again."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    token = _READING.set((language, trans_real.translation(language)))
    try:
        yield
    finally:
        _READING.reset(token)


def language() -> str | None:
    read = _READING.get()
    return read[0] if read is not None else translation.get_language()


def gettext(message: str) -> str:
    read = _READING.get()
    if read is None or not message:
        return translation.gettext(message)
    return read[1].gettext(message)


def ngettext(singular: str, plural: str, number: int) -> str:
    read = _READING.get()
    if read is None:
        return translation.ngettext(singular, plural, number)
    return read[1].ngettext(singular, plural, number)


def pgettext(context: str, message: str) -> str:
    """Django's `pgettext`: the message, disambiguated by `context`."""
    with_context = f"{context}{trans_real.CONTEXT_SEPARATOR}{message}"
    result = gettext(with_context)
    return message if trans_real.CONTEXT_SEPARATOR in result else result


def per_language(label: Callable[..., Label]) -> Callable[..., Label]:
    """Remember an immutable label by language and arguments (it must depend on nothing else;
    a tuple's items are shared, so callers copy before they change anything)."""
    remembered: dict[tuple[Hashable, ...], Label] = {}

    @wraps(label)
    def lookup(*args: Hashable) -> Label:
        key = (language(), *args)
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
        fields["html"] = mark_safe(render_to_string(template, {"card": fields}))
        return tuple(fields.items())

    def card_info(card: int) -> dict[str, Any]:
        return dict(drawn(card))

    return card_info
