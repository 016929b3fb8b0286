"""The Seven Dragons table's Django side: template context, status line, move forms, log lines.

The engine stays pure; this module reads its `view()`, its `legal_moves()` and its events.
Every choice the page offers comes from `legal` alone: one form per playable hand card, one
radio per legal move of that card, so the page never offers a move the engine would refuse.
The bonus shown beside a placement and the winning area at the end are worked out with the
engine's own geometry helpers (read only).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext

from games.rules import IllegalMove
from games.seven_dragons import engine
from games.seven_dragons.components import (
    ACTION_COLOR,
    ACTION_OF,
    COLORS,
    DRAGON_QUADRANTS,
    GOAL_COLOR,
    GOAL_SLOTS,
    RAINBOW,
    SILVER,
    WIN_AREA,
)
from games.translated import per_language

View = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]
Cell = tuple[int, int]

GOAL_OF = {colour: card for card, colour in GOAL_COLOR.items()}
SYMBOLS = {"red": "▲", "yellow": "●", "green": "■", "blue": "◆", "black": "✚"}
"""A shape per colour, printed on every coloured panel for colour-blind players."""
WILD_SYMBOL = "✱"
PAYLOAD_INTS = {"card", "x", "y", "rot", "slot", "seat"}

ENGINE_MESSAGES = (
    gettext_noop("Rotation must be 0 or 180."),
    gettext_noop("You do not hold that card."),
    gettext_noop("That cell is already taken."),
    gettext_noop("The card must touch a card of the layout."),
    gettext_noop("No colour of the card meets the same colour on a neighbour."),
    gettext_noop("The silver dragon never leaves the centre."),
    gettext_noop("That card is not on the table."),
    gettext_noop("Only dragon cards go into the layout."),
    gettext_noop("Only action cards go onto the action pile."),
    gettext_noop('Place must be "top" or "bottom".'),
    gettext_noop("A card put under the pile must carry out its action."),
    gettext_noop("The action must be an object or null."),
    gettext_noop("The card must change its cell or its rotation."),
    gettext_noop('The direction must be "cw" or "ccw".'),
    gettext_noop("There is no such goal slot."),
    gettext_noop("Trade with another goal slot than your own."),
    gettext_noop("There is no such player."),
    gettext_noop("Trade hands with another player."),
    gettext_noop("The game is over."),
    gettext_noop("Not your turn."),
    gettext_noop("A move must be an object."),
    gettext_noop("Unknown move type."),
)
"""The engine's fixed refusals, listed so they get translated. Two refusals carry a field name
inside ("… must be a whole number.", "… needs exactly these fields: …") and stay English; the
table's own forms never trigger them."""


# --- names of things -------------------------------------------------------------------------


@per_language
def colour_name(colour: str) -> str:
    return {
        "red": pgettext("colour", "red"),
        "yellow": pgettext("colour", "yellow"),
        "green": pgettext("colour", "green"),
        "blue": pgettext("colour", "blue"),
        "black": pgettext("colour", "black"),
    }[colour]


@per_language
def action_name(kind: str) -> str:
    return {
        "move_card": _("Move a card"),
        "zap_card": _("Take a card"),
        "rotate_goals": _("Rotate goals"),
        "trade_goals": _("Trade goals"),
        "trade_hands": _("Trade hands"),
    }[kind]


@per_language
def action_help(kind: str) -> str:
    return {
        "move_card": _("Move a dragon card of the layout to another legal place, or turn it."),
        "zap_card": _("Take a dragon card from the layout into your hand."),
        "rotate_goals": _("Every goal card passes one place on, imaginary players included."),
        "trade_goals": _("Swap your goal card with another player's or an imaginary one."),
        "trade_hands": _("Swap your whole hand with another player's hand."),
    }[kind]


def colours_text(colours: Sequence[str]) -> str:
    return ", ".join(colour_name(c) for c in colours)


def dragon_colours(card: int) -> list[str]:
    quads = DRAGON_QUADRANTS[card]
    return [c for c in COLORS if c in quads]


@per_language
def card_label(card: int) -> str:
    """A card by what is printed on it: "red/green dragon", "Move a card (green)"."""
    if card == SILVER:
        return _("the silver dragon")
    if card == RAINBOW:
        return _("the rainbow dragon")
    if card in DRAGON_QUADRANTS:
        return _("the %(colours)s dragon") % {
            "colours": "/".join(colour_name(c) for c in dragon_colours(card))
        }
    if card in ACTION_OF:
        return _("%(action)s (%(colour)s)") % {
            "action": action_name(ACTION_OF[card]),
            "colour": colour_name(ACTION_COLOR[card]),
        }
    return _("the %(colour)s goal card") % {"colour": colour_name(GOAL_COLOR[card])}


def _panel(colour: str) -> dict[str, str]:
    """One coloured quadrant (or chip) as the templates draw it."""
    if colour == "wild":
        return {"colour": "wild", "symbol": WILD_SYMBOL, "name": _("any colour")}
    return {"colour": colour, "symbol": SYMBOLS[colour], "name": colour_name(colour)}


def dragon_info(card: int, rot: int = 0, silver: str | None = None) -> dict[str, Any]:
    """A dragon card (or the silver) with its four quadrants as shown at this rotation."""
    if card == SILVER:
        quads = [silver or "wild"] * 4
        aria = (
            _("silver dragon, now %(colour)s") % {"colour": colour_name(silver)}
            if silver
            else _("silver dragon, still wild (every colour)")
        )
        return {
            "id": card,
            "kind": "silver",
            "quads": [_panel(q) for q in quads],
            "aria": aria,
            "rot": 0,
        }
    printed = list(DRAGON_QUADRANTS[card])
    shown = printed[::-1] if rot == 180 else printed
    if card == RAINBOW:
        aria = _("rainbow dragon (every colour)")
        quads = [_panel("wild") for _q in shown]
    else:
        quads = [_panel(q) for q in shown]
        aria = _(
            "%(label)s: top left %(tl)s, top right %(tr)s, bottom left %(bl)s, bottom right %(br)s"
        ) % {
            "label": card_label(card),
            "tl": colour_name(shown[0]),
            "tr": colour_name(shown[1]),
            "bl": colour_name(shown[2]),
            "br": colour_name(shown[3]),
        }
    kind = "rainbow" if card == RAINBOW else "dragon"
    return {"id": card, "kind": kind, "quads": quads, "aria": aria, "rot": rot}


def action_info(card: int) -> dict[str, Any]:
    colour = ACTION_COLOR[card]
    kind = ACTION_OF[card]
    return {
        "id": card,
        "kind": "action",
        "action": kind,
        "title": action_name(kind),
        "help": action_help(kind),
        **_panel(colour),
        "aria": card_label(card),
    }


def goal_info(colour: str) -> dict[str, Any]:
    return {
        "id": GOAL_OF[colour],
        "kind": "goal",
        **_panel(colour),
        "aria": _("goal card: %(colour)s") % {"colour": colour_name(colour)},
    }


def card_info(card: int, rot: int = 0) -> dict[str, Any]:
    if card in ACTION_OF:
        return action_info(card)
    if card in GOAL_COLOR:
        return goal_info(GOAL_COLOR[card])
    return dragon_info(card, rot)


def join_names(names: Sequence[str]) -> str:
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return _("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def _name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names):
        return names[seat]
    return _("Player %(number)s") % {"number": seat + 1}


def slot_name(slot: int, seats: int, names: Sequence[str]) -> str:
    if slot < seats:
        return _name(names, slot)
    return _("imaginary player %(number)s") % {"number": slot - seats + 1}


@per_language
def rot_name(rot: int) -> str:
    return _("upright (0°)") if rot == 0 else _("upside down (180°)")


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
            }
        )
    for (x, y), number in spots.items():
        cells.append({"col": x - min_x + 1, "row": y - min_y + 1, "x": x, "y": y, "spot": number})

    me = seat is not None and 0 <= seat < seats
    goal = view.get("goal") if me else None
    hand = view.get("hand", []) if me else []
    players = []
    for p in range(seats):
        goal_colour = result["breakdown"][p]["goal"] if result else None
        players.append(
            {
                "seat": p,
                "name": _name(names, p),
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
        "silver": _panel(silver) if silver else None,
        "silver_card": dragon_info(SILVER, 0, silver),
        "pile_top": action_info(pile[-1]) if pile else None,
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
        "legend": [_panel(c) for c in COLORS],
        "result": _result_context(view, names, seat, win_colours),
        "over": view["over"],
    }


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
    out = []
    for card in hand:
        info = card_info(card)
        options: list[dict[str, Any]] = []
        if card in DRAGON_QUADRANTS:
            for m in dragons:
                if m["card"] != card:
                    continue
                bonus = _bonus(layout, silver, m, None)
                options.append(
                    {
                        "value": f"{m['x']},{m['y']},{m['rot']}",
                        "spot": spots[(m["x"], m["y"])],
                        "rot": m["rot"],
                        "rot_name": rot_name(m["rot"]),
                        "preview": dragon_info(card, m["rot"]),
                        "bonus": bonus,
                    }
                )
            options.sort(key=lambda o: (o["rot"], o["spot"]))
            out.append({"card": info, "dragon": True, "options": options, "groups": []})
            continue
        groups: dict[str, dict[str, Any]] = {}
        for m in actions:
            if m["card"] != card:
                continue
            option = _action_option(m, layout, where, spots, seats, names, silver)
            group = groups.setdefault(
                option["group"], {"key": option["group"], "title": option["group_title"]}
            )
            group.setdefault("options", []).append(option)
        for group in groups.values():
            group["options"].sort(key=lambda o: o.get("rot", 0))
        out.append({"card": info, "dragon": False, "options": [], "groups": list(groups.values())})
    return out


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
        option["group_title"] = _("%(place)s; move %(card)s") % {
            "place": place_text,
            "card": card_label(target),
        }
        option["target"] = dragon_info(target, orot)
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
        option["label"] = _("take %(card)s at (%(x)s, %(y)s) into your hand") % {
            "card": card_label(target),
            "x": ox,
            "y": oy,
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
        option["label"] = _("swap hands with %(name)s") % {"name": _name(names, action["seat"])}
    return option


def _result_context(
    view: View, names: list[str], seat: int | None, win_colours: list[str]
) -> dict[str, Any] | None:
    result = view.get("result")
    if not result:
        return None
    seats = view["seats"]
    rows = []
    for p, row in enumerate(result["breakdown"]):
        rows.append(
            {
                "seat": p,
                "name": _name(names, p),
                "is_you": p == seat,
                "rank": result["ranks"][p],
                "winner": p in result["winners"],
                "goal": goal_info(row["goal"]),
                "area": row["largest_area"],
            }
        )
    rows.sort(key=lambda r: (r["rank"], r["seat"]))
    winners = [_name(names, w) for w in result["winners"]]
    if result["end_reason"] == "seven":
        w = result["winners"][0]
        text = _(
            "%(name)s's goal colour is %(colour)s, and %(area)s %(colour)s cards now connect "
            "in one area (seven are needed): %(name)s wins at once."
        ) % {
            "name": _name(names, w),
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
    return {
        "rows": rows,
        "text": text,
        "imaginary": imaginary,
        "win_colours": [_panel(c) for c in win_colours],
    }


# --- status line -----------------------------------------------------------------------------


def status_text(view: View, seat: int | None, names: list[str]) -> str:
    """One sentence in the active language: what happens now, and who must act."""
    if view["over"]:
        result = view.get("result") or {}
        winners = list(result.get("winners", []))
        if seat is not None and seat in winners:
            others = [_name(names, p) for p in winners if p != seat]
            if others:
                return _("Game over: you share the win with %(names)s.") % {
                    "names": join_names(others)
                }
            return _("Game over: you win!")
        if winners:
            return ngettext(
                "Game over: %(names)s wins.", "Game over: %(names)s win.", len(winners)
            ) % {"names": join_names([_name(names, p) for p in winners])}
        return _("Game over.")
    current = view["current"]
    if seat is not None and seat == current:
        return _("Your turn: play a dragon card into the layout or an action card.")
    return _("%(name)s must play a card.") % {"name": _name(names, current)}


# --- move forms ------------------------------------------------------------------------------


def _integer(text: str | None, missing: str) -> int:
    if text is None or text == "":
        raise IllegalMove(missing)
    try:
        return int(text)
    except ValueError:
        raise IllegalMove(_("The form sent something that is not a number.")) from None


def move_from_post(data: QueryDict) -> Move:
    """The move a submitted table form asks for; the engine then judges whether it is legal.

    A dragon form sends `card` and `at` = "x,y,rot"; an action form sends `card` and `option` =
    "top" / "bottom", optionally followed by ":key=value,…" for the action's payload.
    """
    kind = data.get("type")
    if kind == "play_dragon":
        card = _integer(data.get("card"), _("Choose a card to play."))
        at = data.get("at")
        if not at:
            raise IllegalMove(_("Choose where to place the card."))
        parts = at.split(",")
        if len(parts) != 3:
            raise IllegalMove(_("The form sent a place that cannot be read."))
        x, y, rot = (_integer(p, _("The form sent a place that cannot be read.")) for p in parts)
        return {"type": "play_dragon", "card": card, "x": x, "y": y, "rot": rot}
    if kind == "play_action":
        card = _integer(data.get("card"), _("Choose a card to play."))
        option = data.get("option")
        if not option:
            raise IllegalMove(_("Choose how to play the action card."))
        place, _sep, rest = option.partition(":")
        action: dict[str, Any] | None = None
        if rest:
            action = {}
            for pair in rest.split(","):
                key, eq, value = pair.partition("=")
                if not eq or not key:
                    raise IllegalMove(_("The form sent an action that cannot be read."))
                if key in PAYLOAD_INTS:
                    action[key] = _integer(value, _("The form sent an action that cannot be read."))
                else:
                    action[key] = value
        return {"type": "play_action", "card": card, "place": place, "action": action}
    raise IllegalMove(_("The form did not say which move to make."))


# --- log lines -------------------------------------------------------------------------------


def describe(event: Event, names: list[str], viewer: int | None) -> str | None:
    """The log line for one engine event in the active language, or None if the log skips it.

    Private events (`visible_to`) are described only for their owner; public lines only use
    what the event carries, which the engine keeps free of hidden cards and goal colours.
    """
    visible_to = event.get("visible_to")
    if visible_to is not None and (viewer is None or viewer not in visible_to):
        return None
    kind = event.get("type")
    handler = _DESCRIBERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        return None
    seat = event.get("seat")
    you = seat is not None and seat == viewer
    name = _name(names, seat) if isinstance(seat, int) else ""
    return handler(event, names, viewer, you, name)


def _drew(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    if you:
        return None  # the private line names the cards
    return ngettext(
        "%(name)s draws %(count)s card.", "%(name)s draws %(count)s cards.", event["count"]
    ) % {
        "name": name,
        "count": event["count"],
    }


def _drew_cards(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "cards": ", ".join(card_label(c) for c in event["cards"])}
    if you:
        return _("You draw: %(cards)s.") % values
    return _("%(name)s draws: %(cards)s.") % values


def _bonus_text(event: Event) -> str:
    colours = event["bonus_colors"]
    if len(colours) < 2:
        return ""
    return " " + ngettext(
        "Bonus for connecting %(colours)s: %(count)s card.",
        "Bonus for connecting %(colours)s: %(count)s cards.",
        event["bonus_drawn"],
    ) % {"colours": colours_text(colours), "count": event["bonus_drawn"]}


def _played_dragon(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {
        "name": name,
        "card": card_label(event["card"]),
        "x": event["x"],
        "y": event["y"],
        "rot": rot_name(event["rot"]),
    }
    if you:
        line = _("You place %(card)s at (%(x)s, %(y)s), %(rot)s.") % values
    else:
        line = _("%(name)s places %(card)s at (%(x)s, %(y)s), %(rot)s.") % values
    return line + _bonus_text(event)


def _played_action(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "card": card_label(event["card"])}
    if event["place"] == "top":
        values["colour"] = colour_name(event["silver"])
        if you:
            line = _("You put %(card)s on top of the pile: the silver dragon is %(colour)s.")
        else:
            line = _("%(name)s puts %(card)s on top of the pile: the silver dragon is %(colour)s.")
    elif you:
        line = _("You put %(card)s under the pile.")
    else:
        line = _("%(name)s puts %(card)s under the pile.")
    line = line % values
    if event["payload"] is None:
        line += " " + _("No action.")
    return line


def _card_moved(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    fx, fy, _frot = event["from"]
    values = {
        "name": name,
        "card": card_label(event["card"]),
        "fx": fx,
        "fy": fy,
        "x": event["x"],
        "y": event["y"],
        "rot": rot_name(event["rot"]),
    }
    if you:
        line = _("You move %(card)s from (%(fx)s, %(fy)s) to (%(x)s, %(y)s), %(rot)s.")
    else:
        line = _("%(name)s moves %(card)s from (%(fx)s, %(fy)s) to (%(x)s, %(y)s), %(rot)s.")
    return line % values + _bonus_text(event)


def _card_zapped(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "card": card_label(event["card"])}
    if you:
        return _("You take %(card)s into your hand.") % values
    return _("%(name)s takes %(card)s into their hand.") % values


def _goals_rotated(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    clockwise = event["dir"] == "cw"
    if you:
        if clockwise:
            return _("You pass every goal card one place clockwise.")
        return _("You pass every goal card one place counter-clockwise.")
    if clockwise:
        return _("%(name)s passes every goal card one place clockwise.") % {"name": name}
    return _("%(name)s passes every goal card one place counter-clockwise.") % {"name": name}


def _goals_traded(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    n = len(names)
    other = event["slot"]
    values = {"name": name, "other": slot_name(other, n, names)}
    if you:
        return _("You swap goal cards with %(other)s.") % values
    if other == viewer:
        return _("%(name)s swaps goal cards with you.") % values
    return _("%(name)s swaps goal cards with %(other)s.") % values


def _hands_traded(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    other = event["other"]
    values = {"name": name, "other": _name(names, other)}
    if you:
        return _("You swap hands with %(other)s.") % values
    if other == viewer:
        return _("%(name)s swaps hands with you.") % values
    return _("%(name)s swaps hands with %(other)s.") % values


def _passed(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    if you:
        return _("You cannot play any card and pass.")
    return _("%(name)s cannot play any card and passes.") % {"name": name}


def _won(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "colour": colour_name(event["color"]), "area": event["area"]}
    if you:
        return _("Your goal colour %(colour)s connects %(area)s cards: you win!") % values
    return _("%(name)s's goal colour %(colour)s connects %(area)s cards: %(name)s wins.") % values


def _game_over(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    winners = join_names([_name(names, w) for w in event["winners"]])
    if event["end_reason"] == "seven":
        return _("Game over.")
    return ngettext(
        "Game over: the cards ran out; the largest goal area wins: %(names)s.",
        "Game over: the cards ran out; the largest goal areas share the win: %(names)s.",
        len(event["winners"]),
    ) % {"names": winners}


_DESCRIBERS = {
    "drew": _drew,
    "drew_cards": _drew_cards,
    "played_dragon": _played_dragon,
    "played_action": _played_action,
    "card_moved": _card_moved,
    "card_zapped": _card_zapped,
    "goals_rotated": _goals_rotated,
    "goals_traded": _goals_traded,
    "hands_traded": _hands_traded,
    "passed": _passed,
    "won": _won,
    "game_over": _game_over,
}
