"""What every viewer sees of the game beside the board: the players' panels, the planets in
play with their leaders, the relationship column, the flight track, the colonisation, this
round's resolution, and the viewer's own secrets."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.space_bastards.components import DOMINANCE_AFTER, PLANET_IDS, RACES, RELATIONSHIPS, SIDED
from games.space_bastards.context.board import LastMove, colour_class, colour_mark
from games.space_bastards.labels import (
    COLOUR_CLASS,
    NEUTRAL,
    View,
    colour_name,
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
)
from games.translated import gettext as _


def resolution(view: View, names: list[str]) -> list[dict[str, Any]]:
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


def secret(view: View, me: int | None) -> dict[str, Any] | None:
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


def player_panel(view: View, p: int, names: list[str]) -> dict[str, Any]:
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


def planet_list(view: View, names: list[str]) -> list[dict[str, Any]]:
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


def column(view: View, last: dict[str, LastMove]) -> list[dict[str, Any]]:
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


def track(view: View) -> list[dict[str, Any]]:
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


def colonise(view: View, names: list[str]) -> dict[str, Any] | None:
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
