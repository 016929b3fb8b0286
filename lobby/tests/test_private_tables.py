"""A private table and its match are its players' and invitees' alone: the waiting room and its
socket, the match page, its socket, the replay, the record and the lobby's lists."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

from games import services as game_services
from games.consumers import TableConsumer
from games.models import Seat
from lobby import selectors, services
from lobby.consumers import LobbyConsumer
from lobby.models import Invitation, Table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def private(people):
    """A private table of Eva's, Jan invited (not yet sitting); Ota and Ida are outsiders."""
    table = services.open_table(host=people[0], game="kosmopolis", seats=3, private=True)
    services.invite(table_id=table.pk, by=people[0], username=people[1].username)
    return table


def _room_socket(table: Table, user) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(LobbyConsumer.as_asgi(), f"/ws/lobby/tables/{table.pk}/")
    socket.scope["user"] = user
    socket.scope["url_route"] = {"kwargs": {"table_id": table.pk}}
    return socket


def _table_socket(match_id: int, user) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match_id}/")
    socket.scope["user"] = user
    socket.scope["url_route"] = {"kwargs": {"match_id": match_id}}
    return socket


def _opens(socket: WebsocketCommunicator) -> bool:
    async def scenario() -> bool:
        connected, _code = await socket.connect()
        await socket.disconnect()
        return connected

    return async_to_sync(scenario)()


def test_the_waiting_room_socket_is_refused_to_outsiders(people, private):
    assert not _opens(_room_socket(private, people[2]))
    assert not _opens(_room_socket(private, AnonymousUser()))
    assert _opens(_room_socket(private, people[0]))
    assert _opens(_room_socket(private, people[1]))


def test_an_outsider_hears_nothing_of_the_start_and_its_address(people, private):
    """The room's pushes carry the match's address when the table starts."""

    async def scenario() -> tuple[bool, str]:
        outsider, invitee = _room_socket(private, people[2]), _room_socket(private, people[1])
        outsider_connected, _code = await outsider.connect()
        assert (await invitee.connect())[0]
        try:
            await database_sync_to_async(services.join_table)(table_id=private.pk, user=people[1])
            return outsider_connected, await invitee.receive_from()
        finally:
            await outsider.disconnect()
            await invitee.disconnect()

    outsider_connected, pushed = async_to_sync(scenario)()
    assert not outsider_connected
    assert people[1].public_name in pushed


def test_a_removed_player_stops_hearing_of_the_room(people):
    table = services.open_table(host=people[0], game="kosmopolis", seats=3, private=True)
    services.join_table(table_id=table.pk, user=people[2], token=table.invite_token)

    async def scenario() -> dict:
        removed = _room_socket(table, people[2])
        assert (await removed.connect())[0]
        try:
            await database_sync_to_async(services.remove_player)(
                table_id=table.pk, host=people[0], player=people[2]
            )
            return await removed.receive_output(timeout=3)
        finally:
            await removed.disconnect()

    assert async_to_sync(scenario)()["type"] == "websocket.close"


def test_the_private_match_page_socket_and_replay_are_its_peoples_alone(people, private):
    services.join_table(table_id=private.pk, user=people[1])
    table = services.join_table(table_id=private.pk, user=people[3], token=private.invite_token)
    match = table.match
    pages = [
        match.get_absolute_url(),
        reverse("match_replay", args=[match.pk]),
    ]
    outsider, anonymous, invitee = Client(), Client(), Client()
    outsider.force_login(people[2])
    invitee.force_login(people[1])
    for page in pages:
        assert outsider.get(page).status_code == 404
        assert anonymous.get(page).status_code == 404
        assert invitee.get(page).status_code == 200
    move = reverse("match_move", args=[match.pk])
    assert (
        outsider.post(move, {"expected_seq": "0"}, headers={"HX-Request": "true"}).status_code
        == 404
    )
    assert not _opens(_table_socket(match.pk, people[2]))
    assert not _opens(_table_socket(match.pk, AnonymousUser()))
    assert _opens(_table_socket(match.pk, people[3]))


def test_a_player_who_handed_the_seat_on_still_sees_the_private_match(people, private):
    services.join_table(table_id=private.pk, user=people[1])
    match = services.join_table(table_id=private.pk, user=people[3], token=private.invite_token)
    match = match.match
    Seat.objects.filter(match=match, user=people[3]).update(user=people[4])
    match.handovers.create(seat=2, from_user=people[3], to_user=people[4])
    client = Client()
    client.force_login(people[3])
    assert client.get(match.get_absolute_url()).status_code == 200


def test_the_record_of_a_finished_private_match_is_its_peoples_alone(people, bots):
    table = services.open_table(host=people[0], game="kosmopolis", seats=2, private=True)
    match = game_services.start_match(game="kosmopolis", players=bots[:2])
    Table.objects.filter(pk=table.pk).update(match=match, status=Table.Status.STARTED)
    Invitation.objects.create(table=table, invitee=people[1], invited_by=people[0])
    match.refresh_from_db()
    assert match.is_over
    record = reverse("match_record", args=[match.pk])
    outsider, invitee = Client(), Client()
    outsider.force_login(people[2])
    invitee.force_login(people[1])
    assert outsider.get(record).status_code == 404
    assert Client().get(record).status_code == 404
    assert invitee.get(record).status_code == 200


def test_a_private_match_asks_only_its_invitees_for_a_volunteer(people, private):
    services.join_table(table_id=private.pk, user=people[1])
    match = services.join_table(table_id=private.pk, user=people[3], token=private.invite_token)
    match = match.match
    game_services.ask_for_substitute(match_id=match.pk, user=people[3])
    assert not selectors.seats_wanting_substitutes(people[2]).exists()
    assert not selectors.seats_wanting_substitutes(AnonymousUser()).exists()
    with pytest.raises(game_services.MoveRefused, match="no longer needs a substitute"):
        game_services.volunteer(match_id=match.pk, seat_number=2, user=people[2])
    Invitation.objects.create(table=private, invitee=people[4], invited_by=people[0])
    assert selectors.seats_wanting_substitutes(people[4]).exists()
    game_services.volunteer(match_id=match.pk, seat_number=2, user=people[4])
    assert Seat.objects.get(match=match, number=2).user == people[4]


def test_profiles_list_a_finished_private_match_to_its_people_only(people):
    table = services.open_table(host=people[0], game="kosmopolis", seats=2, private=True)
    match = game_services.start_match(game="kosmopolis", players=people[:2])
    Table.objects.filter(pk=table.pk).update(match=match, status=Table.Status.STARTED)
    for person in people[:2]:
        game_services.leave_match(match_id=match.pk, user=person, reason="abandoned")
    match.refresh_from_db()
    assert match.is_over
    profile = reverse("player_profile", args=[people[0].username])
    rivals = reverse("head_to_head", args=[people[0].username]) + f"?other={people[1].username}"
    outsider, player = Client(), Client()
    outsider.force_login(people[2])
    player.force_login(people[1])
    for page in (profile, rivals):
        assert match.get_absolute_url() in player.get(page).content.decode()
        assert match.get_absolute_url() not in outsider.get(page).content.decode()
        assert match.get_absolute_url() not in Client().get(page).content.decode()
