"""The Space Bastards table's region contexts (what the fragments under
`jinja2/space_bastards/` show of the engine's `view()`) and status line, one module per concern:
`board` (the map as SVG markup), `panels` (players, planets, the column, the track, the
colonisation, the round's resolution), `choices` and `deals` (the forms of the viewer's
decision), `scores` (the scorings and the score sheet) and `status` (the status line).

What the viewer may choose comes only from `legal` (the viewer's legal moves), never from the
rules re-implemented here. The board's SVG is drawn here as markup: its fixed parts (the space
network, the planets' grids) once per process, the creatures and ships per render; long lists
of legal placements are never embedded: a grid of cells is, and the page's small script
computes the ghost of a piece from it (the server judges every move anyway).
"""

from __future__ import annotations

from games.space_bastards.components import RACES
from games.space_bastards.context.board import VIEWBOX, board_svg, last_moves
from games.space_bastards.context.choices import decision_forms, done_label
from games.space_bastards.context.panels import (
    colonise,
    column,
    planet_list,
    player_panel,
    resolution,
    secret,
    track,
)
from games.space_bastards.context.scores import final_result, scorings_so_far
from games.space_bastards.context.status import status_text
from games.space_bastards.labels import Move, View, race_letter, races_name, relationship_name


def table_context(view: View, legal: list[Move], seat: int | None, names: list[str]) -> dict:
    """Everything the Space Bastards fragments need beyond the raw view."""
    seats = view["seats"]
    by_type: dict[str, list[Move]] = {}
    for move in legal:
        by_type.setdefault(move.get("type", ""), []).append(move)
    me = seat if seat is not None and 0 <= seat < seats else None
    players = [player_panel(view, p, names) for p in range(seats)]
    loadable = {m["token"] for m in by_type.get("load", [])}
    reachable = {m["to"] for m in by_type.get("ship_step", [])} | {
        m["space"] for m in by_type.get("ship_place", [])
    }
    last = last_moves(view, me, names)
    return {
        "phase": view["phase"],
        "round": view["round"],
        "seat": me,
        "spectator": me is None,
        "acting": bool(legal),
        "players": players,
        "me": players[me] if me is not None else None,
        "svg": board_svg(view, names, loadable, reachable, last, me),
        "viewbox": VIEWBOX,
        "planets": planet_list(view, names),
        "column": column(view, last),
        "offer": [
            {"card": c, "race": c.split("-")[0], "name": races_name(c.split("-")[0])}
            for c in view["offer"]
        ],
        "track": track(view),
        "priority": [relationship_name(r) for r in view["options"]["priority"]],
        "colonise": colonise(view, names),
        "forms": decision_forms(view, by_type, me, names),
        "done": done_label(view) if {"type": "done"} in legal else None,
        "result": final_result(view, names, me),
        "secret": secret(view, me),
        "resolution": resolution(view, names),
        "scorings": scorings_so_far(view, names),
        "legend": [{"race": r, "letter": race_letter(r), "name": races_name(r)} for r in RACES],
    }


__all__ = ["status_text", "table_context"]
