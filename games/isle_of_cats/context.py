"""The Isle of Cats table's region contexts (what the fragments under `jinja2/isle_of_cats/`
show of the engine's `view()`) and status line.

A rescue turn can have ten thousand legal placements, so the table never lists them: it offers
the tiles the viewer could take (read from the view) and a compact picture of the boat (which
squares are free), and the page's script shows where a tile fits; the engine judges the move.
"""

from __future__ import annotations

from typing import Any

from django.utils.text import capfirst

from games.isle_of_cats import engine
from games.isle_of_cats.components import (
    BOAT_SET,
    CARDS,
    CAT_COLOUR,
    COLOURS,
    COMMON_SHAPES,
    DAYS,
    GRID_SIZE,
    MAPS,
    SISTER_CARDS,
    TILE_KIND,
    TILE_SHAPE,
    WIDTH,
    index,
)
from games.isle_of_cats.engine import sister_next
from games.isle_of_cats.labels import (
    Move,
    View,
    boat_svg,
    card_info,
    card_name,
    card_text,
    colour_card_name,
    colour_letter,
    colour_name,
    fish_text,
    join_names,
    phase_name,
    piece_svg,
    player_name,
    shape_data,
    shape_name,
    shape_svg,
    tile_label,
)
from games.score_sheet import Column, Look, ranked_rows, score_sheet
from games.translated import gettext as _
from games.translated import ngettext, shared

SISTER = "sister"
ZONE_COST = {"left": 3, "right": 5}
T_AND_B = "own_turn_or_post_buy"

# --- template context --------------------------------------------------------------------------


def table_moves(state: dict[str, Any], seat: int) -> list[Move]:
    """The viewer's moves as the table needs them. On a rescue or rare-finds turn the engine
    would list every placement of every tile (thousands); the page builds those choices from
    the view, so only `pass` (always legal then) is listed."""
    if (
        state["phase"] in ("rescue", "rare_finds")
        and seat in engine.to_act(state)
        and state["players"][seat]["look"] is None
    ):
        return [{"type": "pass"}]
    return engine.legal_moves(state, seat)


def table_context(view: View, legal: list[Move], seat: int | None, names: list[str]) -> dict:
    """Everything the Isle of Cats fragments need beyond the raw view. `legal` only says whether
    the viewer acts now (the table module lists no placements)."""
    phase = view["phase"]
    seats = view["seats"]
    key = ("boats", *names)
    boats = shared(key, lambda: [_boat(view, p, names) for p in range(seats)])
    players = [_player(view, p, names, boats[p]) for p in range(seats)]
    me = players[seat] if seat is not None and 0 <= seat < seats else None
    acting = bool(legal)
    context: dict[str, Any] = {
        "phase": phase,
        "phase_name": phase_name(phase),
        "day": view["day"],
        "days": DAYS,
        "players": players,
        "me": me,
        "others": [p for p in players if p is not me],
        "spectator": me is None,
        "deck_count": view["deck_count"],
        "bag_count": view["bag_count"],
        "common": shared(("common", *names), lambda: _common(view, names)),
        "sister": _sister(view) if view["solo"] else None,
        "result": _result(view, names, seat, boats) if view.get("result") else None,
    }
    if me is not None:
        context["own"] = _own(view, seat, me, acting, legal)
    return context


def _families(tiles: list[dict[str, Any]]) -> list[list[str]]:
    """Groups of three or more touching cats of one colour (oshaxes by their chosen colour)."""
    owner = {}
    colour_of = {}
    for t in tiles:
        colour = t.get("colour")
        if colour is None:
            continue
        colour_of[t["tile"]] = colour
        for x, y in t["cells"]:
            owner[index(x, y)] = t["tile"]
    seen: set[str] = set()
    groups = []
    for start in colour_of:
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            tile = todo.pop()
            group.append(tile)
            for x, y in next(t["cells"] for t in tiles if t["tile"] == tile):
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    other = owner.get(index(nx, ny)) if 0 <= nx < WIDTH else None
                    if other and other not in seen and colour_of[other] == colour_of[start]:
                        seen.add(other)
                        todo.append(other)
        if len(group) >= 3:
            groups.append(group)
    return groups


def _boat(view: View, p: int, names: list[str]) -> dict[str, Any]:
    tiles = view["players"][p]["tiles"]
    name = player_name(names, p)
    families: frozenset[str] = frozenset()
    if view["phase"] == "game_over":
        families = frozenset(t for group in _families(tiles) for t in group)
    label = _("Boat of %(name)s: %(count)s tiles") % {"name": name, "count": len(tiles)}
    last = view["players"][p]["last_placed"]
    if last:
        label += " · " + _("last placed: %(tiles)s") % {
            "tiles": join_names([tile_label(t) for t in last])
        }
    svg = boat_svg(tiles, label, families, frozenset(last))
    return {"svg": svg, "tiles": len(tiles)}


def _player(view: View, p: int, names: list[str], boat: dict[str, Any]) -> dict[str, Any]:
    row = view["players"][p]
    phase = view["phase"]
    passed = p in view["passed"]
    return {
        "seat": p,
        "name": player_name(names, p),
        "boat": boat["svg"],
        "tiles": boat["tiles"],
        "fish": row["fish"],
        "baskets": row["baskets"],
        "baskets_ready": max(0, row["baskets"] - row["baskets_used"]),
        "hand_count": row["hand_count"] + row["aside_count"],
        "lesson_count": row["lesson_count"],
        "speed": row["speed"],
        "played": [card_info(c) for c in row["played"]],
        "passed": passed and phase in ("rescue", "rare_finds"),
        "done": _done(view, row, phase),
        "bait": row["bait"],
    }


def _done(view: View, row: dict[str, Any], phase: str) -> bool:
    if phase == "draft":
        return bool(row["picked"])
    if phase == "buy":
        return bool(row["finished"])
    if phase == "rescue_select":
        return bool(row["selected"])
    return False


def _common(view: View, names: list[str]) -> dict[str, Any]:
    """The common area: the same for every viewer. Solo numbers the cats, rare treasure stacks
    and oshaxes as the sister's cards count them, and marks what her face-up card takes next."""
    solo = view["solo"]
    foretold = sister_next(view) if solo else []
    taken = {e["tile"] for e in foretold if e["type"] == "sister_removed"}

    def placed(tile: str, position: int) -> dict[str, Any]:
        return {**_tile(tile), "position": position if solo else None, "sister": tile in taken}

    zones = []
    before = 0
    for zone in ("left", "right"):
        cats = view["zones"][zone]
        zones.append(
            {
                "zone": zone,
                "label": _("Left field") if zone == "left" else _("Right field"),
                "cost": ZONE_COST[zone],
                "cats": [placed(t, before + i) for i, t in enumerate(cats, start=1)],
            }
        )
        before += len(cats)
    order = []
    for p in view["turn_order"]:
        if p == SISTER:
            speed = view["sister"]["speed"] if view.get("sister") else 0
        else:
            speed = view["players"][p]["speed"]
        order.append(
            {
                "name": capfirst(player_name(names, p)) if p == SISTER else player_name(names, p),
                "speed": speed,
                "passed": p in view["passed"],
                "current": view["current"] == p and view["phase"] in ("rescue", "rare_finds"),
            }
        )
    return {
        "zones": zones,
        "held": [_tile(t) for t in view["held"]],
        "commons": [
            {
                "shape": shape,
                "name": shape_name(shape),
                "count": len(view["commons"][shape]),
                "svg": shape_svg(shape),
            }
            for shape in COMMON_SHAPES
        ],
        "rares": [
            {**placed(pile[0], i), "count": len(pile), "sister": bool(taken & set(pile))}
            for i, pile in enumerate((pile for pile in view["rares"] if pile), start=1)
        ],
        "oshax": [placed(t, i) for i, t in enumerate(view["oshax"], start=1)],
        "public_lessons": [
            {
                **card_info(e["card"]),
                "owner": player_name(names, e["owner"]),
                "colour": e["colour"],
                "colour_name": colour_name(e["colour"]) if e["colour"] else "",
            }
            for e in view["public_lessons"]
        ],
        "turn_order": order,
        "sister_next": _sister_next_text(foretold, rescued=False) if solo else "",
        "sister_tiles": _taken_tiles(foretold),
    }


def _sister_next_text(foretold: list[dict[str, Any]], *, rescued: bool) -> str:
    """What the sister's face-up card takes on her next turn, in words ("" once resolved):
    with the fields as they are, or after the viewer rescues a cat (her card counts positions
    when she plays it, so a cat taken before hers moves her count on)."""
    steps = []
    for event in foretold:
        if event["type"] == "sister_swapped":
            first, second = (tile_label(t) for t in event["tiles"])
            steps.append(
                _("swaps the %(first)s and the %(second)s")
                % {
                    "first": first,
                    "second": second,
                }
            )
        else:
            steps.append(_("takes away the %(tile)s") % {"tile": tile_label(event["tile"])})
    if rescued:
        if not steps:
            return _("Her next turn, after you rescue this cat: she takes nothing.")
        return _("Her next turn, after you rescue this cat: %(steps)s.") % {
            "steps": "; ".join(steps)
        }
    if not steps:
        return ""
    return _("Her next turn, if the fields stay as they are: %(steps)s.") % {
        "steps": "; ".join(steps)
    }


def _taken_tiles(foretold: list[dict[str, Any]]) -> str:
    """The tiles the foretold turn takes away, for the page's script to mark."""
    return " ".join(e["tile"] for e in foretold if e["type"] == "sister_removed")


def _after_rescue(view: View, choices: list[dict[str, Any]]) -> None:
    """Solo: each cat the viewer may rescue says what the sister's face-up card takes after it
    (`data-sister` on the choice, shown by the page's script while it is chosen)."""
    if not view["solo"] or view["phase"] != "rescue" or not sister_next(view):
        return
    zones = view["zones"]
    for choice in choices:
        if choice["tile"] not in zones["left"] + zones["right"]:
            continue
        rest = {z: [t for t in tiles if t != choice["tile"]] for z, tiles in zones.items()}
        foretold = sister_next({**view, "zones": rest})
        choice["sister"] = _sister_next_text(foretold, rescued=True)
        choice["sister_tiles"] = _taken_tiles(foretold)


def _tile(tile: str) -> dict[str, Any]:
    colour = CAT_COLOUR.get(tile)
    return {
        "tile": tile,
        "label": tile_label(tile),
        "svg": piece_svg(tile, colour),
        "colour": colour,
        "letter": colour_letter(colour) if colour else "",
    }


def _sister(view: View) -> dict[str, Any]:
    sister = view["sister"]
    return {
        "speed": sister["speed"],
        "face_up": len(sister["face_up"]),
        "face_down": sister["face_down"],
        "deck_count": sister["deck_count"],
        "today": [
            {"steps": _sister_steps(card), "next": i == sister["resolved"]}
            for i, card in enumerate(sister["face_up"])
        ],
        "colour_cards": [
            {"colour": c.removeprefix("colour-"), "name": colour_card_name(c), "points": 5 - i}
            for i, c in enumerate(sister["colour_cards"])
        ],
        "colour_cards_hidden": sister["colour_cards_hidden"],
        "lessons": [{"name": card_name(c), "text": card_text(c)} for c in sister["lessons"]],
        "removed": sister["removed"],
    }


def _sister_steps(card: str) -> list[str]:
    """A sister card's instructions, top to bottom, as the card prints them."""
    steps = []
    for step in SISTER_CARDS[card]["instructions"]:
        op = step["op"]
        if op == "cat":
            steps.append(_("Cat %(n)s") % {"n": step["n"]})
        elif op == "gold":
            steps.append(_("Rare treasure stack %(n)s") % {"n": step["n"]})
        elif op == "oshax":
            steps.append(_("Oshax %(n)s") % {"n": step["n"]})
        elif op == "swap":
            steps.append(_("Swap cats %(x)s and %(y)s") % {"x": step["x"], "y": step["y"]})
        else:
            steps.append(_("Common treasure: %(shape)s") % {"shape": shape_name(step["shape"])})
    return steps


# --- the viewer's own area ---------------------------------------------------------------------


def _own(
    view: View, seat: int, me: dict[str, Any], acting: bool, legal: list[Move]
) -> dict[str, Any]:
    phase = view["phase"]
    row = view["players"][seat]
    hand = view["hand"]
    look = view.get("look")
    own: dict[str, Any] = {
        "hand": [card_info(c) for c in hand],
        "aside": [card_info(c) for c in view["aside"]],
        "lessons": [card_info(c) for c in view["lessons"]],
        "played": me["played"],
        "fish": row["fish"],
        "look": None,
        "draft": None,
        "buy": None,
        "window": None,
        "colours": None,
        "select": None,
        "turn": None,
        "arrange": None,
    }
    if look is not None:
        effect = CARDS[look["card"]]["effect"]
        own["look"] = {
            "card": card_name(look["card"]),
            "cards": [card_info(c) for c in look["cards"]],
            "keep": effect["kind"] == "look_keep",
            "max_buy": effect.get("max_buy"),
        }
        return own
    if phase == "draft":
        need = min(3 if view["solo"] else 2, len(view["draft"]))
        own["draft"] = {
            "cards": [card_info(c) for c in view["draft"]],
            "picks": [card_info(c) for c in view["picks"]],
            "keep": need,
            "can_choose": acting and not row["picked"],
            "round": view["draft_round"],
            # Solo: two rounds of five cards, the rest discarded (rules 5.2).
            "rounds": 2 if view["solo"] else 3,
            "passed_on": not view["solo"],
        }
    elif phase == "buy":
        if not row["bought"]:
            own["buy"] = {
                "cards": [card_info(c) for c in view["picks"]],
                "can_buy": acting,
            }
        elif not row["finished"]:
            own["window"] = {
                "cards": [
                    card_info(c) for c in _distinct(hand) if CARDS[c].get("window") == T_AND_B
                ],
                "can_play": acting,
            }
    elif phase == "lesson_colours" and acting:
        own["colours"] = [
            {**card_info(m), "colours": _colour_choices()}
            for m in dict.fromkeys(c for move in legal for c in move.get("colours", {}))
        ]
    elif phase == "rescue_select":
        own["select"] = {
            "cards": [card_info(c) for c in hand if CARDS[c]["kind"] == "rescue"],
            "can_select": acting and not row["selected"],
            "chosen": [card_info(c) for c in view.get("selection") or []],
        }
    elif phase in ("rescue", "rare_finds") and acting:
        own["turn"] = _turn(view, seat, row, hand)
    elif phase == "arrange" and acting:
        q = 4 if view["solo"] else 2 * view["seats"]
        own["arrange"] = {
            "cats": [_tile(t) for t in view["held"]],
            "left": min(q, len(view["held"])),
        }
    return own


def _colour_choices() -> list[dict[str, str]]:
    return [{"colour": c, "name": colour_name(c), "letter": colour_letter(c)} for c in COLOURS]


def _distinct(cards: list[str]) -> list[str]:
    """One card of each name: identical cards make one choice."""
    by_name: dict[str, str] = {}
    for card in cards:
        by_name.setdefault(CARDS[card]["name"], card)
    return list(by_name.values())


def _turn(view: View, seat: int, row: dict[str, Any], hand: list[str]) -> dict[str, Any]:
    """What the viewer can do on a rescue or rare-finds turn: pieces to place, cards to play."""
    phase = view["phase"]
    fish = row["fish"]
    choices: list[dict[str, Any]] = []
    groups: list[dict[str, Any]] = []
    zones = view["zones"]
    if phase == "rescue":
        cost = {"left": 3, "right": 3 if row["bait"] else 5}
        baskets = _baskets(row)
        if baskets:
            items = [
                _choice(f"rescue|{t}", t, fish_text(cost[z]))
                for z in ("left", "right")
                for t in zones[z]
                if fish >= cost[z]
            ]
            if items:
                groups.append({"label": _("Rescue a cat with a basket"), "items": items})
        for card in _distinct(hand):
            info = CARDS[card]
            effect = info.get("effect") or {}
            if effect.get("kind") != "rescue":
                continue
            items = [
                _choice(
                    f"play|{card}|{t}",
                    t,
                    fish_text(cost[z] if effect["pay_fish"] else 0),
                )
                for z in effect["zones"]
                for t in zones[z]
                if not effect["pay_fish"] or fish >= cost[z]
            ]
            if items:
                groups.append(
                    {
                        "label": card_name(card),
                        "items": _with_extra(items, effect["max"] > 1 and "cat"),
                    }
                )
    else:
        baskets = []
    tile_cards = ("rescue", "take_commons")
    for card in _distinct(hand):
        info = CARDS[card]
        effect = info.get("effect") or {}
        if effect.get("kind") == "take_commons":
            items = _common_choices(view, f"play|{card}", effect["shapes"])
            if items:
                groups.append(
                    {
                        "label": card_name(card),
                        "items": _with_extra(items, effect["max"] > 1 and "common"),
                    }
                )
        if phase == "rare_finds" and info["kind"] in ("treasure", "oshax"):
            items = []
            with_common = bool(effect["commons"]) and "common"
            if info["kind"] == "oshax":
                tiles = [_choice(f"find|{card}|{t}", t, "") for t in view["oshax"]]
                items += _with_extra(tiles, with_common)
            elif effect["rare"]:
                tiles = [_choice(f"find|{card}|{t}", t, "") for t in _rare_tiles(view)]
                items += _with_extra(tiles, with_common)
            if info["kind"] == "treasure" and effect["commons"] and not effect["rare_required"]:
                commons = _common_choices(view, f"find|{card}", effect["common_shapes"])
                items += _with_extra(commons, effect["commons"] > 1 and "common")
            if items:
                groups.append({"label": card_name(card), "items": items})
    for group in groups:
        choices.extend(group["items"])
    _after_rescue(view, choices)
    simple = [
        card_info(c)
        for c in _distinct(hand)
        if CARDS[c]["kind"] == "anytime" and CARDS[c]["effect"]["kind"] not in tile_cards
    ]
    extras = []
    if any(c["extra"] == "cat" for c in choices):
        extras += [_choice(t, t, "") for z in ("left", "right") for t in zones[z]]
    if any(c["extra"] == "common" for c in choices):
        extras += _common_choices(view, "", COMMON_SHAPES)
    return {
        "groups": groups,
        "extras": extras,
        "baskets": baskets,
        "oshax": any(c["kind"] == "oshax" for c in choices),
        "simple": simple,
        "grid": _grid(row["tiles"]),
        "maps": " ".join(f"{c}:{i % WIDTH},{i // WIDTH}" for c, i in MAPS.items()),
        "bonus_shapes": [
            {"shape": s, "name": shape_name(s), "svg": shape_svg(s), "data": shape_data(s)}
            for s in COMMON_SHAPES
            if view["commons"][s]
        ],
        "colours": _colour_choices(),
        "orientations": _orientation_names(),
    }


def _with_extra(items: list[dict[str, Any]], extra: str | bool) -> list[dict[str, Any]]:
    """Mark the choices that may bring a second piece ("cat" or "common") in the same move."""
    for item in items:
        item["extra"] = extra or ""
    return items


def _choice(value: str, tile: str, price: str) -> dict[str, Any]:
    kind = TILE_KIND[tile]
    return {
        **_tile(tile),
        "value": value,
        "shape": shape_data(TILE_SHAPE[tile]),
        "price": price,
        "kind": kind,
        "extra": "",
        "sister": None,
        "sister_tiles": "",
    }


def _common_choices(view: View, prefix: str, shapes: list[str]) -> list[dict[str, Any]]:
    return [
        {
            "value": f"{prefix}|{shape}" if prefix else shape,
            "tile": shape,
            "label": _("common treasure (%(shape)s)") % {"shape": shape_name(shape)},
            "svg": shape_svg(shape),
            "shape": shape_data(shape),
            "colour": None,
            "letter": "",
            "price": "",
            "kind": "common",
            "extra": "",
        }
        for shape in shapes
        if view["commons"][shape]
    ]


def _rare_tiles(view: View) -> list[str]:
    """One rare tile of each shape (identical tiles make one choice)."""
    by_shape: dict[str, str] = {}
    for pile in view["rares"]:
        for tile in pile:
            by_shape.setdefault(TILE_SHAPE[tile], tile)
    return list(by_shape.values())


def _baskets(row: dict[str, Any]) -> list[dict[str, str]]:
    """The baskets a rescue can use: the permanent one if ready, whole cards, a broken pair."""
    options = []
    if row["baskets"] > row["baskets_used"]:
        options.append({"value": "permanent", "label": _("your permanent basket")})
    broken = []
    for card in dict.fromkeys(row["played"]):
        basket = CARDS[card]["basket"]
        if basket == "whole":
            options.append(
                {
                    "value": f"card|{card}",
                    "label": _("basket card: %(name)s") % {"name": card_name(card)},
                }
            )
        elif basket == "broken":
            broken.append(card)
    if len(broken) >= 2:
        options.append(
            {
                "value": f"broken|{broken[0]}|{broken[1]}",
                "label": _("two broken baskets"),
            }
        )
    return options


def _grid(tiles: list[dict[str, Any]]) -> str:
    """The boat for the page's script: one character per square, row by row: "." off the boat,
    "0" free, "1" covered."""
    covered = {index(x, y) for t in tiles for x, y in t["cells"]}
    return "".join(
        "." if i not in BOAT_SET else ("1" if i in covered else "0") for i in range(GRID_SIZE)
    )


def _orientation_names() -> list[dict[str, Any]]:
    turns = [_("as drawn"), _("turned right"), _("upside down"), _("turned left")]
    names = []
    for k in range(8):
        name = turns[k % 4]
        if k >= 4:
            name = _("mirrored, %(turn)s") % {"turn": name}
        names.append({"value": k, "name": name})
    return names


# --- the result --------------------------------------------------------------------------------


def _result(
    view: View, names: list[str], seat: int | None, boats: list[dict[str, Any]]
) -> dict[str, Any]:
    result = view["result"]
    chosen = {e["card"]: e["colour"] for e in view["public_lessons"] if e["colour"]}
    rows = [
        {
            **row,
            "families": [
                {
                    **f,
                    "colour_name": colour_name(f["colour"]),
                    "letter": colour_letter(f["colour"]),
                }
                for f in row["breakdown"]["families_list"]
            ],
            "lessons": [
                {
                    "name": card_name(e["card"]),
                    "text": card_text(e["card"]),
                    "points": e["points"],
                    "card": e["card"],
                    "colour": chosen.get(e["card"]),
                    "colour_name": colour_name(chosen[e["card"]]) if e["card"] in chosen else "",
                }
                for e in row["breakdown"]["lessons"]
            ],
            "boat": boats[row["seat"]]["svg"],
        }
        for row in ranked_rows(result, names, seat)
    ]
    sister = result.get("sister")
    sister_sheet = None
    if sister is not None:
        sister_sheet = {
            "colour_cards": [
                {
                    **c,
                    "name": colour_name(c["colour"]),
                    "letter": colour_letter(c["colour"]),
                    "each": c["points"] // c["cats"] if c["cats"] else None,
                }
                for c in sister["colour_cards"]
            ],
            "lessons": [
                {"name": card_name(e["card"]), "text": card_text(e["card"]), "points": e["points"]}
                for e in sister["lessons"]
            ],
            "total": sister["total"],
            "won": "sister" in result["winners"],
            "tie": sister["total"] == result["breakdown"][0]["total"],
        }
    columns = [
        Column("families", _("Families")),
        Column("rare_treasures", _("Rare treasures")),
        Column("personal_lessons", _("Personal lessons")),
        Column("public_lessons", _("Public lessons")),
        Column("rats", _("Rats")),
        Column("sections", _("Unfinished rooms")),
        Column("total", _("Total"), strong=True),
        Column("fish_left", _("Fish left")),
    ]
    sheet = score_sheet(result, names, seat, columns, SHEET_LOOK)
    return {"rows": rows, "sister": sister_sheet, "sheet": sheet}


SHEET_LOOK = Look(
    table="ioc-score", winner="ioc-winner", you="", marker="ioc-tag", caption_shown=True
)


# --- the status line ---------------------------------------------------------------------------


def status_text(view: View, seat: int | None, names: list[str]) -> str:
    phase = view["phase"]
    to_act = list(view["to_act"])
    mine = seat is not None and seat in to_act
    others = join_names([player_name(names, p) for p in to_act if p != seat])
    if mine and view.get("look"):
        return _("Choose from the cards you looked at")
    if phase in ("rescue", "rare_finds"):
        current = view["current"]
        if mine:
            if phase == "rescue":
                return _("Your turn: rescue a cat, play a card, or pass")
            return _("Your turn: play a treasure or oshax card, or pass")
        return _("%(name)s is on turn") % {"name": player_name(names, current)}
    if mine and phase == "buy" and view["players"][seat]["bought"]:
        return _("Play cards bought today, or finish with Done")
    if mine:
        return {
            "arrange": _("Arrange the drawn cats into the two fields"),
            "draft": ngettext(
                "Pick %(count)s card to keep",
                "Pick %(count)s cards to keep",
                3 if view["solo"] else 2,
            ),
            "buy": _("Buy the cards you want with your fish, then finish"),
            "lesson_colours": _("Choose the colour of your public lessons"),
            "rescue_select": _("Choose the rescue cards you will play today"),
        }.get(phase, _("Your move")) % {"count": 3 if view["solo"] else 2}
    if others:
        return _("Waiting for %(names)s") % {"names": others}
    return _("Day %(day)s of %(days)s") % {"day": view["day"], "days": DAYS}
