"""The Kosmopolis log: one sentence per event a viewer may see, in the viewer's language."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_noop

from games.kosmopolis.components import (
    COLORS,
    MODIFIER_VALUE,
)
from games.kosmopolis.labels import (
    Event,
    card_label,
    cards_text,
    column_name,
    from_column,
    join_names,
    over_column,
    player_name,
    signed,
)
from games.log import final_scores_line, open_card
from games.translated import gettext as _
from games.translated import ngettext, one_full_stop


def _round_started(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    start = event["start_player"]
    if event["dealt"] == 0:
        return _(
            "Round %(round)s begins, but the deck is too short to deal: "
            "the round is scored at once."
        ) % {"round": event["round"]}
    values = {"round": event["round"], "count": event["dealt"], "name": player_name(names, start)}
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
    others = join_names([player_name(names, p) for p in event["final_turns"]])
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
            over.append(
                _("%(name)s: %(columns)s") % {"name": player_name(names, p), "columns": columns}
            )
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


def evaluation_sentences(summary: dict[str, Any], names: list[str], viewer: int | None):
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
                    "name": player_name(names, p),
                    "count": summary["spent"][p],
                    "columns": ", ".join(column_name(c) for c in columns),
                }
            )
    for lost in summary["discarded"]:
        parts.append(
            _("%(name)s discards the %(column)s column: %(cards)s.")
            % {
                "name": player_name(names, lost["seat"]),
                "column": column_name(lost["color"]),
                "cards": cards_text(lost["cards"]),
            }
        )
    by_colour: dict[str, list[str]] = {}
    for bonus in summary["bonuses"]:
        by_colour.setdefault(bonus["color"], []).append(player_name(names, bonus["seat"]))
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
        _("%(name)s %(total)s") % {"name": player_name(names, p), "total": total}
        for p, total in enumerate(summary["city_totals"])
    )
    parts.append(_("City totals: %(list)s.") % {"list": totals})
    return [one_full_stop(part) for part in parts]


def _round_evaluated(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    return " ".join(evaluation_sentences(event, names, viewer))


def _start_player(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
    if you:
        return _("You are the start player of the next round.")
    return _("%(name)s is the start player of the next round.") % {"name": name}


LINES = {
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
    "game_over": final_scores_line(gettext_noop("Game over. Final scores: %(list)s.")),
}
"""One describer per event type the engine emits (`"type":` in engine.py)."""


marks = open_card({"played", "priest_took"})
"""The cards a log line names, which lie open on the table when the line is read."""
