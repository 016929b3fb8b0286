"""Count every SQL statement a process runs; SIGUSR1 writes the count to a file.

The benchmark's daphne processes load this through `bench.settings`: each new database
connection gets an execute wrapper that adds one to a process-wide counter. The orchestrator
reads the counter before and after a number of moves (`read_count`).
"""

import os
import signal
import threading
from pathlib import Path
from typing import Any

_lock = threading.Lock()
_count = 0


def _counter(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
    global _count
    with _lock:
        _count += 1
    return execute(sql, params, many, context)


def count_queries(sender: Any, connection: Any, **kwargs: Any) -> None:
    """`connection_created` receiver: wrap the new connection's statements once."""
    if _counter not in connection.execute_wrappers:
        connection.execute_wrappers.append(_counter)


def _dump(signum: int, frame: Any) -> None:
    target = os.environ.get("BENCH_QUERY_COUNT_FILE")
    if target:
        Path(f"{target}.tmp").write_text(str(_count))
        Path(f"{target}.tmp").replace(target)


if (
    os.environ.get("BENCH_QUERY_COUNT_FILE")
    and threading.current_thread() is threading.main_thread()
):
    signal.signal(signal.SIGUSR1, _dump)
