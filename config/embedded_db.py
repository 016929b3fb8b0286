"""An embedded PostgreSQL for machines without DATABASE_URL: nothing to install or configure.

The server lives in a project-local folder and is shared by every process of the project that
asks for it (the web server, a worker, the test run); pgserver stops it when the last of them
exits, Ctrl-C included.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import sys
import threading
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
        from pgserver.postgres_server import PostgresServer

        with PostgresServer._lock:
            _forget_dead_handles(folder / ".handle_pids.json")
        server = pgserver.get_server(folder, cleanup_mode="stop")
    _stop_cleanly_on_sigterm()
    info = server.get_postmaster_info()
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "postgres",
        "USER": "postgres",
        "HOST": str(info.socket_dir),
        "PORT": str(info.port or ""),
    }


def _stop_cleanly_on_sigterm() -> None:
    """Let `kill` end the process through its exit handlers, so the server is stopped too."""
    if threading.current_thread() is threading.main_thread() and (
        signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    ):
        signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(0))


def _forget_dead_handles(handles: Path) -> None:
    """Drop processes that died without letting go (kill -9), so the last live one stops it."""
    if not handles.exists():
        return
    try:
        pids = [int(pid) for pid in json.loads(handles.read_text())]
    except (ValueError, TypeError):
        pids = []
    handles.write_text(json.dumps([pid for pid in pids if _is_alive(pid)]))


def _is_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
