"""A websocket acts as its player only while the session it was opened with still signs that
player in. Logging out ends the session; a password change or a deleted account ends every
other session of the player (Django checks a session against the password hash). The sockets
of an ended session are closed: each socket listens on its session's group and its player's,
and is told when either may have ended. A socket that sends moves also checks its session for
each move, so a push lost on the way (Redis away) lets no move through.

The session that changed the password goes on under a new key (allauth keeps it signed in,
Django's `update_session_auth_hash` gives it the key): its sockets close with a code the page's
socket reconnects on, and come back with the new key."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
from collections.abc import Callable
from importlib import import_module
from typing import Any

from allauth.account.signals import password_changed, password_set
from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.contrib import auth
from django.contrib.auth.signals import user_logged_out
from django.contrib.sessions.backends.db import SessionStore
from django.core.cache import cache
from django.db import Error as DatabaseFailure
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils.crypto import constant_time_compare
from redis.exceptions import RedisError

from accounts.models import User
from games.live import tell_group

logger = logging.getLogger(__name__)

SESSION_ENDED = 4401
"""The close code of a socket whose session ended (htmx's socket does not reconnect on it)."""
SESSION_RENEWED = 1012
"""The close code of a socket whose session goes on under a new key (htmx's socket reconnects
on it, as on a server restarting)."""
RENEWAL_SECONDS = 60
"""How long a renewed session's old key is known as renewed: its sockets' reconnections are
turned away meanwhile, until the page has the new key (htmx tries again within seconds)."""


def session_group(session_key: str) -> str:
    """The sockets of one session (named by a digest: the key itself is a secret)."""
    return "session-" + hashlib.sha256(session_key.encode()).hexdigest()[:40]


def account_group(user_id: int) -> str:
    """Every socket of one player, whatever the session."""
    return f"account-{user_id}"


def session_holds(scope: dict[str, Any]) -> bool:
    """Whether the socket's session still signs in the socket's player: not logged out, no
    password changed since, the account not deleted. An anonymous socket acts as nobody, so it
    always holds. A scope without a session did not come through the session and auth stack of
    `config.asgi` (a test's, which puts its player in itself), so its player is as given."""
    user = scope.get("user")
    if not getattr(user, "is_authenticated", False):
        return True
    session = scope.get("session")
    if session is None:
        return True
    key = session.session_key
    if not key:
        return False
    request = HttpRequest()
    request.session = import_module(settings.SESSION_ENGINE).SessionStore(key)
    current = auth.get_user(request)
    return current.is_authenticated and current.pk == user.pk and current.is_active


def _renewal(session_key: str) -> str:
    return "renewed-" + session_group(session_key)


def session_renewed(session_key: str | None) -> bool:
    """Whether the session of this key went on under a new one a moment ago."""
    return bool(session_key) and cache.get(_renewal(session_key)) is not None


def _how_ended(scope: dict[str, Any]) -> int | None:
    """None while the socket's session holds; else the close code: renewed or ended."""
    if session_holds(scope):
        return None
    session = scope.get("session")
    key = session.session_key if session is not None else None
    return SESSION_RENEWED if session_renewed(key) else SESSION_ENDED


def session_signs_in(session_data: str | None, current: User | None, user: Any) -> bool:
    """`session_holds` from rows the caller read: the session's data (None if it is gone or
    expired) and the player's account as it is now. The move service reads both with the
    match, so a socket's move checks its session without a round trip of its own. As Django's
    `auth.get_user` decides: the session names this player and a known backend, the account
    is active, and the hash of its password (or of a fallback secret's) is the session's."""
    if session_data is None or current is None or current.pk != user.pk or not current.is_active:
        return False
    return _names_the_player(
        session_data,
        current.pk,
        current.password,
        tuple(settings.AUTHENTICATION_BACKENDS),
        settings.SECRET_KEY,
        tuple(settings.SECRET_KEY_FALLBACKS),
    )


@functools.lru_cache(maxsize=1024)
def _names_the_player(
    session_data: str,
    user_id: int,
    password: str,
    backends: tuple[str, ...],
    secret: str,
    fallbacks: tuple[str, ...],
) -> bool:
    """Whether the session's data names the player, a known backend and the hash of the
    player's password: the same for the same arguments (the secrets too), so it is worked out
    once per session, not at every move (two HMACs and a JSON decode a move)."""
    data = SessionStore().decode(session_data)
    if data.get(auth.SESSION_KEY) != str(user_id) or data.get(auth.BACKEND_SESSION_KEY) not in (
        backends
    ):
        return False
    signed = data.get(auth.HASH_SESSION_KEY)
    account = User(pk=user_id, password=password)
    return bool(signed) and any(
        constant_time_compare(signed, known)
        for known in (account.get_session_auth_hash(), *account.get_session_auth_fallback_hash())
    )


class SessionBoundSocket:
    """Mixin for the consumers: join the session's and the player's groups on connect, leave
    them on disconnect, and close the socket when its session ended."""

    bound_groups: list[str]

    async def bind_to_session(self) -> None:
        scope: dict[str, Any] = self.scope  # type: ignore[attr-defined]
        user = scope.get("user")
        session = scope.get("session")
        self.bound_groups = []
        if getattr(user, "is_authenticated", False):
            self.bound_groups.append(account_group(user.pk))
            if session is not None and session.session_key:
                self.bound_groups.append(session_group(session.session_key))
        for group in self.bound_groups:
            await self.channel_layer.group_add(group, self.channel_name)  # type: ignore[attr-defined]

    async def unbind_from_session(self) -> None:
        """Leave the groups; with Redis away the socket is gone all the same."""
        for group in getattr(self, "bound_groups", []):
            try:
                await self.channel_layer.group_discard(group, self.channel_name)  # type: ignore[attr-defined]
            except (RedisError, OSError):
                logger.warning("A closed socket could not leave %s: Redis is away", group)

    async def send(
        self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False
    ) -> None:
        """Send, unless the socket closed while the message was being made (daphne's protocol
        raises then, and the push would end the consumer with a traceback): the browser
        catches up with the whole table when it reconnects."""
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)  # type: ignore[misc]
        except Disconnected:
            logger.debug("A push met a socket that had just closed")

    async def session_ended(self, message: dict) -> None:
        """The session was logged out."""
        await self.close(code=SESSION_ENDED)  # type: ignore[attr-defined]

    async def account_changed(self, message: dict) -> None:
        """The player's password or account changed: sessions other than the one that made the
        change end with it; that one's sockets reconnect under its new key."""
        code = await database_sync_to_async(_how_ended)(self.scope)  # type: ignore[attr-defined]
        if code is not None:
            await self.close(code=code)  # type: ignore[attr-defined]

    async def chat_mutes(self, message: dict) -> None:
        """The player muted or unmuted someone (`chat.services.mute`): only a table's socket
        shows the talk, and reads its mutes again (`TableConsumer.chat_mutes`)."""


class SettlingRegion:
    """Mixin for a page's socket that shows a live region (`render_region`) again when told of a
    change (`region_stale`). Changes are shown together: each render waits `settle_seconds`,
    and the changes heard while it waits or renders make one more render, not one each, so a
    burst of changes costs each page a render or two. A region the visitor may no longer see
    (`render_region` gives None) closes the socket; a render the database could not read waits
    for the next change."""

    settle_seconds = 0.25
    unreadable = "A live region could not be read"
    stale = False
    showing: asyncio.Task[None] | None = None

    async def render_region(self) -> str | None:
        """The region's HTML for this visitor, or None once they may not see it: each socket
        that mixes this in says what its region is (the lobby's list, a tournament's page)."""
        raise NotImplementedError

    async def region_stale(self, message: dict[str, Any]) -> None:
        self.stale = True
        if self.showing is None:
            self.showing = asyncio.ensure_future(self._show())

    async def open_region(self, group: str) -> None:
        """Listen on the region's group (and the session's), and accept the socket."""
        self.group = group
        await self.channel_layer.group_add(group, self.channel_name)  # type: ignore[attr-defined]
        await self.bind_to_session()  # type: ignore[attr-defined]
        await self.accept()  # type: ignore[attr-defined]

    async def disconnect(self, code: int) -> None:
        if self.showing is not None:
            self.showing.cancel()
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)  # type: ignore[attr-defined]
        await self.unbind_from_session()  # type: ignore[attr-defined]

    async def _show(self) -> None:
        try:
            while self.stale:
                await asyncio.sleep(self.settle_seconds)
                self.stale = False
                html = await self.render_region()
                if html is None:
                    await self.close(code=4404)  # type: ignore[attr-defined]
                    return
                await self.send(text_data=html)  # type: ignore[attr-defined]
        except DatabaseFailure:
            logger.warning(self.unreadable, exc_info=True)
        finally:
            self.showing = None


class PlayerSocket(SessionBoundSocket, AsyncWebsocketConsumer):
    """A signed-in player's own live region (the bell, "My games"): the socket listens on the
    player's group (`group_of`) and sends the region (`render`) whenever it is told to, and when
    Redis is back (the pushes told while it was away are lost, `config.channel_layer`)."""

    group_of: Callable[[int], str]
    render: Callable[[User], str]
    """The region's HTML for the player, swapped in out of band."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if not getattr(user, "is_authenticated", False):
            await self.close(code=SESSION_ENDED)
            return
        self.group = type(self).group_of(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.bind_to_session()
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.unbind_from_session()

    async def region_changed(self, message: dict) -> None:
        await self.send(text_data=await database_sync_to_async(self.render)(self.scope["user"]))

    layer_reconnected = region_changed


class SessionRenewalGuard:
    """ASGI middleware, inside the session and auth stack: a socket that comes with the old key
    of a session renewed a moment ago (`session_renewed`) is turned away at the handshake, which
    the page's socket tries again (the browser sees 1006), until the page has the new key. Let
    in, it would act as nobody: a table's socket would show a spectator's view."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict, receive: Any, send: Any) -> Any:
        user = scope.get("user")
        key = scope.get("cookies", {}).get(settings.SESSION_COOKIE_NAME)
        if (
            key
            and not getattr(user, "is_authenticated", False)
            and await database_sync_to_async(session_renewed)(key)
        ):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)


@receiver([password_changed, password_set])
def _remember_renewed_session(sender: Any, request: HttpRequest, **kwargs: Any) -> None:
    """The session that changed (or set) the password went on under a new key: its old key,
    the one the request came with, is known as renewed for a while. The sockets hear of the
    change (`account.changed`) when the request is done, so after this."""
    old_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if old_key and old_key != request.session.session_key:
        cache.set(_renewal(old_key), True, RENEWAL_SECONDS)


@receiver(user_logged_out)
def _close_logged_out_sockets(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    key = request.session.session_key
    if key:
        group = session_group(key)
        transaction.on_commit(lambda: tell_group(group, {"type": "session.ended"}))


@receiver(post_save, sender=User)
def _check_sockets_of_changed_account(
    sender: Any, instance: User, created: bool, update_fields: Any = None, **kwargs: Any
) -> None:
    """A save of the whole player (a password set, an account deleted or deactivated) makes
    the player's sockets check their sessions; a save of a few other fields does not."""
    if created or instance.is_bot:
        return
    if update_fields is not None and not {"password", "is_active"} & set(update_fields):
        return
    group = account_group(instance.pk)
    transaction.on_commit(lambda: tell_group(group, {"type": "account.changed"}))
