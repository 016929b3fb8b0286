"""Redis (the channel layer) down: moves are still taken and stored over HTTP, pages and the
lobby still render, and live pushes come back with Redis."""

import json
import socket
import time

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.urls import reverse

from config.settings import redis_channel_layers
from games import services
from games.consumers import TableConsumer
from games.kosmopolis import engine
from games.models import Match, Move
from games.tests.redis_server import ThrowawayRedis
from lobby.consumers import LobbyConsumer
from lobby.models import TableSeat
from lobby.services import open_table
from notifications.consumers import BellConsumer

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def redis(settings):
    """The channel layer points at a Redis that is not running until the test starts it."""
    server = ThrowawayRedis()
    settings.CHANNEL_LAYERS = redis_channel_layers(server.url)
    yield server
    server.stop()


def _form(match: Match, seat: int) -> dict:
    match.refresh_from_db()
    move = engine.legal_moves(match.state, seat)[0]
    return {"type": "draft", "cards": move["cards"], "expected_seq": match.move_count}


def test_without_redis_moves_are_stored_and_every_page_still_renders(client, people, redis):
    match = services.start_match(game="kosmopolis", players=people[:3])
    url = reverse("match_move", args=[match.pk])
    client.force_login(people[0])
    live = client.post(url, _form(match, 0), headers={"HX-Request": "true", "X-Table-Live": "1"})
    assert live.status_code == 204
    assert live["X-Move-Seq"] == "0"
    client.force_login(people[1])
    fallback = client.post(url, _form(match, 1), headers={"HX-Request": "true"})
    assert fallback.status_code == 200
    assert 'data-seq="2"' in fallback.content.decode()
    client.force_login(people[2])
    plain = client.post(url, _form(match, 2))
    assert plain.status_code == 302
    assert list(Move.objects.filter(match=match).values_list("seat", flat=True)) == [0, 1, 2]

    assert client.get(match.get_absolute_url()).status_code == 200
    assert client.get(reverse("home")).status_code == 200
    substitute = client.post(reverse("match_ask_sub", args=[match.pk]))
    assert substitute.status_code == 302
    table = open_table(host=people[3], game="kosmopolis", seats=3)
    joined = client.post(reverse("lobby_table_action", args=[table.pk, "join"]))
    assert joined.status_code == 302
    assert TableSeat.objects.filter(table=table, user=people[2]).exists()
    client.logout()
    assert client.get(match.get_absolute_url()).status_code == 200


def test_a_redis_that_never_answers_delays_a_move_but_does_not_hang_it(client, people, settings):
    """A hung Redis (it accepts, then says nothing) is given up after the socket timeout."""
    match = services.start_match(game="kosmopolis", players=people[:3])
    client.force_login(people[0])
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        port = silent.getsockname()[1]
        settings.CHANNEL_LAYERS = redis_channel_layers(f"redis://127.0.0.1:{port}/0", timeout=1)
        started = time.monotonic()
        answer = client.post(
            reverse("match_move", args=[match.pk]),
            _form(match, 0),
            headers={"HX-Request": "true", "X-Table-Live": "1"},
        )
        waited = time.monotonic() - started
    assert answer.status_code == 204
    assert waited < 5  # one push tried (connect, then one read of 1 s each), then given up
    assert Move.objects.filter(match=match).count() == 1


def test_open_sockets_catch_up_by_themselves_when_redis_comes_back(people, redis):
    """Nothing a socket missed while Redis was away stays missing: when the layer's subscription
    is back, the socket sends its viewer the table as it is now, without reconnecting."""
    redis.start()
    match = services.start_match(game="kosmopolis", players=people[:3])

    async def scenario() -> tuple[str, str, str]:
        watcher = _socket_at(match, people[0], 0)
        assert (await watcher.connect())[0]
        try:
            await _move(match, people, 1)
            before = await watcher.receive_from()
            # A move stored while the socket was still opening can reach it twice: in the table
            # its opening sends, then as the push. Both come before Redis goes.
            while not await watcher.receive_nothing(timeout=0.5):
                await watcher.receive_from()
            redis.stop()
            await _move(match, people, 2)  # stored, nobody told
            assert await watcher.receive_nothing(timeout=1)
            redis.start()
            caught_up = await watcher.receive_from(timeout=15)
            await _move(match, people, 0)
            pushed = await watcher.receive_from(timeout=5)
        finally:
            await watcher.disconnect()
        return before, caught_up, pushed

    before, caught_up, pushed = async_to_sync(scenario)()
    assert 'data-seq="1"' in before
    assert 'data-seq="2"' in caught_up
    assert 'data-seq="3"' in pushed
    assert Move.objects.filter(match=match).count() == 3


def test_a_socket_move_without_redis_comes_back_to_the_mover(people, redis):
    """The push that would show the mover its move cannot be told; the socket sends the
    mover's own table instead, and the move is stored once."""
    redis.start()
    match = services.start_match(game="kosmopolis", players=people[:3])
    form = _form(match, 1)

    async def scenario() -> str:
        mover = _socket_at(match, people[1], 0)
        assert (await mover.connect())[0]
        try:
            redis.stop()
            await mover.send_to(text_data=json.dumps(form))
            return await mover.receive_from(timeout=15)
        finally:
            await mover.disconnect()

    answer = async_to_sync(scenario)()
    assert 'data-seq="1"' in answer
    assert 'id="k-draft"' in answer  # the mover's own area, as a fragment of its region
    assert list(Move.objects.filter(match=match).values_list("seat", flat=True)) == [1]


def test_a_fresh_socket_works_once_redis_is_back(people, redis):
    redis.start()
    match = services.start_match(game="kosmopolis", players=people[:3])
    redis.stop()
    redis.start()

    async def scenario() -> str:
        socket = _socket_at(match, people[0], 0)
        assert (await socket.connect())[0]
        try:
            await _move(match, people, 1)
            return await socket.receive_from(timeout=5)
        finally:
            await socket.disconnect()

    pushed = async_to_sync(scenario)()
    assert 'data-seq="1"' in pushed


def test_the_bell_and_the_lobby_catch_up_when_redis_comes_back(people, redis):
    redis.start()

    async def scenario() -> tuple[str, str, int]:
        bell = WebsocketCommunicator(BellConsumer.as_asgi(), "/ws/notifications/")
        bell.scope["user"] = people[0]
        lobby = WebsocketCommunicator(LobbyConsumer.as_asgi(), "/ws/lobby/")
        lobby.scope["user"] = people[3]
        lobby.scope["url_route"] = {"kwargs": {}}
        assert (await bell.connect())[0]
        assert (await lobby.connect())[0]
        try:
            redis.stop()
            await database_sync_to_async(services.start_match)(
                game="kosmopolis", players=people[:3]
            )
            table = await database_sync_to_async(open_table)(
                host=people[3], game="kosmopolis", seats=3
            )
            assert await bell.receive_nothing(timeout=1)
            redis.start()
            rung = await bell.receive_from(timeout=15)
            return rung, await lobby.receive_from(timeout=5), table.pk
        finally:
            await bell.disconnect()
            await lobby.disconnect()

    bell, lobby, table = async_to_sync(scenario)()
    assert 'data-unread="1"' in bell
    assert f'id="lobby-table-{table}"' in lobby


@database_sync_to_async
def _move(match: Match, people: list, seat: int) -> None:
    form = _form(match, seat)
    services.submit_move(
        match_id=match.pk,
        user=people[seat],
        move={"type": "draft", "cards": form["cards"]},
        expected_seq=form["expected_seq"],
    )


def _socket_at(match: Match, user, seq: int) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(
        TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/?seq={seq}"
    )
    communicator.scope["user"] = user
    communicator.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
    return communicator
