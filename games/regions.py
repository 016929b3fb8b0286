"""The table's regions, rendered through Jinja2 (`config.jinja2`) for the page, the socket's
push and the HTTP fallback alike: one template per visible region under
`games/jinja2/games/table/`, each game's fragments under `games/<slug>/jinja2/<slug>/`. The
language is read once per render (`games.translated.reading`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Hashable
from typing import Any

from django.template import engines
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.timesince import timeuntil
from jinja2 import Environment, pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from games.translated import language, reading, shared

REGION_TEMPLATE = "games/table/{}.html"
"""A region's template: `status`, `result`, `board`, `players`, `mine`, `log`, `footer`, and
`table` (all of them), `log_news` (a push's new log lines)."""


@functools.lru_cache(maxsize=8192)
def url(name: str, *args: Any) -> str:
    """`reverse()` once per name and arguments (a match's or a player's URLs never change)."""
    return reverse(name, args=args)


def environment() -> Environment:
    return engines["jinja2"].env  # type: ignore[attr-defined]


def render_region(
    name: str, context: dict[str, Any], *, announcement: Hashable = None
) -> SafeString:
    """One region (or a game's fragment by its template name) for one viewer, in the active
    language; `context` comes from `Table.context()`. With `announcement` (a match at one move
    number, as a push renders it), what viewers see alike is rendered once for all of them
    (`seat_panel`)."""
    with reading(announcement):
        return _rendered(name, context)


def render_regions(
    names: Any, context: dict[str, Any], *, announcement: Hashable = None
) -> dict[str, SafeString]:
    """Several regions of one viewer, the language read once."""
    with reading(announcement):
        return {name: _rendered(name, context) for name in names}


def _rendered(name: str, context: dict[str, Any]) -> SafeString:
    template = name if name.endswith(".html") else REGION_TEMPLATE.format(name)
    return mark_safe(environment().get_template(template).render(context))


@pass_context
def seat_panel(context: Context, player: Any) -> Markup:
    """A seat's panel for the viewer of `context`, rendered once per announcement for every
    viewer whose panel of that seat reads the same (`games/table/seat_panel.html`).

    The panel's macro (and the game's `panel`, imported without context) sees only its
    arguments, the language, the time zone and the clock, so two viewers get the same HTML when
    those agree and so does everything the render read of the game's context `g`. `Reads`
    notes what that was, down to one item of a list such as `g.players[p]`: the panel of
    another seat reads the public part of `g`, which is the same for every viewer, while a
    seat's own panel (`is_you`, or its own hand in `g`) differs and is rendered apart."""
    g = context["g"]
    over = context["match"].is_over
    game = environment().get_template(context["table"].game.templates["panel"]).module
    macro = environment().get_template("games/table/seat_panel.html").module.seat_panel  # type: ignore[attr-defined]
    warning = context["table"].warning_seconds
    key = (
        "seat_panel",
        game.__name__,
        language(),
        timezone.get_current_timezone_name(),
        player,
        timeuntil(player.deadline) if player.deadline else "",
        warning,
        over,
    )
    rendered: list[tuple[tuple[tuple[tuple[Any, ...], Noted], ...], Markup]] = shared(key, list)
    for reads, html in rendered:
        if all(_noted(g, path) == value for path, value in reads):
            return html
    noted: list[tuple[tuple[Any, ...], Noted]] = []
    html = macro(player, Reads(g, noted), game, warning, over)
    rendered.append((tuple(noted), html))
    return html


Noted = tuple[type, str]
MISSING: Noted = (type(None), "<missing>")


def _noted(data: Any, path: tuple[Any, ...]) -> Noted:
    """How `Reads` notes the value at `path` in `data`: its type and `repr` (so that `1` and
    `True`, or a string and a safe one, equal but drawn differently, are told apart)."""
    for step in path:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return MISSING
    return type(data), repr(data)


class Reads:
    """A game's context `g` as a panel's render reads it: each value read is noted by its path
    (a list or dict in it is read the same way, item by item), and so is the whole of a list
    or dict the render iterates, measures, tests or prints. Only what was read is compared:
    the seat's cards drawn elsewhere on the table cost nothing here."""

    __slots__ = ("_data", "_noted", "_path")

    def __init__(
        self, data: Any, noted: list[tuple[tuple[Any, ...], Noted]], path: tuple[Any, ...] = ()
    ) -> None:
        self._data = data
        self._noted = noted
        self._path = path

    def __getitem__(self, key: Any) -> Any:
        path = (*self._path, key)
        try:
            value = self._data[key]
        except (KeyError, IndexError, TypeError):
            self._noted.append((path, MISSING))
            raise
        if type(value) in (list, tuple, dict):
            return Reads(value, self._noted, path)
        self._noted.append((path, (type(value), repr(value))))
        return value

    def _whole(self) -> Any:
        self._noted.append((self._path, (type(self._data), repr(self._data))))
        return self._data

    def __iter__(self) -> Any:
        return iter(self._whole())

    def __len__(self) -> int:
        return len(self._whole())

    def __bool__(self) -> bool:
        return bool(self._whole())

    def __contains__(self, item: Any) -> bool:
        return item in self._whole()

    def __str__(self) -> str:
        return str(self._whole())


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


def changes(before: str | None, after: str) -> str:
    """What a push sends of a region that was `before` and is now `after`: only the fragments
    that changed, each swapped in by its id (htmx's out-of-band swap), when nothing else in the
    region did; else the whole region."""
    if before is None:
        return after
    kept, old = fragments(before)
    rest, new = fragments(after)
    if kept != rest:
        return after
    return "".join(
        OPENING_TAG.sub(r'\1 hx-swap-oob="true"', html, count=1)
        for name, html in new.items()
        if old[name] != html
    )
