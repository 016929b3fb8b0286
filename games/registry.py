"""The games the site offers: names, player counts, and where each playable game's code lives."""

import importlib
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class GameOption:
    """One option of a game's table, as its rules spec lists it."""

    key: str
    label: Promise
    default: object
    choices: tuple[tuple[object, Promise], ...]


SIDE_CHOICES = (("A", _("side A")), ("B", _("side B")), ("random", _("random side")))


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: Promise
    min_players: int
    max_players: int
    minutes: int
    summary: Promise
    playable: bool = False
    options: tuple[GameOption, ...] = ()
    has_script: bool = False

    def clean_options(self, chosen: dict[str, object] | None) -> dict[str, object]:
        """The options with defaults filled in; unknown keys or values are refused."""
        chosen = dict(chosen or {})
        known = {option.key: option for option in self.options}
        unknown = sorted(set(chosen) - set(known))
        if unknown:
            raise ValueError(_("Unknown option: %(key)s.") % {"key": ", ".join(unknown)})
        cleaned: dict[str, object] = {}
        for key, option in known.items():
            value = chosen.get(key, option.default)
            if not any(
                value == choice and type(value) is type(choice) for choice, _label in option.choices
            ):
                raise ValueError(
                    _("Not a possible value of %(option)s.") % {"option": option.label}
                )
            if value != option.default:
                cleaned[key] = value
        return cleaned

    @property
    def seat_choices(self) -> range:
        return range(self.min_players, self.max_players + 1)

    @cached_property
    def engine(self) -> ModuleType:
        """The pure rules engine (`games/<slug>/engine.py`)."""
        return importlib.import_module(f"games.{self.slug}.engine")

    @cached_property
    def bot(self) -> ModuleType:
        """The bot (`choose_move(state, seat, rng)`), pure like the engine."""
        return importlib.import_module(f"games.{self.slug}.bot")

    @cached_property
    def table(self) -> ModuleType:
        """The table's Django side: context, status line, move forms and log lines."""
        return importlib.import_module(f"games.{self.slug}.table")

    @property
    def templates(self) -> dict[str, str]:
        """The game's fragments of the table page, by region."""
        return {
            region: f"{self.slug}/{region}.html" for region in ("board", "mine", "panel", "result")
        }

    @property
    def stylesheet(self) -> str:
        return f"{self.slug}/{self.slug}.css"

    @property
    def script(self) -> str | None:
        """The game's own script (progressive enhancement only), if it has one."""
        return f"{self.slug}/{self.slug}.js" if self.has_script else None

    @property
    def player_range(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}–{self.max_players}"


GAMES: dict[str, GameInfo] = {
    game.slug: game
    for game in [
        GameInfo(
            "kosmopolis",
            _("Kosmopolis"),
            2,
            4,
            30,
            _("Draft professionals and build a city while the Kosmopolis columns fill up."),
            playable=True,
        ),
        GameInfo(
            "seven_dragons",
            _("Seven Dragons"),
            2,
            5,
            20,
            _("Lay dragon cards so that seven panels of your secret colour connect."),
            playable=True,
            has_script=True,
        ),
        GameInfo(
            "space_dragons",
            _("Space Dragons"),
            3,
            5,
            40,
            _("Draft a crew, then hunt space dragons trick by trick."),
            playable=True,
            options=(
                GameOption(
                    "draft",
                    _("Draft the crew"),
                    True,
                    ((True, _("yes")), (False, _("no: the quick variant, hands pass left"))),
                ),
                GameOption("research_side", _("Research scoring card"), "A", SIDE_CHOICES),
                GameOption("morale_side", _("Morale scoring card"), "A", SIDE_CHOICES),
                GameOption("crime_side", _("Crime scoring card"), "A", SIDE_CHOICES),
            ),
        ),
        GameInfo(
            "space_bastards",
            _("Space Bastards"),
            2,
            5,
            60,
            _("Colonise planets and outwit the other captains."),
        ),
        GameInfo(
            "isle_of_cats",
            _("The Isle of Cats"),
            1,
            4,
            75,
            _("Rescue cats onto your boat before the island sinks."),
        ),
    ]
}


def playable_games() -> list[GameInfo]:
    return [game for game in GAMES.values() if game.playable]
