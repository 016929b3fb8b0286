"""How the Isle of Cats table names and draws things: colours, cards, tiles and the boat, in the
viewer's language (`games.translated`), and the engine's refusals listed for translation."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from django.utils.translation import gettext_noop
from markupsafe import Markup, escape

from games.isle_of_cats.components import (
    BOAT_SET,
    CARDS,
    CAT_COLOUR,
    COLOUR_CARDS,
    HEIGHT,
    MAPS,
    RATS,
    SECTIONS,
    SHAPE_CELLS,
    SOLO_LESSONS,
    TILE_KIND,
    TILE_SHAPE,
    WIDTH,
    cell,
    index,
)
from games.labels import Event, Move, View, join_names  # noqa: F401 - re-exported
from games.translated import by_key, drawn_cards, ngettext, per_language, pgettext
from games.translated import gettext as _

Cells = list[list[int]]

ENGINE_MESSAGES = (
    gettext_noop("%(piece)s: [%(x)s, %(y)s] is not a cell of the boat."),
    gettext_noop("%(piece)s: a cell is already covered."),
    gettext_noop("%(piece)s: a common treasure is {shape, cells}."),
    gettext_noop("%(piece)s: cells must be a list of [x, y] integer pairs."),
    gettext_noop("%(piece)s: no common treasure of that shape is left."),
    gettext_noop("%(piece)s: no map of the tile's colour is covered, so no bonus."),
    gettext_noop("%(piece)s: that common shape is not allowed here."),
    gettext_noop("%(piece)s: the cells do not have the tile's shape."),
    gettext_noop("%(piece)s: the tile must touch a tile already on the boat."),
    gettext_noop("%(piece)s: the tile needs exactly %(count)s distinct cells."),
    gettext_noop("A rare treasure is {tile, cells}."),
    gettext_noop("A rescue is {tile, zone, cells, bonus}."),
    gettext_noop("A treasure card brings no oshax."),
    gettext_noop("An oshax card brings no rare treasure."),
    gettext_noop("Buy at most %(count)s of these cards."),
    gettext_noop("Buy your cards first."),
    gettext_noop("Choose a colour for each of your public lessons, and only those."),
    gettext_noop("Choose among the cards you looked at."),
    gettext_noop("Choose the oshax's colour."),
    gettext_noop("Each cat can be rescued once."),
    gettext_noop("First choose among the cards you looked at."),
    gettext_noop("It is not your turn to act."),
    gettext_noop("Keep exactly one of these cards."),
    gettext_noop("Name the basket you use."),
    gettext_noop("Name the cat to rescue."),
    gettext_noop("Name the oshax to befriend, its colour and cells."),
    gettext_noop("Only anytime cards are played this way."),
    gettext_noop("Only oshax and treasure cards are played to find."),
    gettext_noop("Pick exactly %(count)s cards from your draft hand."),
    gettext_noop("Rescue %(min)s to %(max)s cats with this card."),
    gettext_noop("Select only rescue cards from your hand."),
    gettext_noop("Split exactly the held cats, the left zone filled to its quota."),
    gettext_noop("Take %(min)s to %(max)s common treasures with this card."),
    gettext_noop("Take at least one tile with this card."),
    gettext_noop("That card has no whole basket."),
    gettext_noop("That card is not among your played rescue cards."),
    gettext_noop("That card is not in your hand."),
    gettext_noop("That cat is not in a zone."),
    gettext_noop("That cat is not in that zone."),
    gettext_noop("That move does not fit this phase."),
    gettext_noop("That oshax is not available."),
    gettext_noop("That rare treasure is not in the supply."),
    gettext_noop("The field %(field)s must be a list of card ids."),
    gettext_noop("The field %(field)s must not repeat a card."),
    gettext_noop("There is no refill after the last day."),
    gettext_noop("This card brings no rare treasure."),
    gettext_noop("This card cannot rescue from that zone."),
    gettext_noop("This card needs a rare treasure."),
    gettext_noop("This card takes no %(field)s."),
    gettext_noop("Too many common treasures for this card."),
    gettext_noop("Two broken baskets from two different cards carry one cat."),
    gettext_noop("Unknown basket."),
    gettext_noop("Unknown colour."),
    gettext_noop("Use two of your played cards with broken baskets."),
    gettext_noop("You can only buy cards you picked today."),
    gettext_noop("You cannot play that card now."),
    gettext_noop("You do not have enough fish."),
    gettext_noop("You have already bought today."),
    gettext_noop("You have no revealed cards to choose from."),
    gettext_noop("You have not rescued a cat today."),
    gettext_noop("Your permanent baskets are used for today."),
    gettext_noop("commons must be a list."),
    gettext_noop("finish must be true or false."),
)
"""The engine's refusals (plain English, the engine is pure), listed for translation; the values
they name (counts, squares, the pieces below) are filled in after the message is translated
(`games.services.refusal_text`)."""

ENGINE_NAMES = (
    gettext_noop("Cat"),
    gettext_noop("Oshax"),
    gettext_noop("Rare treasure"),
    gettext_noop("Common treasure"),
    gettext_noop("Map bonus"),
)
"""The pieces the engine's placement refusals name ("Cat: a cell is already covered.")."""


# --- names of things ---------------------------------------------------------------------------


colour_name = by_key(
    lambda: {
        "blue": pgettext("cat colour", "blue"),
        "green": pgettext("cat colour", "green"),
        "orange": pgettext("cat colour", "orange"),
        "red": pgettext("cat colour", "red"),
        "purple": pgettext("cat colour", "purple"),
    }
)


colour_letter = by_key(
    lambda: {
        "blue": pgettext("cat colour letter", "B"),
        "green": pgettext("cat colour letter", "G"),
        "orange": pgettext("cat colour letter", "O"),
        "red": pgettext("cat colour letter", "R"),
        "purple": pgettext("cat colour letter", "P"),
    }
)
"""The letter printed on every cat of a colour, for colour-blind players."""


phase_name = by_key(
    lambda: {
        "arrange": _("arranging the cats"),
        "draft": _("draft"),
        "buy": _("buying"),
        "lesson_colours": _("lesson colours"),
        "rescue_select": _("choosing rescue cards"),
        "rescue": _("rescue"),
        "rare_finds": _("rare finds"),
        "game_over": _("game over"),
    }
)
"""What the game is doing now, as the status names it."""


shape_name = by_key(
    lambda: {
        "mono": _("single square"),
        "domino": _("domino"),
        "line3": _("line of three"),
        "corner3": _("corner of three"),
    }
)
"""A common treasure's shape."""


@per_language
def tile_label(tile: str) -> str:
    kind = TILE_KIND[tile]
    if kind == "cat":
        colour = CAT_COLOUR[tile]
        return _("%(colour)s cat of %(size)s squares") % {
            "colour": colour_name(colour),
            "size": len(SHAPE_CELLS[TILE_SHAPE[tile]]),
        }
    if kind == "oshax":
        return _("oshax")
    if kind == "rare":
        return _("rare treasure")
    return _("common treasure (%(shape)s)") % {"shape": shape_name(TILE_SHAPE[tile])}


section_name = by_key(
    lambda: {
        "stern": _("stern"),
        "port_cabin": _("port cabin"),
        "dining_room": _("dining room"),
        "starboard_cabin": _("starboard cabin"),
        "deck": _("deck"),
        "storage": _("storage"),
        "bow": _("bow"),
    }
)


@per_language
def card_name(card: str) -> str:
    if card in SOLO_LESSONS:
        return _(SOLO_LESSONS[card]["name"])
    return _(CARDS[card]["name"])


@per_language
def card_text(card: str) -> str:
    if card in SOLO_LESSONS:
        return _(SOLO_LESSONS[card]["text"])
    return _(CARDS[card]["text"])


def component_messages() -> Iterator[str]:
    """What `card_name` and `card_text` translate: msgids that are data of components.json,
    not literals of the code, listed for the project's makemessages."""
    for card in (*CARDS.values(), *SOLO_LESSONS.values()):
        yield card["name"]
        yield card["text"]


@per_language
def fish_text(count: int) -> str:
    """ "1 fish", "3 fish" ("1 ryba", "3 ryby", "5 ryb")."""
    return ngettext("%(count)s fish", "%(count)s fish", count) % {"count": count}


def _card_fields(card: str) -> dict[str, Any]:
    info = CARDS[card]
    return {
        "id": card,
        "kind": info["kind"],
        "cost": info["cost"],
        "name": card_name(card),
        "text": card_text(card),
        "speed": info.get("speed"),
        "basket": info.get("basket"),
        "public": info.get("scope") == "public",
        "cost_label": fish_text(info["cost"]),
        "speed_label": _("speed %(speed)s") % {"speed": info["speed"]} if "speed" in info else "",
        "basket_label": {
            "whole": _("basket"),
            "broken": _("broken basket"),
        }.get(info.get("basket", "")),
    }


card_info = drawn_cards(_card_fields, "isle_of_cats/_card.html")
"""One discovery card as the templates draw it (`html`), a fresh dict to add to."""


def cards_text(cards: Iterable[str]) -> str:
    return ", ".join(card_name(card) for card in cards)


def colour_card_name(card: str) -> str:
    return colour_name(COLOUR_CARDS[card])


def player_name(names: Sequence[str], seat: int | str | None) -> str:
    if seat == "sister":
        return _("the sister")
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return _("Player %(number)s") % {"number": (seat if isinstance(seat, int) else 0) + 1}


# --- geometry ----------------------------------------------------------------------------------


def oriented(shape: str, orientation: int) -> list[tuple[int, int]]:
    """The shape's cells turned as the table's orientation number says: mirrored when it is 4
    or more, then turned a quarter clockwise (orientation mod 4) times; top-left at [0, 0].
    The table's script turns pieces the same way."""
    cells = [(-x, y) if orientation >= 4 else (x, y) for x, y in SHAPE_CELLS[shape]]
    for _turn in range(orientation % 4):
        cells = [(-y, x) for x, y in cells]
    min_x = min(x for x, _y in cells)
    min_y = min(y for _x, y in cells)
    return sorted((x - min_x, y - min_y) for x, y in cells)


def shape_data(shape: str) -> str:
    """A shape's base cells for the page's script: "0,0 1,0 2,0"."""
    return " ".join(f"{x},{y}" for x, y in SHAPE_CELLS[shape])


def _outline(cells: Iterable[tuple[int, int]]) -> str:
    """An SVG path of a tile's squares: filled as one piece (the outline is drawn by CSS)."""
    taken = set(cells)
    parts = []
    for x, y in sorted(taken):
        parts.append(f"M{x} {y}h1v1h-1z")
    edges = []
    for x, y in sorted(taken):
        if (x, y - 1) not in taken:
            edges.append(f"M{x} {y}h1")
        if (x, y + 1) not in taken:
            edges.append(f"M{x} {y + 1}h1")
        if (x - 1, y) not in taken:
            edges.append(f"M{x} {y}v1")
        if (x + 1, y) not in taken:
            edges.append(f"M{x + 1} {y}v1")
    return "".join(parts) + '"/><path class="e" d="' + "".join(edges)


def tile_svg(tile: str, cells: Cells, colour: str | None, extra: str = "") -> str:
    """One tile lying on a boat (or in a zone): its squares, outline and letter."""
    kind = TILE_KIND[tile]
    letter = colour_letter(colour) if colour else ("◆" if kind == "rare" else "")
    first = min((y, x) for x, y in cells)
    classes = f"t k-{kind}" + (f" c-{colour}" if colour else "") + extra
    text = f'<text x="{first[1] + 0.5}" y="{first[0] + 0.72}">{letter}</text>' if letter else ""
    outline = _outline((x, y) for x, y in cells)
    named = f'data-tile="{tile}" data-card="{tile}"'
    return f'<g class="{classes}" {named}><path d="{outline}"/>{text}</g>'


@per_language
def boat_background() -> Markup:
    """The empty boat: its squares by section, the section walls, rats and maps."""
    parts = []
    section_of = {}
    for number, (section, cells) in enumerate(SECTIONS.items(), start=1):
        path = "".join(f"M{i % WIDTH} {i // WIDTH}h1v1h-1z" for i in cells)
        parts.append(
            f'<path class="s s{number % 2}" d="{path}">'
            f"<title>{section_name(section)}</title></path>"
        )
        for i in cells:
            section_of[i] = section
    walls = []
    for i in sorted(BOAT_SET):
        x, y = cell(i)
        right = index(x + 1, y) if x + 1 < WIDTH else None
        below = index(x, y + 1) if y + 1 < HEIGHT else None
        if right is None or section_of.get(right) != section_of[i]:
            walls.append(f"M{x + 1} {y}v1")
        if below is None or section_of.get(below) != section_of[i]:
            walls.append(f"M{x} {y + 1}h1")
        if x == 0 or section_of.get(index(x - 1, y)) is None:
            walls.append(f"M{x} {y}v1")
        if y == 0 or section_of.get(index(x, y - 1)) is None:
            walls.append(f"M{x} {y}h1")
    parts.append(f'<path class="w" d="{"".join(walls)}"/>')
    rat = escape(_("rat"))
    for i in RATS:
        x, y = cell(i)
        parts.append(
            f'<g class="rat"><title>{rat}</title><ellipse cx="{x + 0.45}" cy="{y + 0.55}" '
            f'rx=".22" ry=".15"/><path d="M{x + 0.67} {y + 0.55}q.15 0 .18-.25"/></g>'
        )
    for colour, i in MAPS.items():
        x, y = cell(i)
        title = escape(_("map of the %(colour)s cats") % {"colour": colour_name(colour)})
        parts.append(
            f'<g class="map c-{colour}"><title>{title}</title><rect x="{x + 0.1}" y="{y + 0.1}" '
            f'width=".8" height=".8" rx=".15"/><text x="{x + 0.5}" y="{y + 0.72}">'
            f"{colour_letter(colour)}</text></g>"
        )
    return Markup("".join(parts))


def boat_svg(
    tiles: list[dict[str, Any]],
    label: str,
    families: frozenset[str] = frozenset(),
    last: frozenset[str] = frozenset(),
) -> Markup:
    """A boat with its tiles, as an SVG picture; tiles named in `families` are highlighted,
    those of the owner's last move (`last`) marked."""
    drawn = "".join(
        tile_svg(
            t["tile"],
            t["cells"],
            t.get("colour"),
            (" fam" if t["tile"] in families else "") + (" last" if t["tile"] in last else ""),
        )
        for t in tiles
    )
    return Markup(
        f'<svg class="ioc-boat" viewBox="-0.1 -0.1 15.2 11.2" role="img" '
        f'aria-label="{escape(label)}">'
        f'<g class="bg">{boat_background()}</g><g class="tiles">{drawn}</g></svg>'
    )


@per_language
def piece_svg(tile: str, colour: str | None = None) -> Markup:
    """A single tile drawn on its own (a cat in a zone, a treasure in the supply)."""
    cells = [[x, y] for x, y in oriented(TILE_SHAPE[tile], 0)]
    width = max(x for x, _y in cells) + 1
    height = max(y for _x, y in cells) + 1
    return Markup(
        f'<svg class="ioc-piece" viewBox="-0.1 -0.1 {width + 0.2} {height + 0.2}" '
        f'width="{(width + 0.2) * 14:.0f}" height="{(height + 0.2) * 14:.0f}" aria-hidden="true">'
        f"{tile_svg(tile, cells, colour)}</svg>"
    )


@per_language
def shape_svg(shape: str) -> Markup:
    """A common treasure shape drawn on its own."""
    cells = [[x, y] for x, y in oriented(shape, 0)]
    width = max(x for x, _y in cells) + 1
    height = max(y for _x, y in cells) + 1
    path = _outline((x, y) for x, y in cells)
    return Markup(
        f'<svg class="ioc-piece" viewBox="-0.1 -0.1 {width + 0.2} {height + 0.2}" '
        f'width="{(width + 0.2) * 14:.0f}" height="{(height + 0.2) * 14:.0f}" aria-hidden="true">'
        f'<g class="t k-common"><path d="{path}"/></g></svg>'
    )
