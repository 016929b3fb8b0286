"""The example game of `docs/adding-a-game.md` (`games/tests/example_game/`): a game written by
following the guide, which the cross-game suite plays through the whole site. It lives in the
test tree and is registered only for the tests that ask for it (the `example_game` fixture),
so the site never offers it and its strings stay out of the catalogs."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from games.registry import GAMES, GameInfo


@dataclass(frozen=True)
class ExampleInfo(GameInfo):
    """The example's modules live in the test tree, not in `games/<slug>/`."""

    @property
    def package(self) -> str:
        return "games.tests.example_game"


EXAMPLE = ExampleInfo(
    "example_game", "Example game", 2, 4, 10, "The example of the guide.", playable=True
)
EXAMPLE_DIR = Path(__file__).parent / "example_game"


def registering(slug: str) -> tuple[Any, ...]:
    """The marks a test's case of game `slug` needs: the example registered for it (the
    `example_game` mark, which `games/tests/conftest.py` reads)."""
    return (pytest.mark.example_game,) if slug == EXAMPLE.slug else ()


def with_example(cases: list[Any]) -> list[Any]:
    """The cases of the registered games (a slug, or a tuple starting with one) and the
    example's, registered for its cases alone."""
    return [
        pytest.param(
            *(case if isinstance(case, tuple) else (case,)),
            marks=registering(case[0] if isinstance(case, tuple) else case),
        )
        for case in cases
    ]


def every_game() -> list[Any]:
    """The playable games' slugs and the example's, as the cases of a cross-game test."""
    playable = sorted(slug for slug, info in GAMES.items() if info.playable)
    return with_example([*playable, EXAMPLE.slug])
