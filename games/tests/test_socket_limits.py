"""The live table's socket: a message from a socket that holds no seat is refused before the
database is touched, a flood of them costs one render, and a player's messages are limited."""

import json
import threading
from contextlib import contextmanager

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.db import connections, transaction
from django.urls import reverse

from games import services
from games.consumers import TableConsumer
from games.kosmopolis import engine
from games.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def match(people):
    return services.start_match(game="kosmopolis", players=people[:3])


def _socket(match: Match, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/")
    communicator.scope["user"] = user
    communicator.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
    return communicator


@contextmanager
def match_row_locked(match: Match):
    """Another connection holds the match's row, as a move being stored does."""
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                Match.objects.select_for_update().get(pk=match.pk)
                locked.set()
                release.wait(20)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    assert locked.wait(10)
    try:
        yield
    finally:
        release.set()
        holder.join()


def _move(match: Match, seat: int) -> str:
    move = engine.legal_moves(match.state, seat)[0]
    return json.dumps({"type": "draft", "cards": move["cards"], "expected_seq": 0})


@pytest.mark.parametrize("viewer", ["anonymous", "spectator"])
def test_a_socket_without_a_seat_is_refused_without_waiting_for_the_match(match, people, viewer):
    user = AnonymousUser() if viewer == "anonymous" else people[3]

    async def flood() -> list[str]:
        socket = _socket(match, user)
        assert (await socket.connect())[0]
        assert 'id="status"' in await socket.receive_from(timeout=10)  # the table
        try:
            for _ in range(50):
                await socket.send_to(text_data=_move(match, 0))
            answers = [await socket.receive_from(timeout=3)]
            while not await socket.receive_nothing(timeout=0.3):
                answers.append(await socket.receive_from())
            return answers
        finally:
            await socket.disconnect()

    with match_row_locked(match):
        answers = async_to_sync(flood)()
    assert len(answers) == 1, "one refusal for a flood"
    assert ("U tohoto stolu nesedíte." if viewer == "anonymous" else "You do not sit") in answers[0]
    assert Match.objects.get(pk=match.pk).move_count == 0


def test_a_players_messages_are_limited(match, people, settings):
    settings.PLAY_RATE_LIMITS = {**settings.PLAY_RATE_LIMITS, "socket_message": "3/minute"}
    illegal = json.dumps({"type": "draft", "cards": [], "expected_seq": 0})

    async def send(count: int) -> list[str]:
        socket = _socket(match, people[0])
        assert (await socket.connect())[0]
        assert 'id="status"' in await socket.receive_from(timeout=10)  # the table
        answers = []
        try:
            for _ in range(count):
                await socket.send_to(text_data=illegal)
                if await socket.receive_nothing(timeout=1):
                    answers.append("")
                else:
                    answers.append(await socket.receive_from())
            return answers
        finally:
            await socket.disconnect()

    answers = async_to_sync(send)(5)
    assert all('role="alert"' in answer for answer in answers[:3])
    assert "Too many" not in "".join(answers[:3])
    assert "Too many moves in a short time." in answers[3]
    assert answers[4] == "", "told once"
    assert Match.objects.get(pk=match.pk).move_count == 0


def test_moves_posted_over_http_count_toward_the_same_limit(match, people, settings, client):
    settings.PLAY_RATE_LIMITS = {**settings.PLAY_RATE_LIMITS, "socket_message": "3/minute"}
    client.force_login(people[0])
    url = reverse("match_move", args=[match.pk])
    illegal = {"type": "draft", "expected_seq": "0"}
    headers = {"HX-Request": "true", "X-Table-Live": "1"}
    answers = [client.post(url, illegal, headers=headers).content.decode() for _ in range(3)]
    assert all("Too many" not in answer for answer in answers)
    state = Match.objects.get(pk=match.pk).state
    draft = engine.legal_moves(state, 0)[0]
    answer = client.post(url, {**draft, "expected_seq": "0"}, headers=headers)
    assert "Too many moves in a short time." in answer.content.decode()
    assert Match.objects.get(pk=match.pk).move_count == 0
