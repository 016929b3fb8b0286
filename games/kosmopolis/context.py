"""The Kosmopolis table's region contexts (what the fragments under
`jinja2/kosmopolis/` show of the engine's `view()`) and status line."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_noop

from games.kosmopolis.components import (
    CARD_VALUE,
    COLORS,
    MODIFIER_VALUE,
    PROFESSION_BY_COLOR,
    ROUNDS,
)
from games.kosmopolis.labels import (
    KEEP_PER_STEP,
    PRIEST_COLOR,
    Move,
    View,
    ability_text,
    card_info,
    card_label,
    colour_letter,
    colour_name,
    column_name,
    from_column,
    join_names,
    over_column,
    player_name,
    profession_name,
    signed,
)
from games.kosmopolis.log import evaluation_sentences
from games.score_sheet import Column, Look, ranked_rows, score_sheet, tie_notes, ties
from games.translated import gettext as _
from games.translated import ngettext, shared

# --- template context ------------------------------------------------------------------------


def table_context(view: View, legal: list[Move], seat: int | None, names: list[str]) -> dict:
    """Everything the Kosmopolis fragments need beyond the raw view.

    What the viewer may choose comes only from `legal` (the viewer's legal moves, empty when it
    is not the viewer's turn), never from the rules re-implemented here.
    """
    seats = view["seats"]
    phase = view["phase"]
    columns = _board_columns(view, seat)
    known = {column["colour"]: column for column in columns}
    players = [_player(view, p, seat, names, known) for p in range(seats)]
    me = players[seat] if seat is not None and 0 <= seat < seats else None
    by_type: dict[str, list[Move]] = {}
    for move in legal:
        by_type.setdefault(move.get("type", ""), []).append(move)
    context: dict[str, Any] = {
        "phase": phase,
        "round": view["round"],
        "rounds": ROUNDS,
        "deck_count": view["deck_count"],
        "modifier_deck_count": view["modifier_deck_count"],
        "supply": view["supply"],
        "columns": columns,
        "players": players,
        "me": me,
        "others": [p for p in players if p is not me],
        "spectator": me is None,
        "acting": bool(legal),
        "draft": _draft_context(view, by_type.get("draft", []), me),
        "play": _play_context(view, by_type.get("play", []), me),
        "modifier": _modifier_context(view, by_type.get("place_modifier", [])),
        "save": _save_context(view, by_type.get("save", []), seat),
        "removed": [card_info(card) for card in view.get("removed", [])],
        "result": _result_context(view, names, seat),
        "last_round": shared(("last_round", *names), lambda: _last_round_context(view, names)),
    }
    _mark_last_played(view, seat, names, columns, players)
    return context


def _mark_last_played(
    view: View,
    seat: int | None,
    names: list[str],
    columns: list[dict[str, Any]],
    players: list[dict[str, Any]],
) -> None:
    """Mark the card each other seat played last, where it now lies (a column or a city)."""
    marks = {
        card: {
            "seat": p,
            "number": p + 1,
            "text": _("last move of %(name)s") % {"name": player_name(names, p)},
        }
        for p, card in enumerate(view.get("last_played") or [])
        if card is not None and p != seat
    }
    if not marks:
        return
    piles = [column["cards"] for column in columns]
    piles += [column["cards"] for player in players for column in player["city"]]
    for pile in piles:
        for card in pile:
            card["last"] = marks.get(card["id"])


def _board_columns(view: View, seat: int | None) -> list[dict[str, Any]]:
    limits = view.get("limits")
    columns = []
    for colour in COLORS:
        cards = view["kosmopolis"][colour]
        card_sum = sum(CARD_VALUE[c] for c in cards)
        modifiers = []
        for modifier in view["modifiers"]:
            if modifier["column"] != colour:
                continue
            value = modifier.get("value")
            modifiers.append(
                {
                    "id": modifier.get("id"),
                    "seat": modifier["seat"],
                    "value": value,
                    "known": value is not None,
                    "mine": modifier["seat"] == seat,
                    "label": signed(value) if value is not None else "?",
                    "aria": (
                        _("modifier %(value)s") % {"value": signed(value)}
                        if value is not None
                        else _("face-down modifier")
                    ),
                }
            )
        known_sum = card_sum + sum(m["value"] for m in modifiers if m["known"])
        hidden = sum(1 for m in modifiers if not m["known"])
        columns.append(
            {
                "colour": colour,
                "letter": colour_letter(colour),
                "colour_name": colour_name(colour),
                "column_name": column_name(colour),
                "profession": PROFESSION_BY_COLOR[colour],
                "profession_name": profession_name(colour),
                "ability": ability_text(colour),
                "cards": [card_info(c) for c in cards],
                "sum": card_sum,
                "modifiers": modifiers,
                "known_limit": known_sum,
                "hidden_modifiers": hidden,
                "limit": limits[colour] if limits else None,
                "aria": _("Kosmopolis %(column)s column: %(profession)s")
                % {"column": column_name(colour), "profession": profession_name(colour)},
            }
        )
    return columns


def _player(
    view: View, p: int, seat: int | None, names: list[str], known: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    city = view["cities"][p]
    excess = (view.get("excess") or [{}] * view["seats"])[p]
    phase = view["phase"]
    city_columns = []
    for colour in COLORS:
        cards = city[colour]
        total = sum(CARD_VALUE[c] for c in cards)
        column = known[colour]
        # Advice while playing: the column already exceeds what the viewer knows of the limit.
        risky = (
            phase in ("draft", "play")
            and bool(cards)
            and column["hidden_modifiers"] == 0
            and total > column["known_limit"]
        )
        city_columns.append(
            {
                "colour": colour,
                "letter": colour_letter(colour),
                "colour_name": colour_name(colour),
                "column_name": column_name(colour),
                "profession": PROFESSION_BY_COLOR[colour],
                "cards": [card_info(c) for c in cards],
                "sum": total,
                "over": excess.get(colour),
                "risky": risky,
            }
        )
    bonus_ids: list[int] | None = None
    if "bonus_piles" in view:
        bonus_ids = view["bonus_piles"][p]
    elif p == seat and "bonus" in view:
        bonus_ids = view["bonus"]
    simultaneous = phase in ("draft", "tokens")
    return {
        "seat": p,
        "name": player_name(names, p),
        "is_you": p == seat,
        "city": city_columns,
        "total": view["city_totals"][p],
        "tokens": view["tokens"][p],
        "hand_size": view["hand_sizes"][p],
        "packet_size": view["packet_sizes"][p],
        "kept_size": view["kept_sizes"][p],
        "bonus_size": view["bonus_sizes"][p],
        "bonus": [card_info(c) for c in bonus_ids] if bonus_ids is not None else None,
        "simultaneous": simultaneous,
        "submitted": bool(view["submitted"][p]) if simultaneous else False,
        "to_act": p in view["to_act"],
        "is_start": p == view["start_player"],
        "is_current": phase == "play" and p == view["current"],
        "is_trigger": p == view["trigger"],
        "final_turn": phase == "play" and p in view["final_turns"],
        "over_columns": [
            {"colour": c, "column_name": column_name(c), "excess": excess[c]}
            for c in COLORS
            if c in excess
        ],
    }


def _draft_context(
    view: View, moves: list[Move], me: dict[str, Any] | None
) -> dict[str, Any] | None:
    if view["phase"] != "draft" or me is None:
        return None
    pickable = {card for move in moves for card in move["cards"]}
    chosen = set(view.get("draft_choice") or [])
    packet = []
    for card in view.get("packet", []):
        info = card_info(card)
        info["pickable"] = card in pickable
        info["chosen"] = card in chosen
        packet.append(info)
    return {
        "step": view["draft_step"],
        "steps": 2,
        "keep": KEEP_PER_STEP,
        "can_choose": bool(moves),
        "chosen": bool(chosen),
        "packet": packet,
        "kept": [card_info(card) for card in view.get("kept", [])],
    }


def _play_context(
    view: View, moves: list[Move], me: dict[str, Any] | None
) -> dict[str, Any] | None:
    if view["phase"] != "play" or me is None:
        return None
    playable = {move["card"] for move in moves}
    to_city = any(move["to"] == "city" for move in moves)
    to_kosmopolis = any(move["to"] == "kosmopolis" for move in moves)
    takes = [c for c in COLORS if any(move.get("take") == c for move in moves)]
    hand = []
    for card in view.get("hand", []):
        info = card_info(card)
        info["playable"] = card in playable
        info["priest"] = info["colour"] == PRIEST_COLOR
        hand.append(info)
    take_options = []
    for colour in takes:
        cards = view["kosmopolis"][colour]
        lowest = min(cards, key=lambda c: (CARD_VALUE[c], c))
        take_options.append(
            {
                "colour": colour,
                "letter": colour_letter(colour),
                "column_name": column_name(colour),
                "lowest": card_info(lowest),
                "label": _("%(from)s (lowest card: %(card)s)")
                % {"from": from_column(colour), "card": card_label(lowest)},
            }
        )
    return {
        "can_play": bool(moves),
        "hand": hand,
        "to_city": to_city,
        "to_kosmopolis": to_kosmopolis,
        "takes": take_options,
        "take_required": bool(takes),
        "take_colours": takes,
        "has_priest": any(c["colour"] == PRIEST_COLOR and c["playable"] for c in hand),
    }


def _modifier_context(view: View, moves: list[Move]) -> dict[str, Any] | None:
    modifier = view.get("modifier_to_place")
    if modifier is None or not moves:
        return None
    value = MODIFIER_VALUE[modifier]
    legal = {move["column"] for move in moves}
    return {
        "id": modifier,
        "value": value,
        "label": signed(value),
        "columns": [
            {
                "colour": c,
                "letter": colour_letter(c),
                "column_name": column_name(c),
                "label": over_column(c),
            }
            for c in COLORS
            if c in legal
        ],
    }


def _save_context(view: View, moves: list[Move], seat: int | None) -> dict[str, Any] | None:
    if view["phase"] != "tokens" or seat is None:
        return None
    excess = (view.get("excess") or [{}] * view["seats"])[seat]
    options = []
    for move in sorted(moves, key=lambda m: (len(m["columns"]), m["columns"])):
        chosen = [c for c in COLORS if c in move["columns"]]
        cost = sum(excess.get(c, 0) for c in chosen)
        lost = [c for c in COLORS if c in excess and c not in chosen]
        if chosen:
            text = ngettext(
                "Save %(columns)s for %(count)s token",
                "Save %(columns)s for %(count)s tokens",
                cost,
            ) % {"columns": ", ".join(column_name(c) for c in chosen), "count": cost}
        else:
            text = _("Save nothing")
        if lost:
            text = _("%(choice)s; discard %(columns)s") % {
                "choice": text,
                "columns": ", ".join(column_name(c) for c in lost),
            }
        options.append({"value": ",".join(chosen), "columns": chosen, "cost": cost, "label": text})
    submitted = view.get("save_choice")
    return {
        "can_save": bool(moves),
        "options": options,
        "tokens": view["tokens"][seat],
        "over": [
            {"colour": c, "column_name": column_name(c), "excess": excess[c]}
            for c in COLORS
            if c in excess
        ],
        "submitted": submitted is not None,
        "submitted_text": (
            ", ".join(column_name(c) for c in submitted) if submitted else _("nothing")
        ),
        "limits": [
            {"colour": c, "column_name": column_name(c), "value": view["limits"][c]} for c in COLORS
        ]
        if view.get("limits")
        else [],
    }


def _result_context(view: View, names: list[str], seat: int | None) -> dict[str, Any] | None:
    result = view.get("result")
    if not result:
        return None
    piles = view.get("bonus_piles", [[]] * view["seats"])
    rows = [
        {**row, **row["breakdown"], "bonus_cards": [card_info(c) for c in piles[row["seat"]]]}
        for row in ranked_rows(result, names, seat)
    ]
    tiebreak, shared = ties(rows)
    columns = [
        Column("city", _("City")),
        Column("bonus", _("Bonus cards")),
        Column("tokens", _("Tokens")),
        Column("total", _("Total"), strong=True),
    ]
    if tiebreak:
        columns += [
            Column("sixes", "6×", title=_("cards worth 6")),
            Column("fives", "5×", title=_("cards worth 5")),
            Column("fours", "4×", title=_("cards worth 4")),
            Column("threes", "3×", title=_("cards worth 3")),
            Column("twos", "2×", title=_("cards worth 2")),
        ]
    notes = tie_notes(
        tiebreak,
        shared,
        gettext_noop(
            "Equal totals were decided by the number of cards worth 6 (city and bonus cards "
            "together), then 5, 4, 3 and 2."
        ),
        gettext_noop("Players equal in every respect share the place."),
    )
    sheet = score_sheet(result, names, seat, columns, SHEET_LOOK, notes=notes)
    return {"rows": rows, "tiebreak": tiebreak, "shared": shared, "sheet": sheet}


SHEET_LOOK = Look(table="k-score", winner="k-winner", you="k-you", marker="k-marker", note="k-note")


def _last_round_context(view: View, names: list[str]) -> dict[str, Any] | None:
    summary = view.get("last_round")
    if not summary:
        return None
    return {
        "round": summary["round"],
        "limits": [
            {
                "colour": c,
                "letter": colour_letter(c),
                "column_name": column_name(c),
                "value": summary["limits"][c],
            }
            for c in COLORS
        ],
        "bonuses": [
            {
                "colour": b["color"],
                "letter": colour_letter(b["color"]),
                "column_name": column_name(b["color"]),
                "name": player_name(names, b["seat"]),
            }
            for b in summary["bonuses"]
        ],
        "text": " ".join(evaluation_sentences(summary, names, None)),
    }


# --- status line -----------------------------------------------------------------------------


def status_text(view: View, seat: int | None, names: list[str]) -> str:
    """One sentence in the active language: what happens now, and who must act."""
    phase = view["phase"]
    acting = list(view["to_act"])
    waiting = join_names([player_name(names, p) for p in acting])
    mine = seat is not None and seat in acting
    if phase == "draft":
        if mine:
            return ngettext(
                "You must keep %(count)s card (draft step %(step)s of 2).",
                "You must keep %(count)s cards (draft step %(step)s of 2).",
                KEEP_PER_STEP,
            ) % {"count": KEEP_PER_STEP, "step": view["draft_step"]}
        return _("Waiting for %(names)s to choose cards to keep.") % {"names": waiting}
    if phase == "play":
        current = view["current"]
        last = current in view["final_turns"]
        if view["modifier_pending"]:
            if mine:
                modifier = view.get("modifier_to_place")
                if modifier is not None:
                    return _("Place the modifier you drew (%(value)s) over a column.") % {
                        "value": signed(MODIFIER_VALUE[modifier])
                    }
                return _("Place the modifier you drew over a column.")
            return _("%(name)s must place a modifier face down.") % {
                "name": player_name(names, current)
            }
        if mine:
            if last:
                return _("You must play a card (your last turn this round).")
            return _("You must play a card.")
        if last:
            return _("%(name)s must play a card (last turn this round).") % {
                "name": player_name(names, current)
            }
        return _("%(name)s must play a card.") % {"name": player_name(names, current)}
    if phase == "tokens":
        if mine:
            return _("Your city is over a limit: choose which columns to save with tokens.")
        return _("Waiting for %(names)s to decide about tokens.") % {"names": waiting}
    return ""
