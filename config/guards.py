"""What the site lets in: rate limits (on the shared cache), the client's address behind the
trusted proxy, requests with NUL characters, websockets from other origins or to unknown
paths."""

import functools
import logging
import re
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse, urlsplit

from allauth.account.adapter import get_adapter
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.security.websocket import OriginValidator, WebsocketDenier
from django.conf import settings
from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse
from django.http.request import split_domain_port, validate_host
from django.shortcuts import render
from django.utils.translation import gettext as _
from django_htmx.http import reswap, retarget
from django_ratelimit.core import is_ratelimited
from django_ratelimit.decorators import ratelimit
from django_ratelimit.exceptions import Ratelimited
from limits import RateLimitItem, parse_many
from limits.storage import RedisStorage, storage_from_string
from limits.strategies import MovingWindowRateLimiter
from redis.exceptions import NoScriptError, RedisError

logger = logging.getLogger(__name__)

NUL = "\x00"
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
"""What PostgreSQL can neither store nor compare in text: NUL, and half of a UTF-16 surrogate pair
(JSON's `\\ud800` escape carries one; UTF-8 has no encoding for it)."""
DIGITS = re.compile("[0-9]{1,18}")
"""A number as a form, a query or a socket's message writes it: ASCII digits, at most as many
as PostgreSQL's bigint holds."""


def whole_number(text: object) -> int | None:
    """The number a form's field, a query's value or a socket's message names, or None if it
    names none: ASCII digits only. `str.isdigit()` also takes superscripts ("²"), which `int()`
    refuses, and `int()` takes other scripts' digits ("٣", "３"), spaces, signs and
    underscores."""
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text)
    return int(text) if isinstance(text, str) and DIGITS.fullmatch(text) else None


def storable(text: str) -> bool:
    """Whether the text holds nothing `UNSTORABLE`."""
    return UNSTORABLE.search(text) is None


def client_ip(request: HttpRequest) -> str:
    """The client's address as the trusted proxy saw it (allauth's reading of
    ALLAUTH_TRUSTED_PROXY_COUNT and ALLAUTH_TRUSTED_CLIENT_IP_HEADER), so django-ratelimit's
    limits per address count what allauth's count."""
    return str(get_adapter(request).get_client_ip(request))


def play_rate(name: str) -> Callable[[str, HttpRequest], str]:
    """A django-ratelimit rate read from PLAY_RATE_LIMITS when a request comes (so a test or a
    deployment can change it)."""
    return lambda _group, _request: settings.PLAY_RATE_LIMITS[name]


def limited(name: str, *, key: str | Callable[[str, HttpRequest], str] = "user") -> Callable:
    """A view's POSTs count toward PLAY_RATE_LIMITS[name] for each signed-in player (or
    `key`); past it the view answers 429 (`too_many`)."""
    return ratelimit(group=name, key=key, rate=play_rate(name), method="POST", block=True)


def count(
    request: HttpRequest, name: str, *, key: str | Callable[[str, HttpRequest], str] = "user"
) -> None:
    """Count one action toward PLAY_RATE_LIMITS[name], as `limited` does for a whole view."""
    if is_ratelimited(request, group=name, key=key, rate=play_rate(name), increment=True):
        raise Ratelimited


def to_named_player(_group: str, request: HttpRequest) -> str:
    """The key of a request that asks something of the player its form names (`username`): an
    invitation, the offer of a seat. Those of one player to one other count on their own."""
    return f"{request.user.pk}:{request.POST.get('username', '').strip().lower()}"


def too_many(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """django-ratelimit's answer to a player over a limit (RATELIMIT_VIEW)."""
    message = _("Too many requests in a short time. Wait a moment and try again.")
    return _refusal(request, "429.html", message, status=429)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 400 page (handler400) with the reason a view gave (`BadRequest(reason)`)."""
    reason = exception.args[0] if exception is not None and exception.args else ""
    message = reason if isinstance(reason, str) and reason else _("The request was malformed.")
    return _refusal(request, "400.html", message, status=400)


def _refusal(request: HttpRequest, page: str, message: str, *, status: int) -> HttpResponse:
    """The error page; for an htmx request only the message, put into the page's `#refusal`
    (base.html), which htmx swaps for these statuses (its `responseHandling` there): a form
    sent by htmx would otherwise show nothing at all."""
    if request.headers.get("HX-Request") != "true":
        return render(request, page, {"message": message}, status=status)
    answer = render(request, "partials/refusal.html", {"message": message}, status=status)
    return reswap(retarget(answer, "#refusal"), "innerHTML")


class NulRefusingMiddleware:
    """A NUL character is never valid in an address, a form or a cookie, and PostgreSQL
    refuses to store or compare one: a request carrying one is a 400 before any view runs."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self._carries_nul(request):
            reason = _("The address or the form contains a character that is not allowed.")
            return bad_request(request, BadRequest(reason))
        return self.get_response(request)

    @staticmethod
    def _carries_nul(request: HttpRequest) -> bool:
        texts = [request.path, *request.COOKIES.keys(), *request.COOKIES.values()]
        for fields in (request.GET, request.POST):
            texts.extend(fields.keys())
            texts.extend(value for values in fields.lists() for value in values[1])
        return any(NUL in text for text in texts if isinstance(text, str))


class SiteOriginValidator(OriginValidator):
    """Websockets only from the site's own pages: an Origin of exactly SITE_URL's or one of
    CSRF_TRUSTED_ORIGINS (scheme, host and port), or the socket's own origin, as Django's CSRF
    check accepts a form (the Host must be one of ALLOWED_HOSTS). A move over the socket
    carries no CSRF token, so this is its CSRF check."""

    def __init__(self, application: Any) -> None:
        super().__init__(application, allowed_origins=[])

    async def __call__(self, scope: dict, receive: Any, send: Any) -> Any:
        headers = _headers(scope)
        allowed = [
            settings.SITE_ORIGIN,
            *settings.CSRF_TRUSTED_ORIGINS,
            _own_origin(headers, scope),
        ]
        origin = urlparse(headers["origin"]) if "origin" in headers else None
        if origin is not None and any(
            pattern and urlsplit(pattern).scheme and self.match_allowed_origin(origin, pattern)
            for pattern in allowed
        ):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)


def _headers(scope: dict) -> dict[str, str]:
    return {
        name.decode("latin1").lower(): value.decode("latin1")
        for name, value in scope.get("headers", [])
    }


def _own_origin(headers: dict[str, str], scope: dict) -> str:
    """The origin of the socket's own address: its Host (one of ALLOWED_HOSTS), and https when
    the socket is wss or the proxy says so (SECURE_PROXY_SSL_HEADER)."""
    host = headers.get("host", "")
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return ""
    secure = scope.get("scheme") == "wss"
    if settings.SECURE_PROXY_SSL_HEADER:
        header, value = settings.SECURE_PROXY_SSL_HEADER
        name = header.removeprefix("HTTP_").replace("_", "-").lower()
        secure = secure or headers.get(name, "").split(",")[0].strip() == value
    return f"{'https' if secure else 'http'}://{host}"


class UnknownPathConsumer(AsyncWebsocketConsumer):
    """A websocket to an address the site does not serve: closed, as a page would be a 404."""

    async def connect(self) -> None:
        await self.close(code=4404)


@functools.cache
def _limiter(uri: str) -> MovingWindowRateLimiter:
    """`limits` over RATE_LIMIT_STORAGE, one per process: its connection pool serves every
    thread."""
    return MovingWindowRateLimiter(storage_from_string(uri))


def within_limit(user: Any, name: str = "socket_message") -> bool:
    """Count one action of a signed-in player toward PLAY_RATE_LIMITS[name] in every process
    (`limits` on the shared Redis): False once they are past it. What a player may do over HTTP
    and over a socket alike counts on the same keys either way: a move (`socket_message`), a
    line of talk (`chat_line`). It is counted in the request's or the socket message's thread:
    on the event loop an asyncio Redis call cost more processor time than the move's thread
    does. With Redis away the action is let through: play goes on without the count."""
    limiter = _limiter(settings.RATE_LIMIT_STORAGE)
    rates = parse_many(settings.PLAY_RATE_LIMITS[name])
    try:
        hits = _hit_all(limiter, rates, name, str(user.pk))
    except (RedisError, OSError):
        logger.warning("An action of user %s not counted: Redis is away", user.pk)
        return True
    return all(hits)


def _hit_all(
    limiter: MovingWindowRateLimiter, rates: list[RateLimitItem], *identifiers: str
) -> list[bool]:
    """`limiter.hit` for every one of `rates` (all count), on Redis in one round trip: a
    pipeline of the moving-window script `limits` runs for each hit, with its keys and
    arguments. A Redis that lost its scripts has them loaded again by `limits`' own hits."""
    storage = limiter.storage
    if not isinstance(storage, RedisStorage) or len(rates) < 2:
        return [limiter.hit(rate, *identifiers) for rate in rates]
    script = storage.lua_acquire_moving_window
    pipeline = storage.get_connection().pipeline(transaction=False)
    now = time.time()
    for rate in rates:
        key = storage.prefixed_key(rate.key_for(*identifiers))
        pipeline.evalsha(script.sha, 1, key, now, rate.amount, rate.get_expiry(), 1)
    try:
        return [bool(acquired) for acquired in pipeline.execute()]
    except NoScriptError:
        return [limiter.hit(rate, *identifiers) for rate in rates]
