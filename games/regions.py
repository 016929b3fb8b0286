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

from games.translated import language, reading, shared, sharing

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
    """A seat's panel (`games/table/seat_panel.html`) for the viewer of `context`, rendered
    `once` for every viewer who sees it alike: another seat's panel reads only the public part
    of the game's context `g`, while a seat's own (`is_you`, its own cards in `g`) is its own.
    The time left on a clock is worked out here, so that the panel depends on nothing else."""
    table = context["table"]
    game = environment().get_template(table.game.templates["panel"]).module
    macro = environment().get_template("games/table/seat_panel.html").module.seat_panel  # type: ignore[attr-defined]
    left = timeuntil(player.deadline) if player.deadline else ""
    over = context["match"].is_over
    return once(macro, player, context["g"], game, table.warning_seconds, over, left)


def once(macro: Any, *args: Any) -> Markup:
    """`macro(*args)` rendered once per announcement and language for every viewer whose
    arguments read the same (`render_regions(announcement=…)`; without one, simply rendered).

    A macro imported without context sees only its arguments, the language, the time zone
    and the translations, so two calls give the same HTML when everything the first one read
    of its arguments reads the same in the second: `Reads` notes what that was, item by item
    (a player's counters, not the whole table), and another viewer's call reuses the HTML only
    if each of those items is the same, by type and `repr`. A region uses it for what does not
    depend on the viewer, such as another player's city (`{{ once(city, player) }}`); what
    differs between viewers simply renders apart, so hidden information stays with its seat."""
    if not sharing():
        return macro(*args)
    key = ("once", macro, language(), timezone.get_current_timezone_name())
    rendered: list[tuple[tuple[Note, ...], Markup]] = shared(key, list)
    for notes, html in rendered:
        if all(_same(_note(args, path, kind), value) for (path, kind), value in notes):
            return html
    noted: list[Note] = []
    html = macro(*Reads(args, noted))
    rendered.append((tuple(noted), html))
    return html


Note = tuple[tuple[tuple[Any, ...], str], Any]
"""What a render read: the path into the arguments and how it read it (the value, a
container's length or its keys), and what it found there."""
MISSING = (type(None), "missing")


SCALARS = frozenset({str, int, bool, type(None)})
"""Values compared as they are: of one of these types, equal values are drawn alike."""


def _note(data: Any, path: tuple[Any, ...], kind: str) -> Any:
    """What `Reads` notes of `data` at `path`: a value with its type (so that `1` and `True`,
    or a string and a safe one, equal but drawn differently, are told apart), by its `repr`
    unless it is one of the `SCALARS` (a float's `-0.0`, a list's items)."""
    for step in path:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return MISSING
    if kind == "value":
        return type(data), data if type(data) in SCALARS else repr(data)
    if type(data) not in (list, tuple, dict):
        return MISSING
    return type(data), len(data) if kind == "len" else tuple(data)


def _same(now: Any, noted: Any) -> bool:
    return now[0] is noted[0] and now[1] == noted[1]


class Reads:
    """A macro's arguments as its render reads them (`once`): each value read is noted by its
    path, a list or dict in them is read the same way item by item, and of a list iterated or
    measured its length, of a dict its keys."""

    __slots__ = ("_data", "_noted", "_path")

    def __init__(self, data: Any, noted: list[Note], path: tuple[Any, ...] = ()) -> None:
        self._data = data
        self._noted = noted
        self._path = path

    def __getitem__(self, key: Any) -> Any:
        path = (*self._path, key)
        try:
            value = self._data[key]
        except (KeyError, IndexError, TypeError):
            self._noted.append(((path, "value"), MISSING))
            raise
        if type(value) in (list, tuple, dict):
            return Reads(value, self._noted, path)
        self._noted.append(((path, "value"), _note(value, (), "value")))
        return value

    def _read(self, kind: str) -> Any:
        self._noted.append(((self._path, kind), _note(self._data, (), kind)))
        return self._data

    def __iter__(self) -> Any:
        if type(self._data) is dict:
            return iter(self._read("keys"))
        return (self[index] for index in range(len(self._read("len"))))

    def __len__(self) -> int:
        return len(self._read("len"))

    def __bool__(self) -> bool:
        return bool(self._read("len"))

    def __contains__(self, item: Any) -> bool:
        return item in self._read("value")

    def __str__(self) -> str:
        return str(self._read("value"))


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
