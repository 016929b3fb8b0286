"""The live table (`TableConsumer`), by concern: the socket's shared state (`socket`), who is at
the table (`presence`), the talk (`talk`), moves (`moves`) and the table pushed after them
(`pushes`)."""

from games.consumers.moves import move_form
from games.consumers.presence import Spectators, presence_html, spectators, tell_presence
from games.consumers.pushes import (
    PUSHED_LOG_MOVES,
    RARELY_CHANGED,
    SOCKET_CSRF,
    Announcement,
    announcement,
)
from games.consumers.socket import off_the_loop
from games.consumers.table import TableConsumer

__all__ = [
    "PUSHED_LOG_MOVES",
    "RARELY_CHANGED",
    "SOCKET_CSRF",
    "Announcement",
    "Spectators",
    "TableConsumer",
    "announcement",
    "move_form",
    "off_the_loop",
    "presence_html",
    "spectators",
    "tell_presence",
]
