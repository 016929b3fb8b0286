"""The table's regions, rendered through Jinja2 (`config.jinja2`) for the page, the socket's
push and the HTTP fallback alike: one template per visible region under
`games/jinja2/games/table/`, each game's fragments under `games/<slug>/jinja2/<slug>/`. The
language is read once per render (`games.translated.reading`)."""

from __future__ import annotations

import functools
from typing import Any

from django.template import engines
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from jinja2 import Environment

from games.translated import reading

REGION_TEMPLATE = "games/table/{}.html"
"""A region's template: `status`, `result`, `board`, `players`, `mine`, `log`, `footer`, and
`table` (all of them), `log_news` (a push's new log lines)."""


@functools.lru_cache(maxsize=8192)
def url(name: str, *args: Any) -> str:
    """`reverse()` once per name and arguments (a match's or a player's URLs never change)."""
    return reverse(name, args=args)


def environment() -> Environment:
    return engines["jinja2"].env  # type: ignore[attr-defined]


def render_region(name: str, context: dict[str, Any]) -> SafeString:
    """One region (or a game's fragment by its template name) for one viewer, in the active
    language; `context` comes from `Table.context()`."""
    with reading():
        return _rendered(name, context)


def render_regions(names: Any, context: dict[str, Any]) -> dict[str, SafeString]:
    """Several regions of one viewer, the language read once."""
    with reading():
        return {name: _rendered(name, context) for name in names}


def _rendered(name: str, context: dict[str, Any]) -> SafeString:
    template = name if name.endswith(".html") else REGION_TEMPLATE.format(name)
    return mark_safe(environment().get_template(template).render(context))
