"""A live round seats players who may not be at hand: each one's clock waits for them to come
to the table (opening it, or moving), a minute at most, and loses nothing before; one who does
not come is taken for gone, a bot plays the seat and they score nothing."""

from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from games import services as game_services
from games.models import Match, Seat
from games.registry import GAMES
from games.tests.playing import play_first_legal_move
from tournaments import services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db

GRACE = timedelta(seconds=game_services.ARRIVAL_SECONDS)
CLOCK = timedelta(minutes=5)  # `settings_for`'s real-time clock


def _seated(people, make_tournament) -> tuple[Match, Seat, Seat]:
    """Eva and Jan's table of a live Swiss round started at `start`; the seat that acts first
    and the other."""
    tournament = make_tournament(rounds=1)
    for player in people[:2]:
        services.sign_up(tournament_id=tournament.pk, user=player)
    services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    match = Match.objects.filter(tournament_pairings__round__tournament=tournament).distinct().get()
    first = min(GAMES[match.game].engine.to_act(match.state))
    seats = {seat.number: seat for seat in match.seats.select_related("user")}
    return match, seats[first], seats[1 - first]


def test_a_late_player_loses_no_clock_time_before_coming_to_the_table(people, make_tournament):
    match, acting, _other = _seated(people, make_tournament)
    start = acting.turn_started_at
    assert acting.awaited_until == start + GRACE
    assert acting.deadline(match) == start + GRACE
    late = start + GRACE - timedelta(seconds=5)
    assert game_services.come_to_table(match_id=match.pk, user=acting.user, now=late)
    acting.refresh_from_db()
    assert (acting.awaited_until, acting.turn_started_at) == (None, late)
    assert acting.time_left_ms == CLOCK.total_seconds() * 1000
    # The whole clock is still there after the time a clock started with the round had.
    after_start = start + CLOCK + timedelta(seconds=1)
    assert game_services.expire_clocks(match_id=match.pk, now=after_start) == []
    assert game_services.expire_clocks(match_id=match.pk, now=late + CLOCK) == [acting.number]


def test_the_first_move_shows_the_player_came_and_costs_none_of_the_wait(people, make_tournament):
    match, acting, other = _seated(people, make_tournament)
    with mock.patch("django.utils.timezone.now", return_value=acting.turn_started_at + GRACE / 2):
        play_first_legal_move(match, acting.user, acting.number)
    acting.refresh_from_db()
    other.refresh_from_db()
    assert acting.awaited_until is None
    assert acting.time_left_ms == CLOCK.total_seconds() * 1000 + 5_000  # the increment only
    assert other.awaited_until is not None  # Jan has still not come


def test_opening_the_table_starts_the_clock_and_the_others_see_who_is_awaited(
    client, people, make_tournament
):
    match, acting, _other = _seated(people, make_tournament)
    client.force_login(people[2])  # a spectator
    watched = client.get(match.get_absolute_url()).content.decode()
    assert watched.count("their clock waits for them, then a bot plays the seat.") == 2
    assert "data-deadline" not in watched  # no clock runs
    client.force_login(acting.user)
    page = client.get(match.get_absolute_url()).content.decode()
    assert page.count("Not at the table yet") == 1  # the other player only
    acting.refresh_from_db()
    assert acting.awaited_until is None
    assert acting.deadline(match) == acting.turn_started_at + CLOCK
    assert timezone.now() - acting.turn_started_at < timedelta(seconds=30)


def test_a_player_who_never_comes_is_taken_for_gone_and_scores_nothing(
    people, make_tournament, django_capture_on_commit_callbacks
):
    match, acting, other = _seated(people, make_tournament)
    game_services.come_to_table(match_id=match.pk, user=other.user, now=timezone.now())
    assert game_services.expire_clocks(match_id=match.pk, now=acting.awaited_until) == [
        acting.number
    ]
    acting.refresh_from_db()
    assert (acting.is_bot, acting.left) == (True, Seat.Left.ABANDONED)
    with django_capture_on_commit_callbacks(execute=True):
        game_services.end_match_early(match_id=match.pk, user=other.user)
    left = Pairing.objects.get(match=match, participant__user=acting.user)
    stayed = Pairing.objects.get(match=match, participant__user=other.user)
    assert (left.left, left.rank, stayed.rank) == (True, 2, 1)
