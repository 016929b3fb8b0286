"""What a game provides to the platform, written once: the parts of its modules the core calls
(`Engine`, `Bot`, `Context`, `Forms`, `Log`, `Statistics`), and the defaults of the optional
parts (`OPTIONAL`), filled in here alone (`web_side`), so that the core never asks whether a
game has a part. `games.checks` holds every registered game to it when Django starts
(`manage.py check`); `docs/adding-a-game.md` walks through writing the parts.

A game's modules live in its package (`games/<slug>/`): `engine` (a module or a package, pure
standard library), `bot` (pure too), `context`, `forms`, `log` and `stats`.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from games.log import Line, SeatName, describe, names_nothing, over_text, seat_name

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]
Result = dict[str, Any]


class Engine(Protocol):
    """The pure rules engine: functions over plain, JSON-serialisable state."""

    def setup(
        self, seats: int, options: dict[str, Any], seed: int, stack: dict[str, Any] | None = None
    ) -> State:
        """A new game, every shuffle from `random.Random(seed)` in the spec's order."""

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """The moves `seat` may make now."""

    def apply(self, state: State, seat: int, move: Any) -> tuple[State, list[Event]]:
        """The new state and the move's events; the given state is never touched."""

    def apply_in_place(self, state: State, seat: int, move: Any) -> list[Event]:
        """The move applied to `state` itself, validated completely before anything changes."""

    def to_act(self, state: State) -> set[int]:
        """The seats that may act now."""

    def view(self, state: State, seat: int | None) -> View:
        """What `seat` knows (None: a spectator); never another seat's secrets."""

    def is_over(self, state: State) -> bool:
        """The game has ended by its rules."""

    def result(self, state: State) -> Result | None:
        """Scores, ranks, winners and the score sheet's breakdown once the game is over."""

    def standing(self, state: State) -> Result:
        """The result as the game stands now, for a match its players end early."""

    def sample_state(self, view: View, seat: int, rng: random.Random) -> State:
        """A complete state drawn from what `view` shows `seat`: a search bot cannot peek."""

    ANALYSIS_PUBLIC_AT_END: bool
    """Optional: the game's rules reveal every hand at its end, so the analysis of a finished
    match (`games.analysis`), whose preferred moves may name a card of a hand, may be shown to
    everyone; by default each player sees only that of their own moves."""


class Bot(Protocol):
    """The game's bot, pure like the engine, deciding from what `view(state, seat)` shows."""

    def choose_move(self, state: State, seat: int, rng: random.Random) -> Move:
        """The `normal` level: one of the seat's legal moves."""

    def choose_easy(self, state: State, seat: int, rng: random.Random) -> Move:
        """The `easy` level: a legal move with a beginner's mistakes (`games.bots`)."""

    def playout_move(self, state: State, seat: int, rng: random.Random) -> Move:
        """The strong level's fast playout policy, on a state drawn by `sample_state`."""

    def playout_stage(self, state: State) -> float:
        """Optional: a number that grows by one a round, where the strong level's playout stops
        and scores the position as it stands (default: none, a playout plays to the end)."""

    def playout_standing(self, state: State) -> dict[str, Any]:
        """Optional: the standing (`scores`, `winners`, as the engine's `standing`) the position
        where a playout stopped is likely to end in; the search ranks its candidates by it and
        the analysis reads the chance to win from it (default: the standing as it is). It may
        add `odds`, each seat's chance of winning from there, which the search's ranking then
        reads instead of the winners (`games.search.outcome`)."""

    def candidate_moves(self, state: State, seat: int, rng: random.Random) -> list[Move]:
        """Optional: the moves the game's own judgement ranks best, best first, which the strong
        level compares right after the normal move (default: none; playout picks and random
        legal moves fill the candidates)."""

    def analysis_move(self, state: State, seat: int, rng: random.Random) -> Move:
        """Optional: a cheaper playout policy for the analysis of a finished match
        (`games.analysis`), where the strong level's is too slow to play every judged move out
        on enough deals within its budget (default: `playout_move`)."""


class Context(Protocol):
    """The table's regions' context (`games/<slug>/context.py`). What the viewer may choose
    comes only from `legal` (the viewer's legal moves), never from the rules re-implemented
    there."""

    def table_context(
        self, view: View, legal: list[Move], seat: int | None, names: list[str]
    ) -> dict[str, Any]:
        """What the game's fragments draw, from the viewer's view and legal moves."""

    def status_text(self, view: View, seat: int | None, names: list[str]) -> str:
        """One sentence: what happens now, and who must act (the game goes on)."""

    def table_moves(self, state: State, seat: int) -> list[Move]:
        """Optional: the viewer's moves as its table needs them, where the engine's full list
        is costly (default: `Engine.legal_moves`)."""


class Forms(Protocol):
    """The move forms read back (`games/<slug>/forms.py`)."""

    def move_from_post(self, post: Any) -> Move:
        """The engine's move from a posted move form."""


class Log(Protocol):
    """The game's log lines (`games/<slug>/log.py`); `games.log` tells them."""

    LINES: Mapping[str, Line]
    """One sentence per event type the engine emits."""

    def seat_name(self, names: Sequence[str], seat: Any) -> str:
        """Optional: how a line and the game-over status name a seat (default
        `games.log.seat_name`: the player's name)."""

    def marks(self, event: Event) -> list[str]:
        """Optional: the ids (`data-card`) of what a line names that lies open on the table
        (default: nothing)."""


class Statistics(Protocol):
    """The game's own counters for its statistics page (`games/<slug>/stats.py`)."""

    def match_facts(self, state: State, result: Result) -> dict[str, int]:
        """Counters added up over every finished match."""

    def fact_lines(self, facts: dict[str, int], matches: int) -> list[tuple[str, str]]:
        """The statistics page's lines: (label, value)."""

    def start_seat(self, state: State) -> int:
        """The seat that starts in the state `setup` made."""


PARTS: dict[str, type] = {
    "engine": Engine,
    "bot": Bot,
    "context": Context,
    "forms": Forms,
    "log": Log,
    "stats": Statistics,
}
"""Every module of a game and what it provides."""


def ranks_nothing(state: State, seat: int, rng: random.Random) -> list[Move]:
    """A bot's `candidate_moves` where the game ranks none of its own."""
    return []


OPTIONAL: dict[tuple[str, str], Callable[[Any], Any]] = {
    ("bot", "playout_stage"): lambda modules: None,
    ("bot", "playout_standing"): lambda modules: None,
    ("bot", "candidate_moves"): lambda modules: ranks_nothing,
    ("bot", "analysis_move"): lambda modules: modules.module("bot").playout_move,
    ("context", "table_moves"): lambda modules: modules.engine.legal_moves,
    ("log", "seat_name"): lambda modules: seat_name,
    ("log", "marks"): lambda modules: names_nothing,
    ("engine", "ANALYSIS_PUBLIC_AT_END"): lambda modules: False,
}
"""The parts a game may leave out, and what stands in for each (made from the game's modules)."""


def members(part: type) -> dict[str, Any]:
    """The names a part's protocol lists, with their protocol function (None: a value)."""
    found: dict[str, Any] = {
        name: None for name in getattr(part, "__annotations__", {}) if not name.startswith("_")
    }
    for name, value in vars(part).items():
        if inspect.isfunction(value) and not name.startswith("_"):
            found[name] = value
    return found


def parameters(function: Callable[..., Any]) -> list[inspect.Parameter]:
    """A protocol function's parameters, `self` left out."""
    return list(inspect.signature(function).parameters.values())[1:]


@dataclass(frozen=True)
class WebSide:
    """A game's web side as the core calls it (`GameInfo.table`), its optional parts filled."""

    context: Context
    forms: Forms
    lines: Mapping[str, Line]
    seat_name: SeatName
    marks: Callable[[Event], list[str]]
    legal_moves: Callable[[State, int], list[Move]]
    """The viewer's moves as the table needs them."""

    def table_context(
        self, view: View, legal: list[Move], seat: int | None, names: list[str]
    ) -> dict[str, Any]:
        return self.context.table_context(view, legal, seat, names)

    def status_text(
        self, view: View, seat: int | None, names: list[str], result: Result | None = None
    ) -> str:
        """The status line: the game's own while it goes on, who won once it is over (by its
        rules, the view's `result`, or ended early by its players, the match's `result`)."""
        result = result or view.get("result")
        if result:
            return over_text(result, seat, names, self.seat_name)
        return self.context.status_text(view, seat, names)

    def move_from_post(self, post: Any) -> Move:
        return self.forms.move_from_post(post)

    def describe(self, event: Event, names: list[str], viewer: int | None) -> str | None:
        return describe(self.lines, self.seat_name, event, names, viewer)


def part(modules: Any, module: str, name: str) -> Any:
    """A part of one of the game's modules (`modules`: its `GameInfo`), or the part's default
    where the game leaves it out."""
    found = vars(modules.module(module)).get(name)
    if found is None and (module, name) in OPTIONAL:
        return OPTIONAL[module, name](modules)
    return found


@dataclass(frozen=True)
class BotSide:
    """A game's bot as the bots' levels call it (`GameInfo.bot`, `games.bots`), its optional
    parts filled."""

    choose_move: Callable[[State, int, random.Random], Move]
    choose_easy: Callable[[State, int, random.Random], Move]
    playout_move: Callable[[State, int, random.Random], Move]
    playout_stage: Callable[[State], float] | None
    """None: a playout plays to the end of the game."""
    playout_standing: Callable[[State], dict[str, Any]] | None
    """None: a playout's last position is scored by its standing."""
    candidate_moves: Callable[[State, int, random.Random], list[Move]]
    analysis_move: Callable[[State, int, random.Random], Move]
    """The analysis' playout policy (`playout_move` where the game has none of its own)."""


def bot_side(modules: Any) -> BotSide:
    """The game's bot from its `bot` module (`GameInfo`'s `bot`)."""
    bot = modules.module("bot")
    return BotSide(
        choose_move=bot.choose_move,
        choose_easy=bot.choose_easy,
        playout_move=bot.playout_move,
        playout_stage=part(modules, "bot", "playout_stage"),
        playout_standing=part(modules, "bot", "playout_standing"),
        candidate_moves=part(modules, "bot", "candidate_moves"),
        analysis_move=part(modules, "bot", "analysis_move"),
    )


def web_side(modules: Any) -> WebSide:
    """The game's web side from its modules (`GameInfo`'s `engine`, `context`, `forms`, `log`)."""
    return WebSide(
        context=modules.context,
        forms=modules.forms,
        lines=modules.log.LINES,
        seat_name=part(modules, "log", "seat_name"),
        marks=part(modules, "log", "marks"),
        legal_moves=part(modules, "context", "table_moves"),
    )
