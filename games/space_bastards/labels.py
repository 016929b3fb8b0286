"""How the Space Bastards table names things: races, relationships, colours, planets, spaces and
players, in the viewer's language (`games.translated`), and the engine's refusals listed for
translation."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_noop

from games.labels import Event, Move, View, join_names, player_name  # noqa: F401 - re-exported
from games.space_bastards.components import DOCK_PLANET, SPACE_KIND
from games.translated import gettext as _
from games.translated import per_language, pgettext

NEUTRAL = "N"

ENGINE_MESSAGES = (
    gettext_noop("That move is not possible now."),
    gettext_noop("Choose a planet in play."),
    gettext_noop("That planet is already colonised."),
    gettext_noop("Pick a race."),
    gettext_noop("You have no token of that race left to colonise with."),
    gettext_noop("Cells must be a list of [row, col] pairs."),
    gettext_noop("A cell is listed twice."),
    gettext_noop("Rearranging is only allowed when your token does not fit."),
    gettext_noop("Those cells are not free."),
    gettext_noop("Give new cells for every other token on the planet."),
    gettext_noop("Give new cells for every other token on the planet exactly once."),
    gettext_noop("The rearranged tokens overlap."),
    gettext_noop("Plan one or two action cards."),
    gettext_noop("You can only plan cards from your hand."),
    gettext_noop("Plan two different cards."),
    gettext_noop("Two actions cost 2 money."),
    gettext_noop('prefs may only set "trade" and "diplomacy".'),
    gettext_noop('Each preference has a "default" and "seats".'),
    gettext_noop("A preference is accept, refuse or ask."),
    gettext_noop('"seats" maps seats to preferences.'),
    gettext_noop("Preferences name other seats and accept, refuse or ask."),
    gettext_noop("The boost was already used."),
    gettext_noop("The boost costs 2 money."),
    gettext_noop("Name a planet in play."),
    gettext_noop("Name a seat or the neutral colour."),
    gettext_noop("That planet has no pair of living parents with one of yours."),
    gettext_noop("You have no such token in supply."),
    gettext_noop("Your own creatures are never victims."),
    gettext_noop("decline is a list of colours."),
    gettext_noop("Decline each other colour at most once."),
    gettext_noop("Answer true or false."),
    gettext_noop("You already mutated this action."),
    gettext_noop("Mutating another colour costs 2 money."),
    gettext_noop("Mutation turns one of its races into the other."),
    gettext_noop("List the tokens to mutate, each once."),
    gettext_noop("Only living tokens on that planet can mutate."),
    gettext_noop("Give one placement per mutated token."),
    gettext_noop("The new placements overlap or are not free."),
    gettext_noop("The corpses were already arranged this action."),
    gettext_noop("Arranging corpses costs 1 money."),
    gettext_noop("There is no corpse on that planet."),
    gettext_noop("Give new cells for every corpse on the planet exactly once."),
    gettext_noop("Corpses may not overlap each other or living creatures."),
    gettext_noop("Name one of the seven relationships with races."),
    gettext_noop("You already changed or locked a relationship this turn."),
    gettext_noop("That relationship is locked."),
    gettext_noop("Side is 0 or 1."),
    gettext_noop("The offer has no card of that race."),
    gettext_noop("Take a card of a different race."),
    gettext_noop("Only a player of the change card may swap."),
    gettext_noop("You already swapped this turn."),
    gettext_noop("A swap costs 1 money."),
    gettext_noop("That relationship is locked by another seat."),
    gettext_noop("Only a player of the change card may lock more."),
    gettext_noop("At most two extra locks."),
    gettext_noop("An extra lock costs 1 money."),
    gettext_noop("That relationship is already locked."),
    gettext_noop("You cannot stop on a space with another ship."),
    gettext_noop("Your ship is already on the board."),
    gettext_noop("Name a space."),
    gettext_noop("Another ship is on that space."),
    gettext_noop("Place your ship on the board first."),
    gettext_noop("Your ship cannot move there now."),
    gettext_noop("Load and unload only at a free dock of a planet in play."),
    gettext_noop("You cannot load that token here."),
    gettext_noop("That token is not in your ship."),
    gettext_noop("A creature cannot return to the planet it boarded from this move."),
    gettext_noop("Those cells do not fit a token of the %(race)s on %(planet)s."),
    gettext_noop("Love makes one of the %(race)s or of the %(other)s."),
    gettext_noop("You need one of your living %(race)s on %(planet)s."),
    gettext_noop("That colour has no living %(race)s on %(planet)s."),
    gettext_noop("Each token must be one of that colour's %(race)s."),
    gettext_noop("There are not enough tokens of the %(race)s in supply."),
)
"""The engine's refusals (plain English, the engine is pure), listed so they get translated."""

COLOUR_CLASS = ("red", "blue", "green", "yellow", "purple")
"""Seat colours by seat (spec section 2); the neutral colour is grey."""


@per_language
def seat_colour_name(seat: int) -> str:
    return (_("red"), _("blue"), _("green"), _("yellow"), _("purple"))[seat]


@per_language
def race_name(race: str) -> str:
    return {
        "toad": _("Toadling"),
        "slug": _("Sluggy"),
        "cactus": _("Cactusoid"),
        "toucan": _("Toucanosaur"),
        "spud": _("Spud"),
    }.get(race, race)


@per_language
def race_letter(race: str) -> str:
    """The letter drawn on a race's tokens beside the shape, read against the legend: the
    initial of the race's name where the language's initials differ (Czech: R, Š, K, T, B);
    English Toadlings and Toucanosaurs, Sluggies and Spuds share theirs, so T, S, C, U, P."""
    return {
        "toad": pgettext("letter of the Toadlings", "T"),
        "slug": pgettext("letter of the Sluggies", "S"),
        "cactus": pgettext("letter of the Cactusoids", "C"),
        "toucan": pgettext("letter of the Toucanosaurs", "U"),
        "spud": pgettext("letter of the Spuds", "P"),
    }.get(race, race)


@per_language
def races_name(race: str) -> str:
    """The race as a whole ("Toadlings"), as the relationship column names it."""
    return {
        "toad": _("Toadlings"),
        "slug": _("Sluggies"),
        "cactus": _("Cactusoids"),
        "toucan": _("Toucanosaurs"),
        "spud": _("Spuds"),
    }.get(race, race)


@per_language
def relationship_name(relationship: str) -> str:
    return {
        "love": _("Love"),
        "shooting": _("Shooting"),
        "eating": _("Eating"),
        "trade": _("Trade"),
        "diplomacy": _("Diplomacy"),
        "migration": _("Migration"),
        "mutation": _("Mutation"),
        "change": _("Change of relationship"),
    }.get(relationship, relationship)


@per_language
def planet_name(planet: str) -> str:
    """Planet names are proper names, the same in both languages."""
    return {
        "P1": "Rubina",
        "P2": "Amberis",
        "P3": "Citronel",
        "P4": "Verdigris",
        "P5": "Tealos",
        "P6": "Azurit",
        "P7": "Indigon",
        "P8": "Violetta",
        "P9": "Rosalia",
        "P10": "Ochrona",
    }.get(planet, planet)


@per_language
def space_name(space: str) -> str:
    """A dock named by its planet, a teleport, or a route space by its number."""
    kind = SPACE_KIND.get(space)
    if kind == "dock":
        planet = planet_name(DOCK_PLANET[space])
        if space.endswith("n"):
            return _("north dock of %(planet)s") % {"planet": planet}
        if space.endswith("s"):
            return _("south dock of %(planet)s") % {"planet": planet}
        return _("dock of %(planet)s") % {"planet": planet}
    if kind == "teleport":
        return _("teleport %(number)s") % {"number": space[1:]}
    return _("space %(number)s") % {"number": space[1:]}


def race_of(token: str) -> str:
    return token.split(":")[1]


def owner_of(token: str) -> str:
    return token.split(":")[0]


def colour_name(names: Sequence[str], colour: int | str) -> str:
    """A seat's player name, or the neutral colour."""
    if colour == NEUTRAL or colour is None:
        return _("the neutral colour")
    return player_name(names, int(colour))


def token_label(names: Sequence[str], token: str) -> str:
    """ "Eva's Spud" / "a neutral Spud"."""
    owner = owner_of(token)
    race = race_name(race_of(token))
    if owner == NEUTRAL:
        return _("neutral %(race)s") % {"race": race}
    return _("%(race)s of %(name)s") % {"race": race, "name": player_name(names, int(owner))}


def cells_text(cells: Sequence[Sequence[int]]) -> str:
    """Cells as players read them: row and column counted from 1 ("2-3, 2-4")."""
    return ", ".join(f"{r + 1}-{c + 1}" for r, c in sorted(tuple(cell) for cell in cells))
