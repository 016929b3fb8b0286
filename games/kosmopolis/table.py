"""The Kosmopolis table's Django side: template context, status line, move forms, log lines.

The engine stays pure; this module only reads its `view()`, its `legal_moves()` and its
events. Everything a player may choose on the page is derived from `legal` alone, so the page
never offers a move the engine would refuse.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext

from games.kosmopolis.components import (
    CARD_COLOR,
    CARD_VALUE,
    COLORS,
    MODIFIER_VALUE,
    PROFESSION_BY_COLOR,
    ROUNDS,
)
from games.rules import IllegalMove
from games.translated import drawn_cards, one_full_stop, per_language

View = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]

KEEP_PER_STEP = 2
"""Cards a seat keeps in each draft selection step (spec 5.2)."""

PRIEST_COLOR = "pink"

ENGINE_MESSAGES = (
    gettext_noop("The game is over."),
    gettext_noop("There is no such seat."),
    gettext_noop("A move must be an object."),
    gettext_noop("Unknown move type."),
    gettext_noop("The move has unexpected fields."),
    gettext_noop("Not your turn."),
    gettext_noop("There is no draft now."),
    gettext_noop("Choose exactly two cards."),
    gettext_noop("Choose two different cards."),
    gettext_noop("You can only keep cards from your packet."),
    gettext_noop("Cards are not played now."),
    gettext_noop("Place your modifier first."),
    gettext_noop("Name the card to play."),
    gettext_noop("That card is not in your hand."),
    gettext_noop('Play the card to "city" or "kosmopolis".'),
    gettext_noop("Choose the column the priest takes from."),
    gettext_noop("The priest can only take from a non-empty green, yellow or blue column."),
    gettext_noop("Only a priest played into Kosmopolis takes a card."),
    gettext_noop("You have no modifier to place."),
    gettext_noop("Place the modifier over a green, yellow, blue or pink column."),
    gettext_noop("Columns are not saved now."),
    gettext_noop("List the colours of the columns to save."),
    gettext_noop("Name each column once."),
    gettext_noop("You can only save a column that is over its limit."),
    gettext_noop("You do not have enough tokens to save those columns."),
)
"""The engine's refusals (plain English, the engine is pure), listed so they get translated."""


# --- names of things -------------------------------------------------------------------------


@per_language
def colour_name(colour: str) -> str:
    """The colour as a word ("green" / "zelená")."""
    return {
        "green": pgettext("colour", "green"),
        "yellow": pgettext("colour", "yellow"),
        "blue": pgettext("colour", "blue"),
        "pink": pgettext("colour", "pink"),
    }[colour]


@per_language
def column_name(colour: str) -> str:
    """The colour as the adjective of a column ("green" / "zelený" sloupec)."""
    return {
        "green": pgettext("column", "green"),
        "yellow": pgettext("column", "yellow"),
        "blue": pgettext("column", "blue"),
        "pink": pgettext("column", "pink"),
    }[colour]


@per_language
def colour_letter(colour: str) -> str:
    """The letter printed on every coloured thing, for colour-blind players."""
    return {
        "green": pgettext("colour letter", "G"),
        "yellow": pgettext("colour letter", "Y"),
        "blue": pgettext("colour letter", "B"),
        "pink": pgettext("colour letter", "P"),
    }[colour]


@per_language
def profession_name(colour: str) -> str:
    return {
        "scholar": _("scholar"),
        "merchant": _("merchant"),
        "agent": _("agent"),
        "priest": _("priest"),
    }[PROFESSION_BY_COLOR[colour]]


@per_language
def ability_text(colour: str) -> str:
    return {
        "green": _("Draw 1 profession card."),
        "yellow": _("Take 1 token from the supply."),
        "blue": _("Draw a modifier and place it face down over any column."),
        "pink": _("Move the lowest card of the green, yellow or blue column into your city."),
    }[colour]


@per_language
def from_column(colour: str) -> str:
    return {
        "green": _("from the green column"),
        "yellow": _("from the yellow column"),
        "blue": _("from the blue column"),
        "pink": _("from the pink column"),
    }[colour]


@per_language
def over_column(colour: str) -> str:
    return {
        "green": _("over the green column"),
        "yellow": _("over the yellow column"),
        "blue": _("over the blue column"),
        "pink": _("over the pink column"),
    }[colour]


def signed(value: int) -> str:
    """A modifier's value with its sign: +4, +2, −3, −1 (a real minus sign)."""
    return f"+{value}" if value >= 0 else f"\u2212{-value}"


@per_language
def card_label(card: int) -> str:
    colour = CARD_COLOR[card]
    return _("%(profession)s %(value)s") % {
        "profession": profession_name(colour),
        "value": CARD_VALUE[card],
    }


def _card_fields(card: int) -> dict[str, Any]:
    """What is printed on one profession card, named in the active language."""
    colour = CARD_COLOR[card]
    label = card_label(card)
    return {
        "id": card,
        "colour": colour,
        "value": CARD_VALUE[card],
        "profession": PROFESSION_BY_COLOR[colour],
        "profession_name": profession_name(colour),
        "letter": colour_letter(colour),
        "colour_name": colour_name(colour),
        "label": label,
        "aria": _("%(card)s, %(colour)s") % {"card": label, "colour": colour_name(colour)},
    }


card_info = drawn_cards(_card_fields, "kosmopolis/_card.html")
"""One card as the templates draw it (`html`: the card itself), a fresh dict to add to."""


def cards_text(cards: Iterable[int]) -> str:
    return ", ".join(card_label(card) for card in cards)


def join_names(names: Sequence[str]) -> str:
    """ "Eva", "Eva and Jan", "Eva, Jan and Bob" in the active language."""
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
        "last_round": _last_round_context(view, names),
    }
    return context


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
        "name": _name(names, p),
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
    rows = []
    for p, row in enumerate(result["breakdown"]):
        bonus = view.get("bonus_piles", [[]] * view["seats"])[p]
        rows.append(
            {
                "seat": p,
                "name": _name(names, p),
                "is_you": p == seat,
                "rank": result["ranks"][p],
                "winner": p in result["winners"],
                "bonus_cards": [card_info(c) for c in bonus],
                **row,
            }
        )
    rows.sort(key=lambda r: (r["rank"], r["seat"]))
    # The tie-break decided something when two seats share a total but not a rank.
    tiebreak = any(
        a["total"] == b["total"] and a["rank"] != b["rank"] for a, b in combinations(rows, 2)
    )
    shared = any(a["rank"] == b["rank"] for a, b in combinations(rows, 2))
    return {"rows": rows, "tiebreak": tiebreak, "shared": shared}


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
                "name": _name(names, b["seat"]),
            }
            for b in summary["bonuses"]
        ],
        "text": " ".join(_evaluation_sentences(summary, names, None)),
    }


# --- status line -----------------------------------------------------------------------------


def status_text(view: View, seat: int | None, names: list[str]) -> str:
    """One sentence in the active language: what happens now, and who must act."""
    phase = view["phase"]
    acting = list(view["to_act"])
    waiting = join_names([_name(names, p) for p in acting])
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
            return _("%(name)s must place a modifier face down.") % {"name": _name(names, current)}
        if mine:
            if last:
                return _("You must play a card (your last turn this round).")
            return _("You must play a card.")
        if last:
            return _("%(name)s must play a card (last turn this round).") % {
                "name": _name(names, current)
            }
        return _("%(name)s must play a card.") % {"name": _name(names, current)}
    if phase == "tokens":
        if mine:
            return _("Your city is over a limit: choose which columns to save with tokens.")
        return _("Waiting for %(names)s to decide about tokens.") % {"names": waiting}
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


def _integer(data: QueryDict, field: str, missing: str) -> int:
    raw = data.get(field)
    if raw is None or raw == "":
        raise IllegalMove(missing)
    try:
        return int(raw)
    except ValueError:
        raise IllegalMove(_("The form sent something that is not a card number.")) from None


def move_from_post(data: QueryDict) -> Move:
    """The move a submitted table form asks for; the engine then judges whether it is legal.

    Raise IllegalMove only when the form cannot be read (missing fields, non-numbers). The play
    form has one shared "take" radio group for a priest; it only counts for a pink card played
    into Kosmopolis, and the form says (`take_required`) when a priest must choose a column.
    """
    kind = data.get("type")
    if kind == "draft":
        raw_cards = data.getlist("cards")
        if not raw_cards:
            raise IllegalMove(_("Choose the cards you want to keep."))
        try:
            cards = [int(card) for card in raw_cards]
        except ValueError:
            raise IllegalMove(_("The form sent something that is not a card number.")) from None
        return {"type": "draft", "cards": cards}
    if kind == "play":
        card = _integer(data, "card", _("Choose a card to play."))
        to = data.get("to")
        if not to:
            raise IllegalMove(_("Choose where to play the card."))
        move: Move = {"type": "play", "card": card, "to": to}
        take = data.get("take") or None
        priest = 0 <= card < len(CARD_COLOR) and CARD_COLOR[card] == PRIEST_COLOR
        if priest and to == "kosmopolis":
            if take is not None:
                move["take"] = take
            elif data.get("take_required"):
                raise IllegalMove(_("Choose the column the priest takes from."))
        return move
    if kind == "place_modifier":
        column = data.get("column")
        if not column:
            raise IllegalMove(_("Choose the column for the modifier."))
        return {"type": "place_modifier", "column": column}
    if kind == "save":
        if "columns" not in data:
            raise IllegalMove(_("Choose which columns to save, or save nothing."))
        columns = [c for value in data.getlist("columns") for c in value.split(",") if c]
        return {"type": "save", "columns": columns}
    raise IllegalMove(_("The form did not say which move to make."))


# --- log lines -------------------------------------------------------------------------------


def describe(event: Event, names: list[str], viewer: int | None) -> str | None:
    """The log line for one engine event in the active language, or None if the log skips it.

    Private events (those with `visible_to`) are described only for their owner; public lines
    only use what the event itself carries, which the engine keeps free of hidden cards. A
    replay of a finished game strips `visible_to`, and private events then read by name.
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


def _round_started(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    start = event["start_player"]
    if event["dealt"] == 0:
        return _(
            "Round %(round)s begins, but the deck is too short to deal: "
            "the round is scored at once."
        ) % {"round": event["round"]}
    values = {"round": event["round"], "count": event["dealt"], "name": _name(names, start)}
    if start == viewer:
        return (
            ngettext(
                "Round %(round)s begins. You are the start player; everyone is dealt "
                "%(count)s card.",
                "Round %(round)s begins. You are the start player; everyone is dealt "
                "%(count)s cards.",
                event["dealt"],
            )
            % values
        )
    return (
        ngettext(
            "Round %(round)s begins. %(name)s is the start player; everyone is dealt "
            "%(count)s card.",
            "Round %(round)s begins. %(name)s is the start player; everyone is dealt "
            "%(count)s cards.",
            event["dealt"],
        )
        % values
    )


def _packet(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "cards": cards_text(event["cards"])}
    if you:
        return _("You are dealt: %(cards)s.") % values
    return _("%(name)s is dealt: %(cards)s.") % values


def _drafted(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    if you:
        return None  # the private "kept_cards" line says it with the cards
    return _("%(name)s sets 2 cards aside (draft step %(step)s).") % {
        "name": name,
        "step": event["step"],
    }


def _kept_cards(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "cards": cards_text(event["cards"]), "step": event["step"]}
    if you:
        return _("You keep %(cards)s (draft step %(step)s).") % values
    return _("%(name)s keeps %(cards)s (draft step %(step)s).") % values


def _draft_step_done(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    if event["step"] == 1:
        return _("Everyone passes the rest of their cards to the left.")
    return _("Everyone passes the last cards to the left. The draft is over; play begins.")


def _hand(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "cards": cards_text(event["cards"])}
    if you:
        return _("Your hand: %(cards)s.") % values
    return _("%(name)s's hand: %(cards)s.") % values


def _played(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "card": card_label(event["card"])}
    if event["to"] == "city":
        if you:
            return _("You play %(card)s into your city.") % values
        return _("%(name)s plays %(card)s into their city.") % values
    if you:
        return _("You play %(card)s into Kosmopolis.") % values
    return _("%(name)s plays %(card)s into Kosmopolis.") % values


def _drew(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    if you:
        return None  # the private "drew_card" line names the card
    return _("%(name)s draws a profession card (scholar).") % {"name": name}


def _drew_card(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "card": card_label(event["card"])}
    if you:
        return _("Your scholar draws %(card)s.") % values
    return _("%(name)s's scholar draws %(card)s.") % values


def _took_token(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    if you:
        return _("Your merchant takes a token.")
    return _("%(name)s takes a token (merchant).") % {"name": name}


def _drew_modifier(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    if you:
        return None  # the private "modifier_seen" line gives its value
    return _("%(name)s draws a modifier card (agent).") % {"name": name}


def _modifier_seen(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "value": signed(event["value"])}
    if you:
        return _("Your agent draws the modifier %(value)s.") % values
    return _("%(name)s's agent draws the modifier %(value)s.") % values


def _placed_modifier(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    where = over_column(event["column"])
    if you:
        return _("You place your modifier face down %(where)s.") % {"where": where}
    return _("%(name)s places a modifier face down %(where)s.") % {"name": name, "where": where}


def _priest_took(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "card": card_label(event["card"]), "from": from_column(event["column"])}
    if you:
        return _("Your priest takes %(card)s %(from)s into your city.") % values
    return _("%(name)s's priest takes %(card)s %(from)s into their city.") % values


def _trigger(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    others = join_names([_name(names, p) for p in event["final_turns"]])
    if you:
        return _("You have no cards left: the round is ending. One last turn for %(names)s.") % {
            "names": others
        }
    return _("%(name)s has no cards left: the round is ending. One last turn for %(names)s.") % {
        "name": name,
        "names": others,
    }


def _hand_to_city(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "cards": cards_text(event["cards"])}
    if you:
        return _("The cards left in your hand go into your city: %(cards)s.") % values
    return _("The cards left in %(name)s's hand go into their city: %(cards)s.") % values


def _round_end(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    parts = [_("Round %(round)s ends.") % {"round": event["round"]}]
    modifiers = event["modifiers"]
    if modifiers:
        shown = ", ".join(
            _("%(column)s column %(value)s")
            % {"column": column_name(m["column"]), "value": signed(MODIFIER_VALUE[m["id"]])}
            for m in sorted(modifiers, key=lambda m: COLORS.index(m["column"]))
        )
        parts.append(_("Modifiers revealed: %(list)s.") % {"list": shown})
    else:
        parts.append(_("No modifiers were placed."))
    parts.append(_("Column limits: %(list)s.") % {"list": _limits_text(event["limits"])})
    over = []
    for p, excess in enumerate(event["excess"]):
        if excess:
            columns = ", ".join(
                _("%(column)s by %(excess)s") % {"column": column_name(c), "excess": excess[c]}
                for c in COLORS
                if c in excess
            )
            over.append(_("%(name)s: %(columns)s") % {"name": _name(names, p), "columns": columns})
    if over:
        parts.append(_("Over the limit: %(list)s.") % {"list": "; ".join(over)})
    else:
        parts.append(_("No city column is over its limit."))
    return " ".join(parts)


def _limits_text(limits: dict[str, int]) -> str:
    return ", ".join(
        _("%(column)s %(value)s") % {"column": column_name(c), "value": limits[c]} for c in COLORS
    )


def _saved(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    if you:
        return None  # the private "save_choice" line says what was chosen
    return _("%(name)s has decided which columns to save.") % {"name": name}


def _save_choice(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    columns = event["columns"]
    values = {"name": name, "columns": ", ".join(column_name(c) for c in COLORS if c in columns)}
    if not columns:
        return _("You save no column.") if you else _("%(name)s saves no column.") % values
    if you:
        return _("You save these columns with tokens: %(columns)s.") % values
    return _("%(name)s saves these columns with tokens: %(columns)s.") % values


def _bonus_card(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    values = {"name": name, "card": card_label(event["card"]), "from": from_column(event["color"])}
    if you:
        return _("You receive the bonus card %(card)s %(from)s.") % values
    return _("%(name)s receives the bonus card %(card)s %(from)s.") % values


def _evaluation_sentences(summary: dict[str, Any], names: list[str], viewer: int | None):
    parts = [_("Round %(round)s is scored.") % {"round": summary["round"]}]
    for p, columns in enumerate(summary["saved"]):
        if columns:
            parts.append(
                ngettext(
                    "%(name)s pays %(count)s token to save: %(columns)s.",
                    "%(name)s pays %(count)s tokens to save: %(columns)s.",
                    summary["spent"][p],
                )
                % {
                    "name": _name(names, p),
                    "count": summary["spent"][p],
                    "columns": ", ".join(column_name(c) for c in columns),
                }
            )
    for lost in summary["discarded"]:
        parts.append(
            _("%(name)s discards the %(column)s column: %(cards)s.")
            % {
                "name": _name(names, lost["seat"]),
                "column": column_name(lost["color"]),
                "cards": cards_text(lost["cards"]),
            }
        )
    by_colour: dict[str, list[str]] = {}
    for bonus in summary["bonuses"]:
        by_colour.setdefault(bonus["color"], []).append(_name(names, bonus["seat"]))
    if by_colour:
        for colour in COLORS:
            receivers = by_colour.get(colour)
            if receivers:
                parts.append(
                    ngettext(
                        "Bonus card %(from)s: %(names)s.",
                        "Bonus cards %(from)s: %(names)s.",
                        len(receivers),
                    )
                    % {"from": from_column(colour), "names": join_names(receivers)}
                )
    else:
        parts.append(_("Nobody receives a bonus card."))
    totals = ", ".join(
        _("%(name)s %(total)s") % {"name": _name(names, p), "total": total}
        for p, total in enumerate(summary["city_totals"])
    )
    parts.append(_("City totals: %(list)s.") % {"list": totals})
    return [one_full_stop(part) for part in parts]


def _round_evaluated(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    return " ".join(_evaluation_sentences(event, names, viewer))


def _start_player(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    if you:
        return _("You are the start player of the next round.")
    return _("%(name)s is the start player of the next round.") % {"name": name}


def _game_over(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    scores = ", ".join(
        _("%(name)s %(total)s") % {"name": _name(names, p), "total": score}
        for p, score in enumerate(event["scores"])
    )
    return _("Game over. Final scores: %(list)s.") % {"list": scores}


_DESCRIBERS = {
    "round_started": _round_started,
    "packet": _packet,
    "drafted": _drafted,
    "kept_cards": _kept_cards,
    "draft_step_done": _draft_step_done,
    "hand": _hand,
    "played": _played,
    "drew": _drew,
    "drew_card": _drew_card,
    "took_token": _took_token,
    "drew_modifier": _drew_modifier,
    "modifier_seen": _modifier_seen,
    "placed_modifier": _placed_modifier,
    "priest_took": _priest_took,
    "trigger": _trigger,
    "hand_to_city": _hand_to_city,
    "round_end": _round_end,
    "saved": _saved,
    "save_choice": _save_choice,
    "bonus_card": _bonus_card,
    "round_evaluated": _round_evaluated,
    "start_player": _start_player,
    "game_over": _game_over,
}
"""One describer per event type the engine emits (`"type":` in engine.py)."""
