"""What the live (websocket) renders share with the pages: a CSRF token for their forms."""

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.middleware.csrf import get_token


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
