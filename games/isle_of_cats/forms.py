"""An Isle of Cats move form, as the table's forms post it, read into the engine's move.

A placement is posted as the piece chosen (`choice`), its orientation (0–7, see
`labels.oriented`) and the boat square of its top-left corner (`x`, `y`): the plain form works
without the script, which only fills those fields from the pointer or the keyboard."""

from __future__ import annotations

from django.http import QueryDict

from games.isle_of_cats.components import COMMON_SHAPES, TILE_KIND, TILE_SHAPE
from games.isle_of_cats.labels import Move, oriented
from games.rules import IllegalMove
from games.translated import gettext as _


def _number(data: QueryDict, field: str, low: int, high: int) -> int:
    raw = data.get(field, "")
    try:
        value = int(raw)
    except ValueError:
        raise IllegalMove(_("Place the piece on the boat first.")) from None
    if not low <= value <= high:
        raise IllegalMove(_("Place the piece on the boat first."))
    return value


def cells_of(data: QueryDict, shape: str, prefix: str = "") -> list[list[int]]:
    """The boat squares a piece covers: its shape turned, then moved to the chosen square."""
    orientation = _number(data, f"{prefix}orientation", 0, 7)
    x = _number(data, f"{prefix}x", 0, 14)
    y = _number(data, f"{prefix}y", 0, 10)
    return [[x + dx, y + dy] for dx, dy in oriented(shape, orientation)]


def _bonus(data: QueryDict) -> dict | None:
    shape = data.get("bonus_shape") or ""
    if not shape:
        return None
    if shape not in COMMON_SHAPES:
        raise IllegalMove(_("The form sent an unknown treasure."))
    return {"shape": shape, "cells": cells_of(data, shape, "bonus_")}


def _extra(data: QueryDict, kind: str) -> list[dict]:
    """The second piece a card may bring in the same move (a cat or a common treasure), placed
    after the first; an empty list when none is chosen."""
    piece = data.get("extra_choice") or ""
    if not piece:
        return []
    if kind == "cat" and TILE_KIND.get(piece) == "cat":
        return [{"tile": piece, "cells": cells_of(data, TILE_SHAPE[piece], "extra_")}]
    if kind == "common" and piece in COMMON_SHAPES:
        return [{"shape": piece, "cells": cells_of(data, piece, "extra_")}]
    raise IllegalMove(_("That second piece does not go with this card."))


def _placement(data: QueryDict) -> Move:
    """The move a placement form asks for: a rescue, a card that takes a tile, or a find."""
    parts = (data.get("choice") or "").split("|")
    if len(parts) < 2:
        raise IllegalMove(_("Choose a piece to place."))
    action, piece = parts[0], parts[-1]
    common = piece in COMMON_SHAPES
    if not common and piece not in TILE_KIND:
        raise IllegalMove(_("The form sent an unknown piece."))
    cells = cells_of(data, piece if common else TILE_SHAPE[piece])
    if action == "rescue" and len(parts) == 2:
        basket = (data.get("basket") or "").split("|")
        if basket[0] == "permanent":
            chosen: dict = {"type": "permanent"}
        elif basket[0] == "card" and len(basket) == 2:
            chosen = {"type": "card", "card": basket[1]}
        elif basket[0] == "broken" and len(basket) == 3:
            chosen = {"type": "broken", "cards": basket[1:]}
        else:
            raise IllegalMove(_("Choose a basket for the cat."))
        return {
            "type": "rescue",
            "tile": piece,
            "basket": chosen,
            "cells": cells,
            "bonus": _bonus(data),
        }
    if len(parts) != 3 or action not in ("play", "find"):
        raise IllegalMove(_("Choose a piece to place."))
    card = parts[1]
    if action == "play":
        if common:
            commons = [{"shape": piece, "cells": cells}, *_extra(data, "common")]
            return {"type": "play", "card": card, "commons": commons}
        rescues = [{"tile": piece, "cells": cells, "bonus": _bonus(data)}, *_extra(data, "cat")]
        return {"type": "play", "card": card, "rescues": rescues}
    if common:
        commons = [{"shape": piece, "cells": cells}, *_extra(data, "common")]
        return {"type": "find", "card": card, "commons": commons}
    move: Move = {"type": "find", "card": card}
    if TILE_KIND[piece] == "oshax":
        colour = data.get("colour") or ""
        if not colour:
            raise IllegalMove(_("Choose the oshax's colour."))
        move["oshax"] = {"tile": piece, "colour": colour, "cells": cells, "bonus": _bonus(data)}
    else:
        move["rare"] = {"tile": piece, "cells": cells}
    extra = _extra(data, "common")
    if extra:
        move["commons"] = extra
    return move


def move_from_post(data: QueryDict) -> Move:
    """The move a submitted table form asks for; the engine then judges whether it is legal.
    Raise IllegalMove only when the form cannot be read."""
    kind = data.get("type")
    cards = data.getlist("cards")
    if kind == "draft":
        if not cards:
            raise IllegalMove(_("Choose the cards you want to keep."))
        return {"type": "draft", "cards": cards}
    if kind == "buy":
        return {"type": "buy", "cards": cards, "finish": data.get("finish") != "0"}
    if kind in ("select_rescue", "resolve"):
        return {"type": kind, "cards": cards}
    if kind in ("done", "pass"):
        return {"type": kind}
    if kind == "play":
        card = data.get("card")
        if not card:
            raise IllegalMove(_("Choose a card to play."))
        return {"type": "play", "card": card}
    if kind == "choose_colours":
        colours = {
            key.removeprefix("colour_"): value
            for key, value in data.items()
            if key.startswith("colour_") and value
        }
        if not colours:
            raise IllegalMove(_("Choose a colour for each lesson."))
        return {"type": "choose_colours", "colours": colours}
    if kind == "arrange":
        tiles = data.getlist("tiles")
        left = [t for t in tiles if data.get(f"zone_{t}") == "left"]
        right = [t for t in tiles if data.get(f"zone_{t}") != "left"]
        return {"type": "arrange", "left": left, "right": right}
    if kind == "place":
        return _placement(data)
    raise IllegalMove(_("The form did not say which move to make."))
