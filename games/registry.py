"""The games the site offers: names, player counts, and where each playable game's code lives."""

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, cast

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.contract import BotSide, Engine, Statistics, WebSide, bot_side, web_side
from games.space_bastards.components import IN_PLAY_COUNT, PLANET_IDS, PLANET_NAME

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise
else:
    StrPromise = Promise
"""A lazy translation (`gettext_lazy`), as Django's stubs type it."""

Label = StrPromise | str


@dataclass(frozen=True)
class OwnChoice:
    """Besides an option's fixed choices, a value the player puts together from `items`: as
    many of them as `count(seats)` asks, or, without `count`, every one in an order of the
    player's. Stored as the list of the items' ids (in the items' own order for a choice of
    some, in the player's for an order)."""

    label: StrPromise
    """The choice among the fixed ones ("chosen below")."""
    prompt: StrPromise
    """What the player puts together ("Planets to switch off", "Order of your own")."""
    items: tuple[tuple[str, Label], ...]
    count: Callable[[int], int] | None = None

    def check(self, value: list[object], option: Label, seats: int) -> list[str]:
        """The value as stored; ValueError with a message for the player when it does not fit."""
        ids = [item for item, _label in self.items]
        if any(type(item) is not str or item not in ids for item in value):
            raise ValueError(gettext("Not a possible value of %(option)s.") % {"option": option})
        chosen = cast(list[str], value)
        if self.count is None:
            if sorted(map(ids.index, chosen)) != list(range(len(ids))):
                raise ValueError(
                    gettext("%(option)s: each one needs a place of its own.") % {"option": option}
                )
            return chosen
        if len(set(value)) != len(value):
            raise ValueError(
                gettext("%(option)s: choose each one at most once.") % {"option": option}
            )
        wanted = self.count(seats)
        if len(value) != wanted:
            raise ValueError(
                ngettext(
                    "%(option)s: choose exactly %(count)d for %(players)d player.",
                    "%(option)s: choose exactly %(count)d for %(players)d players.",
                    seats,
                )
                % {"option": option, "count": wanted, "players": seats}
            )
        return sorted(chosen, key=ids.index)


@dataclass(frozen=True)
class GameOption:
    """One option of a game's table, as its rules spec lists it."""

    key: str
    label: StrPromise
    default: object
    choices: tuple[tuple[object, StrPromise], ...]
    solo_only: bool = False
    """Only a one-player table may change it (a solo opponent's setting)."""
    own: OwnChoice | None = None
    """A value the player may put together instead of a fixed choice."""

    def fixed(self, value: object) -> StrPromise | None:
        """The label of the fixed choice `value` is, if it is one."""
        return next(
            (
                label
                for choice, label in self.choices
                if value == choice and type(value) is type(choice)
            ),
            None,
        )


SIDE_CHOICES = (("A", _("side A")), ("B", _("side B")), ("random", _("random side")))


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: StrPromise
    min_players: int
    max_players: int
    minutes: int
    summary: StrPromise
    playable: bool = False
    options: tuple[GameOption, ...] = ()
    has_script: bool = False
    rules: tuple[StrPromise, ...] = ()
    score_counts: str = "points"
    """What a final score counts: "points", or "cards" for a game won by the largest area."""

    def score_text(self, score: int) -> str:
        """A final score in the game's own terms ("12 points", "an area of 5 cards")."""
        if self.score_counts == "cards":
            return ngettext("an area of %(count)d card", "an area of %(count)d cards", score) % {
                "count": score
            }
        return ngettext("%(count)d point", "%(count)d points", score) % {"count": score}

    def clean_options(self, chosen: dict[str, object] | None, *, seats: int) -> dict[str, object]:
        """The options for `seats` players as stored: only those changed from the default;
        unknown keys or values, and values that do not fit that many players, are refused."""
        chosen = dict(chosen or {})
        known = {option.key: option for option in self.options}
        unknown = sorted(set(chosen) - set(known))
        if unknown:
            raise ValueError(_("Unknown option: %(key)s.") % {"key": ", ".join(unknown)})
        cleaned: dict[str, object] = {}
        for key, option in known.items():
            value = chosen.get(key, option.default)
            if option.fixed(value) is None:
                if option.own is None or type(value) is not list:
                    raise ValueError(
                        _("Not a possible value of %(option)s.") % {"option": option.label}
                    )
                value = option.own.check(value, option.label, seats)
            if value != option.default:
                cleaned[key] = value
        return cleaned

    def option_lines(self, options: dict[str, object]) -> list[tuple[str, str]]:
        """The options a table or match sets apart from the defaults, as (option, choice) in
        the active language, the way the lobby shows them."""
        lines = []
        for option in self.options:
            if option.key not in options:
                continue
            value = options[option.key]
            label = option.fixed(value)
            if label is None and option.own is not None and isinstance(value, list):
                names = dict(option.own.items)
                text = ", ".join(str(names[item]) for item in value)
            else:
                text = str(label)
            lines.append((str(option.label), text))
        return lines

    @property
    def seat_choices(self) -> range:
        return range(self.min_players, self.max_players + 1)

    @property
    def default_seats(self) -> int:
        """The number of players every form starts with: three where the game allows it."""
        return max(self.min_players, min(3, self.max_players))

    @property
    def package(self) -> str:
        """Where the game's modules live (`games/<slug>/`; `games.contract` lists them)."""
        return f"games.{self.slug}"

    def module(self, part: str) -> ModuleType:
        """One of the game's modules (`engine`, `bot`, `context`, `forms`, `log`, `stats`)."""
        return importlib.import_module(f"{self.package}.{part}")

    @cached_property
    def engine(self) -> Engine:
        """The pure rules engine (`games/<slug>/engine.py` or a package)."""
        return cast(Engine, self.module("engine"))

    @cached_property
    def bot(self) -> BotSide:
        """The bot (`choose_move(state, seat, rng)`, pure like the engine), the optional parts
        filled in (`games.contract.bot_side`)."""
        return bot_side(self)

    @cached_property
    def context(self) -> ModuleType:
        """The regions' context and the status line while the game goes on."""
        return self.module("context")

    @cached_property
    def forms(self) -> ModuleType:
        """The move forms read back into the engine's moves."""
        return self.module("forms")

    @cached_property
    def log(self) -> ModuleType:
        """The log's sentence for each kind of event, and what a line names."""
        return self.module("log")

    @cached_property
    def stats(self) -> Statistics:
        """The game's own facts for its statistics page (`match_facts`, `fact_lines`)."""
        return cast(Statistics, self.module("stats"))

    @cached_property
    def table(self) -> WebSide:
        """The table's web side as the core calls it: context, status line, move forms and log
        lines, the optional parts filled in (`games.contract.web_side`)."""
        return web_side(self)

    @property
    def templates(self) -> dict[str, str]:
        """The game's fragments of the table page, by region."""
        return {
            region: f"{self.slug}/{region}.html" for region in ("board", "mine", "panel", "result")
        }

    @cached_property
    def status_actions(self) -> str | None:
        """The game's buttons for the status bar (`<slug>/status.html`: the current decision's
        actions, UI.md), if it has any; read once, since most games have none."""
        template = f"{self.slug}/status.html"
        found = Path(__file__).parent / self.slug / "jinja2" / template
        return template if found.exists() else None

    @property
    def emblem(self) -> str:
        """The game's emblem, a static SVG drawn for this site (no publisher art)."""
        return f"games/emblems/{self.slug}.svg"

    @cached_property
    def symbols(self) -> str | None:
        """The SVG sprite of the symbols drawn on the game's cards, inlined once per page so
        that a card (and every push) refers to a symbol with a short `<use href="#…">`; None
        for a game whose pieces are drawn without one."""
        sprite = f"{self.slug}/symbols.svg"
        found = Path(__file__).parent / self.slug / "templates" / sprite
        return sprite if found.exists() else None

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
            has_script=True,
            rules=(
                _(
                    "Three rounds. Each round you draft a hand of profession cards: keep two, pass "
                    "the rest to your left, twice."
                ),
                _(
                    "On your turn play one card: into Kosmopolis, where it raises that colour's "
                    "limit and its profession acts, or into your city, where it will score."
                ),
                _(
                    "Scholars draw a card, merchants take a token, agents place a secret modifier "
                    "over a column, priests move the lowest card of a column into your city."
                ),
                _(
                    "At the end of a round every city column above the Kosmopolis column of its "
                    "colour is thrown away, unless you pay tokens to cover the excess."
                ),
                _(
                    "Whoever comes closest to a column's limit takes a bonus card. After round "
                    "three: city cards + bonus cards + unused tokens; most points wins."
                ),
            ),
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
            score_counts="cards",
            rules=(
                _(
                    "Everyone adds dragon cards to one shared layout: a new card must touch it and "
                    "match at least one neighbour's colour."
                ),
                _(
                    "Your goal colour is secret. Seven connected panels of your colour win "
                    "at once, even on another player's turn."
                ),
                _("Connecting two or more colours with one card draws you bonus cards."),
                _(
                    "Action cards move or take back a card, rotate or trade goals, or trade hands; "
                    "each one played recolours the silver dragon in the middle."
                ),
                _("If the cards run out first, the largest area decides."),
            ),
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
            rules=(
                _("Draft nine crew cards: keep one, pass the rest to your left."),
                _(
                    "Seven tricks: everyone plays a card face up; the highest value wins the trick "
                    "and hunts the dragon."
                ),
                _(
                    "A card's shields, damage and repairs happen at once; its targeting "
                    "symbols hit the trick's winner at the end of the trick, unless shields "
                    "absorb them."
                ),
                _(
                    "At the end: dragons, symbols, shields and damage, and the research, "
                    "morale and crime contests of the three scoring cards. Ties go to more dragons."
                ),
                _("Your last two cards are never played."),
            ),
        ),
        GameInfo(
            "space_bastards",
            _("Space Bastards"),
            2,
            5,
            60,
            _("Colonise planets and outwit the other captains."),
            playable=True,
            has_script=True,
            options=(
                GameOption(
                    "planets_off",
                    _("Switched-off planets"),
                    None,
                    (
                        (None, _("the usual ones for the number of players")),
                        ("random", _("drawn at random")),
                    ),
                    own=OwnChoice(
                        _("chosen below"),
                        _("Planets to switch off"),
                        tuple((planet, PLANET_NAME[planet]) for planet in PLANET_IDS),
                        count=lambda seats: len(PLANET_IDS) - IN_PLAY_COUNT[seats],
                    ),
                ),
                GameOption(
                    "priority",
                    _("Order of the relationships"),
                    "standard",
                    (
                        ("standard", _("standard")),
                        ("mutants", _("mutants: mutation first")),
                        ("migrants", _("migrants: migration first")),
                        ("chaos", _("chaos: change of relationship first")),
                    ),
                    own=OwnChoice(
                        _("an order of your own, below"),
                        _("Order of your own"),
                        (
                            ("love", _("Love")),
                            ("shooting", _("Shooting")),
                            ("eating", _("Eating")),
                            ("trade", _("Trade")),
                            ("diplomacy", _("Diplomacy")),
                            ("migration", _("Migration")),
                            ("mutation", _("Mutation")),
                            ("change", _("Change of relationship")),
                        ),
                    ),
                ),
                GameOption(
                    "flight_steps",
                    _("Flight-only steps"),
                    [],
                    (
                        ([], _("none")),
                        ([0, 4, 8], _("before rounds 1, 5 and 9")),
                    ),
                ),
            ),
            rules=(
                _(
                    "Each player commands one colour of aliens of five races, living on small "
                    "planets and travelling in ships."
                ),
                _(
                    "A column of relationship cards says which races love, shoot, eat or trade "
                    "with which."
                ),
                _(
                    "Twelve rounds: plan secret action cards, resolve them in the column's order, "
                    "move the ships."
                ),
                _(
                    "After rounds four, eight and twelve the strongest colour on each planet "
                    "scores; diplomacy and money score too."
                ),
            ),
        ),
        GameInfo(
            "isle_of_cats",
            _("The Isle of Cats"),
            1,
            4,
            75,
            _("Rescue cats onto your boat before the island sinks."),
            playable=True,
            has_script=True,
            options=(
                GameOption(
                    "solo_hard_lessons",
                    _("The sister's difficulty (solo only)"),
                    0,
                    (
                        (0, _("normal")),
                        (1, _("medium")),
                        (2, _("high")),
                        (3, _("very high")),
                        (4, _("expert")),
                    ),
                    solo_only=True,
                ),
                GameOption(
                    "lesson_sets",
                    _("Lesson cards besides the 14 base ones"),
                    ["A", "B", "C"],
                    (
                        (["A", "B", "C"], _("sets A, B and C")),
                        (["A", "B"], _("sets A and B (no public lessons)")),
                        (["A", "C"], _("sets A and C")),
                        (["B", "C"], _("sets B and C")),
                        (["A"], _("set A only")),
                        (["B"], _("set B only")),
                        (["C"], _("set C only")),
                        ([], _("none: the base lessons only")),
                    ),
                ),
            ),
            rules=(
                _(
                    "Five days of rescuing cats and treasures onto your boat before the island "
                    "sinks."
                ),
                _(
                    "Each day: draft and buy discovery cards with your fish, play lessons, then "
                    "rescue cats in order of speed."
                ),
                _(
                    "Families of three or more touching cats of one colour score; rats left "
                    "uncovered and unfilled rooms cost points."
                ),
                _("Alone, you play against the sister, an automated opponent."),
            ),
        ),
    ]
}


def playable_games() -> list[GameInfo]:
    return [game for game in GAMES.values() if game.playable]
