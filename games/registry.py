"""The games the site offers; each game app adds its engine and table here as it lands."""

from dataclasses import dataclass

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
