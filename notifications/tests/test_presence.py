"""Notices that respect the player: none while they look at the table, one per match and kind,
no mail during a real-time match, and times that read "2 minutes ago"."""

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from games import services
from games.consumers import TableConsumer
from games.kosmopolis import engine
from games.models import Match, Seat
from notifications.models import Notification

pytestmark = pytest.mark.django_db(transaction=True)


def _move(match: Match, people, seat: int, *, to_city: bool = False) -> None:
    match.refresh_from_db()
    moves = engine.legal_moves(match.state, seat)
    move = next(m for m in moves if m.get("to") == "city") if to_city else moves[0]
    services.submit_move(
        match_id=match.pk, user=people[seat], move=move, expected_seq=match.move_count
    )


def _to_play_phase(match: Match, people) -> int:
    """Play the draft through; the seat to move first in the play phase."""
    for _turn in range(60):
        match.refresh_from_db()
        if match.state["phase"] == "play":
            return min(engine.to_act(match.state))
        _move(match, people, min(engine.to_act(match.state)))
    raise AssertionError("no play phase")


def _turn_notices(user) -> int:
    return Notification.objects.filter(user=user, kind="your_turn", read_at__isnull=True).count()


def _at_table(match: Match, user) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/")
    socket.scope["user"] = user
    socket.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
    return socket


def test_a_player_looking_at_the_table_gets_no_turn_notice_and_one_away_does(people):
    match = services.start_match(
        game="kosmopolis", players=people[:2], clock_seconds=600, increment_seconds=5
    )
    mover = _to_play_phase(match, people)
    waiting = 1 - mover
    Notification.objects.update(read_at=timezone.now())

    async def moved_while_watching() -> None:
        socket = _at_table(match, people[waiting])
        assert (await socket.connect())[0]
        try:
            await socket.receive_from(timeout=5)
            await database_sync_to_async(_move)(match, people, mover, to_city=True)
        finally:
            await socket.disconnect()

    async_to_sync(moved_while_watching)()
    assert _turn_notices(people[waiting]) == 0, "sitting at the table, no notice"
    _move(match, people, waiting, to_city=True)
    Notification.objects.update(read_at=timezone.now())
    _move(match, people, mover, to_city=True)
    assert _turn_notices(people[waiting]) == 1, "the table closed, the notice comes"


def test_a_crashed_socket_is_forgotten_when_its_presence_expires(people, settings):
    from games import presence

    match = services.start_match(game="kosmopolis", players=people[:2], clock_seconds=600)
    presence.arrive(match.pk, people[1].pk, "socket-of-a-dead-process")
    assert presence.present(match.pk, [people[0].pk, people[1].pk]) == {people[1].pk}
    later = presence.time.time() + presence.PRESENCE_SECONDS + 1
    original = presence.time.time
    presence.time.time = lambda: later
    try:
        assert presence.present(match.pk, [people[1].pk]) == set()
    finally:
        presence.time.time = original


@pytest.mark.parametrize(
    "pace",
    [
        {"pace": Match.Pace.TURN_BASED, "move_hours": 24},
        # Written with the move's other writes, in one statement (`_renew_in_batch`).
        {"pace": Match.Pace.LIVE, "clock_seconds": 600},
    ],
    ids=["turn-based", "real-time"],
)
def test_notices_of_one_match_are_one_per_kind_updated_not_duplicated(people, pace):
    match = services.start_match(game="kosmopolis", players=people[:2], **pace)
    mover = _to_play_phase(match, people)
    waiting = 1 - mover
    for _round in range(3):
        _move(match, people, mover, to_city=True)
        Notification.objects.filter(user=people[mover]).update(read_at=timezone.now())
        match.refresh_from_db()
        mover, waiting = waiting, mover
        if match.state["phase"] != "play":
            break
    for person in people[:2]:
        rows = Notification.objects.filter(user=person, kind="your_turn", match_id=match.pk)
        assert rows.count() == 1, "one notice per match and kind, renewed each turn"
    waiting_notice = Notification.objects.get(user=people[mover], kind="your_turn")
    assert waiting_notice.read_at is None, "the notice of the player to move is unread again"


def test_a_real_time_match_never_mails_its_players(people):
    for person in people[:2]:
        person.notification_preferences = {
            kind: {"site": True, "email": True} for kind in ("your_turn", "replaced_by_bot")
        }
        person.save()
    match = services.start_match(game="kosmopolis", players=people[:2], clock_seconds=60)
    mover = _to_play_phase(match, people)
    _move(match, people, mover, to_city=True)
    seat = Seat.objects.get(match=match, number=1 - mover)
    services.expire_clocks(match_id=match.pk, now=seat.deadline(match) + timedelta(seconds=1))
    assert Notification.objects.filter(user=people[1 - mover], kind="replaced_by_bot").exists()
    assert mail.outbox == []


def test_notice_times_read_ago_in_english_and_czech(client, people):
    services.start_match(game="kosmopolis", players=people[:2])
    Notification.objects.update(created_at=timezone.now() - timedelta(seconds=130))
    client.force_login(people[0])
    english = client.get(reverse("notification_list")).content.decode()
    assert "2\xa0minutes ago" in english
    people[0].language = "cs"
    people[0].save()
    client.force_login(people[0])
    czech = client.get(reverse("notification_list"), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "před 2\xa0minutami" in czech
