""" "My games" follows the player's matches live, as the bell does."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.urls import reverse

from games import services
from games.kosmopolis import engine
from games.models import Match
from games.tests.playing import play_first_legal_move
from lobby.consumers import MyGamesConsumer

pytestmark = pytest.mark.django_db(transaction=True)


def _section(html: str, heading: str) -> str:
    return html.split(f'id="{heading}"')[1].split("</section>")[0]


def test_the_page_opens_a_socket_for_my_games(client, people):
    client.force_login(people[0])
    assert 'ws-connect="/ws/my-games/"' in client.get(reverse("my_games")).content.decode()


def test_my_games_moves_a_match_to_your_turn_when_the_other_player_moves(people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    for _turn in range(60):
        match.refresh_from_db()
        if match.state["phase"] == "play":
            break
        seat = min(engine.to_act(match.state))
        play_first_legal_move(match, people[seat], seat)
    mover = min(engine.to_act(match.state))
    waiting = 1 - mover

    def move_to_city() -> None:
        current = Match.objects.get(pk=match.pk)
        move = next(m for m in engine.legal_moves(current.state, mover) if m.get("to") == "city")
        services.submit_move(
            match_id=match.pk, user=people[mover], move=move, expected_seq=current.move_count
        )

    async def scenario() -> str:
        page = WebsocketCommunicator(MyGamesConsumer.as_asgi(), "/ws/my-games/")
        page.scope["user"] = people[waiting]
        assert (await page.connect())[0]
        try:
            await database_sync_to_async(move_to_city)()
            return await page.receive_from(timeout=5)
        finally:
            await page.disconnect()

    pushed = async_to_sync(scenario)()
    assert 'id="my-matches"' in pushed
    assert 'hx-swap-oob="true"' in pushed
    assert f"#{match.pk}" in _section(pushed, "my-turn-heading")
    assert f"#{match.pk}" not in _section(pushed, "waiting-heading")
