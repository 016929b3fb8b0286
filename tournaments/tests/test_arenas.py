"""Arenas: for a time window, a player whose match ends is seated again at once with others
waiting (by standing, never with the same table-mates twice in a row); late joining,
pausing, and the end once the time is up and the last match ends."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as game_services
from games.models import Match
from tournaments import services
from tournaments.models import Pairing, Tournament


def _play_out(match: Match) -> None:
    """The bots play the match to its end here (the queued runs after each commit do not)."""
    while not Match.objects.get(pk=match.pk).is_over:
        game_services.play_bot_turns(match_id=match.pk)


def _tables(tournament: Tournament, number: int) -> list[set[str]]:
    tables: dict[int, set[str]] = {}
    entries = Pairing.objects.filter(round__tournament=tournament, round__number=number)
    for entry in entries.select_related("participant__user"):
        tables.setdefault(entry.match_id, set()).add(entry.participant.user.username)
    return list(tables.values())


@pytest.fixture
def arena(bots, make_tournament, seeds):
    tournament = make_tournament(kind="arena", duration_minutes=30)
    for bot in bots[:4]:
        services.sign_up(tournament_id=tournament.pk, user=bot)
    services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    tournament.refresh_from_db()
    return tournament


@pytest.mark.django_db
def test_players_are_seated_again_as_they_finish_never_with_the_same_mates_twice(arena):
    assert _tables(arena, 1) == [{"robot-0", "robot-1"}, {"robot-2", "robot-3"}]
    first, second = Match.objects.order_by("pk")
    _play_out(first)
    now = timezone.now()
    assert services.seat_arena(tournament_id=arena.pk, now=now) == 0, "no rematch at once"
    _play_out(second)
    assert services.seat_arena(tournament_id=arena.pk, now=now) == 2
    winners = {
        e.participant.user.username
        for e in Pairing.objects.filter(round__number=1, rank=1).select_related("participant__user")
    }
    seated = _tables(Tournament.objects.get(pk=arena.pk), 2)
    assert len(winners) == 2, "Sedm draků between two bots has one winner here"
    assert winners in seated, "the leaders sit together"
    for table in seated:
        assert table not in _tables(arena, 1)
    points = {
        row.player: row.points for row in services.standings(Tournament.objects.get(pk=arena.pk))
    }
    assert sorted(points.values()) == [0, 0, 1, 1]


@pytest.mark.django_db
def test_a_paused_player_waits_and_a_late_one_joins(arena, bots):
    first, second = Match.objects.order_by("pk")
    services.pause(tournament_id=arena.pk, user=bots[0], paused=True)
    _play_out(first)
    _play_out(second)
    services.sign_up(tournament_id=arena.pk, user=bots[4])  # late, while it runs
    services.seat_arena(tournament_id=arena.pk, now=timezone.now())
    seated = set().union(*_tables(Tournament.objects.get(pk=arena.pk), 2))
    assert "robot-0" not in seated
    assert "robot-4" in seated
    services.pause(tournament_id=arena.pk, user=bots[0], paused=False)
    assert Pairing.objects.filter(round__number=2).count() == 4


@pytest.mark.django_db
def test_an_arena_ends_when_its_time_is_up_and_its_last_match_ends(arena, bots):
    first, second = Match.objects.order_by("pk")
    ends = arena.ends_at
    assert not services.end_arena(tournament_id=arena.pk, now=ends - timedelta(seconds=1))
    Tournament.objects.filter(pk=arena.pk).update(starts_at=timezone.now() - timedelta(hours=1))
    with pytest.raises(services.TournamentRefused, match="Sign-up is closed"):
        services.sign_up(tournament_id=arena.pk, user=bots[5])
    _play_out(first)
    assert services.seat_arena(tournament_id=arena.pk, now=timezone.now()) == 0
    assert not services.end_arena(tournament_id=arena.pk, now=timezone.now()), "one match on"
    _play_out(second)
    assert Tournament.objects.get(pk=arena.pk).status == Tournament.Status.FINISHED


@pytest.mark.django_db
def test_an_arena_is_played_in_real_time(make_tournament):
    with pytest.raises(services.TournamentRefused, match="real time"):
        make_tournament(kind="arena", pace="turn")


@pytest.mark.django_db
def test_the_only_players_of_an_arena_are_seated_again_together(bots, make_tournament, seeds):
    tournament = make_tournament(kind="arena", duration_minutes=30)
    for bot in bots[:2]:
        services.sign_up(tournament_id=tournament.pk, user=bot)
    services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    _play_out(Match.objects.get())
    assert services.seat_arena(tournament_id=tournament.pk, now=timezone.now()) == 1, (
        "nobody else can come free: they play again rather than wait for ever"
    )
