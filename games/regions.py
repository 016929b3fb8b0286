"""The table's regions, rendered through Jinja2 (`config.jinja2`) for the page, the socket's
push and the HTTP fallback alike: one template per visible region under
`games/jinja2/games/table/`, each game's fragments under `games/<slug>/jinja2/<slug>/`."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.template import engines
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, trans_real
from jinja2 import Environment
from markupsafe import Markup

REGION_TEMPLATE = "games/table/{}.html"
"""A region's template: `status`, `result`, `board`, `players`, `mine`, `log`, `footer`, and
`table` (all of them), `log_news` (a push's new log lines)."""


@functools.lru_cache(maxsize=8192)
def url(name: str, *args: Any) -> str:
    """`reverse()` once per name and arguments (a match's or a player's URLs never change)."""
    return reverse(name, args=args)


def environment() -> Environment:
    return engines["jinja2"].env  # type: ignore[attr-defined]


def translations() -> dict[str, Any]:
    """The active language's `gettext`, `ngettext` and `_`, read once for a whole render: the
    regions' `{% trans %}` and `_()` then call the catalog directly."""
    catalog = trans_real.translation(get_language() or settings.LANGUAGE_CODE)
    return {"gettext": catalog.gettext, "_": trusted(catalog.gettext), "ngettext": catalog.ngettext}


@functools.cache
def trusted(gettext: Callable[[str], str]) -> Callable[[str], Markup]:
    """`_("…")` as Django's `{% translate "…" %}` renders it: the catalog's text as it is (a
    template's string literal is safe in Django), like the `{% trans %}` blocks."""

    def translated(message: str) -> Markup:
        return Markup(gettext(message))

    return translated


def with_translations(context: dict[str, Any]) -> dict[str, Any]:
    return {**context, **translations()}


def render_region(name: str, context: dict[str, Any]) -> SafeString:
    """One region (or a game's fragment by its template name) for one viewer; `context` comes
    from `Table.context()` (with the translations of `with_translations`, else they are added)."""
    if "gettext" not in context:
        context = with_translations(context)
    template = name if name.endswith(".html") else REGION_TEMPLATE.format(name)
    return mark_safe(environment().get_template(template).render(context))


def render_regions(names: Any, context: dict[str, Any]) -> dict[str, SafeString]:
    """Several regions of one viewer, the language read once."""
    context = with_translations(context)
    return {name: render_region(name, context) for name in names}
