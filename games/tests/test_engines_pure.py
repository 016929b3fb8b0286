"""Every game's engine, its data and its bot are pure Python: no Django, only the standard
library and `games.rules`. Each game under `games/` with an engine (`engine.py`, or a package of
files by concern) is checked, so a new game is covered as soon as its engine exists."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parent.parent
PROJECT = GAMES.parent
SLUGS = sorted(
    {path.parent.name for path in GAMES.glob("*/engine.py")}
    | {path.parent.parent.name for path in GAMES.glob("*/engine/__init__.py")}
)
EXAMPLE = "tests.example_game"
"""The guide's example game (`games/tests/example_game/`), held to the same."""
MODULES = ("engine", "components", "bot")


def _files(slug: str, module: str) -> list[Path]:
    """The module's file, or every file of its package."""
    folder = GAMES.joinpath(*slug.split("."))
    package = folder / module
    return sorted(package.glob("*.py")) if package.is_dir() else [folder / f"{module}.py"]


def _imports(path: Path) -> Iterator[str]:
    """Every module the file imports (`from . import` as "")."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            yield node.module or ""


def _standard(name: str) -> bool:
    top = name.split(".")[0]
    return top in sys.stdlib_module_names or top == "__future__"


def _django_loaded(*modules: str) -> str:
    """The Django modules a fresh interpreter holds after importing `modules`."""
    code = (
        "import sys\n"
        + "".join(f"import {module}\n" for module in modules)
        + "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=PROJECT, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_every_game_is_checked():
    expected = {"kosmopolis", "seven_dragons", "space_dragons", "isle_of_cats", "space_bastards"}
    assert expected <= set(SLUGS)


CORE = {"search": {"games.rules"}, "bots": {"games.rules", "games.search"}}
"""The strong level's search and the bots' levels (issue 35), pure like the engines, and what
of the project each may import."""


@pytest.mark.parametrize("slug", [*SLUGS, EXAMPLE])
def test_importing_the_engine_loads_no_django(slug):
    assert _django_loaded(*(f"games.{slug}.{module}" for module in MODULES)) == "[]"


@pytest.mark.parametrize("slug", [*SLUGS, EXAMPLE])
@pytest.mark.parametrize("module", MODULES)
def test_modules_import_only_the_standard_library_and_games_rules(slug, module):
    """A bot may also read the search's scale of outcomes (`games.search`, pure itself)."""
    allowed = {"games.rules", f"games.{slug}", f"games.{slug}.components", f"games.{slug}.engine"}
    if module == "bot":
        allowed.add("games.search")
    files = _files(slug, module)
    assert files
    for path in files:
        for name in _imports(path):
            inside = name.startswith((f"games.{slug}.engine.", f"games.{slug}.{module}."))
            assert name in allowed or inside or _standard(name), f"{path.name}: {name}"


@pytest.mark.parametrize("module", sorted(CORE))
def test_the_search_and_the_levels_are_pure(module):
    assert _django_loaded(f"games.{module}") == "[]"
    for name in _imports(GAMES / f"{module}.py"):
        assert name in CORE[module] or _standard(name), name
