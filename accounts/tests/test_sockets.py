"""A websocket acts as its player only while the session it was opened with holds: logging
out, changing the password and deleting the account close it, and a move over it is refused."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client
from django.urls import reverse

from accounts.models import User
from accounts.sockets import SESSION_ENDED, SESSION_RENEWED, SessionRenewalGuard
from config.routing import websocket_urlpatterns
from games import services
from games.kosmopolis import engine
from games.models import Move

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "heslo-123-abc"


@pytest.fixture
def people():
    return [
        User.objects.create_user(name, f"{name}@example.com", PASSWORD, language="en")
        for name in ("eva", "jan", "ota")
    ]


@pytest.fixture
def match(people):
    return services.start_match(game="kosmopolis", players=people)


def _signed_in(user: User) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def _socket(client: Client, path: str) -> WebsocketCommunicator:
    """A socket opened by the client's browser: its cookies go through the site's session and
    auth stack, as in `config.asgi`."""
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    stack = AuthMiddlewareStack(SessionRenewalGuard(URLRouter(websocket_urlpatterns)))
    return WebsocketCommunicator(stack, path, headers=[(b"cookie", cookie.encode())])


def _paths(match) -> list[str]:
    return [f"/ws/matches/{match.pk}/", "/ws/lobby/", "/ws/notifications/"]


async def _drain(socket: WebsocketCommunicator) -> None:
    while not await socket.receive_nothing(timeout=0.1):
        await socket.receive_output()


async def _closed(socket: WebsocketCommunicator) -> int | None:
    """The close code the socket got, skipping pushes sent before it."""
    while True:
        output = await socket.receive_output(timeout=3)
        if output["type"] == "websocket.close":
            return output.get("code")


def _reconnects(client: Client, paths: list[str]) -> list[str | None]:
    """What each socket the client opens now sends as it opens, or None if it is turned away."""

    async def scenario() -> list[str | None]:
        found: list[str | None] = []
        for path in paths:
            socket = _socket(client, path)
            connected, _code = await socket.connect()
            sent = ""
            while connected and not await socket.receive_nothing(timeout=0.2):
                sent += await socket.receive_from()
            found.append(sent if connected else None)
            await socket.disconnect()
        return found

    return async_to_sync(scenario)()


def _closed_after(client: Client, paths: list[str], action) -> list[int | None]:
    async def scenario() -> list[int | None]:
        sockets = [_socket(client, path) for path in paths]
        try:
            for socket in sockets:
                assert (await socket.connect())[0]
                await _drain(socket)
            await database_sync_to_async(action)()
            return [await _closed(socket) for socket in sockets]
        finally:
            for socket in sockets:
                await socket.disconnect()

    return async_to_sync(scenario)()


def test_logging_out_closes_the_sessions_sockets(people, match):
    eva = _signed_in(people[0])
    codes = _closed_after(eva, _paths(match), lambda: eva.post(reverse("account_logout")))
    assert codes == [SESSION_ENDED] * 3


def test_a_password_change_closes_the_sockets_of_the_other_sessions(people, match):
    phone, laptop = _signed_in(people[0]), _signed_in(people[0])
    new = "jine-heslo-456-def"

    def change_password() -> None:
        form = {"oldpassword": PASSWORD, "password1": new, "password2": new}
        assert laptop.post(reverse("account_change_password"), form).status_code == 302

    assert _closed_after(phone, _paths(match), change_password) == [SESSION_ENDED] * 3


def test_a_password_change_reconnects_the_changers_own_sockets(people, match):
    """The session that changed the password goes on under a new key: its sockets close with a
    code htmx's socket reconnects on, and come back as the player once the page has the new
    key; a reconnection that still carries the old key is turned away (the browser tries again)
    rather than let in as nobody. The other session's sockets end."""
    phone, laptop = _signed_in(people[0]), _signed_in(people[0])
    old_key = laptop.cookies[settings.SESSION_COOKIE_NAME].value
    new = "jine-heslo-456-def"

    async def scenario():
        sockets = {
            who: [_socket(client, path) for path in _paths(match)]
            for who, client in (("phone", phone), ("laptop", laptop))
        }
        try:
            for socket in [*sockets["phone"], *sockets["laptop"]]:
                assert (await socket.connect())[0]
                await _drain(socket)
            form = {"oldpassword": PASSWORD, "password1": new, "password2": new}
            changed = await database_sync_to_async(laptop.post)(
                reverse("account_change_password"), form
            )
            assert changed.status_code == 302
            return {who: [await _closed(s) for s in group] for who, group in sockets.items()}
        finally:
            for socket in [*sockets["phone"], *sockets["laptop"]]:
                await socket.disconnect()

    codes = async_to_sync(scenario)()
    assert codes == {"phone": [SESSION_ENDED] * 3, "laptop": [SESSION_RENEWED] * 3}
    assert laptop.cookies[settings.SESSION_COOKIE_NAME].value != old_key
    table, lobby, bell = _reconnects(laptop, _paths(match))
    assert "Your area" in table, "the player's own seat"
    assert lobby is not None
    assert bell is not None, "the bell is a signed-in player's alone"
    stale = Client()
    stale.cookies[settings.SESSION_COOKIE_NAME] = old_key
    assert _reconnects(stale, _paths(match)) == [None] * 3


def test_deleting_the_account_closes_the_sockets_of_every_session(people, match):
    phone, laptop = _signed_in(people[0]), _signed_in(people[0])

    def delete() -> None:
        form = {"password": PASSWORD, "confirm": "on"}
        assert laptop.post(reverse("delete_account"), form).status_code == 302

    assert _closed_after(phone, _paths(match), delete) == [SESSION_ENDED] * 3


def test_a_move_over_the_socket_of_an_ended_session_is_refused(people, match):
    """Even when the push that would close the socket is lost, the move checks the session."""
    eva = _signed_in(people[0])
    move = engine.legal_moves(match.state, 0)[0]
    frame = json.dumps({"type": "draft", "cards": move["cards"], "expected_seq": "0"})

    async def scenario() -> int | None:
        socket = _socket(eva, f"/ws/matches/{match.pk}/")
        try:
            assert (await socket.connect())[0]
            await _drain(socket)
            await database_sync_to_async(
                SessionStore(eva.cookies[settings.SESSION_COOKIE_NAME].value).flush
            )()
            await socket.send_to(text_data=frame)
            return await _closed(socket)
        finally:
            await socket.disconnect()

    assert async_to_sync(scenario)() == SESSION_ENDED
    assert not Move.objects.filter(match=match).exists()


def test_a_socket_of_a_live_session_still_moves(people, match):
    eva = _signed_in(people[0])
    move = engine.legal_moves(match.state, 0)[0]
    frame = json.dumps({"type": "draft", "cards": move["cards"], "expected_seq": "0"})

    async def scenario() -> str:
        socket = _socket(eva, f"/ws/matches/{match.pk}/")
        try:
            assert (await socket.connect())[0]
            await _drain(socket)
            await socket.send_to(text_data=frame)
            return await socket.receive_from(timeout=3)
        finally:
            await socket.disconnect()

    assert 'data-seq="1"' in async_to_sync(scenario)()
    assert Move.objects.filter(match=match).count() == 1


def test_a_push_to_a_socket_that_just_closed_ends_quietly(people):
    """Daphne's protocol raises when a push is sent during the closing handshake; the push is
    dropped (the browser reloads the whole region when it reconnects) and the consumer lives on
    to run its disconnect."""
    from autobahn.exception import Disconnected

    from notifications.consumers import BellConsumer

    async def closing(message: dict) -> None:
        raise Disconnected("Attempt to send on a closed protocol")

    bell = BellConsumer()
    bell.base_send = closing
    async_to_sync(bell.send)(text_data="<div id='bell'></div>")
