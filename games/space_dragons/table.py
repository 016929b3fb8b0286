"""The Space Dragons table's Django side: template context, status line, move forms, log lines.

The engine stays pure; this module only reads its `view()`, its `legal_moves()` and its
events. What a player may choose on the page comes from `legal` alone, so the page never
offers a move the engine would refuse. Everything else shown is public (played cards, captured
dragons, counts), so the running scores below can be computed from any viewer's view.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext

from games.rules import IllegalMove
from games.space_dragons.components import (
    CONTEST_SYMBOLS,
    CREW,
    DAMAGE_POINTS,
    DRAFT_ROUNDS_BY_MOVE,
    DRAGONS,
    EFFECTS,
    SCORING_CARDS,
    SHIELD_POINTS,
    SYMBOL_POINTS,
    SYMBOLS,
    TRICKS,
)
from games.space_dragons.engine import contest_awards
from games.translated import drawn_cards, per_language

View = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]

ENGINE_MESSAGES = (
    gettext_noop("Malformed move: it needs exactly a type and a card."),
    gettext_noop("Unknown move type."),
    gettext_noop("Malformed move: the card must be a whole number."),
    gettext_noop("No such seat."),
    gettext_noop("The game is over."),
    gettext_noop("Wrong phase: the draft is over."),
    gettext_noop("You already drafted this round."),
    gettext_noop("Wrong phase: cards are played after the draft."),
    gettext_noop("Not your turn."),
)
"""The engine's fixed refusals. "Card N is not in your pack/hand." carry a number and stay
English (the page only offers cards that are there, so players meet them only on a stale form)."""

MINUS = "\u2212"


# --- names of things -------------------------------------------------------------------------


@per_language
def symbol_name(key: str) -> str:
    return {
        "research": _("research"),
        "morale": _("morale"),
        "crime": _("crime"),
        "plus": _("+2 points"),
        "minus": _("−1 point"),
        "shield": _("shield"),
        "damage": _("damage"),
        "repair": _("repair"),
        "targeting": _("targeting"),
    }[key]


@per_language
def symbol_letter(key: str) -> str:
    """The short mark printed on every symbol chip (colour is never the only cue)."""
    return {
        "research": pgettext("symbol", "Re"),
        "morale": pgettext("symbol", "Mo"),
        "crime": pgettext("symbol", "Cr"),
        "plus": "+2",
        "minus": f"{MINUS}1",
        "shield": pgettext("symbol", "Sh"),
        "damage": pgettext("symbol", "Dm"),
        "repair": pgettext("symbol", "Rp"),
        "targeting": pgettext("symbol", "Tg"),
    }[key]


@per_language
def scoring_card_name(card: str) -> str:
    return {
        "research": _("Research"),
        "morale": _("Morale"),
        "crime": _("Crime"),
    }[card]


@per_language
def position_name(position: str) -> str:
    return {
        "highest": _("highest"),
        "lowest": _("lowest"),
        "second_highest": _("second highest"),
        "second_lowest": _("second lowest"),
    }[position]


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else (f"{MINUS}{-value}" if value < 0 else "0")


def card_label(card: int) -> str:
    return str(card)


@per_language
def dragon_label(dragon: str) -> str:
    points = DRAGONS[dragon].points
    return _("%(points)s-point dragon") % {"points": points}


def _chips(counts: dict[str, int], keys: Sequence[str]) -> list[dict[str, Any]]:
    return [
        {
            "key": key,
            "letter": symbol_letter(key),
            "name": symbol_name(key),
            "count": counts[key],
            "aria": _("%(count)s× %(name)s") % {"count": counts[key], "name": symbol_name(key)}
            if counts[key] > 1
            else symbol_name(key),
        }
        for key in keys
        if counts[key]
    ]


def _card_fields(card: int) -> dict[str, Any]:
    """Value, scoring symbols and effect symbols of one crew card."""
    crew = CREW[card]
    symbols = _chips(crew.symbols, SYMBOLS)
    effects = _chips(crew.effects, EFFECTS)
    parts = [chip["aria"] for chip in symbols + effects]
    aria = _("crew %(value)s") % {"value": card}
    if parts:
        aria = _("%(card)s: %(symbols)s") % {"card": aria, "symbols": ", ".join(parts)}
    return {"id": card, "value": card, "symbols": symbols, "effects": effects, "aria": aria}


card_info = drawn_cards(_card_fields, "space_dragons/_card.html")
"""One card as the templates draw it (`html`: the card itself), a fresh dict to add to."""


def dragon_info(dragon: str) -> dict[str, Any]:
    info = DRAGONS[dragon]
    symbols = _chips(info.symbols, SYMBOLS)
    label = dragon_label(dragon)
    aria = label
    if symbols:
        aria = _("%(card)s: %(symbols)s") % {
            "card": label,
            "symbols": ", ".join(c["aria"] for c in symbols),
        }
    return {"id": dragon, "points": info.points, "symbols": symbols, "aria": aria}


def award_rule(card: str, side: str) -> str:
    return ", ".join(
        _("%(position)s %(points)s")
        % {"position": position_name(a.position), "points": signed(a.points)}
        for a in SCORING_CARDS[card].sides[side]
    )


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
                "name": _name(names, s),
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
            {"name": _name(names, s), "card": card_info(c), "is_start": s == view["start_player"]}
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
        {"seat": p["seat"], "name": _name(names, p["seat"]), "card": card_info(p["card"])}
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
                    "name": _name(names, p["seat"]),
                    "card": card_info(p["card"]),
                    "won": p["seat"] == last["winner"],
                }
                for p in last["plays"]
            ],
            "winner": _name(names, last["winner"]),
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
        "turn_name": _name(names, view["turn"]) if view["turn"] is not None else None,
        "last": last_context,
        "hand": [card_info(c) | {"playable": c in playable} for c in hand],
        "can_play": bool(moves),
    }


def _result_context(view: View, names: list[str], seat: int | None) -> dict[str, Any] | None:
    result = view.get("result")
    if not result:
        return None
    rows = []
    for p, row in enumerate(result["breakdown"]):
        rows.append(
            {
                "seat": p,
                "name": _name(names, p),
                "is_you": p == seat,
                "rank": result["ranks"][p],
                "winner": p in result["winners"],
                "dragon_count": result["dragon_counts"][p],
                "symbols": result["symbol_counts"][p],
                "cells": [signed(row[k]) for k in CATEGORIES],
                "total": row["total"],
                **{k: row[k] for k in CATEGORIES},
            }
        )
    rows.sort(key=lambda r: (r["rank"], r["seat"]))
    tiebreak = any(
        a["total"] == b["total"] and a["rank"] != b["rank"] for a, b in combinations(rows, 2)
    )
    shared = any(a["rank"] == b["rank"] for a, b in combinations(rows, 2))
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
    return {
        "rows": rows,
        "headers": [category_name(k) for k in CATEGORIES],
        "tiebreak": tiebreak,
        "shared": shared,
        "contests": contests,
        "winners": join_names([r["name"] for r in rows if r["winner"]]),
    }


CATEGORIES = ("dragons", "plus", "minus", "shields", "damage", "research", "morale", "crime")


@per_language
def category_name(key: str) -> str:
    return {
        "dragons": _("Dragons"),
        "plus": _("+2 symbols"),
        "minus": _("−1 symbols"),
        "shields": _("Shields"),
        "damage": _("Damage"),
        "research": _("Research"),
        "morale": _("Morale"),
        "crime": _("Crime"),
    }[key]


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
            values | {"names": join_names([_name(names, s) for s in waiting])}
        )
    if phase == "hunt":
        values = {"trick": view["trick"], "tricks": TRICKS, "name": _name(names, view["turn"])}
        if seat is not None and seat == view["turn"]:
            return _("Play a crew card (trick %(trick)s of %(tricks)s).") % values
        return _("%(name)s must play a crew card (trick %(trick)s of %(tricks)s).") % values
    if phase == "over":
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
    return ""


# --- move forms ------------------------------------------------------------------------------


def move_from_post(data: QueryDict) -> Move:
    """The move a submitted form asks for; the engine then judges whether it is legal."""
    kind = data.get("type")
    if kind not in ("draft", "play"):
        raise IllegalMove(_("The form did not say which move to make."))
    raw = data.get("card")
    if raw is None or raw == "":
        if kind == "draft":
            raise IllegalMove(_("Choose the card you want to keep."))
        raise IllegalMove(_("Choose a card to play."))
    try:
        card = int(raw)
    except ValueError:
        raise IllegalMove(_("The form sent something that is not a card number.")) from None
    return {"type": kind, "card": card}


# --- log lines -------------------------------------------------------------------------------


def describe(event: Event, names: list[str], viewer: int | None) -> str | None:
    """The log line for one engine event in the active language, or None if the log skips it.

    Private events (`visible_to`) are described only for their owner; a replay of a finished
    game strips `visible_to`, and private events then read by name.
    """
    visible_to = event.get("visible_to")
    if visible_to is not None and (viewer is None or viewer not in visible_to):
        return None
    kind = event.get("type")
    handler = _DESCRIBERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        return None
    seat = event.get("seat")
    you = isinstance(seat, int) and seat == viewer
    name = _name(names, seat) if isinstance(seat, int) else ""
    return handler(event, names, you, name)


def _drafted(event: Event, names: list[str], you: bool, name: str) -> str | None:
    if you:
        return None  # the private "drafted_card" line names the card
    return _("%(name)s picks a crew card.") % {"name": name}


def _drafted_card(event: Event, names: list[str], you: bool, name: str) -> str:
    values = {"name": name, "card": card_label(event["card"])}
    if you:
        return _("You keep crew card %(card)s.") % values
    return _("%(name)s keeps crew card %(card)s.") % values


def _packs_passed(event: Event, names: list[str], you: bool, name: str) -> str:
    return _("Everyone passes the rest of their pack to the left (pick %(round)s done).") % {
        "round": event["round"]
    }


def _draft_complete(event: Event, names: list[str], you: bool, name: str) -> str:
    return _(
        "The last card of each pack is kept automatically. The crew is ready: the hunt begins."
    )


def _effects_text(card: int) -> str:
    effects = CREW[card].effects
    parts = [
        _("%(count)s× %(name)s") % {"count": effects[k], "name": symbol_name(k)}
        if effects[k] > 1
        else symbol_name(k)
        for k in EFFECTS
        if effects[k]
    ]
    return ", ".join(parts)


def _played(event: Event, names: list[str], you: bool, name: str) -> str:
    card = event["card"]
    effects = _effects_text(card)
    values = {"name": name, "card": card_label(card), "effects": effects}
    if you:
        if effects:
            return _("You play %(card)s (%(effects)s).") % values
        return _("You play %(card)s.") % values
    if effects:
        return _("%(name)s plays %(card)s (%(effects)s).") % values
    return _("%(name)s plays %(card)s.") % values


def _shield_gained(event: Event, names: list[str], you: bool, name: str) -> str:
    if you:
        return _("Your card gives your ship a shield.")
    return _("%(name)s's card gives their ship a shield.") % {"name": name}


def _shield_lost(event: Event, names: list[str], you: bool, name: str) -> str:
    if event.get("cause") == "targeting":
        if you:
            return _("A targeting hit on your ship is absorbed by a shield.")
        return _("A targeting hit on %(name)s's ship is absorbed by a shield.") % {"name": name}
    if you:
        return _("Your own card's damage is absorbed by a shield.")
    return _("%(name)s's own card's damage is absorbed by a shield.") % {"name": name}


def _damage_taken(event: Event, names: list[str], you: bool, name: str) -> str:
    if event.get("cause") == "targeting":
        if you:
            return _("A targeting hit damages your ship.")
        return _("A targeting hit damages %(name)s's ship.") % {"name": name}
    if you:
        return _("Your own card damages your ship.")
    return _("%(name)s's own card damages their ship.") % {"name": name}


def _repaired(event: Event, names: list[str], you: bool, name: str) -> str:
    if you:
        return _("Your card repairs one damage on your ship.")
    return _("%(name)s's card repairs one damage on their ship.") % {"name": name}


def _supply_empty(event: Event, names: list[str], you: bool, name: str) -> str:
    if event.get("effect") == "shield":
        return _("The draw pile is empty: %(name)s gets no shield.") % {"name": name}
    return _("The draw pile is empty: %(name)s takes no damage.") % {"name": name}


def _trick_won(event: Event, names: list[str], you: bool, name: str) -> str:
    values = {
        "name": name,
        "card": card_label(event["card"]),
        "dragon": dragon_label(event["dragon"]) if event.get("dragon") else "",
        "hits": event["hits"],
    }
    if you:
        text = _("Your %(card)s is the highest card: you hunt the %(dragon)s.") % values
    else:
        text = _("%(name)s's %(card)s is the highest card: they hunt the %(dragon)s.") % values
    if event["hits"]:
        text += (
            " "
            + ngettext(
                "The other cards aim %(hits)s targeting hit at the winner.",
                "The other cards aim %(hits)s targeting hits at the winner.",
                event["hits"],
            )
            % values
        )
    return text


def _dragon_revealed(event: Event, names: list[str], you: bool, name: str) -> str:
    return _("A new dragon leaves the lair: a %(dragon)s.") % {
        "dragon": dragon_label(event["dragon"])
    }


def _hands_passed(event: Event, names: list[str], you: bool, name: str) -> str:
    return _("Everyone passes their whole hand to the left.")


def _game_over(event: Event, names: list[str], you: bool, name: str) -> str:
    scores = ", ".join(
        _("%(name)s %(total)s") % {"name": _name(names, p), "total": score}
        for p, score in enumerate(event["scores"])
    )
    return _("The last dragon is hunted. Final scores: %(list)s.") % {"list": scores}


_DESCRIBERS = {
    "drafted": _drafted,
    "drafted_card": _drafted_card,
    "packs_passed": _packs_passed,
    "draft_complete": _draft_complete,
    "played": _played,
    "shield_gained": _shield_gained,
    "shield_lost": _shield_lost,
    "damage_taken": _damage_taken,
    "repaired": _repaired,
    "supply_empty": _supply_empty,
    "trick_won": _trick_won,
    "dragon_revealed": _dragon_revealed,
    "hands_passed": _hands_passed,
    "game_over": _game_over,
}
"""One describer per event type the engine emits (`"type":` in engine.py)."""
