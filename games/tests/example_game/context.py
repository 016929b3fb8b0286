"""The example table's region contexts and status line; what the viewer may choose comes only
from `legal`."""

from __future__ import annotations

from typing import Any

from games.labels import player_name
from games.score_sheet import Column, Look, score_sheet
from games.tests.example_game.labels import card_info
from games.translated import gettext as _

SHEET_LOOK = Look(table="x-score", winner="x-winner", you="x-you", marker="x-marker")


def table_context(
    view: dict[str, Any], legal: list[dict[str, Any]], seat: int | None, names: list[str]
) -> dict[str, Any]:
    players = [
        {
            "seat": p,
            "name": player_name(names, p),
            "hand_size": view["hand_sizes"][p],
            "row": [card_info(card) for card in view["rows"][p]],
            "to_act": p in view["to_act"],
        }
        for p in range(view["seats"])
    ]
    return {
        "players": players,
        "me": players[seat] if seat is not None else None,
        "hand": [card_info(card) for card in view["hand"] or []],
        "deck_count": view["deck_count"],
        "discard": [card_info(card) for card in view["discard"]],
        "plays": sorted(move["card"] for move in legal if move["type"] == "play"),
        "discards": sorted(move["card"] for move in legal if move["type"] == "discard"),
        "result": _result(view, names, seat),
    }


def _result(view: dict[str, Any], names: list[str], seat: int | None) -> dict[str, Any] | None:
    if not view["result"]:
        return None
    columns = [
        Column("cards", _("Cards")),
        Column("colours", _("Colours")),
        Column("total", _("Total"), strong=True),
    ]
    return {"sheet": score_sheet(view["result"], names, seat, columns, SHEET_LOOK)}


def status_text(view: dict[str, Any], seat: int | None, names: list[str]) -> str:
    if seat == view["current"]:
        return _("Play or discard a card.")
    return _("%(name)s plays.") % {"name": player_name(names, view["current"])}
