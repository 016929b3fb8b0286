"""The Space Bastards table's region contexts (what the fragments under
`jinja2/space_bastards/` show of the engine's `view()`) and status line.

What the viewer may choose comes only from `legal` (the viewer's legal moves), never from the
rules re-implemented here. The board's SVG is drawn here as markup: its fixed parts (the space
network, the planets' grids) once per process, the creatures and ships per render; long lists
of legal placements are never embedded: a grid of cells is, and the page's small script
computes the ghost of a piece from it (the server judges every move anyway).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any, NamedTuple

from markupsafe import Markup, escape

from games.score_sheet import Column, Look, score_sheet
from games.space_bastards import engine
from games.space_bastards.components import (
    BOOST_COST,
    CANVAS,
    CELL_PX,
    DOCK_PLANET,
    DOMINANCE_AFTER,
    DOUBLE_ACTION_COST,
    EDGES,
    MIGRATION_FREE_STEPS,
    MIGRATION_STEP_COST,
    MUTATE_OTHER_COST,
    PLANET_CELLS,
    PLANET_CENTRE,
    PLANET_HEX,
    PLANET_IDS,
    PLANET_SIZE,
    RACES,
    RELATIONSHIPS,
    SIDED,
    SPACE_KIND,
    SPACE_XY,
    SPACES,
    TELEPORT,
)
from games.space_bastards.labels import (
    COLOUR_CLASS,
    NEUTRAL,
    Move,
    View,
    cells_text,
    colour_name,
    join_names,
    owner_of,
    planet_name,
    player_name,
    race_letter,
    race_name,
    race_of,
    races_name,
    relationship_name,
    seat_colour_name,
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


# --- template context ------------------------------------------------------------------------


def table_context(view: View, legal: list[Move], seat: int | None, names: list[str]) -> dict:
    """Everything the Space Bastards fragments need beyond the raw view."""
    seats = view["seats"]
    by_type: dict[str, list[Move]] = {}
    for move in legal:
        by_type.setdefault(move.get("type", ""), []).append(move)
    me = seat if seat is not None and 0 <= seat < seats else None
    players = [_player(view, p, names) for p in range(seats)]
    loadable = {m["token"] for m in by_type.get("load", [])}
    reachable = {m["to"] for m in by_type.get("ship_step", [])} | {
        m["space"] for m in by_type.get("ship_place", [])
    }
    last = _last_moves(view, me, names)
    return {
        "phase": view["phase"],
        "round": view["round"],
        "seat": me,
        "spectator": me is None,
        "acting": bool(legal),
        "players": players,
        "me": players[me] if me is not None else None,
        "svg": _board_svg(view, names, loadable, reachable, last, me),
        "viewbox": VIEWBOX,
        "planets": _planet_list(view, names),
        "column": _column(view, last),
        "offer": [
            {"card": c, "race": c.split("-")[0], "name": races_name(c.split("-")[0])}
            for c in view["offer"]
        ],
        "track": _track(view),
        "priority": [relationship_name(r) for r in view["options"]["priority"]],
        "colonise": _colonise(view, names),
        "forms": _forms(view, by_type, me, names),
        "done": _done_label(view) if {"type": "done"} in legal else None,
        "result": _result(view, names, me),
        "secret": _secret(view, me),
        "resolution": _resolution(view, names),
        "scorings": _scorings(view, names),
        "legend": [{"race": r, "letter": race_letter(r), "name": races_name(r)} for r in RACES],
    }


def _resolution(view: View, names: list[str]) -> list[dict[str, Any]]:
    """This round's revealed cards in their order of resolution (5.4 b): the finished ones, the
    one resolving now and the ones still to come, until the next round's plans."""
    revealed = view.get("revealed")
    phase = view["phase"]
    if not revealed or phase == "over":
        return []
    seats = view["seats"]
    act = view.get("act")
    movement = view.get("movement") or {}
    current = None
    if act and phase in ("action", "respond"):
        current = (act["card"], act["seat"])
    elif phase == "migration":
        current = ("migration", movement.get("seat"))
    elif phase == "change":
        current = ("change", None)
    # The start token passes once the queue is done (Decision D6): while the ships move, the
    # round was resolved in order from the seat before.
    start = view["start_player"] if current else (view["start_player"] - 1) % seats
    order = [(start + i) % seats for i in range(seats)]
    items: list[tuple[str, int | None]] = []
    for card in view["options"]["priority"]:
        players = [p for p in order if card in (revealed[p] or ())]
        if card == "change":
            items += [("change", None)] if players else []
        else:
            items += [(card, p) for p in players]
    pending = {(card, seat) for card, seat in view.get("queue") or []}
    strip = []
    for item in items:
        card, seat = item
        state = "now" if item == current else "next" if item in pending else "done"
        strip.append(
            {
                "action": relationship_name(card),
                "name": player_name(names, seat) if seat is not None else _("everyone"),
                "state": state,
            }
        )
    return strip


def _secret(view: View, me: int | None) -> dict[str, Any] | None:
    """What only the viewer knows yet: its own pick, plan or answer (marked `data-card` so the
    hidden-information tests can find it)."""
    if me is None:
        return None
    col = view.get("colonise") or {}
    pick = (
        (col.get("picks") or [None] * view["seats"])[me]
        if view["phase"] == "colonise_pick"
        else None
    )
    plan = (view.get("my_plan") or {}).get("cards") or []
    answer = view.get("my_answer") if view.get("respond") else None
    if not (pick or plan or answer is not None):
        return None
    return {
        "pick": {"race": pick, "name": races_name(pick)} if pick else None,
        "plan": [{"card": c, "name": relationship_name(c)} for c in plan],
        "answer": answer,
        "seat": me,
    }


def _player(view: View, p: int, names: list[str]) -> dict[str, Any]:
    ship = view["ships"][p]
    revealed = (view.get("revealed") or [None] * view["seats"])[p] or []
    planned = view.get("planned")
    return {
        "seat": p,
        "name": player_name(names, p),
        "cls": COLOUR_CLASS[p],
        "colour": seat_colour_name(p),
        "mark": colour_mark(p),
        "money": view["money"][p],
        "points": view["points"][p],
        "hand": [{"card": c, "name": relationship_name(c)} for c in view["hands"][p]],
        "played": [
            {"card": c, "name": relationship_name(c), "now": c in revealed}
            for c in view["played"][p]
        ],
        "planned": bool(planned and planned[p]),
        "is_start": view["start_player"] == p,
        "to_act": p in view["to_act"],
        "ship": space_name(ship["space"]) if ship["space"] else None,
        "cargo": [
            {"token": t, "name": race_name(race_of(t)), "letter": race_letter(race_of(t))}
            for t in ship["cargo"]
        ],
        "living": sum(
            1
            for planet in view["in_play"]
            for t, where in view["board"].get(planet, {}).items()
            if owner_of(t) == str(p) and not where["dead"]
        ),
    }


# --- the board ---------------------------------------------------------------------------------


def _last_moves(view: View, me: int | None, names: list[str]) -> dict[str, LastMove]:
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


def _board_svg(
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


def _planet_list(view: View, names: list[str]) -> list[dict[str, Any]]:
    """Each planet in play with who leads it now (dominance as it would score)."""
    planets = []
    for planet in PLANET_IDS:
        if planet not in view["in_play"]:
            continue
        counts = Counter(
            owner_of(t) for t, where in view["board"].get(planet, {}).items() if not where["dead"]
        )
        corpses = sum(1 for where in view["board"].get(planet, {}).values() if where["dead"])
        best = max(counts.values(), default=0)
        leaders = [c for c, n in counts.items() if n == best]
        leader = None
        if best and len(leaders) == 1 and leaders[0] != NEUTRAL:
            leader = player_name(names, int(leaders[0]))
        planets.append(
            {
                "id": planet,
                "name": planet_name(planet),
                "counts": [
                    {
                        "mark": colour_mark(c),
                        "cls": colour_class(c),
                        "count": n,
                        "name": colour_name(names, c),
                    }
                    for c, n in sorted(counts.items())
                ],
                "corpses": corpses,
                "leader": leader,
            }
        )
    return planets


def _column(view: View, last: dict[str, LastMove]) -> list[dict[str, Any]]:
    rels = view["relationships"] or {}
    priority = view["options"]["priority"]
    rows = []
    for rel in RELATIONSHIPS:
        cards = rels.get(rel) if rel in SIDED else None
        rows.append(
            {
                "id": rel,
                "name": relationship_name(rel),
                "order": priority.index(rel) + 1,
                "sides": [
                    {
                        "card": c,
                        "race": c.split("-")[0],
                        "name": races_name(c.split("-")[0]),
                        "letter": race_letter(c.split("-")[0]),
                        "last": last.get(c),
                    }
                    for c in cards
                ]
                if cards
                else [],
                "locked": rel in view["locks"],
                "sided": rel in SIDED,
                "last": last.get(f"rel:{rel}"),
            }
        )
    rows.sort(key=lambda row: row["order"])
    return rows


def _track(view: View) -> list[dict[str, Any]]:
    items = []
    for i, (kind, number) in enumerate(view["track"]):
        items.append(
            {
                "flight": kind != "round",
                "number": number,
                "current": i == view["track_pos"] and view["phase"] != "over",
                "past": i < view["track_pos"] or view["phase"] == "over",
                "scoring": DOMINANCE_AFTER.get(number) if kind == "round" else None,
            }
        )
    return items


def _colonise(view: View, names: list[str]) -> dict[str, Any] | None:
    col = view.get("colonise")
    if not col:
        return None
    picks = col.get("picks") or []
    return {
        "planet": planet_name(col["planet"]) if col.get("planet") else None,
        # The planet being colonised counts, and so does the one about to be chosen.
        "number": len(col["colonised"]) + (view["phase"] == "colonise_choose"),
        "planets": len(view["in_play"]),
        "race": race_name(col["race"]) if col.get("race") else None,
        "mode": col.get("mode"),
        "hands": [
            {
                "name": player_name(names, p),
                "cls": COLOUR_CLASS[p],
                "mark": p + 1,
                "races": [
                    {"letter": race_letter(r), "name": races_name(r), "count": hand[r]}
                    for r in RACES
                ],
            }
            for p, hand in enumerate(col["hands"])
        ],
        "picks": [
            {"name": player_name(names, p), "race": race_name(r) if r else None}
            for p, r in enumerate(picks)
        ],
    }


# --- the viewer's choices --------------------------------------------------------------------


def _grid(
    view: View,
    planet: str,
    names: list[str],
    *,
    open_tokens: set[str] | None = None,
    open_all: bool = False,
    checked: set[tuple[int, int]] | None = None,
) -> dict[str, Any]:
    """A planet as rows of cells for a placement form: free cells (and the cells of
    `open_tokens`, or every cell with `open_all`) are checkboxes, the others show their token."""
    height, width = PLANET_SIZE[planet]
    cells = PLANET_CELLS[planet]
    covered: dict[tuple[int, int], str] = {}
    for token, where in view["board"].get(planet, {}).items():
        for r, c in where["cells"]:
            covered[(r, c)] = token
    checked = checked or set()
    rows = []
    for r in range(height):
        row = []
        for c in range(width):
            if (r, c) not in cells:
                row.append(None)
                continue
            token = covered.get((r, c))
            where = view["board"][planet][token] if token else None
            cell: dict[str, Any] = {
                "value": f"{r},{c}",
                "label": _("row %(row)s, column %(col)s") % {"row": r + 1, "col": c + 1},
                "open": token is None or open_all or token in (open_tokens or ()),
                "checked": (r, c) in checked,
                "cls": "",
                "mark": "",
                "token": token,
            }
            if token:
                cell["cls"] = (
                    f"sb-{colour_class(owner_of(token))}{' sb-dead' if where['dead'] else ''}"
                )
                cell["mark"] = (
                    "✝"
                    if where["dead"]
                    else f"{race_letter(race_of(token))}{colour_mark(owner_of(token))}"
                )
                cell["label"] += " · " + token_label(names, token)
            row.append(cell)
        rows.append(row)
    return {"planet": planet, "name": planet_name(planet), "rows": rows, "width": width}


def _forms(
    view: View, by_type: dict[str, list[Move]], me: int | None, names: list[str]
) -> dict[str, Any]:
    if me is None or not by_type:
        return {}
    forms: dict[str, Any] = {}
    if "choose_planet" in by_type:
        forms["choose"] = [
            {
                "id": m["planet"],
                "name": planet_name(m["planet"]),
                "size": len(PLANET_CELLS[m["planet"]]),
            }
            for m in by_type["choose_planet"]
        ]
    if "pick" in by_type:
        hand = view["colonise"]["hands"][me]
        forms["pick"] = [
            {
                "race": m["race"],
                "name": races_name(m["race"]),
                "count": hand[m["race"]],
                "letter": race_letter(m["race"]),
            }
            for m in by_type["pick"]
        ]
    if "place" in by_type:
        forms["place"] = _place_form(view, by_type["place"], names)
    if "plan" in by_type:
        forms["plan"] = _plan_form(view, by_type["plan"], me, names)
    # A second birth, shot or meal is the action's boost: its price is said before it is chosen.
    price = BOOST_COST if (view.get("act") or {}).get("uses") else 0
    if "love" in by_type:
        forms["love"] = _love_form(view, by_type["love"], names, price)
    for kind in ("shoot", "eat"):
        if kind in by_type:
            forms["attack"] = {
                "type": kind,
                "price": price,
                "choices": [
                    {
                        "planet": m["planet"],
                        "target": m["target"],
                        "label": _priced(
                            _("%(planet)s: %(colour)s")
                            % {
                                "planet": planet_name(m["planet"]),
                                "colour": colour_name(names, m["target"]),
                            },
                            price,
                        ),
                    }
                    for m in by_type[kind]
                ],
            }
    for kind in ("trade", "diplomacy"):
        if kind in by_type:
            targets = sorted(
                {c for m in by_type[kind] for c in m["decline"]}, key=lambda c: (c == NEUTRAL, c)
            )
            forms["deal"] = {
                "type": kind,
                "name": relationship_name(kind),
                "targets": [{"value": c, "name": colour_name(names, c)} for c in targets],
                "outcomes": _deal_outcomes(view, me, kind, targets, names),
            }
    if "respond" in by_type:
        respond = view["respond"]
        forms["respond"] = {
            "actor": player_name(names, respond["actor"]),
            "card": relationship_name(respond["card"]),
            **_prompt_pairs(view, me, names),
        }
    if "mutate" in by_type:
        forms["mutate"] = _mutate_forms(view, by_type["mutate"], me, names)
    if "arrange_corpses" in by_type:
        forms["arrange"] = [
            {
                "grid": _grid(
                    view,
                    m["planet"],
                    names,
                    open_all=True,
                    checked={tuple(c) for cells in m["layout"].values() for c in cells},
                ),
                "pieces": list(m["layout"]),
            }
            for m in by_type["arrange_corpses"]
        ]
    if any(k in by_type for k in ("exchange", "lock", "swap", "extra_lock")):
        forms["change"] = _change_form(view, by_type)
    if any(k in by_type for k in ("ship_place", "ship_step", "load", "unload")):
        forms["ship"] = _ship_form(view, by_type, me, names)
    return forms


def _pairs(
    view: View, actor: int, card: str, partners: list[str]
) -> tuple[dict[str, list[tuple[str, int]]], list[int]]:
    """The pairs a trade or diplomacy of `actor` makes with these partners, by the engine's own
    pairing (public data only: the board and the column): each colour's pairs by planet (the
    actor's own pairs under its colour), and what each seat gains."""
    public = {"seats": view["seats"], "board": view["board"], "rel": view["relationships"]}
    by_colour: dict[str, list[tuple[str, int]]] = {}
    gains = [0] * view["seats"]
    for planet in PLANET_IDS:
        if planet not in view["in_play"]:
            continue
        total, shares = engine.pairing({**public, "in_play": [planet]}, actor, card, partners)
        gains[actor] += total
        own = total - sum(shares.values())
        for colour, count in [(str(actor), own), *shares.items()]:
            if count:
                by_colour.setdefault(colour, []).append((planet_name(planet), count))
            if count and colour not in (str(actor), NEUTRAL):
                gains[int(colour)] += count
    return by_colour, gains


def _gain_text(card: str, gain: int) -> str:
    if not gain:
        return _("nothing")
    if card == "trade":
        return ngettext("+%(n)s money", "+%(n)s money", gain) % {"n": gain}
    return ngettext("+%(n)s point", "+%(n)s points", gain) % {"n": gain}


def _planets_text(pairs: list[tuple[str, int]]) -> str:
    return ", ".join(f"{planet} ×{count}" for planet, count in pairs)


def _deal_outcomes(
    view: View, me: int, card: str, targets: list[int | str], names: list[str]
) -> list[dict[str, Any]]:
    """For every choice of colours to refuse (the form's ticked boxes, in the form's order):
    who would pair with whom and what each side would gain if all the others take part. Who
    takes part stays unknown until then (standing answers and replies are private)."""
    outcomes = []
    for size in range(len(targets) + 1):
        for declined in combinations(targets, size):
            partners = [str(c) for c in targets if c not in declined]
            by_colour, gains = _pairs(view, me, card, partners)
            own = sum(count for _planet, count in by_colour.get(str(me), []))
            parts = []
            if own:
                parts.append(
                    ngettext(
                        "%(count)s pair of your own (%(planets)s)",
                        "%(count)s pairs of your own (%(planets)s)",
                        own,
                    )
                    % {"count": own, "planets": _planets_text(by_colour[str(me)])}
                )
            if gains[me] - own:
                parts.append(
                    ngettext(
                        "%(count)s pair with partners",
                        "%(count)s pairs with partners",
                        gains[me] - own,
                    )
                    % {"count": gains[me] - own}
                )
            lines = [
                _("You: %(gain)s — %(pairs)s")
                % {"gain": _gain_text(card, gains[me]), "pairs": ", ".join(parts) or _("no pairs")}
            ]
            for colour in partners:
                pairs = by_colour.get(colour, [])
                count = sum(n for _planet, n in pairs)
                with_you = (
                    ngettext(
                        "%(count)s pair with you (%(planets)s)",
                        "%(count)s pairs with you (%(planets)s)",
                        count,
                    )
                    % {"count": count, "planets": _planets_text(pairs)}
                    if count
                    else _("no pair with you")
                )
                gain = _("nothing") if colour == NEUTRAL else _gain_text(card, gains[int(colour)])
                lines.append(
                    _("%(name)s: %(gain)s — %(pairs)s")
                    % {"name": colour_name(names, colour), "gain": gain, "pairs": with_you}
                )
            outcomes.append({"key": ",".join(str(c) for c in declined), "lines": lines})
    return outcomes


def _prompt_pairs(view: View, me: int, names: list[str]) -> dict[str, Any]:
    """What the prompted viewer would pair and gain by taking part: at most its pairs with the
    actor alone; seats before it in turn order (from the actor's next seat) pair first, so with
    all of them taking part it may gain less. Their answers are private: both are said."""
    respond = view["respond"]
    actor, card = respond["actor"], respond["card"]
    seats = view["seats"]
    before = [str((actor + i) % seats) for i in range(1, seats)]
    before = before[: before.index(str(me))]
    alone, gains = _pairs(view, actor, card, [str(me)])
    _crowded, least = _pairs(view, actor, card, [*before, str(me)])
    return {
        "pairs": _planets_text(alone.get(str(me), [])),
        "gain": _gain_text(card, gains[me]) if gains[me] else None,
        "least": _gain_text(card, least[me]) if least[me] < gains[me] else None,
        "crowded_out": 0 == least[me] < gains[me],
    }


def _place_form(view: View, moves: list[Move], names: list[str]) -> dict[str, Any]:
    col = view["colonise"]
    planet = col["planet"]
    move = moves[0]
    rearrange = "rearrange" in move
    if rearrange:
        pieces = [col["token"], *move["rearrange"]]
        checked = {tuple(c) for c in move["cells"]} | {
            tuple(c) for cells in move["rearrange"].values() for c in cells
        }
        grid = _grid(view, planet, names, open_all=True, checked=checked)
    else:
        pieces = [col["token"]]
        grid = _grid(view, planet, names)
    return {
        "race": col["race"],
        "race_name": race_name(col["race"]),
        "rearrange": rearrange,
        "pieces": pieces,
        "piece_names": [token_label(names, t) for t in pieces],
        "grid": grid,
    }


def _plan_form(view: View, moves: list[Move], me: int, names: list[str]) -> dict[str, Any]:
    prefs = view.get("prefs") or {}
    others = [p for p in range(view["seats"]) if p != me]
    choices = [
        ("", _("as the default")),
        ("accept", _("accept")),
        ("ask", _("ask me")),
        ("refuse", _("refuse")),
    ]
    return {
        "hand": [{"card": c, "name": relationship_name(c)} for c in view["hands"][me]],
        "double": any(len(m["cards"]) == 2 for m in moves),
        "prefs": [
            {
                "card": card,
                "name": relationship_name(card),
                "default": prefs.get(card, {}).get("default"),
                "seats": [
                    {
                        "seat": p,
                        "name": player_name(names, p),
                        "value": prefs.get(card, {}).get("seats", {}).get(str(p), ""),
                    }
                    for p in others
                ],
            }
            for card in ("trade", "diplomacy")
        ],
        "choices": choices,
    }


def _priced(label: str, price: int) -> str:
    """A choice's label with what it costs, when it costs anything."""
    if not price:
        return label
    return ngettext("%(label)s (%(price)s money)", "%(label)s (%(price)s money)", price) % {
        "label": label,
        "price": price,
    }


def _love_form(view: View, moves: list[Move], names: list[str], price: int) -> list[dict[str, Any]]:
    races: dict[str, list[str]] = {}
    for m in moves:
        if m["race"] not in races.setdefault(m["planet"], []):
            races[m["planet"]].append(m["race"])
    return [
        {
            "grid": _grid(view, planet, names),
            "races": [{"race": r, "name": race_name(r)} for r in planet_races],
            "price": price,
        }
        for planet, planet_races in races.items()
    ]


def _mutate_forms(view: View, moves: list[Move], me: int, names: list[str]) -> list[dict[str, Any]]:
    by_planet: dict[str, dict[str, Any]] = {}
    for m in moves:
        entry = by_planet.setdefault(m["planet"], {"combos": {}, "tokens": set()})
        key = f"{m['owner']}|{m['from']}|{m['to']}"
        entry["combos"][key] = _priced(
            _("%(colour)s: %(from)s into %(to)s")
            % {
                "colour": colour_name(names, m["owner"]),
                "from": race_name(m["from"]),
                "to": race_name(m["to"]),
            },
            0 if m["owner"] == me else MUTATE_OTHER_COST,
        )
        entry["tokens"].update(m["tokens"])
    forms = []
    for planet, entry in by_planet.items():
        tokens = sorted(entry["tokens"])
        forms.append(
            {
                "grid": _grid(view, planet, names, open_tokens=set(tokens)),
                "combos": [{"value": k, "label": v} for k, v in entry["combos"].items()],
                "tokens": [
                    {
                        "token": t,
                        "label": _token_at(view, planet, t, token_label(names, t)),
                    }
                    for t in tokens
                ],
            }
        )
    return forms


def _token_at(view: View, planet: str, token: str, label: str) -> str:
    return f"{label} ({cells_text(view['board'][planet][token]['cells'])})"


def _change_form(view: View, by_type: dict[str, list[Move]]) -> dict[str, Any]:
    exchange = by_type.get("exchange", [])
    rels = view["relationships"]
    return {
        "exchange": [
            {
                "value": f"{m['relationship']}|{m['side']}|{m['race']}",
                # The card that goes back to the offer, as the column shows it on that side.
                "label": _("%(relationship)s, side %(side)s (%(current)s): take %(race)s")
                % {
                    "relationship": relationship_name(m["relationship"]),
                    "side": m["side"] + 1,
                    "current": races_name(rels[m["relationship"]][m["side"]].split("-")[0]),
                    "race": races_name(m["race"]),
                },
            }
            for m in exchange
        ],
        "lock": [
            {"value": m["relationship"], "name": relationship_name(m["relationship"])}
            for m in by_type.get("lock", [])
        ],
        "swap": [
            {"value": m["relationship"], "name": relationship_name(m["relationship"])}
            for m in by_type.get("swap", [])
        ],
        "extra_lock": [
            {"value": m["relationship"], "name": relationship_name(m["relationship"])}
            for m in by_type.get("extra_lock", [])
        ],
    }


def _ship_form(
    view: View, by_type: dict[str, list[Move]], me: int, names: list[str]
) -> dict[str, Any]:
    ship = view["ships"][me]
    movement = view.get("movement") or {}
    unload = by_type.get("unload", [])
    planet = DOCK_PLANET.get(ship["space"] or "")
    paid = movement.get("kind") == "migration" and movement["steps"] >= MIGRATION_FREE_STEPS
    jump = TELEPORT.get(ship["space"] or "")
    steps = view.get("steps_left", 0)
    empty = movement.get("kind") == "ships" and not movement["carried"] and not ship["cargo"]
    return {
        "migration": movement.get("kind") == "migration",
        "steps_left": (
            ngettext("%(count)s step left", "%(count)s steps left", steps) % {"count": steps}
            if ship["space"]
            else None
        ),
        # A SHIPS turn's extra step is only for an empty ship (5.7).
        "empty_bonus": empty and steps > 0,
        "blocked": _ship_blocked(view, by_type, me, planet),
        "here": space_name(ship["space"]) if ship["space"] else None,
        "place": [
            {"space": m["space"], "name": space_name(m["space"])}
            for m in by_type.get("ship_place", [])
        ],
        "step": [
            {
                "space": m["to"],
                "name": _priced(
                    space_name(m["to"]), MIGRATION_STEP_COST if paid and m["to"] != jump else 0
                ),
            }
            for m in by_type.get("ship_step", [])
        ],
        "load": [
            {
                "token": m["token"],
                "label": _token_at(view, planet, m["token"], race_name(race_of(m["token"]))),
            }
            for m in by_type.get("load", [])
        ]
        if planet
        else [],
        "unload": {
            "tokens": [
                {"token": t, "name": race_name(race_of(t))}
                for t in dict.fromkeys(m["token"] for m in unload)
            ],
            "grid": _grid(view, planet, names),
        }
        if unload and planet
        else None,
    }


def _ship_blocked(
    view: View, by_type: dict[str, list[Move]], me: int, planet: str | None
) -> list[str]:
    """Why creatures at this dock cannot board and cargo cannot land, read from what the legal
    moves leave out: no room in the ship, a migration race outside a migration, no room on the
    planet, boarded here this move; or another ship on the dock."""
    ship = view["ships"][me]
    if planet is None or planet not in view["in_play"]:
        return []
    mine = str(me)
    living = sorted(
        t for t, where in view["board"][planet].items() if owner_of(t) == mine and not where["dead"]
    )
    if not living and not ship["cargo"]:
        return []
    others = {s["space"] for p, s in enumerate(view["ships"]) if p != me}
    if ship["space"] in others:
        return [_("Another ship is on this dock: nobody boards or lands here.")]
    movement = view["movement"]
    loadable = {m["token"] for m in by_type.get("load", [])}
    landable = {m["token"] for m in by_type.get("unload", [])}
    banned = set()
    if movement["kind"] != "migration":
        banned = {c.split("-")[0] for c in view["relationships"]["migration"]}
    groups: dict[str, list[str]] = {}
    for token in living:
        if token in loadable:
            continue
        key = (
            _("Migration races board only during a migration: %(creatures)s.")
            if race_of(token) in banned
            else _("No room in your ship for: %(creatures)s.")
        )
        groups.setdefault(key, []).append(_token_at(view, planet, token, race_name(race_of(token))))
    for token in ship["cargo"]:
        if token in landable:
            continue
        key = (
            _("Boarded here during this move, so it cannot land here: %(creatures)s.")
            if movement["loaded_from"].get(token) == planet
            else _("No room on %(planet)s for: %(creatures)s.")
        )
        groups.setdefault(key, []).append(race_name(race_of(token)))
    return [
        key % {"creatures": ", ".join(tokens), "planet": planet_name(planet)}
        for key, tokens in groups.items()
    ]


def _done_label(view: View) -> str:
    phase = view["phase"]
    if phase in ("ships", "migration"):
        return _("End the movement")
    if phase == "change":
        return _("End my turn")
    act = view.get("act") or {}
    if act.get("uses"):
        return _("Finish the action")
    return _("Skip this action")


# --- the end -----------------------------------------------------------------------------------


def _result(view: View, names: list[str], me: int | None) -> dict[str, Any] | None:
    result = view.get("result")
    if not result:
        return None
    rows = []
    for rank_group in result["ranking"]:
        for p in rank_group:
            b = result["breakdown"][p]
            rows.append(
                {
                    "rank": result["ranks"][p],
                    "name": player_name(names, p),
                    "mark": p + 1,
                    "cls": COLOUR_CLASS[p],
                    "winner": p in result["winners"],
                    "is_you": p == me,
                    **{
                        k: b[k]
                        for k in (
                            "dominance_4",
                            "dominance_8",
                            "dominance_12",
                            "diplomacy",
                            "bought",
                            "total",
                            "money_left",
                            "living",
                        )
                    },
                }
            )
    totals = [r["total"] for r in rows]
    money = [(r["total"], r["money_left"]) for r in rows]
    scorings = view.get("scorings", [])
    badges = [
        Markup(f'<span class="sb-chip sb-{COLOUR_CLASS[p]}" aria-hidden="true">{p + 1}</span> ')
        for p in range(len(result["breakdown"]))
    ]
    columns = [
        Column("dominance_4", _("Points for planets after round 4")),
        Column("dominance_8", _("Points for planets after round 8")),
        Column("dominance_12", _("Points for planets after round 12")),
        Column("diplomacy", _("Diplomacy")),
        Column("bought", _("Bought with money")),
        Column("total", _("Total"), strong=True),
        Column("money_left", _("Money left")),
        Column("living", _("Creatures in play")),
    ]
    return {
        "rows": rows,
        "rounds": [s["round"] for s in scorings],
        "planets": _scoring_rows(view["in_play"], scorings, names),
        "tie_money": len(set(totals)) < len(totals),
        "tie_living": len(set(money)) < len(money),
        "shared": any(len(group) > 1 for group in result["ranking"]),
        "sheet": score_sheet(result, names, me, columns, SHEET_LOOK, badges=badges),
    }


SHEET_LOOK = Look(table="sb-score", winner="sb-winner", you="sb-you", marker="sb-marker")


def _scorings(view: View, names: list[str]) -> dict[str, Any] | None:
    """The scorings so far while the game goes on (at the end the score sheet has them)."""
    scorings = view.get("scorings")
    if not scorings or view["phase"] == "over":
        return None
    return {
        "rounds": [s["round"] for s in scorings],
        "planets": _scoring_rows(view["in_play"], scorings, names),
    }


def _scoring_rows(
    in_play: list[str], scorings: list[dict[str, Any]], names: list[str]
) -> list[dict[str, Any]]:
    """Per planet, who led it at each scoring with how many living creatures, and the points."""
    rows = []
    for planet in PLANET_IDS:
        if planet not in in_play:
            continue
        cells = []
        for scoring in scorings:
            led = scoring["planets"].get(planet, {"leaders": [], "count": 0, "points": 0})
            leaders = led["leaders"]
            if not led["count"]:
                outcome = _("no creatures")
            elif led["points"]:
                outcome = ngettext("+%(n)s point", "+%(n)s points", led["points"]) % {
                    "n": led["points"]
                }
            elif len(leaders) > 1:
                outcome = _("tie, nobody scores")
            else:
                outcome = _("neutral on top, nobody scores")
            cells.append(
                {
                    "leaders": [
                        {
                            "mark": colour_mark(c),
                            "cls": colour_class(c),
                            "name": colour_name(names, c),
                        }
                        for c in leaders
                    ],
                    "count": led["count"],
                    "outcome": outcome,
                    "scored": bool(led["points"]),
                }
            )
        rows.append({"name": planet_name(planet), "scorings": cells})
    return rows


def _double_plan(view: View, seat: int) -> bool:
    """Whether the seat may plan two cards: two in hand and the money for it (5.4 a)."""
    return len(view["hands"][seat]) >= 2 and view["money"][seat] >= DOUBLE_ACTION_COST


# --- status line -------------------------------------------------------------------------------


def status_text(view: View, seat: int | None, names: list[str]) -> str:
    """One sentence: what happens now, addressed to the viewer when it is their move."""
    phase = view["phase"]
    acting = view["to_act"]
    mine = seat is not None and seat in acting
    waiting = join_names([player_name(names, p) for p in acting if p != seat])
    col = view.get("colonise") or {}
    if phase == "colonise_choose":
        if mine:
            return _("Choose the next planet to colonise.")
        return _("%(name)s chooses the next planet to colonise.") % {"name": waiting}
    if phase == "colonise_pick":
        planet = planet_name(col["planet"])
        if mine:
            return _("Pick the race you colonise %(planet)s with.") % {"planet": planet}
        return _("Waiting for %(names)s to pick a race for %(planet)s.") % {
            "names": waiting,
            "planet": planet,
        }
    if phase == "colonise_place":
        values = {
            "planet": planet_name(col["planet"]),
            "race": race_name(col["race"]),
            "name": waiting,
        }
        if mine and col.get("mode") == "rearrange":
            return (
                _("Your %(race)s does not fit on %(planet)s as it is: rearrange the planet.")
                % values
            )
        if mine:
            return _("Place your %(race)s on %(planet)s.") % values
        return _("%(name)s places a %(race)s on %(planet)s.") % values
    if phase == "plan":
        if mine and _double_plan(view, seat):
            return _("Plan an action card, or two for 2 money.")
        if mine:
            return _("Plan an action card.")
        return _("Waiting for %(names)s to plan.") % {"names": waiting}
    if phase == "respond":
        respond = view["respond"]
        values = {
            "name": player_name(names, respond["actor"]),
            "action": relationship_name(respond["card"]),
            "names": waiting,
        }
        if mine:
            return _("%(name)s offers %(action)s: do you take part?") % values
        return _("Waiting for %(names)s to answer the offer of %(name)s.") % values
    if phase == "change":
        if mine:
            return _("Change of relationship: your turn.")
        return _("%(name)s changes relationships.") % {"name": waiting}
    if phase in ("ships", "migration"):
        if mine and phase == "migration":
            return _(
                "Migration: move your ship; the first step is free, each further step costs 1 "
                "money."
            )
        if mine:
            return _("Move your ship.")
        return _("%(name)s moves a ship.") % {"name": waiting}
    act = view.get("act") or {}
    action = relationship_name(act.get("card", ""))
    if mine:
        return _("Your action: %(action)s.") % {"action": action}
    return _("%(name)s resolves %(action)s.") % {"name": waiting, "action": action}
