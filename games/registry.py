"""The games the site offers: names, player counts, and where each playable game's code lives."""

import importlib
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: Promise
    min_players: int
    max_players: int
    minutes: int
    summary: Promise
    playable: bool = False

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
        ),
        GameInfo(
            "space_dragons",
            _("Space Dragons"),
            3,
            5,
            40,
            _("Draft a crew, then hunt space dragons trick by trick."),
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
