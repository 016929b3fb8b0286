"""How the Space Dragons table names things: colours, cards, columns, players, in the viewer's
language (`games.translated`), and the engine's refusals listed for translation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_noop

from games.labels import Event, Move, View, join_names, player_name, signed  # noqa: F401 - re-exported
from games.space_dragons.components import (
    CREW,
    DRAGONS,
    EFFECTS,
    SCORING_CARDS,
    SYMBOLS,
)
from games.translated import by_key, drawn_cards, per_language, pgettext
from games.translated import gettext as _

ENGINE_MESSAGES = (
    gettext_noop("Malformed move: the card must be a whole number."),
    gettext_noop("Wrong phase: the draft is over."),
    gettext_noop("You already drafted this round."),
    gettext_noop("Wrong phase: cards are played after the draft."),
    gettext_noop("Not your turn."),
    gettext_noop("Card %(card)s is not in your pack."),
    gettext_noop("Card %(card)s is not in your hand."),
)
"""The engine's refusals, listed so they get translated (the card number is filled in by
`games.services.refusal_text`)."""

MINUS = "\u2212"
DRAWN_SYMBOLS = frozenset(
    ("research", "morale", "crime", "shield", "damage", "repair", "targeting")
)
"""Symbols drawn on their chip (`kd-<key>` in templates/space_dragons/symbols.svg); +2 and −1
are their own symbol."""


# --- names of things -------------------------------------------------------------------------


symbol_name = by_key(
    lambda: {
        "research": _("research"),
        "morale": _("morale"),
        "crime": _("crime"),
        "plus": _("+2 points"),
        "minus": _("−1 point"),
        "shield": _("shield"),
        "damage": _("damage"),
        "repair": _("repair"),
        "targeting": _("targeting"),
    }
)


symbol_letter = by_key(
    lambda: {
        "research": pgettext("symbol", "Re"),
        "morale": pgettext("symbol", "Mo"),
        "crime": pgettext("symbol", "Cr"),
        "plus": "+2",
        "minus": f"{MINUS}1",
        "shield": pgettext("symbol", "Sh"),
        "damage": pgettext("symbol", "Dm"),
        "repair": pgettext("symbol", "Rp"),
        "targeting": pgettext("symbol", "Tg"),
    }
)
"""The short mark printed on every symbol chip (colour is never the only cue)."""


scoring_card_name = by_key(
    lambda: {
        "research": _("Research"),
        "morale": _("Morale"),
        "crime": _("Crime"),
    }
)


position_name = by_key(
    lambda: {
        "highest": _("highest"),
        "lowest": _("lowest"),
        "second_highest": _("second highest"),
        "second_lowest": _("second lowest"),
    }
)


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
            "drawn": key in DRAWN_SYMBOLS,
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
