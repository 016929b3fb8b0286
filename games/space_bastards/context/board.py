"""The board as one SVG drawn as markup: its fixed parts (the space network, the planets'
grids) once per process, the creatures, ships and the others' last moves per render; and the
colours every region marks a seat or the neutral colour with."""

from __future__ import annotations

from typing import Any, NamedTuple

from markupsafe import Markup, escape

from games.space_bastards.components import (
    CANVAS,
    CELL_PX,
    DOCK_PLANET,
    EDGES,
    PLANET_CELLS,
    PLANET_CENTRE,
    PLANET_HEX,
    PLANET_IDS,
    PLANET_SIZE,
    SPACE_KIND,
    SPACE_XY,
    SPACES,
)
from games.space_bastards.labels import (
    COLOUR_CLASS,
    NEUTRAL,
    View,
    owner_of,
    planet_name,
    player_name,
    race_letter,
    race_of,
    space_name,
    token_label,
)
from games.translated import gettext as _
from games.translated import ngettext, pgettext


class LastMove(NamedTuple):
    """Whose last move named a thing on the table: the seat's number, colour class, words."""

    number: int
    cls: str
    text: str


# --- the fixed parts of the board, drawn once per process -----------------------------------


def _planet_origin(planet: str) -> tuple[int, int]:
    """Top-left corner of a planet's grid on the canvas (the grid is centred on its centre)."""
    height, width = PLANET_SIZE[planet]
    x, y = PLANET_CENTRE[planet]
    return x - width * CELL_PX // 2, y - height * CELL_PX // 2


def _edges_markup() -> Markup:
    lines = []
    for a, b in EDGES:
        (x1, y1), (x2, y2) = SPACE_XY[a], SPACE_XY[b]
        lines.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    t1, t2 = (s for s in SPACES if SPACE_KIND[s] == "teleport")
    (x1, y1), (x2, y2) = SPACE_XY[t1], SPACE_XY[t2]
    lines.append(f'<line class="sb-tele-link" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    return Markup(f'<g class="sb-edges">{"".join(lines)}</g>')


def _cells_markup(planet: str) -> Markup:
    cells = "".join(
        f'<rect x="{c * CELL_PX}" y="{r * CELL_PX}"/>' for r, c in sorted(PLANET_CELLS[planet])
    )
    return Markup(f'<g class="sb-cells" fill="{PLANET_HEX[planet]}">{cells}</g>')


EDGES_SVG = _edges_markup()
CELLS_SVG = {planet: _cells_markup(planet) for planet in PLANET_IDS}
VIEWBOX = f"0 0 {CANVAS[0]} {CANVAS[1]}"


def colour_class(colour: str | int) -> str:
    return "n" if colour == NEUTRAL else COLOUR_CLASS[int(colour)]


def colour_mark(colour: str | int) -> str:
    """The letter or number drawn with a colour: the seat number from 1, or N."""
    return "N" if colour == NEUTRAL else str(int(colour) + 1)


# --- the board ---------------------------------------------------------------------------------


def last_moves(view: View, me: int | None, names: list[str]) -> dict[str, LastMove]:
    """What each other seat's last move named on the table (`engine.named`), by what it names:
    the seat's number and colour, and the words saying whose move it was."""
    last: dict[str, LastMove] = {}
    for p, named in enumerate(view.get("last_named") or []):
        if p == me:
            continue
        text = _("last move of %(name)s") % {"name": player_name(names, p)}
        for name in named:
            last[name] = LastMove(p + 1, COLOUR_CLASS[p], text)
    return last


def _last_tag(last: LastMove, x: int, y: int) -> str:
    """A seat's number in its colour by what its last move named."""
    return (
        f'<g class="sb-last-tag sb-{last.cls}" aria-hidden="true"><circle cx="{x}" cy="{y}" r="8"/>'
        f'<text x="{x}" y="{y + 4}">{last.number}</text></g>'
    )


def _token_svg(
    token: str,
    where: dict[str, Any],
    names: list[str],
    loadable: set[str],
    last: LastMove | None,
) -> str:
    owner = owner_of(token)
    race = race_of(token)
    dead = where["dead"]
    cls = f"sb-t sb-{colour_class(owner)}{' sb-dead' if dead else ''}"
    if token in loadable:
        cls += " sb-loadable"
    label = token_label(names, token)
    if dead:
        label = _("corpse: %(token)s") % {"token": label}
    cells = sorted(tuple(c) for c in where["cells"])
    rects = "".join(f'<rect x="{c * CELL_PX + 1}" y="{r * CELL_PX + 1}"/>' for r, c in cells)
    r0, c0 = cells[0]
    mark = "✝" if dead else f"{race_letter(race)}{colour_mark(owner)}"
    text = f'<text x="{c0 * CELL_PX + 11}" y="{r0 * CELL_PX + 15}">{mark}</text>'
    tag = ""
    if last is not None:
        cls += " sb-last"
        label = f"{label} ({last.text})"
        tag = _last_tag(last, c0 * CELL_PX + CELL_PX, r0 * CELL_PX + 2)
    return (
        f'<g class="{cls}" data-token="{token}" data-card="{token}" role="img" '
        f'aria-label="{escape(label)}"><title>{escape(label)}</title>{rects}{text}{tag}</g>'
    )


def board_svg(
    view: View,
    names: list[str],
    loadable: set[str],
    reachable: set[str],
    last: dict[str, LastMove],
    me: int | None,
) -> Markup:
    """The planets with their creatures, the spaces and the ships: one SVG, drawn as markup.

    The spaces the viewer's ship may reach are buttons, one stop for the keyboard (arrows move
    among them, the page's script): the stop is the ship's own space once it is on the board,
    so that focus stays put after a step."""
    in_play = set(view["in_play"])
    here = view["ships"][me]["space"] if me is not None and reachable else None
    stop = here or next((space for space in SPACES if space in reachable), None)
    parts = [str(EDGES_SVG)]
    ships_at: dict[str, list[int]] = {}
    for p, ship in enumerate(view["ships"]):
        if ship["space"]:
            ships_at.setdefault(ship["space"], []).append(p)
    for space in SPACES:
        x, y = SPACE_XY[space]
        kind = SPACE_KIND[space]
        cls = f"sb-sp sb-{kind}"
        fill = ""
        if kind == "dock":
            planet = DOCK_PLANET[space]
            fill = f' fill="{PLANET_HEX[planet]}"'
            if planet not in in_play:
                cls += " sb-off"
        label = space_name(space)
        tag = ""
        if space in last:
            cls += " sb-last"
            label = f"{label} ({last[space].text})"
            tag = _last_tag(last[space], x + 16, y + 14)
        keys = ""
        if space in reachable:
            cls += " sb-reach"
            keys = ' role="button"'
        elif space == here:
            label = _("%(space)s (your ship)") % {"space": label}
            keys = ' role="img"'
        if keys:
            keys += f' tabindex="{0 if space == stop else -1}" aria-label="{escape(label)}"'
        parts.append(
            f'<g class="{cls}" data-space="{space}" data-card="{space}"{keys}>'
            f'<title>{escape(label)}</title><circle cx="{x}" cy="{y}" r="16"{fill}/>'
            f"{_space_mark(space, x, y)}{tag}</g>"
        )
    for planet in PLANET_IDS:
        x0, y0 = _planet_origin(planet)
        height, width = PLANET_SIZE[planet]
        off = planet not in in_play
        name = escape(planet_name(planet))
        cls = "sb-planet sb-off" if off else "sb-planet"
        label_y = -6 if y0 > CELL_PX * 2 else height * CELL_PX + 14
        title = _("%(planet)s (switched off)") % {"planet": name} if off else name
        if planet in last:
            cls += " sb-last"
            title = escape(f"{planet_name(planet)} ({last[planet].text})")
        parts.append(
            f'<g class="{cls}" data-planet="{planet}" data-card="{planet}" '
            f'transform="translate({x0} {y0})">'
            f"<title>{title}</title>{CELLS_SVG[planet]}"
            f'<text class="sb-pname" x="{width * CELL_PX // 2}" y="{label_y}">{name}'
            f"{' ☢' if off else ''}</text>"
        )
        # In one order, whatever jsonb did to the stored state's keys: the page and the push
        # draw the same map (and a push then sends only what changed).
        for token, where in sorted(view["board"].get(planet, {}).items()):
            parts.append(_token_svg(token, where, names, loadable, last.get(token)))
        parts.append("</g>")
    for space, seated in ships_at.items():
        x, y = SPACE_XY[space]
        for i, p in enumerate(seated):
            cargo = len(view["ships"][p]["cargo"])
            label = escape(
                ngettext(
                    "Ship of %(name)s with %(count)s creature",
                    "Ship of %(name)s with %(count)s creatures",
                    cargo,
                )
                % {"name": player_name(names, p), "count": cargo}
            )
            sx, sy = x - 14 + i * 10, y - 30 - i * 4
            parts.append(
                f'<g class="sb-ship sb-{COLOUR_CLASS[p]}" role="img" aria-label="{label}">'
                f"<title>{label}</title>"
                f'<rect x="{sx}" y="{sy}" width="28" height="18" rx="6"/>'
                f'<text x="{sx + 14}" y="{sy + 13}">{p + 1}{f"·{cargo}" if cargo else ""}'
                "</text></g>"
            )
    return Markup("".join(parts))


def _space_mark(space: str, x: int, y: int) -> str:
    """What a space shows, as its buttons name it: a route space's number, a teleport's sign and
    number, N or S on the two docks of a big planet."""
    kind = SPACE_KIND[space]
    if kind == "route":
        return f'<text class="sb-num" x="{x}" y="{y + 5}">{space[1:]}</text>'
    if kind == "teleport":
        return (
            f'<text class="sb-tele" x="{x}" y="{y + 5}">⌾</text>'
            f'<text class="sb-num sb-small" x="{x - 18}" y="{y + 20}">{space[1:]}</text>'
        )
    if space.endswith("n"):
        letter = pgettext("north dock", "N")
    elif space.endswith("s"):
        letter = pgettext("south dock", "S")
    else:
        return ""
    return f'<text class="sb-num sb-dock-mark" x="{x}" y="{y + 5}">{letter}</text>'
