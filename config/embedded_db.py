"""An embedded PostgreSQL for machines without DATABASE_URL: nothing to install or configure.

The server lives in a project-local folder and is shared by every process of the project that
asks for it (the web server, a worker, the test run); pgserver stops it when the last of them
exits, Ctrl-C included.
"""

from __future__ import annotations

import logging
import os
import warnings
from pathlib import Path
from typing import Any

DEFAULT_FOLDER = Path(__file__).resolve().parent.parent / "var" / "pgdata"


def database_settings() -> dict[str, Any]:
    """Start (or join) the embedded server and return Django's settings for it."""
    folder = Path(os.environ.get("EMBEDDED_PGDATA", DEFAULT_FOLDER))
    folder.parent.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("XDG_RUNTIME_DIR", str(folder.parent))
    logging.getLogger("pgserver").setLevel(logging.WARNING)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver  # after XDG_RUNTIME_DIR: it fixes its lock folder at import

        server = pgserver.get_server(folder, cleanup_mode="stop")
    info = server.get_postmaster_info()
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "postgres",
        "USER": "postgres",
        "HOST": str(info.socket_dir),
        "PORT": str(info.port or ""),
    }
