"""The Seven Dragons table page: hidden cards stay hidden on the page and in pushes, moves post."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from games import services
from games.consumers import TableConsumer
from games.models import Match, Move
from games.seven_dragons import engine

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _setup():
    with translation.override("en"):
        yield


@pytest.fixture
def people():
    return [
        User.objects.create_user(name, f"{name}@example.com", "heslo-123-abc", display_name=name)
        for name in ("Eva", "Jan", "Ota")
    ]


@pytest.fixture
def bots():
    return [
        User.objects.create(username=f"robot-{n}", display_name=f"Robot {n}", is_bot=True)
        for n in range(3)
    ]


@pytest.fixture
def match(people):
    return services.start_match(game="seven_dragons", players=people[:2])


def _cards_shown(html: str) -> set[int]:
    return {int(card) for card in re.findall(r'data-card="(\d+)"', html)}


def _hidden_from(state: dict, viewer: int | None) -> set[int]:
    hidden = set(state["deck"])
    for seat in range(state["seats"]):
        if seat != viewer:
            hidden |= set(state["hands"][seat])
    if not state["over"]:
        hidden |= {goal for slot, goal in enumerate(state["slots"]) if slot != viewer}
    return hidden


def _form_of(move: dict, seq: int) -> dict:
    if move["type"] == "play_dragon":
        at = f"{move['x']},{move['y']},{move['rot']}"
        return {"type": "play_dragon", "card": move["card"], "at": at, "expected_seq": seq}
    option = move["place"]
    if move["action"]:
        option += ":" + ",".join(f"{k}={v}" for k, v in sorted(move["action"].items()))
    return {"type": "play_action", "card": move["card"], "option": option, "expected_seq": seq}


def test_each_seat_sees_its_own_hand_and_goal_only(client, people, match):
    for seat in (0, 1):
        client.force_login(people[seat])
        html = client.get(match.get_absolute_url()).content.decode()
        assert 'id="table"' in html
        assert set(match.state["hands"][seat]) <= _cards_shown(html)
        assert match.state["slots"][seat] in _cards_shown(html)
        assert not _cards_shown(html) & _hidden_from(match.state, seat)
    client.logout()
    html = client.get(match.get_absolute_url()).content.decode()
    assert not _cards_shown(html) & _hidden_from(match.state, None)


def test_a_move_posted_over_htmx_is_stored(client, people, match):
    client.force_login(people[0])
    move = engine.legal_moves(match.state, 0)[0]
    response = client.post(
        reverse("match_move", args=[match.pk]),
        _form_of(move, match.move_count),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-seq="1"' in html
    assert 'role="alert"' not in html
    stored = Move.objects.get(match=match, seat=0)
    assert stored.payload == move


def test_an_unreadable_form_shows_a_reason(client, people, match):
    client.force_login(people[0])
    response = client.post(
        reverse("match_move", args=[match.pk]),
        {"type": "play_dragon", "card": "1", "expected_seq": 0},
        headers={"HX-Request": "true"},
    )
    assert 'role="alert"' in response.content.decode()
    assert not Move.objects.exists()


def _connect(match: Match, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/")
    communicator.scope["user"] = user
    communicator.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
    return communicator


def test_pushed_tables_hide_the_other_seats_cards(people, match):
    @database_sync_to_async
    def submit(user, seat):
        match.refresh_from_db()
        services.submit_move(
            match_id=match.pk,
            user=user,
            move=engine.legal_moves(match.state, seat)[0],
            expected_seq=match.move_count,
        )

    async def scenario():
        eva, jan = _connect(match, people[0]), _connect(match, people[1])
        try:
            assert (await eva.connect())[0]
            assert (await jan.connect())[0]
            first = [await eva.receive_from(), await jan.receive_from()]
            await submit(people[0], 0)
            pushed = [await eva.receive_from(), await jan.receive_from()]
            return first, pushed
        finally:
            await eva.disconnect()
            await jan.disconnect()

    first, pushed = async_to_sync(scenario)()
    match.refresh_from_db()
    for seat in (0, 1):
        assert 'data-seq="0"' in first[seat]
        assert 'data-seq="1"' in pushed[seat]
        assert not _cards_shown(pushed[seat]) & _hidden_from(match.state, seat)
        assert set(match.state["hands"][seat]) <= _cards_shown(pushed[seat])
        assert match.state["slots"][seat] in _cards_shown(pushed[seat])


def test_the_replay_of_a_finished_bots_match_renders(client, bots):
    finished = services.start_match(game="seven_dragons", players=bots[:3])
    finished.refresh_from_db()
    assert finished.is_over
    url = reverse("match_replay", args=[finished.pk])
    html = client.get(url, {"step": finished.move_count}).content.decode()
    assert f'data-step="{finished.move_count}"' in html
    assert "sd-grid" in html
    for seat in finished.seats.all():
        assert seat.user.public_name in html
    middle = client.get(url, {"step": finished.move_count // 2}).content.decode()
    assert '<form method="post"' not in middle
    table = client.get(finished.get_absolute_url()).content.decode()
    assert "result-panel" in table
    for goal in finished.state["slots"]:
        assert f'data-card="{goal}"' in table
