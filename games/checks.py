"""The system check that holds every registered game to its contract (`games.contract`) when
Django starts (`manage.py check`, `runserver`, the test run): a missing module or part, a part
that is no function or takes other parameters than the contract's, and a missing template,
stylesheet, script or emblem fail before a player meets them (an engine without `standing`
once crashed the early end; a script without `has_script` never loads)."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from django.contrib.staticfiles import finders
from django.core.checks import CheckMessage, Error, register

from games.contract import OPTIONAL, PARTS, members, parameters
from games.log import Line
from games.regions import environment
from games.registry import GAMES, GameInfo

LINE_PARAMETERS = ("event", "names", "viewer", "you", "name")
"""What `games.log` passes each of a game's log lines (`games.log.Line`)."""


@register("games")
def games_meet_their_contract(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """Every playable game's errors (none when each meets the contract)."""
    return [error for game in GAMES.values() if game.playable for error in game_errors(game)]


def game_errors(game: GameInfo) -> list[CheckMessage]:
    """What `game` lacks of the contract, or gets wrong."""
    return [*_part_errors(game), *_file_errors(game)]


def _error(game: GameInfo, code: str, message: str, hint: str | None = None) -> CheckMessage:
    """One fault of `game`, with the id `manage.py check` reports it under."""
    return Error(message, hint=hint, obj=game.slug, id=code)


def _part_errors(game: GameInfo) -> list[CheckMessage]:
    errors: list[CheckMessage] = []
    for module_name, part in PARTS.items():
        try:
            module = game.module(module_name)
        except ImportError as error:
            errors.append(
                _error(
                    game,
                    "games.E001",
                    f"{game.slug} has no {module_name} module ({error}).",
                    hint=f"Write {game.package}.{module_name} (games.contract.{part.__name__}).",
                )
            )
            continue
        for name, protocol in members(part).items():
            found = vars(module).get(name)
            where = f"{game.package}.{module_name}.{name}"
            if found is None:
                if (module_name, name) not in OPTIONAL:
                    errors.append(
                        _error(
                            game,
                            "games.E002",
                            f"{where} is missing.",
                            hint=f"games/contract.py, {part.__name__}.{name}, says what it does.",
                        )
                    )
            elif protocol is None:
                errors += VALUE_CHECKS[module_name, name](game, where, found)
            else:
                errors += _function_errors(game, where, found, protocol)
    return errors


def _function_errors(
    game: GameInfo, where: str, found: Any, protocol: Callable[..., Any]
) -> list[CheckMessage]:
    if not callable(found):
        return [_error(game, "games.E003", f"{where} is not a function.")]
    wanted = [p.name for p in parameters(protocol)]
    if _accepts(found, parameters(protocol)):
        return []
    return [
        _error(
            game,
            "games.E004",
            f"{where} does not take the contract's parameters ({', '.join(wanted)}).",
            hint=f"It takes {inspect.signature(found)}.",
        )
    ]


def _accepts(function: Callable[..., Any], wanted: list[inspect.Parameter]) -> bool:
    """`function` can be called with the wanted parameters given by position, with and without
    those that have a default."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return False
    required = [p.name for p in wanted if p.default is inspect.Parameter.empty]
    try:
        signature.bind(*[p.name for p in wanted])
        signature.bind(*required)
    except TypeError:
        return False
    return True


def _flag_errors(game: GameInfo, where: str, flag: Any) -> list[CheckMessage]:
    """A yes-or-no the game declares (`Engine.ANALYSIS_PUBLIC_AT_END`)."""
    if type(flag) is bool:
        return []
    return [Error(f"{where} is neither True nor False.", obj=game.slug, id="games.E009")]


def _lines_errors(game: GameInfo, where: str, lines: Any) -> list[CheckMessage]:
    """The log's sentences: a mapping of event type to a line (`games.log.Line`)."""
    if not isinstance(lines, Mapping):
        return [_error(game, "games.E005", f"{where} is no mapping of event types.")]
    wanted = [
        inspect.Parameter(name, inspect.Parameter.POSITIONAL_ONLY) for name in LINE_PARAMETERS
    ]
    wrong = sorted(
        str(kind)
        for kind, line in lines.items()
        if not isinstance(kind, str) or not callable(line) or not _accepts(line, wanted)
    )
    if not wrong:
        return []
    return [
        _error(
            game,
            "games.E005",
            f"{where}: the lines of {', '.join(wrong)} are no functions of "
            f"({', '.join(LINE_PARAMETERS)}).",
            hint=f"A line is a {Line}.",
        )
    ]


VALUE_CHECKS = {("log", "LINES"): _lines_errors, ("engine", "ANALYSIS_PUBLIC_AT_END"): _flag_errors}
"""How each value (not function) of the contract is checked."""


def _file_errors(game: GameInfo) -> list[CheckMessage]:
    """The templates, stylesheet, script and emblem the table and the site load by name."""
    known = set(environment().list_templates())
    errors: list[CheckMessage] = [
        _error(
            game,
            "games.E006",
            f"{game.slug}'s template {template} is missing.",
            hint=f"Write games/{game.slug}/jinja2/{template}.",
        )
        for template in game.templates.values()
        if template not in known
    ]
    for static, what in ((game.stylesheet, "stylesheet"), (game.emblem, "emblem")):
        if not finders.find(static):
            errors.append(_error(game, "games.E007", f"{game.slug}'s {what} {static} is missing."))
    script = f"{game.slug}/{game.slug}.js"
    if game.has_script and not finders.find(script):
        errors.append(
            _error(
                game, "games.E008", f"{game.slug} has_script, but its script {script} is missing."
            )
        )
    if not game.has_script and finders.find(script):
        errors.append(
            _error(
                game,
                "games.E008",
                f"{game.slug}'s script {script} never loads: its GameInfo lacks has_script=True.",
            )
        )
    return errors
