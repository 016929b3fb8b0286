"""Ratings: people only, rated matches only, ties, leavers last, and a rebuild that agrees."""

import pytest
from django.core.management import call_command
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from config.batch import Batch
from games import ratings, services, stats
from games.kosmopolis import engine
from games.models import Match, Rating, RatingChange, Seat

pytestmark = pytest.mark.django_db(transaction=True)


def _finish_with_ranks(match: Match, ranks: list[int]) -> None:
    """End a match with chosen places and rate it, as the end of a real match does."""
    with transaction.atomic():
        seats = list(match.seats.select_related("user"))
        for seat in seats:
            seat.rank = ranks[seat.number]
            seat.score = 10 - ranks[seat.number]
        Seat.objects.bulk_update(seats, ["rank", "score"])
        match.status = Match.Status.FINISHED
        match.finished_at = timezone.now()
        match.save(update_fields=["status", "finished_at"])
        writes = Batch()
        ratings.rate_match(match, seats, writes=writes)
        stats.tally_match(match, seats, writes=writes)
        writes.send()


def _rating(user, game="kosmopolis") -> Rating:
    return Rating.objects.get(user=user, game=game)


def test_a_three_player_match_with_a_tie(people):
    match = services.start_match(game="kosmopolis", players=people[:3], rated=True)
    _finish_with_ranks(match, [1, 2, 2])
    eva, jan, ota = (_rating(p) for p in people[:3])
    assert eva.mu > 25 > jan.mu
    assert jan.mu == pytest.approx(ota.mu)
    assert jan.sigma == pytest.approx(ota.sigma)
    assert eva.matches == jan.matches == 1
    assert eva.provisional
    changes = {c.user: c.delta for c in RatingChange.objects.filter(match=match)}
    assert changes[people[0]] > 0 > changes[people[1]]
    assert changes[people[1]] == changes[people[2]]


def test_friendly_matches_and_bots_do_not_count(people, bots):
    friendly = services.start_match(game="kosmopolis", players=people[:2], rated=False)
    _finish_with_ranks(friendly, [1, 2])
    with_bot = services.start_match(game="kosmopolis", players=[people[0], bots[0]], rated=True)
    _finish_with_ranks(with_bot, [2, 1])
    assert not Rating.objects.exists()
    three = services.start_match(
        game="kosmopolis", players=[people[0], bots[0], people[1]], rated=True
    )
    _finish_with_ranks(three, [3, 1, 2])
    assert set(Rating.objects.values_list("user", flat=True)) == {people[0].pk, people[1].pk}
    assert _rating(people[1]).mu > _rating(people[0]).mu


def test_a_player_who_resigned_counts_as_last(people):
    match = services.start_match(game="kosmopolis", players=people[:2], rated=True)
    services.leave_match(match_id=match.pk, user=people[0], reason=Seat.Left.RESIGNED)
    _finish_with_ranks(match, [1, 2])
    assert _rating(people[1]).mu > _rating(people[0]).mu


def test_a_real_rated_game_updates_ratings_when_it_ends(people):
    match = services.start_match(game="kosmopolis", players=people[:2], rated=True)
    for _turn in range(300):
        match.refresh_from_db()
        if match.is_over:
            break
        seat = min(engine.to_act(match.state))
        services.submit_move(
            match_id=match.pk,
            user=people[seat],
            move=engine.legal_moves(match.state, seat)[0],
            expected_seq=match.move_count,
        )
    assert match.is_over
    assert RatingChange.objects.filter(match=match).count() == 2


def test_rebuild_gives_the_same_numbers_as_the_updates(people):
    orders = [[1, 2, 3], [2, 1, 3], [1, 1, 3], [3, 2, 1], [2, 3, 1]]
    for ranks in orders:
        match = services.start_match(game="kosmopolis", players=people[:3], rated=True)
        _finish_with_ranks(match, ranks)
    incremental = sorted(Rating.objects.values_list("user", "mu", "sigma", "matches"))
    changes = sorted(RatingChange.objects.values_list("match", "user", "before", "after"))
    call_command("rebuild_stats")
    assert sorted(Rating.objects.values_list("user", "mu", "sigma", "matches")) == incremental
    assert sorted(RatingChange.objects.values_list("match", "user", "before", "after")) == changes


def test_win_chances_favour_the_stronger_player(people):
    for _round in range(3):
        match = services.start_match(game="kosmopolis", players=people[:2], rated=True)
        _finish_with_ranks(match, [1, 2])
    newcomer = User.objects.create_user("novy", "novy@example.com", "heslo-123-abc")
    chances = ratings.win_chances("kosmopolis", [people[0], people[1], newcomer])
    assert chances[0] > chances[2] > chances[1]
    assert sum(chances) == pytest.approx(1)


def test_leaderboard_profile_and_result_show_the_ratings(client, people):
    for _round in range(5):
        match = services.start_match(game="kosmopolis", players=people[:2], rated=True)
        _finish_with_ranks(match, [1, 2])
    board = client.get(reverse("leaderboard", args=["kosmopolis"]), HTTP_ACCEPT_LANGUAGE="en")
    html = board.content.decode()
    first, second = (html.index(p.get_absolute_url()) for p in people[:2])
    assert first < second
    assert str(_rating(people[0]).display) in html
    profile = client.get(people[0].get_absolute_url()).content.decode()
    assert str(_rating(people[0]).display) in profile
    change = RatingChange.objects.get(match=match, user=people[0])
    table = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"Rating +{change.delta} → {change.after}" in table


def test_the_leaderboard_needs_enough_rated_matches(client, people):
    match = services.start_match(game="kosmopolis", players=people[:2], rated=True)
    _finish_with_ranks(match, [1, 2])
    html = client.get(reverse("leaderboard", args=["kosmopolis"])).content.decode()
    rated = html[: html.index('id="unrated-record"')]
    assert people[0].get_absolute_url() not in rated
    assert people[0].get_absolute_url() in html[html.index('id="unrated-record"') :]
    assert Rating.objects.filter(user=people[0]).exists()
