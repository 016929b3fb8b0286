"""A Space Bastards move form, as the table's forms post it, read into the engine's move.

Cells come as ticked checkboxes "row,col". A form that places several pieces at once
(rearranging a planet, mutating more than one creature, arranging corpses) sends the union of
their cells and the pieces' token ids; the union is split into one placement per piece here, by
the engine's own exact packing. The engine then judges the move as it judges any other.
"""

from __future__ import annotations

from django.http import QueryDict

from games.rules import IllegalMove
from games.space_bastards.engine import pack
from games.space_bastards.labels import NEUTRAL, Move, race_of
from games.translated import gettext as _

Cell = tuple[int, int]


def _cells(data: QueryDict) -> list[Cell]:
    cells = []
    for value in data.getlist("cells"):
        row, _sep, col = value.partition(",")
        try:
            cells.append((int(row), int(col)))
        except ValueError:
            raise IllegalMove(_("The form sent a cell that is not a row and a column.")) from None
    if not cells:
        raise IllegalMove(_("Choose the cells on the planet."))
    return cells


def _split(cells: list[Cell], pieces: list[str]) -> dict[str, list[list[int]]]:
    """The ticked cells as one placement per piece (token id), or a clear refusal."""
    found = pack(set(cells), [race_of(t) for t in pieces])
    if not pieces or not found or len(set(cells)) != sum(len(c) for _r, c in found):
        raise IllegalMove(
            _("The ticked cells do not make exactly the shapes of the pieces to place.")
        )
    by_race: dict[str, list[str]] = {}
    for token in pieces:
        by_race.setdefault(race_of(token), []).append(token)
    return {by_race[race].pop(0): sorted([r, c] for r, c in placement) for race, placement in found}


def _colour(value: str) -> int | str:
    if value == NEUTRAL:
        return NEUTRAL
    try:
        return int(value)
    except ValueError:
        raise IllegalMove(_("The form sent something that is not a colour.")) from None


def _required(data: QueryDict, field: str, missing: str) -> str:
    value = data.get(field)
    if not value:
        raise IllegalMove(missing)
    return value


def _pieces(data: QueryDict) -> list[str]:
    pieces = [p for p in data.getlist("pieces") if p.count(":") == 2]
    if not pieces:
        raise IllegalMove(_("The form did not say which pieces to place."))
    return pieces


def move_from_post(data: QueryDict) -> Move:
    """The move a submitted table form asks for; the engine then judges whether it is legal.

    Raise IllegalMove only when the form cannot be read (missing fields, non-numbers).
    """
    kind = data.get("type")
    if kind == "choose_planet":
        return {"type": kind, "planet": _required(data, "planet", _("Choose a planet."))}
    if kind == "pick":
        return {"type": kind, "race": _required(data, "race", _("Pick a race."))}
    if kind == "place":
        pieces = _pieces(data)
        cells = _cells(data)
        if len(pieces) == 1:
            return {"type": kind, "cells": [list(c) for c in cells]}
        layout = _split(cells, pieces)
        own = layout.pop(pieces[0])
        return {"type": kind, "cells": own, "rearrange": layout}
    if kind == "plan":
        cards = data.getlist("cards")
        if not cards:
            raise IllegalMove(_("Choose one or two action cards."))
        return {"type": kind, "cards": cards, **_prefs(data)}
    if kind == "love":
        return {
            "type": kind,
            "planet": _required(data, "planet", _("Choose a planet.")),
            "race": _required(data, "race", _("Choose the race of the child.")),
            "cells": [list(c) for c in _cells(data)],
        }
    if kind in ("shoot", "eat"):
        planet, _sep, target = _required(
            data, "target", _("Choose a planet and a target.")
        ).partition("|")
        return {"type": kind, "planet": planet, "target": _colour(target)}
    if kind in ("trade", "diplomacy"):
        return {"type": kind, "decline": [_colour(c) for c in data.getlist("decline")]}
    if kind == "respond":
        return {"type": kind, "accept": data.get("accept") == "yes"}
    if kind == "mutate":
        owner, _s1, rest = _required(data, "combo", _("Choose what mutates into what.")).partition(
            "|"
        )
        source, _s2, target = rest.partition("|")
        tokens = data.getlist("tokens")
        if not tokens:
            raise IllegalMove(_("Choose the creatures that mutate."))
        cells = _cells(data)
        pieces = [f"{owner}:{target}:{i}" for i in range(len(tokens))]
        layout = _split(cells, pieces)
        return {
            "type": kind,
            "planet": _required(data, "planet", _("Choose a planet.")),
            "owner": _colour(owner),
            "from": source,
            "to": target,
            "tokens": tokens,
            "cells": [layout[p] for p in pieces],
        }
    if kind == "arrange_corpses":
        return {
            "type": kind,
            "planet": _required(data, "planet", _("Choose a planet.")),
            "layout": _split(_cells(data), _pieces(data)),
        }
    if kind == "exchange":
        rel, _s1, rest = _required(data, "choice", _("Choose the card to take.")).partition("|")
        side, _s2, race = rest.partition("|")
        try:
            side_number = int(side)
        except ValueError:
            raise IllegalMove(_("Choose the card to take.")) from None
        return {"type": kind, "relationship": rel, "side": side_number, "race": race}
    if kind in ("lock", "swap", "extra_lock"):
        return {
            "type": kind,
            "relationship": _required(data, "relationship", _("Choose a relationship.")),
        }
    if kind == "ship_place":
        return {"type": kind, "space": _required(data, "space", _("Choose a space."))}
    if kind == "ship_step":
        return {"type": kind, "to": _required(data, "to", _("Choose a space."))}
    if kind == "load":
        return {"type": kind, "token": _required(data, "token", _("Choose a creature."))}
    if kind == "unload":
        return {
            "type": kind,
            "token": _required(data, "token", _("Choose a creature.")),
            "cells": [list(c) for c in _cells(data)],
        }
    if kind == "done":
        return {"type": "done"}
    raise IllegalMove(_("The form did not say which move to make."))


def _prefs(data: QueryDict) -> dict[str, object]:
    """Standing answers to trade and diplomacy offers, when the plan form sends them."""
    prefs: dict[str, object] = {}
    for card in ("trade", "diplomacy"):
        default = data.get(f"pref_{card}")
        if not default:
            continue
        seats = {}
        for key in data:
            prefix = f"pref_{card}_"
            if key.startswith(prefix) and data.get(key):
                seats[key[len(prefix) :]] = data[key]
        prefs[card] = {"default": default, "seats": seats}
    return {"prefs": prefs} if prefs else {}
