"""Who is told what, on the site: the bell, its count, and reading."""

import re
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from games import services
from games.kosmopolis import engine
from games.models import Match, Seat
from lobby import services as lobby
from notifications.consumers import BellConsumer
from notifications.models import Notification
from notifications.selectors import sentence

pytestmark = pytest.mark.django_db(transaction=True)


def _kinds(user) -> list[str]:
    return list(
        Notification.objects.filter(user=user, read_at__isnull=True)
        .order_by("pk")
        .values_list("kind", flat=True)
    )


def _move(match: Match, people, seat: int) -> None:
    match.refresh_from_db()
    services.submit_move(
        match_id=match.pk,
        user=people[seat],
        move=engine.legal_moves(match.state, seat)[0],
        expected_seq=match.move_count,
    )


def _play_to_city(match: Match, people, seat: int) -> None:
    """A play that ends the turn: a card into one's city triggers no ability."""
    match.refresh_from_db()
    move = next(m for m in engine.legal_moves(match.state, seat) if m.get("to") == "city")
    services.submit_move(
        match_id=match.pk, user=people[seat], move=move, expected_seq=match.move_count
    )


def _play_draft_and_first_turns(match: Match, people) -> None:
    for _turn in range(60):
        match.refresh_from_db()
        if match.state["phase"] == "play":
            return
        _move(match, people, min(engine.to_act(match.state)))


def test_a_turn_based_match_tells_exactly_who_must_act(people):
    match = services.start_match(
        game="kosmopolis", players=people[:3], pace=Match.Pace.TURN_BASED, move_hours=24
    )
    assert [_kinds(p) for p in people[:4]] == [["your_turn"]] * 3 + [[]]
    _move(match, people, 0)
    assert _kinds(people[0]) == ["your_turn"], "a notice stays until read; none for the mover"
    _play_draft_and_first_turns(match, people)
    match.refresh_from_db()
    current = min(engine.to_act(match.state))
    assert Notification.objects.filter(user=people[current], kind="your_turn").exists()
    Notification.objects.update(read_at=match.started_at)
    _play_to_city(match, people, current)
    match.refresh_from_db()
    following = min(engine.to_act(match.state))
    assert following != current
    assert _kinds(people[following]) == ["your_turn"]
    assert _kinds(people[current]) == []


def test_opening_the_match_reads_its_notifications(client, people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    client.force_login(people[0])
    assert 'data-unread="1"' in client.get(reverse("home")).content.decode()
    client.get(match.get_absolute_url())
    assert _kinds(people[0]) == []
    assert 'data-unread="0"' in client.get(reverse("home")).content.decode()


def test_the_end_tells_everyone_their_place(people):
    bot = User.objects.create(username="robot-x", is_bot=True)
    match = services.start_match(game="kosmopolis", players=[people[0], bot])
    for _turn in range(300):
        match.refresh_from_db()
        if match.is_over:
            break
        _move(match, people, 0)
    notice = Notification.objects.get(user=people[0], kind="match_ended")
    seat = Seat.objects.get(match=match, user=people[0])
    assert notice.params["rank"] == seat.rank
    assert not Notification.objects.filter(user=bot).exists()


def test_invitation_start_and_timeout_are_told(people):
    table = lobby.open_table(host=people[0], game="kosmopolis", seats=2, move_hours=24)
    lobby.invite(table_id=table.pk, by=people[0], username="jan")
    assert _kinds(people[1]) == ["invitation"]
    lobby.join_table(table_id=table.pk, user=people[1])
    table.refresh_from_db()
    assert "table_started" in _kinds(people[0])
    seat = Seat.objects.get(match=table.match, user=people[1])
    services.expire_clocks(
        match_id=table.match_id, now=seat.deadline(table.match) + timedelta(seconds=1)
    )
    assert "replaced_by_bot" in _kinds(people[1])


def test_a_kind_turned_off_is_not_shown(people):
    people[1].notification_preferences = {"your_turn": {"site": False}}
    people[1].save()
    services.start_match(game="kosmopolis", players=people[:2])
    assert _kinds(people[0]) == ["your_turn"]
    assert _kinds(people[1]) == []


def test_sentences_follow_the_readers_language(people):
    services.start_match(game="seven_dragons", players=people[:2])
    notice = Notification.objects.filter(user=people[0]).first()
    with translation.override("cs"):
        assert "Sedm draků" in sentence(notice)
    with translation.override("en"):
        assert "Seven Dragons" in sentence(notice)


def test_the_bell_rings_live_when_another_player_moves(people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    _play_draft_and_first_turns(match, people)
    match.refresh_from_db()
    mover = min(engine.to_act(match.state))
    waiting = 1 - mover
    Notification.objects.update(read_at=match.started_at)

    async def scenario() -> str:
        bell = WebsocketCommunicator(BellConsumer.as_asgi(), "/ws/notifications/")
        bell.scope["user"] = people[waiting]
        assert (await bell.connect())[0]
        try:
            await database_sync_to_async(_play_to_city)(match, people, mover)
            return await bell.receive_from(timeout=5)
        finally:
            await bell.disconnect()

    pushed = async_to_sync(scenario)()
    assert 'id="bell"' in pushed
    assert 'hx-swap-oob="true"' in pushed
    assert 'data-unread="1"' in pushed


def test_a_bell_socket_opened_after_a_notice_its_page_missed_shows_it_at_once(client, people):
    """A page made before a notice, whose socket opens after the notice rang, is shown it;
    a socket opened on a page still as it is sends nothing."""
    client.force_login(people[1])
    page = client.get(reverse("home")).content.decode()
    seen = re.search(r'ws-connect="/ws/notifications/\?seen=([^"]+)"', page)[1]
    services.start_match(game="kosmopolis", players=people[:2])

    async def opened(mark: str) -> str | None:
        bell = WebsocketCommunicator(BellConsumer.as_asgi(), f"/ws/notifications/?seen={mark}")
        bell.scope["user"] = people[1]
        assert (await bell.connect())[0]
        try:
            return None if await bell.receive_nothing(timeout=2) else await bell.receive_from()
        finally:
            await bell.disconnect()

    pushed = async_to_sync(opened)(seen)
    assert pushed is not None
    assert 'data-unread="1"' in pushed
    now = re.search(r'seen=([^"]+)"', client.get(reverse("home")).content.decode())[1]
    assert now != seen
    assert async_to_sync(opened)(now) is None


def test_anonymous_visitors_get_no_bell_socket():
    async def scenario() -> bool:
        from django.contrib.auth.models import AnonymousUser

        bell = WebsocketCommunicator(BellConsumer.as_asgi(), "/ws/notifications/")
        bell.scope["user"] = AnonymousUser()
        connected, _code = await bell.connect()
        await bell.disconnect()
        return connected

    assert async_to_sync(scenario)() is False


def test_the_desktop_notice_goes_only_to_those_who_want_it(client, people):
    people[1].notification_preferences = {"your_turn": {"browser": True}}
    people[1].save()
    services.start_match(game="kosmopolis", players=people[:2])
    client.force_login(people[0])
    assert 'data-latest=""' in client.get(reverse("home")).content.decode()
    client.force_login(people[1])
    assert 'data-latest="It is your turn' in client.get(reverse("home")).content.decode()
