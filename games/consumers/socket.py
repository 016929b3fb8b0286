"""What every concern of the live table shares: the socket's state (what it has shown), the
viewer's language and time zone, and the thread pool its database work runs in."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

from asgiref.sync import SyncToAsync
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import connections
from django.utils import timezone, translation

from accounts.sockets import SessionBoundSocket
from games.models import Match

Work = ParamSpec("Work")
Result = TypeVar("Result")

Phase = tuple[bool, bool, int | None, tuple[Any, ...], tuple[tuple[int, int], ...], bool]
"""What the footer, the result and the log's lines of no move follow (`pushes._phase`)."""


def off_the_loop(work: Callable[Work, Result]) -> SyncToAsync[Work, Result]:
    """Run database work in a thread of the pool, not on the one thread that Channels shares
    between all consumers of a process: one table's database round trip then does not hold up
    the others. Renders stay on the loop (`Pushes._send_table`).

    The thread's connection goes back to the pool when the work is done: Channels' own
    `close_old_connections` left some of them open (seen in tests, where the pool threads of
    each event loop end), and a thread that ends with its connection keeps it from the pool."""

    @functools.wraps(work)
    def returning_connections(*args: Work.args, **kwargs: Work.kwargs) -> Result:
        try:
            return work(*args, **kwargs)
        finally:
            connections.close_all()

    return SyncToAsync(returning_connections, thread_sensitive=False)


async def awaited(task: asyncio.Future[Result]) -> Result:
    """Await a task that other sockets await too: one socket's disconnect (its cancellation)
    must not cancel the work for the rest."""
    return await asyncio.shield(task)


class TableSocket(SessionBoundSocket, AsyncWebsocketConsumer):  # type: ignore[misc]
    """A socket at one match's table; the concerns (`presence`, `talk`, `moves`, `pushes`) are
    its subclasses, joined in `TableConsumer`."""

    match_id: int
    csrf_token: str | None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: dict[str, str] = {}
        self.splits: dict[str, tuple[str, dict[str, str]]] = {}
        self.shown = -1
        self.phase: Phase | None = None
        self.refused = False
        self.refused_talk = False
        self.shown_match: Callable[[], Match | None] = lambda: None

    async def dispatch(self, message: dict[str, Any]) -> None:
        """As Channels dispatches, without closing stale database connections first: that is a
        hop to its one database thread for every message, and this consumer never uses a
        connection there (its work runs `off_the_loop`, which closes its own)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    @contextmanager
    def _viewer(self, user: Any) -> Iterator[None]:
        """The language and time zone the socket's viewer reads the table in."""
        language, zone = self._reader(user)
        with translation.override(language), timezone.override(zone):
            yield

    def _reader(self, user: Any) -> tuple[str, Any]:
        zone = user.zone if getattr(user, "is_authenticated", False) else None
        return self._language(user), zone

    def _language(self, user: Any) -> str:
        """The profile's language, else the language cookie, as pages choose it."""
        if getattr(user, "is_authenticated", False):
            language: str = user.language
            return language
        cookies = self.scope.get("cookies", {})
        chosen = cookies.get(settings.LANGUAGE_COOKIE_NAME, "")
        return chosen if chosen in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE
