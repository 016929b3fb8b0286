"""The table's regions, rendered through Jinja2 (`config.jinja2`) for the page, the socket's
push and the HTTP fallback alike: one template per visible region under
`games/jinja2/games/table/`, each game's fragments under `games/<slug>/jinja2/<slug>/`. The
language is read once per render (`games.translated.reading`)."""

from __future__ import annotations

import functools
import re
from typing import Any, cast

from django.template import engines
from django.template.backends.jinja2 import Jinja2
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
    """The site's Jinja2 environment, the one the table's regions render in."""
    env: Environment = cast(Jinja2, engines["jinja2"]).env
    return env


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


FRAGMENT_START = "<!--fragment-->"
FRAGMENT_END = "<!--/fragment-->"
"""A fragment of a region: one element with a stable `id` between these two markers in the
region's template (not nested in another fragment), such as a player's panel or a column."""
FRAGMENT_ID = re.compile(r'\s*<[a-zA-Z][^>]*?\sid="([^"]+)"')
OPENING_TAG = re.compile(r"(\s*<[a-zA-Z][\w-]*)")


def fragments(html: str) -> tuple[str, dict[str, str]]:
    """A region's HTML apart from its fragments (each replaced by its id), and the fragments by
    id. Split on the markers, not searched by a regular expression: a tenth of the time."""
    first, *parts = html.split(FRAGMENT_START)
    rest = [first]
    found: dict[str, str] = {}
    for part in parts:
        fragment, _end, after = part.partition(FRAGMENT_END)
        marked = FRAGMENT_ID.match(fragment)
        if marked is None:
            raise ValueError(f"A fragment needs an id: {fragment[:80]}")
        found[marked[1]] = fragment
        rest += (FRAGMENT_START, marked[1], after)
    return "".join(rest), found


def changes(
    before: str | None, after: str, splits: dict[str, tuple[str, dict[str, str]]] | None = None
) -> str:
    """What a push sends of a region that was `before` and is now `after`: only the fragments
    that changed, each swapped in by its id (htmx's out-of-band swap), when nothing else in the
    region did; else the whole region. `splits` keeps each region's `fragments` by its HTML (a
    socket's, `games.consumers`): what a push sends now is the `before` of the next one, which
    then is not split again; the sockets of one announcement share it."""
    if before is None:
        return after
    kept, old = _split(before, splits)
    rest, new = _split(after, splits)
    if kept != rest:
        return after
    return "".join(
        OPENING_TAG.sub(r'\1 hx-swap-oob="true"', html, count=1)
        for name, html in new.items()
        if old[name] != html
    )


def _split(
    html: str, splits: dict[str, tuple[str, dict[str, str]]] | None
) -> tuple[str, dict[str, str]]:
    if splits is None:
        return fragments(html)
    found = splits.get(html)
    if found is None:
        found = splits[html] = fragments(html)
    return found
