"""A finished match's analysis stored and worked through in the background (issue 36,
`games/services/analysis.py`): queued when a match with a person at it ends, one stored row a
judged move, resumed by a fresh worker after a kill, asked for again by the match's players
only and not too often."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse
from procrastinate.contrib.django.models import ProcrastinateJob

from config import worker
from games import analysis, services
from games.models import JudgedMove, Match, MatchAnalysis
from games.registry import GAMES
from games.selectors import record_of
from games.services.analysis import progress
from games.tests.playing import play_to_the_end
from games.tests.test_faults_worker import running_worker, wait_until

PLAYOUTS = 6


def _stored(match: Match) -> list[analysis.Judgement]:
    return [
        analysis.Judgement(j.seq, j.seat, j.before, j.after, j.preferred, j.verdict)
        for j in JudgedMove.objects.filter(analysis__match=match).order_by("seq")
    ]


def _expected(match: Match, seed: int = 0) -> list[analysis.Judgement]:
    info = GAMES[match.game]
    people = {s.number for s in match.seat_list if not s.is_bot}
    return list(
        analysis.analyse(
            info.engine, info.bot, record_of(match), people, seed=seed, iterations=PLAYOUTS
        )
    )


@pytest.mark.django_db
def test_a_finished_match_has_every_move_of_its_person_judged(
    settings, people, bots, django_capture_on_commit_callbacks
):
    settings.ANALYSE_FINISHED_MATCHES = True
    settings.ANALYSIS_PLAYOUTS = PLAYOUTS
    match = play_to_the_end(
        "seven_dragons", [people[0], bots[0]], django_capture_on_commit_callbacks
    )
    work = MatchAnalysis.objects.get(match=match)
    assert work.status == MatchAnalysis.Status.DONE
    stored = _stored(match)
    assert {j.seat for j in stored} == {0}
    assert len(stored) == match.moves.filter(seat=0).count() == work.moves_to_judge
    assert progress(work) == (len(stored), len(stored))
    assert stored == _expected(match)


@pytest.mark.django_db
def test_a_match_of_bots_alone_is_not_analysed(settings, bots, django_capture_on_commit_callbacks):
    settings.ANALYSE_FINISHED_MATCHES = True
    settings.ANALYSIS_PLAYOUTS = PLAYOUTS
    match = play_to_the_end("seven_dragons", [bots[0], bots[1]], django_capture_on_commit_callbacks)
    assert not MatchAnalysis.objects.filter(match=match).exists()


@pytest.mark.django_db
def test_its_players_ask_for_the_analysis_again_and_not_too_often(
    client, settings, people, bots, django_capture_on_commit_callbacks
):
    """A player gets a fresh analysis (new sampled deals); another person is refused, and a
    player past the rate limit is told so back in the replay, nothing changed."""
    settings.ANALYSIS_PLAYOUTS = PLAYOUTS
    settings.PLAY_RATE_LIMITS = {**settings.PLAY_RATE_LIMITS, "analysis": "2/h"}
    match = play_to_the_end(
        "seven_dragons", [people[0], bots[0]], django_capture_on_commit_callbacks
    )
    url = reverse("match_analysis", args=[match.pk])

    def ask() -> int:
        with django_capture_on_commit_callbacks(execute=True):
            return int(client.post(url).status_code)

    client.force_login(people[1])
    assert ask() == 302
    assert not MatchAnalysis.objects.filter(match=match).exists()
    client.force_login(people[0])
    assert ask() == 302
    first = MatchAnalysis.objects.get(match=match)
    assert (first.status, first.seed) == (MatchAnalysis.Status.DONE, 0)
    assert _stored(match) == _expected(match, seed=0)
    assert ask() == 302
    again = MatchAnalysis.objects.get(match=match)
    assert (again.status, again.seed) == (MatchAnalysis.Status.DONE, 1)
    assert _stored(match) == _expected(match, seed=1)
    assert ask() == 302
    assert MatchAnalysis.objects.get(match=match).seed == 1
    replay = client.get(reverse("match_replay", args=[match.pk])).content.decode()
    assert "You have asked for analyses too often" in replay


@pytest.mark.django_db
def test_an_active_match_is_not_analysed(people, bots):
    match = services.start_match(game="seven_dragons", players=[people[0], bots[0]])
    with pytest.raises(services.MoveRefused):
        services.request_analysis(match_id=match.pk, user=people[0])


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_half_way_leaves_what_it_judged_and_a_fresh_one_judges_the_rest(
    queued_tasks, people
):
    """The analysis worker (a process of its own) is killed with kill -9 after some moves; the
    moves it stored stay, and a fresh worker (with the clocks' loop, which hands the dead
    worker's job on) judges only the rest: the whole is what one unbroken run gives."""
    match = play_to_the_end("kosmopolis", [people[0], people[1]])
    services.request_analysis(match_id=match.pk, user=people[0])
    stored = JudgedMove.objects.filter(analysis__match=match)
    total = match.move_count
    with running_worker("--queues", "analysis", ANALYSIS_PLAYOUTS="40") as first:
        wait_until(lambda: stored.count() >= 2, seconds=120, what="the first moves judged")
        first.kill()
    before_kill = {row.seq: row.pk for row in stored.all()}
    assert 2 <= len(before_kill) < total
    job = ProcrastinateJob.objects.get(task_name="games.services.analyse_match")
    assert job.status == "doing"
    with (
        running_worker("--queues", "analysis", ANALYSIS_PLAYOUTS=str(PLAYOUTS)),
        running_worker("--queues", "clocks"),
    ):
        wait_until(
            lambda: MatchAnalysis.objects.get(match=match).status == MatchAnalysis.Status.DONE,
            seconds=240,
            what="the analysis finished by a fresh worker",
        )
    assert {row.seq: row.pk for row in stored.filter(seq__in=before_kill)} == before_kill
    assert stored.all().count() == total
    rest = [j for j in _expected(match) if j.index not in before_kill]
    assert [j for j in _stored(match) if j.index not in before_kill] == rest


def test_the_analysis_queue_runs_only_in_a_worker_of_its_own() -> None:
    """Beside the bots' loop, a search a move long would slow their replies: a worker asked to
    run both refuses, and neither a worker nor the web server runs it unless named."""
    with pytest.raises(SystemExit):
        call_command("worker", queues="bots,analysis")
    assert "analysis" not in worker.SHARED
