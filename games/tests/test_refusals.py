"""Every refusal an engine can raise reaches a Czech player in Czech (issue 32): each
`IllegalMove(...)` of a game's engine names its message as a literal msgid (never an f-string,
% formatting or concatenation: the catalog could not hold it), the game's own catalog
translates it, and `refusal_text` gives a Czech player Czech (docs/adding-a-game.md,
ENGINE_MESSAGES; a msgid several games share has one translation on the site).
"""

from __future__ import annotations

import ast
import gettext
import importlib
from collections.abc import Iterable
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from games.labels import ENGINE_MESSAGES
from games.registry import GAMES
from games.rules import IllegalMove
from games.services import refusal_text
from games.tests.example import every_game
from games.tests.sources import engine_files

PLAYABLE = sorted(slug for slug, info in GAMES.items() if info.playable)


def _raised(sources: Iterable[Path]) -> list[tuple[str, ast.Call]]:
    """Every `IllegalMove(...)` call in the source files, with its file and line."""
    return [
        (f"{source.name}:{node.lineno}", node)
        for source in sources
        for node in ast.walk(ast.parse(source.read_text()))
        if isinstance(node, ast.Call)
        and (getattr(node.func, "id", None) or getattr(node.func, "attr", None)) == "IllegalMove"
    ]


def _catalog(game: str) -> gettext.GNUTranslations:
    return gettext.translation(
        "django", Path(settings.BASE_DIR) / "games" / game / "locale", languages=["cs"]
    )


def _placeholders(message: str) -> set[str]:
    return {part.split(")")[0] for part in message.split("%(")[1:]}


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_engine_refusal_is_a_literal_msgid_the_games_catalog_translates(game):
    catalog = _catalog(game)
    problems = []
    for line, call in _raised(engine_files(GAMES[game].engine)):
        message = call.args[0] if call.args else None
        if not (isinstance(message, ast.Constant) and isinstance(message.value, str)):
            problems.append(f"line {line}: not a literal msgid: {ast.unparse(message)}")
            continue
        template = message.value
        czech = catalog.gettext(template)
        names = {keyword.arg: "X" for keyword in call.keywords if keyword.arg}
        if czech == template:
            problems.append(f"line {line}: no Czech in the catalog: {template!r}")
            continue
        if _placeholders(template) - set(names):
            problems.append(f"line {line}: placeholders without names: {template!r}")
            continue
        refusal = IllegalMove(template, **names)
        with translation.override("cs"):
            shown = refusal_text(refusal)
        if shown == refusal.message:
            problems.append(f"line {line}: refusal_text gives English: {shown!r}")
    assert not problems, f"{game}: {len(problems)} refusals:\n" + "\n".join(problems)


@pytest.mark.parametrize("game", every_game())
def test_the_refusals_a_game_lists_are_exactly_those_its_engine_raises(game):
    """A game's `labels.ENGINE_MESSAGES` (what makemessages finds) misses none of its
    engine's refusals and lists none it no longer raises."""
    raised = {
        call.args[0].value
        for _line, call in _raised(engine_files(GAMES[game].engine))
        if call.args and isinstance(call.args[0], ast.Constant)
    }
    listed = importlib.import_module(f"{GAMES[game].package}.labels").ENGINE_MESSAGES
    assert raised == set(listed)


def test_the_refusals_of_the_envelope_every_move_passes_are_listed_and_read_in_czech():
    """`games.rules.check_move` refuses for every game; the core's catalog translates it."""
    calls = [call for _line, call in _raised([Path(settings.BASE_DIR) / "games" / "rules.py"])]
    templates = {call.args[0].value for call in calls}
    assert templates == set(ENGINE_MESSAGES)
    for call in calls:
        refusal = IllegalMove(call.args[0].value, **{k.arg: "x" for k in call.keywords if k.arg})
        with translation.override("cs"):
            assert refusal_text(refusal) != refusal.message


@pytest.mark.parametrize(
    ("game", "seats", "move", "czech"),
    [
        (
            "seven_dragons",
            2,
            {"type": "play_dragon", "card": "7", "x": 0, "y": 1, "rot": 0},
            "Karta: je třeba celé číslo.",
        ),
        (
            "seven_dragons",
            2,
            {"type": "play_dragon", "card": 7},
            "Tah dračí kartou: je třeba právě tato pole: card, rot, x, y.",
        ),
        ("space_dragons", 3, {"type": "draft", "card": 200}, "Kartu 200 nemáte v balíčku."),
    ],
    ids=["a field", "a move's fields", "a card number"],
)
def test_a_refusal_that_names_things_names_them_in_czech(game, seats, move, czech):
    engine = GAMES[game].engine
    state = engine.setup(seats, {}, 1)
    with pytest.raises(IllegalMove) as refused:
        engine.apply(state, 0, move)
    with translation.override("cs"):
        assert refusal_text(refused.value) == czech
