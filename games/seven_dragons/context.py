"""The Seven Dragons table's region contexts (what the fragments under
`jinja2/seven_dragons/` show of the engine's `view()`) and status line."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from games.score_sheet import Column, Look, score_sheet
from games.seven_dragons import engine
from games.seven_dragons.components import (
    ACTION_COLOR,
    ACTION_OF,
    COLORS,
    DRAGON_QUADRANTS,
    GOAL_SLOTS,
    SILVER,
    WIN_AREA,
)
from games.seven_dragons.labels import (
    Cell,
    Move,
    View,
    action_info,
    card_info,
    card_label,
    colour_name,
    colour_panel,
    dragon_info,
    goal_info,
    join_names,
    player_name,
    rot_name,
    slot_name,
    where_name,
)
from games.translated import gettext as _
from games.translated import ngettext

# --- geometry read from the engine --------------------------------------------------------------


def _layout_rows(view: View) -> list[list[int]]:
    return [[c["card"], c["x"], c["y"], c["rot"]] for c in view["layout"]]


def _bonus(layout: list[list[int]], silver: str | None, move: dict[str, Any], skip: Cell | None):
    """Bonus cards a placement earns (the engine's own bonus rule)."""
    grid = engine._grid(layout, silver)
    facing = engine._facing(grid, move["x"], move["y"], skip)
    if facing is None:
        return 0
    mask = engine._bonus_mask(move["card"] * 2 + (move["rot"] == 180), facing)
    return max(0, len(engine._colors_of(mask)) - 1)


def _area_cells(layout: list[list[int]], silver: str | None, colour: str) -> set[Cell]:
    """The cells of the largest connected area of a colour (the first one on a tie)."""
    grid = engine._grid(layout, silver)
    bit = engine.COLOR_BIT[colour]
    links = engine._links(grid)
    best: set[Cell] = set()
    seen: set[Cell] = set()
    for start in sorted(cell for cell, p in grid.items() if p[4] & bit):
        if start in seen:
            continue
        seen.add(start)
        area = {start}
        stack = [start]
        while stack:
            for other, link in links[stack.pop()]:
                if link & bit and other not in seen:
                    seen.add(other)
                    area.add(other)
                    stack.append(other)
        if len(area) > len(best):
            best = area
    return best


# --- template context ------------------------------------------------------------------------


def table_context(view: View, legal: list[Move], seat: int | None, names: list[str]) -> dict:
    """Everything the Seven Dragons fragments need beyond the raw view."""
    seats = view["seats"]
    layout = _layout_rows(view)
    silver = view["silver"]
    result = view.get("result")
    dragons = [m for m in legal if m["type"] == "play_dragon"]
    actions = [m for m in legal if m["type"] == "play_action"]
    occupied = {(x, y) for _c, x, y, _r in layout}

    # Spots: the empty cells some legal move of the viewer may fill, numbered in reading order.
    targets = {(m["x"], m["y"]) for m in dragons}
    for m in actions:
        if ACTION_OF[m["card"]] == "move_card" and m["action"]:
            targets.add((m["action"]["x"], m["action"]["y"]))
    spot_cells = sorted((c for c in targets if c not in occupied), key=lambda c: (c[1], c[0]))
    spots = {cell: n for n, cell in enumerate(spot_cells, start=1)}

    win_cells: set[Cell] = set()
    win_colours: list[str] = []
    if result:
        win_colours = sorted({result["breakdown"][w]["goal"] for w in result["winners"]})
        for colour in win_colours:
            win_cells |= _area_cells(layout, silver, colour)

    xs = [x for _c, x, _y, _r in layout] + [x for x, _y in spot_cells]
    ys = [y for _c, _x, y, _r in layout] + [y for _x, y in spot_cells]
    min_x, min_y = min(xs) - 1, min(ys) - 1
    # Cards an action in the viewer's hand may take or move: picked by clicking them.
    targets_on_grid = {
        (m["action"]["card"])
        for m in actions
        if m["action"] and ACTION_OF[m["card"]] in ("move_card", "zap_card")
    }
    last_by = _last_marks(view, seat, names)
    cells = []
    for card, x, y, rot in layout:
        cells.append(
            {
                "col": x - min_x + 1,
                "row": y - min_y + 1,
                "x": x,
                "y": y,
                "card": dragon_info(card, rot, silver),
                "win": (x, y) in win_cells,
                "target": card in targets_on_grid,
                "last": last_by.get(card),
                "where": where_name(x, y) if card in targets_on_grid else "",
            }
        )
    for (x, y), number in spots.items():
        cells.append(
            {
                "col": x - min_x + 1,
                "row": y - min_y + 1,
                "x": x,
                "y": y,
                "spot": number,
                "where": where_name(x, y),
            }
        )

    me = seat is not None and 0 <= seat < seats
    goal = view.get("goal") if me else None
    hand = view.get("hand", []) if me else []
    players = []
    for p in range(seats):
        goal_colour = result["breakdown"][p]["goal"] if result else None
        players.append(
            {
                "seat": p,
                "name": player_name(names, p),
                "is_you": p == seat,
                "hand_size": view["hand_counts"][p],
                "is_current": p == view["current"],
                "goal": goal_info(goal_colour) if goal_colour else None,
                "own_goal": goal_info(goal) if p == seat and goal else None,
            }
        )
    imaginary = []
    for slot in range(seats, GOAL_SLOTS):
        colour = result["goal_slots"][slot] if result and "goal_slots" in result else None
        imaginary.append(
            {
                "slot": slot,
                "name": slot_name(slot, seats, names),
                "goal": goal_info(colour) if colour else None,
            }
        )
    pile = view["action_pile"]
    return {
        "cells": cells,
        "spot_count": len(spots),
        "silver": colour_panel(silver) if silver else None,
        "silver_card": dragon_info(SILVER, 0, silver),
        "pile_top": action_info(pile[-1]) if pile else None,
        "pile_top_last": last_by.get(pile[-1]) if pile else None,
        "pile_size": len(pile),
        "draw_pile": view["draw_pile"],
        "players": players,
        "imaginary": imaginary,
        "me": players[seat] if me else None,
        "goal": goal_info(goal) if goal else None,
        "goal_area": engine.largest_area(layout, silver, goal) if goal else None,
        "win_area": WIN_AREA,
        "hand": _hand_context(view, hand, dragons, actions, spots, seat, names),
        "acting": bool(legal),
        "legend": [colour_panel(c) for c in COLORS],
        "result": _result_context(view, names, seat, win_colours),
        "over": view["over"],
    }


def _last_marks(view: View, seat: int | None, names: list[str]) -> dict[int, dict[str, Any]]:
    """The card each other seat played last (and a card its action moved), marked on the
    table with who played it."""
    marks: dict[int, dict[str, Any]] = {}
    for p, last in enumerate(view.get("last") or []):
        if not last or p == seat:
            continue
        name = player_name(names, p)
        mark = {
            "seat": p,
            "number": p + 1,
            "text": _("last move of %(name)s") % {"name": name},
        }
        marks[last["card"]] = mark
        if last.get("moved") is not None:
            marks[last["moved"]] = mark
    return marks


def _hand_context(
    view: View,
    hand: list[int],
    dragons: list[Move],
    actions: list[Move],
    spots: dict[Cell, int],
    seat: int | None,
    names: list[str],
) -> list[dict[str, Any]]:
    """The viewer's hand, each playable card with every legal way to play it: the ways of one
    rotation together, so that its picture is shown once (a card has up to hundreds of ways,
    and a picture on each made the acting seat's table hundreds of kilobytes)."""
    layout = _layout_rows(view)
    silver = view["silver"]
    seats = view["seats"]
    where = {c: (x, y, r) for c, x, y, r in layout}
    twins = _turned_twins(dragons + actions)
    out = []
    for card in hand:
        info = card_info(card)
        options: list[dict[str, Any]] = []
        if card in DRAGON_QUADRANTS:
            for m in dragons:
                if m["card"] != card or id(m) in twins:
                    continue
                bonus = _bonus(layout, silver, m, None)
                options.append(
                    {
                        "value": f"{m['x']},{m['y']},{m['rot']}",
                        "position": f"{m['x']},{m['y']}",
                        "spot": spots[(m["x"], m["y"])],
                        "rot": m["rot"],
                        "rot_name": rot_name(m["rot"]),
                        "preview": dragon_info(card, m["rot"]),
                        "bonus": bonus,
                    }
                )
            options.sort(key=lambda o: (o["rot"], o["spot"]))
            out.append(
                {
                    "card": info,
                    "dragon": True,
                    "options": options,
                    "groups": [],
                    "turns": len({o["rot"] for o in options}) > 1,
                }
            )
            continue
        groups: dict[str, dict[str, Any]] = {}
        for m in actions:
            if m["card"] != card or id(m) in twins:
                continue
            option = _action_option(m, layout, where, spots, seats, names, silver)
            group = groups.setdefault(
                option["group"], {"key": option["group"], "title": option["group_title"]}
            )
            group.setdefault("options", []).append(option)
        for group in groups.values():
            group["options"].sort(key=lambda o: o.get("rot", 0))
        turns = any(o.get("rot") == 180 for g in groups.values() for o in g["options"])
        out.append(
            {
                "card": info,
                "dragon": False,
                "options": [],
                "groups": list(groups.values()),
                "turns": turns,
            }
        )
    return out


def _symmetric(card: int) -> bool:
    """A card that looks the same upside down (one colour, or diagonals alike): its two
    rotations are one placement, offered once."""
    printed = DRAGON_QUADRANTS[card]
    return list(printed) == list(printed[::-1])


def _turned(m: Move) -> tuple[int, int, tuple[Any, ...]] | None:
    """The card a move lays down or moves, its rotation and what else it does; None if none."""
    if m["type"] == "play_dragon":
        return m["card"], m["rot"], (m["x"], m["y"])
    action = m["action"] or {}
    if "rot" not in action:
        return None
    return action["card"], action["rot"], (m["card"], m["place"], action["x"], action["y"])


def _turned_twins(moves: list[Move]) -> set[int]:
    """Of two moves that differ only by turning a card that looks the same both ways up, the
    upside-down one (by `id`): it is not offered, the upright one is."""
    upright = set()
    for m in moves:
        turned = _turned(m)
        if turned and turned[1] == 0:
            upright.add((turned[0], turned[2]))
    twins = set()
    for m in moves:
        turned = _turned(m)
        if not turned or turned[1] != 180 or not _symmetric(turned[0]):
            continue
        if (turned[0], turned[2]) in upright:
            twins.add(id(m))
    return twins


def _action_option(
    m: Move,
    layout: list[list[int]],
    where: dict[int, tuple[int, int, int]],
    spots: dict[Cell, int],
    seats: int,
    names: list[str],
    silver: str | None,
) -> dict[str, Any]:
    card, place, action = m["card"], m["place"], m["action"]
    colour = ACTION_COLOR[card]
    kind = ACTION_OF[card]
    if place == "top":
        place_text = _("On top: the silver dragon turns %(colour)s") % {
            "colour": colour_name(colour)
        }
    else:
        place_text = _("Under the pile: the silver dragon keeps its colour")
    option: dict[str, Any] = {
        "place": place,
        "value": place,
        "group": place,
        "group_title": place_text,
        "bonus": 0,
    }
    if action is None:
        option["label"] = _("Only recolour the silver dragon, no action")
        return option
    option["value"] = place + ":" + ",".join(f"{k}={v}" for k, v in sorted(action.items()))
    if kind == "move_card":
        target = action["card"]
        ox, oy, orot = where[target]
        option["group"] = f"{place}-{target}"
        option["group_title"] = _("%(place)s; move %(card)s (%(where)s)") % {
            "place": place_text,
            "card": card_label(target),
            "where": where_name(ox, oy),
        }
        option["target"] = dragon_info(target, orot)
        option["target_at"] = f"{ox},{oy}"
        option["position"] = f"{action['x']},{action['y']}"
        option["preview"] = dragon_info(target, action["rot"])
        option["rot"] = action["rot"]
        option["rot_name"] = rot_name(action["rot"])
        silver = colour if place == "top" else silver
        option["bonus"] = _bonus(layout, silver, action, (ox, oy))
        if (action["x"], action["y"]) == (ox, oy):
            option["label"] = _("turn it where it lies: %(rot)s") % {"rot": rot_name(action["rot"])}
        else:
            option["label"] = _("to spot %(spot)s, %(rot)s") % {
                "spot": spots[(action["x"], action["y"])],
                "rot": rot_name(action["rot"]),
            }
    elif kind == "zap_card":
        target = action["card"]
        ox, oy, orot = where[target]
        option["target"] = dragon_info(target, orot)
        option["target_at"] = f"{ox},{oy}"
        option["label"] = _("take %(card)s (%(where)s) into your hand") % {
            "card": card_label(target),
            "where": where_name(ox, oy),
        }
    elif kind == "rotate_goals":
        option["label"] = (
            _("pass every goal card clockwise (to the next seat)")
            if action["dir"] == "cw"
            else _("pass every goal card counter-clockwise (to the previous seat)")
        )
    elif kind == "trade_goals":
        option["label"] = _("swap goals with %(name)s") % {
            "name": slot_name(action["slot"], seats, names)
        }
    else:
        option["label"] = _("swap hands with %(name)s") % {
            "name": player_name(names, action["seat"])
        }
    return option


def _result_context(
    view: View, names: list[str], seat: int | None, win_colours: list[str]
) -> dict[str, Any] | None:
    result = view.get("result")
    if not result:
        return None
    seats = view["seats"]
    winners = [player_name(names, w) for w in result["winners"]]
    if result["end_reason"] == "seven":
        w = result["winners"][0]
        text = _(
            "%(name)s's goal colour is %(colour)s, and %(area)s %(colour)s cards now connect "
            "in one area (seven are needed): %(name)s wins at once."
        ) % {
            "name": player_name(names, w),
            "colour": colour_name(result["breakdown"][w]["goal"]),
            "area": result["scores"][w],
        }
    else:
        text = ngettext(
            "The draw pile ran out and nobody could play any more. Every goal was revealed "
            "and the largest area of each goal colour decided: %(names)s wins.",
            "The draw pile ran out and nobody could play any more. Every goal was revealed "
            "and the largest area of each goal colour decided: %(names)s share the win.",
            len(winners),
        ) % {"names": join_names(winners)}
    imaginary = [
        {"name": slot_name(s, seats, names), "goal": goal_info(result["goal_slots"][s])}
        for s in range(seats, GOAL_SLOTS)
        if "goal_slots" in result
    ]
    columns = [
        Column("goal", _("Goal colour"), show=_goal_drawn),
        Column("largest_area", _("Largest area (cards)"), strong=True),
    ]
    return {
        "sheet": score_sheet(result, names, seat, columns, SHEET_LOOK),
        "text": text,
        "imaginary": imaginary,
        "win_colours": [colour_panel(c) for c in win_colours],
    }


SHEET_LOOK = Look(table="sd-score", winner="sd-winner", you="sd-you", marker="sd-marker")


def _goal_drawn(colour: str) -> str:
    """A goal card on the score sheet, drawn as the table draws it."""
    card = {"card": goal_info(colour)}
    return mark_safe(render_to_string("seven_dragons/_card.html", card, using="jinja2").strip())


# --- status line -----------------------------------------------------------------------------


def status_text(view: View, seat: int | None, names: list[str]) -> str:
    """One sentence in the active language: what happens now, and who must act."""
    current = view["current"]
    if seat is not None and seat == current:
        return _("Your turn: play a dragon card into the layout or an action card.")
    return _("%(name)s must play a card.") % {"name": player_name(names, current)}
