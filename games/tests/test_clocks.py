"""Clocks: real-time and turn-based limits, replacement by a bot, resigning."""

from datetime import UTC, datetime, timedelta
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.kosmopolis import engine
from games.models import Match, Seat, SeatHandover, SeatOffer
from games.tests.playing import play_first_legal_move
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def _seat(match: Match, number: int) -> Seat:
    return Seat.objects.get(match=match, number=number)


def test_a_real_time_move_costs_the_time_taken_and_earns_the_increment(people):
    start = timezone.now()
    with mock.patch("django.utils.timezone.now", return_value=start):
        match = services.start_match(
            game="kosmopolis", players=people[:2], clock_seconds=60, increment_seconds=5
        )
    assert _seat(match, 0).turn_started_at == start
    with mock.patch("django.utils.timezone.now", return_value=start + timedelta(seconds=20)):
        play_first_legal_move(match, people[0], 0)
    eva, jan = _seat(match, 0), _seat(match, 1)
    assert eva.time_left_ms == 60_000 - 20_000 + 5_000
    assert jan.time_left_ms == 60_000
    assert jan.turn_started_at == start


@pytest.mark.django_db(transaction=True)
def test_time_running_out_hands_the_seat_to_a_bot_who_plays_on(people):
    match = services.start_match(
        game="kosmopolis", players=people[:2], clock_seconds=60, increment_seconds=0
    )
    deadline = _seat(match, 1).deadline(match)
    assert services.expire_clocks(match_id=match.pk, now=deadline - timedelta(seconds=1)) == []
    assert not _seat(match, 1).is_bot
    play_first_legal_move(match, people[0], 0)
    replaced = services.expire_clocks(match_id=match.pk, now=deadline + timedelta(seconds=1))
    assert replaced == [1]
    jan = _seat(match, 1)
    assert (jan.is_bot, jan.left) == (True, Seat.Left.TIMED_OUT)
    assert jan.replaced_at is not None
    match.refresh_from_db()
    assert 1 not in engine.to_act(match.state)


def test_a_turn_based_move_has_its_hours(people):
    match = services.start_match(
        game="kosmopolis", players=people[:2], pace=Match.Pace.TURN_BASED, move_hours=12
    )
    seat = _seat(match, 0)
    assert seat.deadline(match) == seat.turn_started_at + timedelta(hours=12)
    assert services.expire_clocks(match_id=match.pk, now=seat.turn_started_at) == []
    later = seat.turn_started_at + timedelta(hours=12, seconds=1)
    assert sorted(services.expire_clocks(match_id=match.pk, now=later)) == [0, 1]


def test_a_match_without_a_clock_never_times_out(people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    assert _seat(match, 0).deadline(match) is None
    far = timezone.now() + timedelta(days=365)
    assert services.expire_clocks(match_id=match.pk, now=far) == []


@pytest.mark.django_db(transaction=True)
def test_a_resigning_player_is_replaced_and_the_match_still_ends(people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    services.leave_match(match_id=match.pk, user=people[1], reason=Seat.Left.RESIGNED)
    assert _seat(match, 1).left == Seat.Left.RESIGNED
    for _turn in range(300):
        match.refresh_from_db()
        if match.is_over:
            break
        play_first_legal_move(match, people[0], 0)
    assert match.is_over
    with pytest.raises(services.MoveRefused):
        services.leave_match(match_id=match.pk, user=people[0], reason=Seat.Left.RESIGNED)


@pytest.mark.django_db(transaction=True)
def test_the_worker_is_told_when_each_clock_runs_out(queued_tasks, people):
    from procrastinate.contrib.django.models import ProcrastinateJob

    match = services.start_match(
        game="kosmopolis", players=people[:2], clock_seconds=90, increment_seconds=0
    )
    checks = ProcrastinateJob.objects.filter(task_name="games.services.check_clock")
    deadlines = sorted(_seat(match, n).deadline(match) for n in (0, 1))
    assert sorted(checks.values_list("scheduled_at", flat=True)) == deadlines


def test_the_table_shows_the_running_clocks(client, people):
    match = services.start_match(
        game="kosmopolis", players=people[:2], clock_seconds=300, increment_seconds=5
    )
    client.force_login(people[0])
    html = client.get(match.get_absolute_url()).content.decode()
    assert html.count("data-deadline=") == 2
    assert 'class="clock running"' in html


def test_resigning_from_the_table_page(client, people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    client.force_login(people[2])
    client.post(reverse("match_leave", args=[match.pk]), {"reason": "resigned"})
    assert not Seat.objects.filter(match=match, is_bot=True).exists()
    client.force_login(people[0])
    response = client.post(reverse("match_leave", args=[match.pk]), {"reason": "resigned"})
    assert response.url == match.get_absolute_url()
    assert _seat(match, 0).left == Seat.Left.RESIGNED
    html = client.get(match.get_absolute_url()).content.decode()
    assert "resigned and is last; a bot plays the seat." in html


def test_the_clock_filter_reads_like_a_chess_clock():
    from games.templatetags.table import clock

    assert [clock(ms) for ms in (0, 65_000, 3_723_000, -5)] == ["0:00", "1:05", "1:02:03", "0:00"]


def test_a_seat_offered_stays_with_its_holder_until_the_player_accepts(client, people):
    match = services.start_match(game="kosmopolis", players=people[:2], rated=True)
    with pytest.raises(services.MoveRefused, match="already plays"):
        services.offer_seat(match_id=match.pk, user=people[0], substitute=people[1])
    client.force_login(people[0])
    client.post(reverse("match_hand_seat", args=[match.pk]), {"username": "ota"})
    seat = _seat(match, 0)
    assert (seat.user, seat.is_bot) == (people[0], False)
    assert not SeatHandover.objects.exists()
    offer = SeatOffer.objects.get(match=match)
    notice = Notification.objects.get(user=people[2], kind="seat_offer")
    assert notice.link == offer.get_absolute_url()
    client.force_login(people[2])
    notices = client.get(reverse("notification_list")).content.decode()
    assert reverse("seat_offer_answer", args=[offer.pk]) in notices
    page = client.get(notice.link).content.decode()
    assert "Eva offers you their seat" in page
    assert "Accept the seat" in page
    response = client.post(reverse("seat_offer_answer", args=[offer.pk]), {"answer": "accept"})
    assert response.url == match.get_absolute_url()
    seat = _seat(match, 0)
    assert (seat.user, seat.is_bot) == (people[2], False)
    handover = SeatHandover.objects.get(match=match)
    assert (handover.seat, handover.from_user, handover.to_user) == (0, people[0], people[2])
    notice.refresh_from_db()
    assert notice.read_at is not None
    again = client.post(
        reverse("seat_offer_answer", args=[offer.pk]), {"answer": "accept"}, follow=True
    )
    assert "This offer is no longer open." in again.content.decode()
    assert SeatHandover.objects.count() == 1
    play_first_legal_move(match, people[2], 0)


def test_a_declined_or_withdrawn_offer_leaves_the_seat_and_cannot_be_accepted(client, people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    declined = services.offer_seat(match_id=match.pk, user=people[0], substitute=people[2])
    client.force_login(people[2])
    client.post(reverse("seat_offer_answer", args=[declined.pk]), {"answer": "decline"})
    with pytest.raises(services.MoveRefused, match="no longer open"):
        services.accept_seat_offer(offer_id=declined.pk, user=people[2])
    withdrawn = services.offer_seat(match_id=match.pk, user=people[0], substitute=people[3])
    client.force_login(people[0])
    client.post(reverse("match_withdraw_offer", args=[match.pk]))
    client.force_login(people[3])
    response = client.post(
        reverse("seat_offer_answer", args=[withdrawn.pk]), {"answer": "accept"}, follow=True
    )
    assert "This offer is no longer open." in response.content.decode()
    assert "no longer open" in client.get(withdrawn.get_absolute_url()).content.decode()
    assert _seat(match, 0).user == people[0]
    assert not SeatHandover.objects.exists()


def test_a_forged_or_stale_acceptance_is_refused(client, people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    offer = services.offer_seat(match_id=match.pk, user=people[0], substitute=people[2])
    with pytest.raises(services.MoveRefused, match="not made to you"):
        services.accept_seat_offer(offer_id=offer.pk, user=people[3])
    client.force_login(people[3])
    assert client.get(offer.get_absolute_url()).status_code == 404
    response = client.post(
        reverse("seat_offer_answer", args=[offer.pk]), {"answer": "accept"}, follow=True
    )
    assert "This offer was not made to you." in response.content.decode()
    replaced = services.offer_seat(match_id=match.pk, user=people[0], substitute=people[3])
    with pytest.raises(services.MoveRefused, match="no longer open"):
        services.accept_seat_offer(offer_id=offer.pk, user=people[2])
    services.leave_match(match_id=match.pk, user=people[0], reason=Seat.Left.RESIGNED)
    with pytest.raises(services.MoveRefused, match="no longer open"):
        services.accept_seat_offer(offer_id=replaced.pk, user=people[3])
    replaced.refresh_from_db()
    assert replaced.answer == SeatOffer.Answer.WITHDRAWN
    assert not Notification.objects.filter(user=people[3], read_at__isnull=True).exists()
    assert _seat(match, 0).user == people[0]
    assert not SeatHandover.objects.exists()


def test_offers_of_a_seat_to_one_player_are_limited_grouped_and_mailed_once(
    client, people, mailoutbox, django_capture_on_commit_callbacks
):
    """Offers sent as fast as a script can: five to one player within the hour (as invitations
    to one player are limited), one notice of the match for them, one mail."""
    match = services.start_match(game="kosmopolis", players=people[:2])
    client.force_login(people[0])
    url = reverse("match_hand_seat", args=[match.pk])
    with django_capture_on_commit_callbacks(execute=True):
        answers = [client.post(url, {"username": "Ota"}).status_code for _ in range(20)]
    assert answers == [302] * 5 + [429] * 15
    assert "Too many requests" in client.post(url, {"username": "ota"}).content.decode()
    offers = SeatOffer.objects.filter(to_user=people[2]).order_by("pk")
    assert offers.count() == 5
    notice = Notification.objects.get(user=people[2], kind="seat_offer")
    assert (notice.match_id, notice.read_at) == (match.pk, None)
    assert notice.link == offers.last().get_absolute_url()
    assert [mail.to for mail in mailoutbox] == [["Ota@example.com"]]
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(url, {"username": "Ida"}).status_code == 302, "another player still"
    assert len(mailoutbox) == 2


def test_a_vacation_pauses_turn_based_clocks_within_the_yearly_allowance(people):
    started = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    with mock.patch("django.utils.timezone.now", return_value=started):
        match = services.start_match(
            game="kosmopolis", players=people[:2], pace=Match.Pace.TURN_BASED, move_hours=24
        )
    vacation = services.declare_vacation(user=people[0], days=5, now=started)
    seat = _seat(match, 0)
    assert seat.deadline(match) == vacation.ends + timedelta(hours=24)
    assert services.expire_clocks(match_id=match.pk, now=started + timedelta(days=3)) == [1]
    with pytest.raises(services.MoveRefused, match="already on vacation"):
        services.declare_vacation(user=people[0], days=1, now=started + timedelta(days=1))
    later = vacation.ends + timedelta(days=1)
    with pytest.raises(services.MoveRefused, match="16 vacation days"):
        services.declare_vacation(user=people[0], days=17, now=later)
    services.declare_vacation(user=people[0], days=16, now=later)


def test_a_volunteer_from_the_lobby_takes_over_a_seat(client, people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    client.force_login(people[1])
    client.post(reverse("match_ask_sub", args=[match.pk]))
    assert _seat(match, 1).substitute_wanted
    client.force_login(people[0])
    refused = client.post(reverse("match_volunteer", args=[match.pk, 1]))
    assert refused.url == reverse("home")
    assert _seat(match, 1).user == people[1]
    client.force_login(people[3])
    assert f"wanted-{match.pk}-1" in client.get(reverse("home")).content.decode()
    response = client.post(reverse("match_volunteer", args=[match.pk, 1]))
    assert response.url == match.get_absolute_url()
    seat = _seat(match, 1)
    assert (seat.user, seat.substitute_wanted) == (people[3], False)
    assert SeatHandover.objects.get(match=match).from_user == people[1]
    assert f"wanted-{match.pk}-1" not in client.get(reverse("home")).content.decode()
