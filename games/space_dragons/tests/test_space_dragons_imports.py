"""The engine, its data and its bot stay free of Django."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_engine_components_and_bot_import_no_django() -> None:
    code = (
        "import sys\n"
        "import games.space_dragons.engine, games.space_dragons.components\n"
        "import games.space_dragons.bot\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'django')\n"
        "sys.stdout.write(repr(loaded))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT)},
    )
    assert done.stdout.strip() == "[]"
