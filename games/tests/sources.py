"""The source files of a game's engine, for the tests that read them (its refusals, its
imports): the engine module itself, or every module of its package."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType


def engine_files(engine: ModuleType) -> list[Path]:
    """The engine's module, or its package's modules."""
    path = Path(str(engine.__file__))
    return sorted(path.parent.glob("*.py")) if path.name == "__init__.py" else [path]


def engine_source(engine: ModuleType) -> str:
    """The text of every file of the engine."""
    return "\n".join(path.read_text(encoding="utf-8") for path in engine_files(engine))
