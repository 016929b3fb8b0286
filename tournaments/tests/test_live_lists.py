"""The list of tournaments and the home page's "about to start" change without a reload: a
tournament created, signed up for, started or finished is pushed to the pages watching (one
group, a burst of changes shown by one render), as each viewer may see it."""

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from lobby.consumers import LobbyConsumer
from tournaments import services
from tournaments.routing import websocket_urlpatterns
from tournaments.tests.conftest import settings_for

pytestmark = pytest.mark.django_db(transaction=True)


def _list_socket(user, query: str = "") -> WebsocketCommunicator:
    socket = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/tournaments/{query}")
    socket.scope["user"] = user
    return socket


def _home_socket(user) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(LobbyConsumer.as_asgi(), "/ws/lobby/")
    socket.scope["user"] = user
    socket.scope["url_route"] = {"kwargs": {}}
    return socket


def _create(creator, **changed):
    return services.create_tournament(
        creator=creator, now=timezone.now(), **settings_for(**changed)
    )


def test_the_list_shows_a_new_tournament_its_players_and_its_start_live(people):
    async def scenario() -> list[str]:
        watcher = _list_socket(people[3])
        assert (await watcher.connect())[0]
        try:
            tournament = await database_sync_to_async(_create)(people[0], name="Live cup")
            pushes = [await watcher.receive_from(timeout=5)]
            for player in people[1:3]:
                await database_sync_to_async(services.sign_up)(
                    tournament_id=tournament.pk, user=player
                )
            pushes.append(await watcher.receive_from(timeout=5))
            assert await watcher.receive_nothing(timeout=1.5), "two sign-ups, one render"
            await database_sync_to_async(services.start_tournament)(
                tournament_id=tournament.pk, now=tournament.starts_at
            )
            pushes.append(await watcher.receive_from(timeout=5))
            return pushes
        finally:
            await watcher.disconnect()

    created, signed_up, started = async_to_sync(scenario)()
    assert 'id="tournament-sections" hx-swap-oob="true"' in created
    assert "Live cup" in created
    assert "0 players" in created
    assert "2 players" in signed_up
    running = started[started.index("running-heading") : started.index("finished-heading")]
    assert "Live cup" in running
    assert "round 1" in running


def test_the_pushed_list_keeps_its_game_and_hides_private_tournaments(people):
    async def scenario() -> list[str]:
        narrowed, stranger = _list_socket(people[3], "?game=kosmopolis"), _list_socket(people[3])
        assert (await narrowed.connect())[0]
        assert (await stranger.connect())[0]
        try:
            await database_sync_to_async(_create)(people[0], name="Dragon cup")
            await database_sync_to_async(_create)(
                people[0], name="Kosmo cup", game="kosmopolis", seats=3
            )
            await database_sync_to_async(_create)(people[0], name="Secret cup", private=True)
            await narrowed.receive_nothing(timeout=1.5)
            await stranger.receive_nothing(timeout=0.1)
            return [await narrowed.receive_from(timeout=5), await stranger.receive_from(timeout=5)]
        finally:
            await narrowed.disconnect()
            await stranger.disconnect()

    narrowed, stranger = async_to_sync(scenario)()
    assert "Kosmo cup" in narrowed
    assert "Dragon cup" not in narrowed
    assert "Dragon cup" in stranger
    assert "Secret cup" not in stranger


def test_the_home_page_shows_a_tournament_about_to_start_and_drops_it_when_it_starts(people):
    async def scenario() -> list[str]:
        home = _home_socket(people[3])
        assert (await home.connect())[0]
        try:
            tournament = await database_sync_to_async(_create)(people[0], name="Soon cup")
            soon = await home.receive_from(timeout=5)
            for player in people[1:3]:
                await database_sync_to_async(services.sign_up)(
                    tournament_id=tournament.pk, user=player
                )
            await home.receive_from(timeout=5)
            await database_sync_to_async(services.start_tournament)(
                tournament_id=tournament.pk, now=tournament.starts_at
            )
            return [soon, await home.receive_from(timeout=5)]
        finally:
            await home.disconnect()

    soon, started = async_to_sync(scenario)()
    assert 'id="tournaments-soon" hx-swap-oob="true"' in soon
    assert "Soon cup" in soon
    assert 'id="open-tables"' not in soon, "the tables did not change: not rendered"
    assert "Soon cup" not in started


def test_a_tournament_a_week_away_is_not_about_to_start(people):
    async def scenario() -> str:
        home = _home_socket(people[3])
        assert (await home.connect())[0]
        try:
            await database_sync_to_async(_create)(
                people[0], name="Far cup", starts_at=timezone.now() + timedelta(days=7)
            )
            return await home.receive_from(timeout=5)
        finally:
            await home.disconnect()

    assert "Far cup" not in async_to_sync(scenario)()


def test_the_filter_asks_for_the_lists_alone(people):
    _create(people[0], name="Dragon cup")
    _create(people[0], name="Kosmo cup", game="kosmopolis", seats=3)
    answer = Client().get(
        reverse("tournaments"), {"game": "kosmopolis"}, headers={"HX-Request": "true"}
    )
    html = answer.content.decode()
    assert html.lstrip().startswith('<div id="tournament-lists"')
    assert 'ws-connect="/ws/tournaments/?game=kosmopolis"' in html
    assert "Kosmo cup" in html
    assert "Dragon cup" not in html
