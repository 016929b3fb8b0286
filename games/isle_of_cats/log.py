"""The Isle of Cats log: one sentence per event a viewer may see, in the viewer's language.

The engine's events name no hidden card (a draft, a buy or a look gives counts only), so every
line reads only what its event carries."""

from __future__ import annotations

from django.utils.text import capfirst
from django.utils.translation import gettext_noop

from games.isle_of_cats.labels import (
    Event,
    card_name,
    colour_name,
    join_names,
    player_name,
    tile_label,
)
from games.log import Line
from games.translated import gettext as _
from games.translated import ngettext

seat_name = player_name
"""How a line and the game-over status name a seat, the sister's too."""


PLACED = frozenset({"rescued", "found", "played"})
"""The events that put tiles on a boat: their lines name those tiles (and the open card played)."""


def marks(event: Event) -> list[str]:
    """The tiles (and the card played) a log line names, for the table to mark while the line
    is hovered; the tiles lie open on a boat, the card was played face up."""
    if event.get("type") not in PLACED:
        return []
    named = [t["tile"] for t in event.get("tiles", [])]
    return [*named, event["card"]] if "card" in event else named


def _tiles(event: Event) -> str:
    return join_names([tile_label(t["tile"]) for t in event.get("tiles", [])])


def _day_started(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("Day %(day)s begins.") % {"day": event["day"]}


def _refilled(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    count = len(event["left"]) + len(event["right"])
    if "seat" in event:
        return _("%(name)s arranged the new cats in the fields.") % {"name": name}
    return ngettext(
        "%(count)s cat swam to the fields.", "%(count)s cats swam to the fields.", count
    ) % {"count": count}


def _rescued(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return ngettext(
        "%(name)s rescued the %(tiles)s for %(fish)s fish.",
        "%(name)s rescued the %(tiles)s for %(fish)s fish.",
        event["paid"],
    ) % {"name": name, "tiles": _tiles(event), "fish": event["paid"]}


def _found(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("%(name)s played %(card)s and placed: %(tiles)s.") % {
        "name": name,
        "card": card_name(event["card"]),
        "tiles": _tiles(event),
    }


def _played(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    text = _("%(name)s played %(card)s.") % {"name": name, "card": card_name(event["card"])}
    if event.get("tiles"):
        text += " " + _("Placed: %(tiles)s.") % {"tiles": _tiles(event)}
    return text


def _passed(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    if event.get("automatic"):
        return _("%(name)s can do nothing more and passes.") % {"name": name}
    return _("%(name)s passed.") % {"name": name}


def _drafted(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return ngettext(
        "%(name)s kept %(count)s card.", "%(name)s kept %(count)s cards.", event["count"]
    ) % {"name": name, "count": event["count"]}


def _bought(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    # Two numbers, each with its own plural: the fish paid is a phrase of its own.
    paid = ngettext("for %(count)s fish", "for %(count)s fish", event["paid"]) % {
        "count": event["paid"]
    }
    return ngettext(
        "%(name)s bought %(count)s card %(paid)s.",
        "%(name)s bought %(count)s cards %(paid)s.",
        event["count"],
    ) % {"name": name, "count": event["count"], "paid": paid}


def _resolved(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return ngettext(
        "%(name)s took %(count)s of the cards looked at.",
        "%(name)s took %(count)s of the cards looked at.",
        event["count"],
    ) % {"name": name, "count": event["count"]}


def _public_lesson(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("%(name)s played the public lesson %(card)s.") % {
        "name": name,
        "card": card_name(event["card"]),
    }


def _personal_lessons(
    event: Event, names: list[str], viewer: int | None, you: bool, name: str
) -> str:
    return ngettext(
        "%(name)s played %(count)s lesson face down.",
        "%(name)s played %(count)s lessons face down.",
        event["count"],
    ) % {"name": name, "count": event["count"]}


def _colours_chosen(
    event: Event, names: list[str], viewer: int | None, you: bool, name: str
) -> str:
    colours = join_names([colour_name(c) for c in event["colours"].values()])
    return _("%(name)s chose the colour: %(colours)s.") % {"name": name, "colours": colours}


def _rescue_cards(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return ngettext(
        "%(name)s plays %(count)s rescue card, speed %(speed)s.",
        "%(name)s plays %(count)s rescue cards, speed %(speed)s.",
        len(event["cards"]),
    ) % {"name": name, "count": len(event["cards"]), "speed": event["speed"]}


def _sister_card(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("The sister turns up a card of speed %(speed)s.") % {"speed": event["speed"]}


def _turn_order(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    order = join_names([player_name(names, p) for p in event["order"]])
    return _("Turn order by speed: %(order)s.") % {"order": order}


def _sister_removed(
    event: Event, names: list[str], viewer: int | None, you: bool, name: str
) -> str:
    return _("The sister took away the %(tile)s.") % {"tile": tile_label(event["tile"])}


def _rare_drawn(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("A rare treasure came out of the bag.")


def _day_ended(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("Day %(day)s ends; the cats left in the fields swim away.") % {"day": event["day"]}


def _simple(text: str) -> Line:
    def line(event: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
        return _(text) % {"name": name}

    return line


_LINES: dict[str, Line] = {
    "day_started": _day_started,
    "refilled": _refilled,
    "rescued": _rescued,
    "found": _found,
    "played": _played,
    "passed": _passed,
    "drafted": _drafted,
    "bought": _bought,
    "resolved": _resolved,
    "public_lesson": _public_lesson,
    "personal_lessons": _personal_lessons,
    "colours_chosen": _colours_chosen,
    "rescue_cards": _rescue_cards,
    "sister_card": _sister_card,
    "turn_order": _turn_order,
    "sister_removed": _sister_removed,
    "sister_swapped": _simple(gettext_noop("The sister swapped two cats.")),
    "rare_drawn": _rare_drawn,
    "day_ended": _day_ended,
    "fishing": _simple(gettext_noop("Everyone gets 20 fish.")),
    "buying": _simple(gettext_noop("Everyone now buys the cards they kept.")),
    "done": _simple(gettext_noop("%(name)s finished buying.")),
    "selected": _simple(gettext_noop("%(name)s chose rescue cards.")),
    "rare_finds": _simple(gettext_noop("Rare finds: treasure and oshax cards are played now.")),
    "cats_held": _simple(gettext_noop("%(name)s arranges the new cats (Scent trail).")),
    "game_over": _simple(gettext_noop("The island sinks: the game is over.")),
}


def _begun(line: Line) -> Line:
    """Every line that names its seat begins with the name: "The sister", not "the sister"."""

    def begun(event: Event, names: list[str], viewer: int | None, you: bool, name: str):
        return line(
            event, names, viewer, you, capfirst(name) if event.get("seat") == "sister" else name
        )

    return begun


LINES = {kind: _begun(line) for kind, line in _LINES.items()}
"""One sentence per event type the engine emits."""
