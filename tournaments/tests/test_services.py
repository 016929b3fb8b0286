"""Signing up and withdrawing, the start, a leaver's seat, turn-based deadlines and the notice
that a round seats a player: through the services, as the pages and the worker call them."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as game_services
from games.models import Match, Seat
from notifications.models import Notification
from tournaments import services
from tournaments.models import Pairing, Participant, Tournament


@pytest.mark.django_db
def test_sign_up_is_once_while_there_is_room_and_before_the_start(people, bots, make_tournament):
    tournament = make_tournament(max_players=2)
    services.sign_up(tournament_id=tournament.pk, user=people[1])
    with pytest.raises(services.TournamentRefused, match="already signed up"):
        services.sign_up(tournament_id=tournament.pk, user=people[1])
    services.sign_up(tournament_id=tournament.pk, user=people[2])
    with pytest.raises(services.TournamentRefused, match="full"):
        services.sign_up(tournament_id=tournament.pk, user=people[3])
    services.withdraw(tournament_id=tournament.pk, user=people[2])
    services.sign_up(tournament_id=tournament.pk, user=people[3])
    services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    services.withdraw(tournament_id=tournament.pk, user=people[3])
    with pytest.raises(services.TournamentRefused, match="has started"):
        services.sign_up(tournament_id=tournament.pk, user=people[2])
    assert list(tournament.participants.values_list("user__username", "withdrawn")) == [
        ("Jan", False),
        ("Ida", True),
    ]


@pytest.mark.django_db
def test_a_tournament_by_invitation_takes_those_with_its_link(people, make_tournament):
    tournament = make_tournament(private=True)
    with pytest.raises(services.TournamentRefused, match="invitation only"):
        services.sign_up(tournament_id=tournament.pk, user=people[1])
    with pytest.raises(services.TournamentRefused, match="invitation only"):
        services.sign_up(tournament_id=tournament.pk, user=people[1], token="guess")
    services.sign_up(tournament_id=tournament.pk, user=people[1], token=tournament.invite_token)
    services.sign_up(tournament_id=tournament.pk, user=people[0])  # its creator
    assert tournament.participants.count() == 2


@pytest.mark.django_db
def test_bad_settings_are_refused_and_nothing_is_created(people, make_tournament):
    for changed, reason in [
        ({"game": "chess"}, "cannot be played"),
        ({"seats": 1, "game": "isle_of_cats"}, "at least two"),
        ({"seats": 6}, "at least two"),
        ({"starts_at": timezone.now() - timedelta(minutes=1)}, "in the future"),
        ({"max_players": 1}, "fill at least one table"),
    ]:
        with pytest.raises(services.TournamentRefused, match=reason):
            make_tournament(**changed)
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_the_start_waits_for_its_time_and_too_few_players_cancel_it(people, make_tournament):
    tournament = make_tournament()
    services.sign_up(tournament_id=tournament.pk, user=people[1])
    early = tournament.starts_at - timedelta(seconds=1)
    assert services.start_tournament(tournament_id=tournament.pk, now=early).status == "upcoming"
    started = services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    assert started.status == Tournament.Status.CANCELLED
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_a_round_seats_people_with_a_notice_and_gives_the_odd_one_a_bye(people, make_tournament):
    tournament = make_tournament(rounds=2)
    for person in people[1:4]:
        services.sign_up(tournament_id=tournament.pk, user=person)
    services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    match = Match.objects.get()
    assert [s.user.username for s in match.seat_list] == ["Jan", "Ota"]
    assert (match.pace, match.clock_seconds, match.increment_seconds) == ("live", 300, 5)
    assert match.rated
    bye = Pairing.objects.get(match__isnull=True)
    assert bye.participant.user.username == "Ida"
    notices = Notification.objects.filter(kind="tournament_round")
    assert sorted(n.user.username for n in notices) == ["Jan", "Ota"]
    assert notices[0].link == match.get_absolute_url()
    rows = services.standings(tournament)
    assert next((r.player, r.points) for r in rows) == (bye.participant_id, 1)


@pytest.mark.django_db
def test_a_leaver_scores_nothing_while_the_bot_plays_the_seat_on(
    people, bots, make_tournament, django_capture_on_commit_callbacks
):
    tournament = make_tournament(rounds=1)
    eva = people[1]
    for player in (eva, bots[0]):
        services.sign_up(tournament_id=tournament.pk, user=player)
    services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    match = Match.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        game_services.leave_match(match_id=match.pk, user=eva, reason=Seat.Left.RESIGNED)
    match.refresh_from_db()
    assert match.is_over
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    mine = Pairing.objects.get(participant__user=eva)
    assert mine.left
    rows = {r.player: r.points for r in services.standings(tournament)}
    assert rows[mine.participant_id] == 0
    assert rows[Participant.objects.get(user=bots[0]).pk] == 1, "who stayed places above"


@pytest.mark.django_db
def test_withdrawing_in_the_middle_hands_the_match_to_a_bot_and_seats_one_no_more(
    people, bots, make_tournament, settings, django_capture_on_commit_callbacks
):
    settings.TOURNAMENT_BREAK_SECONDS = 0
    tournament = make_tournament(rounds=2)
    eva = people[1]
    for player in (eva, *bots[:3]):
        services.sign_up(tournament_id=tournament.pk, user=player)
    with django_capture_on_commit_callbacks(execute=True):
        services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    with django_capture_on_commit_callbacks(execute=True):
        services.withdraw(tournament_id=tournament.pk, user=eva)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    rounds = Pairing.objects.filter(participant__user=eva).values_list("round__number", "left")
    assert list(rounds) == [(1, True)]
    second = Pairing.objects.filter(round__number=2)
    assert second.filter(match__isnull=True).count() == 1, "three left: one bye"


@pytest.mark.django_db
def test_a_turn_based_round_moves_on_at_its_deadline_with_a_match_still_on(
    people, bots, make_tournament, django_capture_on_commit_callbacks
):
    tournament = make_tournament(pace="turn", rounds=2, round_days=3)
    for player in (people[1], people[2], bots[0], bots[1]):
        services.sign_up(tournament_id=tournament.pk, user=player)
    with django_capture_on_commit_callbacks(execute=True):
        services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    first = tournament.round_set.get(number=1)
    assert first.deadline == tournament.starts_at + timedelta(days=3)
    people_match = Match.objects.get(seats__user=people[1])
    assert people_match.pace == "turn"
    assert people_match.move_hours == 24
    assert not people_match.is_over
    before = first.deadline - timedelta(minutes=1)
    assert not services.advance(tournament_id=tournament.pk, round_number=1, now=before)
    assert services.advance(tournament_id=tournament.pk, round_number=1, now=first.deadline)
    assert not services.advance(tournament_id=tournament.pk, round_number=1, now=first.deadline)
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    assert Pairing.objects.filter(round__number=2, participant__user=people[1]).exists()
    people_match.refresh_from_db()
    assert not people_match.is_over, "the round's end does not end a match: its clocks do"


@pytest.mark.django_db
def test_the_notice_names_the_round_of_a_swiss_tournament_and_not_of_an_arena(
    people, bots, make_tournament
):
    from notifications.selectors import sentence

    swiss = make_tournament(name="Friday Swiss")
    arena = make_tournament(name="Night arena", kind="arena")
    for tournament in (swiss, arena):
        for player in (people[1], bots[0]):
            services.sign_up(tournament_id=tournament.pk, user=player)
        services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    first, second = Notification.objects.filter(kind="tournament_round").order_by("pk")
    assert (
        sentence(first) == f"Round 1 of Friday Swiss seats you at Seven Dragons #{first.match_id}."
    )
    assert sentence(second) == f"Night arena seats you at Seven Dragons #{second.match_id}."


@pytest.mark.django_db
def test_a_real_time_seating_takes_a_player_at_a_finished_table_on_and_a_turn_based_not(
    client, people, bots, make_tournament
):
    live = make_tournament(name="Live", kind="arena")
    slow = make_tournament(name="Slow", pace="turn")
    for tournament in (live, slow):
        for player in (people[1], bots[0]):
            services.sign_up(tournament_id=tournament.pk, user=player)
    services.start_tournament(tournament_id=slow.pk, now=slow.starts_at)
    client.force_login(people[1])
    assert "data-table-waiting" not in client.get("/").content.decode(), "turn-based"
    services.start_tournament(tournament_id=live.pk, now=live.starts_at)
    table = Match.objects.filter(tournament_pairings__round__tournament=live).first()
    bell = client.get("/").content.decode()
    assert f'data-table-waiting="{table.get_absolute_url()}"' in bell
    client.get(table.get_absolute_url())  # the player reaches the table: the notice is read
    assert "data-table-waiting" not in client.get("/").content.decode()


@pytest.mark.django_db
def test_a_seating_whose_table_ended_unvisited_takes_nobody_there(
    client, people, bots, make_tournament, seeds, django_capture_on_commit_callbacks
):
    swiss = make_tournament(rounds=1)
    for player in (people[1], bots[0]):
        services.sign_up(tournament_id=swiss.pk, user=player)
    services.start_tournament(tournament_id=swiss.pk, now=swiss.starts_at)
    table = Match.objects.get(tournament_pairings__participant__user=people[1])
    client.force_login(people[1])
    assert f'data-table-waiting="{table.get_absolute_url()}"' in client.get("/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):  # the bots play it to the end
        game_services.leave_match(match_id=table.pk, user=people[1], reason=Seat.Left.ABANDONED)
    table.refresh_from_db()
    assert table.is_over
    seated = Notification.objects.get(user=people[1], kind="tournament_round")
    assert seated.read_at is None
    assert "data-table-waiting" not in client.get("/").content.decode()
