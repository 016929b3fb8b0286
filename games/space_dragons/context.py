"""The Space Dragons table's region contexts (what the fragments under
`jinja2/space_dragons/` show of the engine's `view()`) and status line."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_noop

from games.score_sheet import Column, Look, ranked_rows, score_sheet, tie_notes, ties
from games.space_dragons.components import (
    CONTEST_SYMBOLS,
    CREW,
    DAMAGE_POINTS,
    DRAFT_ROUNDS_BY_MOVE,
    DRAGONS,
    SHIELD_POINTS,
    SYMBOL_POINTS,
    SYMBOLS,
    TRICKS,
)
from games.space_dragons.engine import contest_awards
from games.space_dragons.labels import (
    Move,
    View,
    award_rule,
    card_info,
    dragon_info,
    join_names,
    player_name,
    scoring_card_name,
    signed,
    symbol_letter,
)
from games.translated import by_key
from games.translated import gettext as _

# --- template context ------------------------------------------------------------------------


def _counts(display: list[int], dragons: list[str]) -> dict[str, int]:
    totals = dict.fromkeys(SYMBOLS, 0)
    for card in display:
        for key, count in CREW[card].symbols.items():
            totals[key] += count
    for dragon in dragons:
        for key, count in DRAGONS[dragon].symbols.items():
            totals[key] += count
    return totals


def _running_scores(view: View) -> tuple[list[dict[str, int]], list[dict[str, int]]]:
    """Symbol counts and the score each seat would have if the game ended now (public data)."""
    counts = [_counts(p["display"], p["dragons"]) for p in view["players"]]
    awards = {
        card: contest_awards([c[card] for c in counts], view["sides"][card], card)
        for card in CONTEST_SYMBOLS
    }
    rows = []
    for s, p in enumerate(view["players"]):
        row = {
            "dragons": sum(DRAGONS[d].points for d in p["dragons"]),
            "plus": SYMBOL_POINTS["plus"] * counts[s]["plus"],
            "minus": SYMBOL_POINTS["minus"] * counts[s]["minus"],
            "shields": SHIELD_POINTS * p["shields"],
            "damage": DAMAGE_POINTS * p["damage"],
        }
        for card in CONTEST_SYMBOLS:
            row[card] = awards[card][s]
        row["total"] = sum(row.values())
        rows.append(row)
    return counts, rows


def table_context(view: View, legal: list[Move], seat: int | None, names: list[str]) -> dict:
    """Everything the Space Dragons fragments need beyond the raw view."""
    phase = view["phase"]
    n = view["num_seats"]
    counts, running = _running_scores(view)
    started = phase != "draft" and any(p["display"] for p in view["players"])
    best = max(r["total"] for r in running)
    leaders = [s for s in range(n) if running[s]["total"] == best] if started else []
    plays_now = {play["seat"]: play["card"] for play in view["trick_plays"]}
    players = []
    for s, p in enumerate(view["players"]):
        players.append(
            {
                "seat": s,
                "name": player_name(names, s),
                "is_you": s == seat,
                "hand_count": p["hand_count"],
                "display": [card_info(c) for c in p["display"]],
                "dragons": [dragon_info(d) for d in p["dragons"]],
                "dragon_count": len(p["dragons"]),
                "dragon_points": running[s]["dragons"],
                "shields": p["shields"],
                "shield_range": range(p["shields"]),
                "damage": p["damage"],
                "damage_range": range(p["damage"]),
                "counts": counts[s],
                "running": running[s],
                "contest_awards": [
                    {"card": card, "count": counts[s][card], "award": signed(running[s][card])}
                    for card in CONTEST_SYMBOLS
                ],
                "is_start": s == view["start_player"],
                "is_turn": phase == "hunt" and s == view["turn"],
                "is_leader": phase == "hunt" and s == view["leader"],
                "leads": s in leaders,
                "has_drafted": bool(p["has_drafted"]) if phase == "draft" else False,
                "drafted_count": p["drafted_count"],
                "played_now": plays_now.get(s),
            }
        )
    me = players[seat] if seat is not None and 0 <= seat < n else None
    by_type: dict[str, list[Move]] = {}
    for move in legal:
        by_type.setdefault(move["type"], []).append(move)
    return {
        "phase": phase,
        "players": players,
        "me": me,
        "spectator": me is None,
        "leaders": [players[s] for s in leaders],
        "scoring_cards": [
            {
                "card": card,
                "name": scoring_card_name(card),
                "letter": symbol_letter(card),
                "side": view["sides"][card],
                "rule": award_rule(card, view["sides"][card]),
            }
            for card in CONTEST_SYMBOLS
        ],
        "start_reveal": [
            {
                "name": player_name(names, s),
                "card": card_info(c),
                "is_start": s == view["start_player"],
            }
            for s, c in enumerate(view["start_reveal"])
        ],
        "draft": _draft_context(view, by_type.get("draft", []), seat, players),
        "hunt": _hunt_context(view, by_type.get("play", []), seat, names),
        "result": _result_context(view, names, seat),
        "tricks": TRICKS,
        "shield_letter": symbol_letter("shield"),
        "damage_letter": symbol_letter("damage"),
        "draw_pile_count": view["draw_pile_count"],
        # Public in every phase (§7), the draft included.
        "current_dragon": dragon_info(view["current_dragon"]) if view["current_dragon"] else None,
        "lair_count": view["lair_count"],
    }


def _draft_context(
    view: View, moves: list[Move], seat: int | None, players: list[dict[str, Any]]
) -> dict[str, Any] | None:
    if view["phase"] != "draft":
        return None
    rnd = view["draft_round"]
    done = [p for p in players if p["has_drafted"]]
    waiting = [p for p in players if not p["has_drafted"]]
    context: dict[str, Any] = {
        "round": rnd,
        "rounds": DRAFT_ROUNDS_BY_MOVE,
        "done": done,
        "waiting": waiting,
        "pack": [],
        "kept": [],
        "can_pick": bool(moves),
        "picks_left": 0,
    }
    if seat is not None:
        pickable = {m["card"] for m in moves}
        has_drafted = view["players"][seat]["has_drafted"]
        context["pack"] = [card_info(c) | {"pickable": c in pickable} for c in view.get("pack", [])]
        context["kept"] = [card_info(c) for c in view.get("drafted", [])]
        context["picks_left"] = DRAFT_ROUNDS_BY_MOVE - rnd + (0 if has_drafted else 1)
        context["has_drafted"] = has_drafted
    return context


def _hunt_context(
    view: View, moves: list[Move], seat: int | None, names: list[str]
) -> dict[str, Any] | None:
    if view["phase"] == "draft":
        return None
    playable = {m["card"] for m in moves}
    trick = [
        {"seat": p["seat"], "name": player_name(names, p["seat"]), "card": card_info(p["card"])}
        for p in view["trick_plays"]
    ]
    if trick:
        top = max(trick, key=lambda t: t["card"]["value"])
        top["highest"] = True
    last = view["last_trick"]
    last_context = None
    if last is not None:
        last_context = {
            "trick": last["trick"],
            "plays": [
                {
                    "seat": p["seat"],
                    "name": player_name(names, p["seat"]),
                    "card": card_info(p["card"]),
                    "won": p["seat"] == last["winner"],
                }
                for p in last["plays"]
            ],
            "winner": player_name(names, last["winner"]),
            "dragon": dragon_info(last["dragon"]) if last["dragon"] else None,
            "hits": last["hits"],
        }
    hand = view.get("hand", []) if seat is not None else []
    pending_hits = 0
    if trick:
        leader_seat = max(view["trick_plays"], key=lambda p: p["card"])["seat"]
        pending_hits = sum(
            CREW[p["card"]].effects["targeting"]
            for p in view["trick_plays"]
            if p["seat"] != leader_seat
        )
    return {
        "trick_number": view["trick"],
        "trick": trick,
        "pending_hits": pending_hits,
        "turn_name": player_name(names, view["turn"]) if view["turn"] is not None else None,
        "last": last_context,
        "hand": [card_info(c) | {"playable": c in playable} for c in hand],
        "can_play": bool(moves),
    }


def _result_context(view: View, names: list[str], seat: int | None) -> dict[str, Any] | None:
    result = view.get("result")
    if not result:
        return None
    rows = [
        {**row, **row["breakdown"], "symbols": result["symbol_counts"][row["seat"]]}
        for row in ranked_rows(result, names, seat)
    ]
    tiebreak, shared = ties(rows)
    contests = []
    for card in CONTEST_SYMBOLS:
        side = view["sides"][card]
        contests.append(
            {
                "card": card,
                "name": scoring_card_name(card),
                "letter": symbol_letter(card),
                "side": side,
                "rule": award_rule(card, side),
                "awards": [
                    {
                        "name": r["name"],
                        "count": r["symbols"][card],
                        "points": signed(r[card]),
                        "scored": r[card] != 0,
                    }
                    for r in rows
                ],
            }
        )
    columns = [
        *(Column(k, category_name(k), show=signed) for k in CATEGORIES),
        Column("total", _("Total"), strong=True),
        Column("dragons_hunted", _("Dragons hunted")),
    ]
    return {
        "rows": rows,
        "sheet": score_sheet(
            result,
            names,
            seat,
            columns,
            SHEET_LOOK,
            more={"dragons_hunted": result["dragon_counts"]},
            notes=tie_notes(
                tiebreak,
                shared,
                gettext_noop("Equal totals were decided by the number of dragons hunted."),
                gettext_noop("Players equal in total and dragons share the place."),
            ),
        ),
        "tiebreak": tiebreak,
        "shared": shared,
        "contests": contests,
        "winners": join_names([r["name"] for r in rows if r["winner"]]),
    }


SHEET_LOOK = Look(
    table="sd-score", winner="sd-winner-row", you="sd-you", marker="sd-tag sd-lead", note="sd-note"
)

CATEGORIES = ("dragons", "plus", "minus", "shields", "damage", "research", "morale", "crime")


category_name = by_key(
    lambda: {
        "dragons": _("Dragons"),
        "plus": _("+2 symbols"),
        "minus": _("−1 symbols"),
        "shields": _("Shields"),
        "damage": _("Damage"),
        "research": _("Research"),
        "morale": _("Morale"),
        "crime": _("Crime"),
    }
)


# --- status line -----------------------------------------------------------------------------


def status_text(view: View, seat: int | None, names: list[str]) -> str:
    """One sentence in the active language: what happens now, and who must act."""
    phase = view["phase"]
    if phase == "draft":
        waiting = [p["seat"] for p in view["players"] if not p["has_drafted"]]
        values = {"round": view["draft_round"], "rounds": DRAFT_ROUNDS_BY_MOVE}
        if seat is not None and seat in waiting:
            return _("Pick a crew card to keep (pick %(round)s of %(rounds)s).") % values
        return _("Waiting for %(names)s to pick a crew card (pick %(round)s of %(rounds)s).") % (
            values | {"names": join_names([player_name(names, s) for s in waiting])}
        )
    if phase == "hunt":
        values = {
            "trick": view["trick"],
            "tricks": TRICKS,
            "name": player_name(names, view["turn"]),
        }
        if seat is not None and seat == view["turn"]:
            return _("Play a crew card (trick %(trick)s of %(tricks)s).") % values
        return _("%(name)s must play a crew card (trick %(trick)s of %(tricks)s).") % values
    return ""
