"""What the live (websocket) parts of the site share: a CSRF token for pushed forms, and pushes
that never fail the request that caused them."""

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from asgiref.sync import async_to_sync, iscoroutinefunction
from channels.layers import get_channel_layer
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.decorators import sync_and_async_middleware
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

STORED_TABLES = 256
"""How many matches' newest stored state a process keeps for its own sockets."""
_stored: OrderedDict[int, tuple[str, Any]] = OrderedDict()
_storing = threading.Lock()


def keep_stored(push: str, table: Any) -> None:
    """Keep the match as a move service of this process just stored it (`table_after_move`),
    under the name of its announcement, for this process's sockets to push without loading it
    again. Other processes load it."""
    with _storing:
        kept = _stored.get(table.pk)
        if kept is None or kept[1].move_count < table.move_count:
            _stored[table.pk] = (push, table)
            _stored.move_to_end(table.pk)
        while len(_stored) > STORED_TABLES:
            _stored.popitem(last=False)


def stored(match_id: int, push: str, seq: int) -> Any | None:
    """The match as this process stored it for announcement `push` (of move number `seq`), or
    as it stored a later move: a push that comes late then shows the newer table, as a late load
    would. A change other than a move (a seat handed over) is announced at an unchanged move
    number, so only a stored move beyond that number is sure to include it."""
    with _storing:
        kept = _stored.get(match_id)
    if kept is None:
        return None
    kept_push, table = kept
    return table if kept_push == push or table.move_count > seq else None


def csrf_token_for(scope: dict[str, Any]) -> str | None:
    """A masked token for the CSRF cookie of the socket's browser, so a form pushed over the
    websocket posts like one from the page (with or without htmx). Make it once per socket:
    a new mask every push would make every region with a form look changed."""
    secret = scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME)
    if not secret:
        return None
    request = HttpRequest()
    request.META["CSRF_COOKIE"] = secret
    return get_token(request)


def tell_group(group: str, message: dict[str, Any]) -> None:
    """Push to a channel group after a commit. Inside `pushes_batched` (every request) the
    push waits for the end of the request, and all of them go together.

    An unreachable channel layer (Redis down) is logged, not raised: the change is already
    stored, and every client catches up when its socket reconnects, since a socket that
    (re)opens gets the whole current view."""
    waiting = _outbox.get()
    if waiting is not None:
        waiting.append((group, message))
    else:
        async_to_sync(send_pushes)([(group, message)])


Pushes = list[tuple[str, dict[str, Any]]]
_outbox: ContextVar[Pushes | None] = ContextVar("pushes", default=None)


@contextmanager
def pushes_batched() -> Iterator[Pushes]:
    """Hold the pushes told within (the context reaches the request's thread, so a list set
    here collects what the sync view tells); the caller sends them when it is done."""
    pushes: Pushes = []
    token = _outbox.set(pushes)
    try:
        yield pushes
    finally:
        _outbox.reset(token)


@sync_and_async_middleware
def pushes_batched_middleware(
    get_response: Callable[[HttpRequest], Any],
) -> Callable[[HttpRequest], Any]:
    """Each request's pushes leave together at its end: a move tells its table, the next
    player's bell and the mover's bell. Under ASGI they are sent from the event loop itself;
    a hop from the request's thread to the loop for each cost more than the push."""
    if iscoroutinefunction(get_response):

        async def batched_async(request: HttpRequest) -> HttpResponse:
            with pushes_batched() as pushes:
                try:
                    response: HttpResponse = await get_response(request)
                finally:
                    await send_pushes(pushes)
            return response

        return batched_async

    def batched(request: HttpRequest) -> HttpResponse:
        with pushes_batched() as pushes:
            try:
                response: HttpResponse = get_response(request)
            finally:
                async_to_sync(send_pushes)(pushes)
        return response

    return batched


async def send_pushes(pushes: Pushes) -> bool:
    """Whether every push was told."""
    layer = get_channel_layer()
    if layer is None or not pushes:
        return True
    try:
        for group, message in pushes:
            await layer.group_send(group, message)
    except (OSError, RedisError):
        groups = ", ".join(group for group, _message in pushes)
        logger.warning("The channel layer is unreachable; %s not told.", groups, exc_info=True)
        return False
    return True
