"""The engine, its data and its bot are pure Python: no Django, only the standard library."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent
PROJECT = PACKAGE.parent.parent
ALLOWED_LOCAL = {"games.rules", "games.space_bastards", "games.space_bastards.components"}
ALLOWED_LOCAL |= {"games.space_bastards.engine"}


def test_importing_the_engine_loads_no_django():
    code = (
        "import sys\n"
        "import games.space_bastards.engine, games.space_bastards.components\n"
        "import games.space_bastards.bot\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=PROJECT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("name", ["engine.py", "components.py", "bot.py"])
def test_modules_import_only_the_standard_library_and_games_rules(name):
    tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            modules = [node.module or ""]
        else:
            continue
        for module in modules:
            top = module.split(".")[0]
            assert module in ALLOWED_LOCAL or top in sys.stdlib_module_names or top == "__future__"
