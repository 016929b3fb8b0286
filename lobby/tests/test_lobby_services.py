"""Tables in the lobby: sitting down, standing up, starting, bots, invitations, races."""

import threading

import pytest
from django.db import connection

from games.models import Match
from lobby import services
from lobby.models import Invitation, Table, TableSeat
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def _table(host, **choices):
    return services.open_table(host=host, game="kosmopolis", seats=3, **choices)


def test_opening_a_table_seats_its_host(people):
    table = _table(people[0])
    assert list(table.sitting.values_list("user", flat=True)) == [people[0].pk]
    assert table.status == Table.Status.OPEN


@pytest.mark.parametrize(
    ("choices", "message"),
    [
        ({"seats": 5}, "2 to 4"),
        ({"pace": "turn", "move_hours": 6}, "12, 24"),
        ({"clock_minutes": 0}, "clock"),
        ({"options": {"colour": "red"}}, "Unknown option"),
    ],
)
def test_a_table_with_impossible_settings_is_refused(people, choices, message):
    with pytest.raises(services.LobbyRefused, match=message):
        services.open_table(host=people[0], game="kosmopolis", **{"seats": 3, **choices})
    assert not Table.objects.exists()


def test_the_table_starts_itself_when_the_last_seat_is_taken(people):
    table = _table(people[0])
    services.join_table(table_id=table.pk, user=people[1])
    table = services.join_table(table_id=table.pk, user=people[2])
    assert table.status == Table.Status.STARTED
    assert [s.user for s in table.match.seats.order_by("number")] == people[:3]


def test_sitting_twice_is_harmless_and_a_full_table_refuses(people):
    table = _table(people[0], private=False)
    services.join_table(table_id=table.pk, user=people[1])
    services.join_table(table_id=table.pk, user=people[1])
    assert table.sitting.count() == 2
    services.join_table(table_id=table.pk, user=people[2])
    with pytest.raises(services.LobbyRefused, match="no longer open"):
        services.join_table(table_id=table.pk, user=people[3])


def test_a_private_table_needs_the_link_or_an_invitation(people):
    table = _table(people[0], private=True)
    with pytest.raises(services.LobbyRefused, match="private"):
        services.join_table(table_id=table.pk, user=people[1])
    services.join_table(table_id=table.pk, user=people[1], token=table.invite_token)
    invitation = services.invite(table_id=table.pk, by=people[0], username="ota")
    services.answer_invitation(invitation_id=invitation.pk, user=people[2], accept=True)
    table.refresh_from_db()
    assert table.status == Table.Status.STARTED
    assert Invitation.objects.get().answer == Invitation.Answer.ACCEPTED


def test_a_declined_invitation_does_not_let_the_player_in(people):
    table = _table(people[0], private=True)
    invitation = services.invite(table_id=table.pk, by=people[0], username="jan")
    services.answer_invitation(invitation_id=invitation.pk, user=people[1], accept=False)
    assert Invitation.objects.get().answer == Invitation.Answer.DECLINED
    with pytest.raises(services.LobbyRefused, match="private"):
        services.join_table(table_id=table.pk, user=people[1])


@pytest.mark.parametrize("name", ["nobody", "robot-0"])
def test_only_real_players_can_be_invited(people, bots, name):
    table = _table(people[0])
    with pytest.raises(services.LobbyRefused, match="no player"):
        services.invite(table_id=table.pk, by=people[0], username=name)


def test_the_host_removes_a_player_and_others_may_not(people):
    table = _table(people[0])
    services.join_table(table_id=table.pk, user=people[1])
    with pytest.raises(services.LobbyRefused, match="host"):
        services.remove_player(table_id=table.pk, host=people[1], player=people[0])
    services.remove_player(table_id=table.pk, host=people[0], player=people[1])
    assert table.sitting.count() == 1


def test_a_leaving_host_hands_the_table_on_or_closes_it(people):
    table = _table(people[0])
    services.join_table(table_id=table.pk, user=people[1])
    table = services.leave_table(table_id=table.pk, user=people[0])
    assert table.host == people[1]
    table = services.leave_table(table_id=table.pk, user=people[1])
    assert table.status == Table.Status.CLOSED


def test_start_needs_enough_players_and_only_the_host(people):
    table = _table(people[0])
    with pytest.raises(services.LobbyRefused, match="At least 2"):
        services.start_table(table_id=table.pk, user=people[0])
    services.join_table(table_id=table.pk, user=people[1])
    with pytest.raises(services.LobbyRefused, match="host"):
        services.start_table(table_id=table.pk, user=people[1])
    table = services.start_table(table_id=table.pk, user=people[0])
    assert table.match.seats.count() == 2
    again = services.start_table(table_id=table.pk, user=people[0])
    assert again.match_id == table.match_id
    assert Match.objects.count() == 1


def test_bots_fill_the_empty_seats_and_the_match_starts(people, bots):
    table = _table(people[0])
    table = services.fill_with_bots(table_id=table.pk, host=people[0])
    assert table.status == Table.Status.STARTED
    assert [s.is_bot for s in table.match.seats.order_by("number")] == [False, True, True]


def test_no_bots_where_the_host_refused_them(people, bots):
    table = _table(people[0], bots_allowed=False)
    with pytest.raises(services.LobbyRefused, match="Bots"):
        services.fill_with_bots(table_id=table.pk, host=people[0])


def test_quick_play_joins_an_open_table_or_opens_one(people):
    first = services.quick_play(user=people[0], game="kosmopolis")
    second = services.quick_play(user=people[1], game="kosmopolis")
    assert second.pk == first.pk
    private = _table(people[2], private=True)
    third = services.quick_play(user=people[3], game="kosmopolis")
    assert third.pk == first.pk
    assert not private.sitting.filter(user=people[3]).exists()


@pytest.mark.django_db(transaction=True)
def test_two_players_racing_for_the_last_seat_one_gets_it(people):
    table = services.open_table(host=people[0], game="kosmopolis", seats=2)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def sit(user) -> None:
        try:
            barrier.wait()
            services.join_table(table_id=table.pk, user=user)
            outcomes.append("seated")
        except services.LobbyRefused:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=sit, args=(user,)) for user in people[1:3]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["refused", "seated"]
    assert TableSeat.objects.filter(table=table).count() == 2
    assert Match.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_starting_twice_at_once_starts_one_match(people):
    table = services.open_table(host=people[0], game="kosmopolis", seats=4)
    services.join_table(table_id=table.pk, user=people[1])
    barrier = threading.Barrier(2)

    def start() -> None:
        try:
            barrier.wait()
            services.start_table(table_id=table.pk, user=people[0])
        finally:
            connection.close()

    threads = [threading.Thread(target=start) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Match.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_turn_based_table_that_starts_mails_each_player_once(people, mailoutbox):
    """Who moves first (in Kosmopolis everyone: they draft at once) is mailed that it is their
    turn; a second mail in the same second saying the table started would say nothing new, so
    that notice stays on the site."""
    table = _table(people[0], pace="turn", move_hours=24)
    services.join_table(table_id=table.pk, user=people[1])
    services.join_table(table_id=table.pk, user=people[2])
    assert sorted(m.to[0] for m in mailoutbox) == sorted(p.email for p in people[:3])
    assert all("your turn" in m.subject for m in mailoutbox)
    started = Notification.objects.filter(kind="table_started")
    assert sorted(started.values_list("user_id", flat=True)) == [p.pk for p in people[:3]]
