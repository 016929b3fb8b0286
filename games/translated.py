"""Translation for the game tables, with the viewer's language resolved once per render.

A table names the same cards and colours hundreds of times per render. Django's `gettext`
reads the active language (asgiref's `Local`) at every call, a few microseconds each, so a live
push spent a third of its time translating: `reading()` reads it once for a whole render, and
the helpers here (`gettext`, `ngettext`, `pgettext`, `per_language`) use that catalog; outside
`reading()` they are Django's own.
"""

import re
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, NamedTuple, TypeVar

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeData, mark_safe
from django.utils.translation import trans_real
from markupsafe import Markup

Label = TypeVar("Label", str, tuple[Any, ...])
Shared = TypeVar("Shared")


class Reading(NamedTuple):
    language: str
    catalog: Any
    texts: dict[Any, str]
    shared: dict[Hashable, Any] | None


_READING: ContextVar[Reading | None] = ContextVar("reading", default=None)
"""The language of the render under way, its catalog, the texts looked up in it so far, and
what the seats share (`reading`)."""

SHARED_ANNOUNCEMENTS = 64
"""How many announcements (a match at one move number, in one language) keep what their seats
share (`shared`)."""
_shared: OrderedDict[tuple[Hashable, str], dict[Hashable, Any]] = OrderedDict()
_texts: dict[str, tuple[Any, dict[Any, str]]] = {}


@contextmanager
def reading(announcement: Hashable = None) -> Iterator[None]:
    """Read the active language once: until the block ends, the table's labels and sentences
    (and the regions' `{% trans %}` and `_()`, `config.jinja2`) come from its catalog without
    asking for the language again, each text looked up once per language. With
    `announcement` (a match at one move number), what every seat sees alike is made once for
    all (`shared`)."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    catalog = trans_real.translation(language)
    known = _texts.get(language)
    if known is None or known[0] is not catalog:  # a catalog reloaded in development
        known = _texts[language] = (catalog, {})
    memo = None
    if announcement is not None:
        key = (announcement, language)
        memo = _shared.get(key)
        if memo is None:
            memo = _shared[key] = {}
            if len(_shared) > SHARED_ANNOUNCEMENTS:
                _shared.popitem(last=False)
    token = _READING.set(Reading(language, catalog, known[1], memo))
    try:
        yield
    finally:
        _READING.reset(token)


def shared(key: Hashable, make: Callable[[], Shared]) -> Shared:
    """`make()` once per announcement and language for every seat at the table: only for what
    is public (the same for every viewer), and `key` must name everything else it reads."""
    read = _READING.get()
    if read is None or read.shared is None:
        return make()
    try:
        known: Shared = read.shared[key]
    except KeyError:
        read.shared[key] = value = make()
        return value
    return known


def language() -> str | None:
    read = _READING.get()
    return read.language if read is not None else translation.get_language()


def gettext(message: str) -> str:
    read = _READING.get()
    if read is None or not message:
        return translation.gettext(message)
    try:
        return read.texts[message]
    except KeyError:
        text: str = read.catalog.gettext(message)
        read.texts[message] = text
        return text


def ngettext(singular: str, plural: str, number: int) -> str:
    read = _READING.get()
    if read is None:
        return translation.ngettext(singular, plural, number)
    key = (singular, plural, number)
    try:
        return read.texts[key]
    except KeyError:
        text: str = read.catalog.ngettext(singular, plural, number)
        read.texts[key] = text
        return text


def trusted(message: str) -> Markup:
    """`_("…")` in a region, as Django's `{% translate "…" %}` renders it: the catalog's text as
    it is (a template's string literal is safe in Django), like the `{% trans %}` blocks."""
    return Markup(gettext(message))


def pgettext(context: str, message: str) -> str:
    """Django's `pgettext`: the message, disambiguated by `context`."""
    with_context = f"{context}{trans_real.CONTEXT_SEPARATOR}{message}"
    result = gettext(with_context)
    return message if trans_real.CONTEXT_SEPARATOR in result else result


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
        key = (language(), *args)
        result = remembered.get(key)
        if result is None:
            # Not inside an `except`: an exception raised and caught while the label is made
            # would chain to the KeyError, whose frames hold the caller's match in a cycle.
            remembered[key] = result = label(*args)
        return result

    return lookup


def by_key(table: Callable[[], Mapping[str, str]]) -> Callable[[str], str]:
    """A game's label of a thing by its key (a colour, a symbol, an action): `table` names every
    key in the active language (its texts literal, so `makemessages` finds them) and is made
    once per language."""
    tables: dict[str | None, Mapping[str, str]] = {}

    def label(key: str) -> str:
        spoken = language()
        labels = tables.get(spoken)
        if labels is None:
            tables[spoken] = labels = table()
        return labels[key]

    return label


def drawn_cards(
    fields_of: Callable[[int], dict[str, Any]], template: str
) -> Callable[[int], dict[str, Any]]:
    """A game's `card_info`: a card's fields and its `template` rendered (`html`), worked out
    once per language (a push draws dozens of cards for every socket), as a fresh dict to add
    to."""

    @per_language
    def drawn(card: int) -> tuple[tuple[str, Any], ...]:
        fields = fields_of(card)
        # Straight to the Jinja2 engine: Django's own would look for it first and raise.
        fields["html"] = mark_safe(render_to_string(template, {"card": fields}, using="jinja2"))
        return tuple(fields.items())

    def card_info(card: int) -> dict[str, Any]:
        return dict(drawn(card))

    return card_info
