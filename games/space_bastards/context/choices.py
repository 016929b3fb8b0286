"""The forms of the viewer's current decision, built from its legal moves only (never from
the rules re-implemented here): long lists of legal placements are never embedded, a grid
of cells is, and the page's small script computes the ghost of a piece from it."""

from __future__ import annotations

from typing import Any

from games.space_bastards.components import (
    BOOST_COST,
    DOCK_PLANET,
    MIGRATION_FREE_STEPS,
    MIGRATION_STEP_COST,
    MUTATE_OTHER_COST,
    PLANET_CELLS,
    PLANET_SIZE,
    TELEPORT,
)
from games.space_bastards.context.board import colour_class, colour_mark
from games.space_bastards.context.deals import deal_outcomes, prompt_pairs
from games.space_bastards.labels import (
    NEUTRAL,
    Move,
    View,
    cells_text,
    colour_name,
    owner_of,
    planet_name,
    player_name,
    race_letter,
    race_name,
    race_of,
    races_name,
    relationship_name,
    space_name,
    token_label,
)
from games.translated import gettext as _
from games.translated import ngettext


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


def decision_forms(
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
                "outcomes": deal_outcomes(view, me, kind, targets, names),
            }
    if "respond" in by_type:
        respond = view["respond"]
        forms["respond"] = {
            "actor": player_name(names, respond["actor"]),
            "card": relationship_name(respond["card"]),
            **prompt_pairs(view, me, names),
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


def done_label(view: View) -> str:
    phase = view["phase"]
    if phase in ("ships", "migration"):
        return _("End the movement")
    if phase == "change":
        return _("End my turn")
    act = view.get("act") or {}
    if act.get("uses"):
        return _("Finish the action")
    return _("Skip this action")
