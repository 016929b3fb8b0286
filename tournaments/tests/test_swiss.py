"""A Swiss tournament played through the services to its end: eight bots at Sedm draků, two at
a table, three rounds; each round seated when the last match of the one before ends. The
standings at the end were worked out by hand from the matches' results (below)."""

import pytest

from games.models import Match
from tournaments import services
from tournaments.models import Pairing, Tournament


def _round(tournament: Tournament, number: int) -> list[tuple[str, str]]:
    """Each table of the round as (winner, loser) by the bots' names."""
    tables: dict[int, list[Pairing]] = {}
    entries = Pairing.objects.filter(round__tournament=tournament, round__number=number)
    for entry in entries.select_related("participant__user"):
        tables.setdefault(entry.match_id, []).append(entry)
    return [
        tuple(e.participant.user.username for e in sorted(table, key=lambda e: e.rank))
        for table in tables.values()
    ]


@pytest.mark.django_db
def test_eight_bots_play_three_rounds_to_the_end(
    bots, make_tournament, seeds, settings, django_capture_on_commit_callbacks
):
    settings.TOURNAMENT_BREAK_SECONDS = 0
    tournament = make_tournament()
    for bot in bots:
        services.sign_up(tournament_id=tournament.pk, user=bot)
    with django_capture_on_commit_callbacks(execute=True):
        services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.current_round == 3
    played = Match.objects.filter(tournament_pairings__round__tournament=tournament).distinct()
    assert played.count() == 12
    assert all(match.is_over for match in played)
    # Round 1 seats the sign-up order (all on 0 points, no ratings): 0-1, 2-3, 4-5, 6-7.
    assert sorted(_round(tournament, 1)) == [
        ("robot-0", "robot-1"),
        ("robot-3", "robot-2"),
        ("robot-4", "robot-5"),
        ("robot-7", "robot-6"),
    ]
    # Winners meet winners in sign-up order (equal on every tie-break), losers losers.
    assert sorted(_round(tournament, 2)) == [
        ("robot-0", "robot-3"),
        ("robot-2", "robot-1"),
        ("robot-4", "robot-7"),
        ("robot-5", "robot-6"),
    ]
    # After round 2: robot-4 and robot-0 on 2 (robot-4's opponents 2 points, robot-0's 1),
    # then robot-3 (opponents 3), robot-5, robot-7 (2 each), robot-2 (1) on 1, then robot-1
    # and robot-6 on 0: the tables go down that order, nobody meeting anyone again.
    assert sorted(_round(tournament, 3)) == [
        ("robot-1", "robot-6"),
        ("robot-4", "robot-0"),
        ("robot-5", "robot-3"),
        ("robot-7", "robot-2"),
    ]
    names = {e.pk: e.user.username for e in tournament.participants.select_related("user")}
    table = [
        (names[row.player], row.points, row.opponents_points, row.place)
        for row in services.standings(tournament)
    ]
    assert table == [
        ("robot-4", 3, 6, 1),  # met robot-5 (2), robot-7 (2), robot-0 (2)
        ("robot-0", 2, 5, 2),  # met robot-1 (1), robot-3 (1), robot-4 (3)
        ("robot-5", 2, 4, 3),  # met robot-4 (3), robot-6 (0), robot-3 (1)
        ("robot-7", 2, 4, 4),  # met robot-6 (0), robot-4 (3), robot-2 (1); signed up later
        ("robot-3", 1, 5, 5),  # met robot-2 (1), robot-0 (2), robot-5 (2)
        ("robot-2", 1, 4, 6),  # met robot-3 (1), robot-1 (1), robot-7 (2)
        ("robot-1", 1, 3, 7),  # met robot-0 (2), robot-2 (1), robot-6 (0)
        ("robot-6", 0, 5, 8),  # met robot-7 (2), robot-5 (2), robot-1 (1)
    ]
