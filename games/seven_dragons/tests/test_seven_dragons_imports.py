"""The engine, its data and its bot stay free of Django."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_engine_components_and_bot_import_no_django() -> None:
    code = (
        "import sys\n"
        "import games.seven_dragons.engine, games.seven_dragons.components\n"
        "import games.seven_dragons.bot\n"
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "sys.exit(' '.join(loaded) or None)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
