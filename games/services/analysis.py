"""Where did I lose? (issue 36): a finished match's analysis, worked through by the worker's
`analysis` queue one move at a time, and asked for again by its players.

The queue has a worker process of its own (`manage.py worker --queues analysis`, which runs it
alone and at the lowest CPU priority), never the bots', clocks' or mails' loops, and the web
server's built-in worker leaves it out: a search a move long must not slow a bot's reply. Each
judged move is committed as it is made, so a worker killed half-way leaves the moves it judged,
and the job, run again (`retry_stalled_jobs`), judges only the rest.
"""

from __future__ import annotations

import contextlib

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from procrastinate.contrib.django import app
from procrastinate.exceptions import AlreadyEnqueued

from accounts.models import User
from config.worker import RETRY_ON_OUTAGE
from games import analysis
from games.models import JudgedMove, Match, MatchAnalysis
from games.registry import GAMES
from games.selectors import record_of
from games.services.refusals import MoveRefused

ANALYSE = "games.services.analyse_match"
QUEUE = "analysis"


def players(match: Match) -> set[int]:
    """The seats of people (not bot accounts), even one a bot played for them at times or took
    over when they left: their moves are judged, all but those a bot made (`bot_made`)."""
    return {seat.number for seat in match.seat_list if not seat.user.is_bot}


def bot_made(match: Match) -> set[int]:
    """The moves (by number) a bot made, for a person's seat too: never judged as theirs."""
    return set(match.moves.filter(by_bot=True).values_list("seq", flat=True))


def analysis_after_end(sender: object, match: Match, **kwargs: object) -> None:
    """`match_ended`'s receiver: a match with a person at it is queued for analysis once its
    end commits (`ANALYSE_FINISHED_MATCHES`; the tests of everything else leave it off)."""
    if not settings.ANALYSE_FINISHED_MATCHES or not players(match):
        return
    MatchAnalysis.objects.get_or_create(match=match)
    match_id = match.pk
    transaction.on_commit(lambda: queue_analysis(match_id))


def queue_analysis(match_id: int) -> None:
    """Queue the match's analysis unless one already waits; two never run at once."""
    lock = f"analysis-{match_id}"
    task = app.configure_task(ANALYSE, lock=lock, queueing_lock=lock)
    with contextlib.suppress(AlreadyEnqueued):
        task.defer(match_id=match_id)


def analyse_match(*, match_id: int) -> int:
    """Judge every move of the match's people not judged yet, committing each; returns how many
    this run judged."""
    work = MatchAnalysis.objects.select_related("match").get(match_id=match_id)
    match = work.match
    info = GAMES[match.game]
    record = record_of(match)
    judged = players(match)
    by_bot = bot_made(match)
    work.moves_to_judge = sum(
        entry["seat"] in judged and index not in by_bot
        for index, entry in enumerate(record["moves"])
    )
    work.status = MatchAnalysis.Status.RUNNING
    work.save(update_fields=["moves_to_judge", "status"])
    # A move judged already, or a bot's, is passed over as done.
    done = set(work.moves.values_list("seq", flat=True)) | by_bot
    made = 0
    for judgement in analysis.analyse(
        info.engine,
        info.bot,
        record,
        judged,
        seed=work.seed,
        iterations=settings.ANALYSIS_PLAYOUTS,
        seconds=settings.ANALYSIS_MOVE_SECONDS,
        done=done,
    ):
        with contextlib.suppress(IntegrityError), transaction.atomic():
            JudgedMove.objects.create(
                analysis=work,
                seq=judgement.index,
                seat=judgement.seat,
                before=judgement.before,
                after=judgement.after,
                preferred=judgement.preferred,
                verdict=judgement.verdict,
            )
            made += 1
    work.status = MatchAnalysis.Status.DONE
    work.finished_at = timezone.now()
    work.save(update_fields=["status", "finished_at"])
    return made


def progress(work: MatchAnalysis) -> tuple[int, int]:
    """Moves judged so far, and how many there are to judge (0 until the worker has counted)."""
    return work.moves.count(), work.moves_to_judge


def request_analysis(*, match_id: int, user: User) -> MatchAnalysis:
    """A player of a finished match asks for its analysis (again, with new sampled deals, once
    the last one is done): what was judged is thrown away and the match queued. The view that
    calls this counts it toward `PLAY_RATE_LIMITS["analysis"]`."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if user.is_bot or not match.seats.filter(user=user).exists():
            raise MoveRefused(_("Only the match's players can ask for its analysis."))
        if not match.is_over:
            raise MoveRefused(_("A match is analysed once it has ended."))
        work, created = MatchAnalysis.objects.get_or_create(match=match)
        if not created:
            if work.status != MatchAnalysis.Status.DONE:
                raise MoveRefused(_("The analysis of this match is already under way."))
            work.moves.all().delete()
            work.seed += 1
            work.status = MatchAnalysis.Status.QUEUED
            work.finished_at = None
            work.save(update_fields=["seed", "status", "finished_at"])
        transaction.on_commit(lambda: queue_analysis(match_id))
    return work


@app.task(name=ANALYSE, queue=QUEUE, retry=RETRY_ON_OUTAGE)
def run_analysis(*, match_id: int) -> int:
    """The analysis in the worker's own `analysis` queue."""
    return analyse_match(match_id=match_id)
