"""Analyses stored before the chance to win (issue 36): they held the search's outcome, margin
and all, so migration 0013 throws their judgements away; a finished one is offered again, one
still queued or under way is judged anew by its job."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games import services
from games.models import JudgedMove, MatchAnalysis

BEFORE = [("games", "0013_seat_awaited_until")]
AFTER = [("games", "0014_analyses_as_chances")]


def _migrate(target: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(target)


@pytest.mark.django_db(transaction=True)
def test_analyses_stored_as_outcomes_are_offered_again_or_judged_anew(people):
    eva, jan = people[:2]
    works = {}
    for status in (MatchAnalysis.Status.DONE, MatchAnalysis.Status.RUNNING):
        match = services.start_match(game="seven_dragons", players=[eva, jan])
        works[status] = MatchAnalysis.objects.create(match=match, status=status)
        for seq, (before, after) in enumerate([(1.12, 1.05), (-0.04, -0.2)]):
            JudgedMove.objects.create(
                analysis=works[status],
                seq=seq,
                seat=0,
                before=before,
                after=after,
                verdict="inaccuracy",
            )
    _migrate(BEFORE)
    _migrate(AFTER)
    assert not JudgedMove.objects.exists()
    assert not MatchAnalysis.objects.filter(pk=works[MatchAnalysis.Status.DONE].pk).exists()
    running = MatchAnalysis.objects.get(pk=works[MatchAnalysis.Status.RUNNING].pk)
    assert running.status == MatchAnalysis.Status.RUNNING
