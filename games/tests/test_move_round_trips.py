"""A person's move costs PostgreSQL one transaction, one commit and four round trips, however
long the match: the socket's session check, the match with its seats, the move, the next
player's notice and the mover's notices read all travel in them."""

from typing import Any

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.http import QueryDict
from django.test import Client

from config.testing import WireTrace
from games import services
from games.kosmopolis import engine
from games.models import Match, Move
from notifications.models import Notification

pytestmark = pytest.mark.django_db(transaction=True)


def _form(move: dict[str, Any], expected_seq: int) -> QueryDict:
    """The move as the table's form posts it."""
    form = QueryDict(mutable=True)
    form["expected_seq"] = str(expected_seq)
    for name, value in move.items():
        if isinstance(value, list):
            form.setlist(name, [str(item) for item in value])
        elif value is not None:
            form[name] = str(value)
    return form


def _session_key(user) -> str:
    client = Client()
    assert client.login(username=user.username, password="heslo-123-abc")
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def _move(match: Match, people, keys, seat: int) -> WireTrace:
    with WireTrace(connection) as wire:
        services.submit_move_form(
            match_id=match.pk,
            user=people[seat],
            form=_form(engine.legal_moves(match.state, seat)[0], match.move_count),
            session_key=keys[seat],
        )
    return wire


@pytest.mark.parametrize("clock", [None, 600])
def test_a_socket_move_is_one_transaction_of_four_round_trips_however_long_the_match(people, clock):
    match = services.start_match(game="kosmopolis", players=people, clock_seconds=clock)
    keys = [_session_key(person) for person in people]
    seen: list[WireTrace] = []
    while len(seen) < 60:
        match.refresh_from_db()
        if match.is_over:
            break
        seat = min(engine.to_act(match.state))
        unread = Notification.objects.filter(user=people[seat], match_id=match.pk, read_at=None)
        assert unread.exists() or match.move_count > 0
        seen.append(_move(match, people, keys, seat))
        assert not unread.exists()
    assert len(seen) == 60
    assert Move.objects.filter(match=match).count() == 60
    for wire in seen:
        assert wire.sent[0] == "BEGIN"
        assert wire.sent[-1] == "COMMIT"
        assert wire.commits == 1
        assert not [sql for sql in wire.sent if "SAVEPOINT" in sql]
        assert wire.trips <= 4


def test_the_next_player_is_told_in_the_moves_round_trips(people):
    """A move that hands the turn on writes the next player's notice with the move."""
    match = services.start_match(game="kosmopolis", players=people[:2])
    keys = [_session_key(person) for person in people[:2]]
    while True:
        match.refresh_from_db()
        before = engine.to_act(match.state)
        seat = min(before)
        after = engine.to_act(
            engine.apply(match.state, seat, engine.legal_moves(match.state, seat)[0])[0]
        )
        if after - before:
            break
        _move(match, people, keys, seat)
    Notification.objects.all().delete()
    wire = _move(match, people, keys, seat)
    told = Notification.objects.filter(kind="your_turn", match_id=match.pk, read_at=None)
    assert {notice.user_id for notice in told} == {people[s].pk for s in after - before}
    assert wire.trips <= 4


def test_a_socket_move_after_the_password_changed_is_not_read(people):
    """The session is checked in the move's own read: a password changed elsewhere (whose push
    to close the socket was lost) stops the move, and nothing is written."""
    match = services.start_match(game="kosmopolis", players=people[:2])
    keys = [_session_key(person) for person in people[:2]]
    people[0].set_password("jine-heslo-456")
    people[0].save()
    with pytest.raises(services.SessionEnded):
        _move(match, people, keys, 0)
    assert not Move.objects.filter(match=match).exists()


def test_a_socket_move_of_a_logged_out_session_is_not_read(people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    keys = [_session_key(person) for person in people[:2]]
    SessionStore(keys[0]).flush()
    with pytest.raises(services.SessionEnded):
        _move(match, people, keys, 0)
    assert not Move.objects.filter(match=match).exists()


def test_a_socket_move_with_another_players_session_is_not_read(people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    keys = [_session_key(person) for person in people[:2]]
    with pytest.raises(services.SessionEnded):
        _move(match, people, [keys[1], keys[0]], 0)
    assert not Move.objects.filter(match=match).exists()
