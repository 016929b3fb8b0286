"""What the live (websocket) parts of the site share: a CSRF token for pushed forms, and pushes
that never fail the request that caused them."""

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


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
    """Push to a channel group after a commit. Inside `pushes_batched` the push waits for the
    end of the request, and all of them go in one trip to the channel layer.

    An unreachable channel layer (Redis down) is logged, not raised: the change is already
    stored, and every client catches up when its socket reconnects, since a socket that
    (re)opens gets the whole current view."""
    waiting = getattr(_outbox, "pushes", None)
    if waiting is not None:
        waiting.append((group, message))
    else:
        _send([(group, message)])


@contextmanager
def pushes_batched() -> Iterator[None]:
    """Hold the pushes told within, then send them together: a move tells its table, the next
    player's bell and the mover's bell, and each trip from a request's thread to the event
    loop cost more than the push itself."""
    if getattr(_outbox, "pushes", None) is not None:
        yield
        return
    _outbox.pushes = []
    try:
        yield
    finally:
        pushes, _outbox.pushes = _outbox.pushes, None
        if pushes:
            _send(pushes)


class PushesBatchedMiddleware:
    """Each request's pushes in one trip (see `pushes_batched`)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with pushes_batched():
            return self.get_response(request)


_outbox = threading.local()


def _send(pushes: list[tuple[str, dict[str, Any]]]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(_send_all)(layer, pushes)
    except (OSError, RedisError):
        groups = ", ".join(group for group, _message in pushes)
        logger.warning("The channel layer is unreachable; %s not told.", groups, exc_info=True)


async def _send_all(layer: Any, pushes: list[tuple[str, dict[str, Any]]]) -> None:
    for group, message in pushes:
        await layer.group_send(group, message)
