"""What the live (websocket) parts of the site share: a CSRF token for pushed forms, and pushes
that never fail the request that caused them."""

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.http import HttpRequest
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
    """Push to a channel group after a commit. An unreachable channel layer (Redis down) is
    logged, not raised: the change is already stored, and every client catches up when its
    socket reconnects, since a socket that (re)opens gets the whole current view."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except (OSError, RedisError):
        logger.warning("The channel layer is unreachable; %s was not told.", group, exc_info=True)
