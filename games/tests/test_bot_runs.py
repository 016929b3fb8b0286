"""A run of the bots is bounded: it plays a few moves of one match and queues the rest, and a
bot seat that goes on moving in a row far longer than any turn is stopped with an error logged,
never left spinning in a worker."""

import logging

import pytest
from procrastinate.contrib.django import app

from config.batch import Batch
from games import services
from games.models import Match, Move
from games.services.bots import read_last_move
from games.services.locks import locked
from games.space_bastards import engine


def _waiting_runs() -> list[dict]:
    return app.connector.scheduled("games.services.run_bots")  # type: ignore[attr-defined]


def _bot_match(bots) -> Match:
    """Three bots at a Space Bastards table; outside a transaction test nothing commits, so
    their first run has not happened yet."""
    return services.start_match(game="space_bastards", players=bots[:3], seed=12)


def _in_a_row(match: Match) -> int:
    seats = list(Move.objects.filter(match=match).order_by("-seq").values_list("seat", flat=True))
    return next((n for n, seat in enumerate(seats) if seat != seats[0]), len(seats))


@pytest.mark.django_db
def test_a_run_plays_at_most_its_share_and_the_runs_queued_after_it_play_to_the_end(
    bots, settings, django_capture_on_commit_callbacks
):
    settings.BOT_MOVES_PER_RUN = 7
    match = _bot_match(bots)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.play_bot_turns(match_id=match.pk) == 7
        assert Move.objects.filter(match=match).count() == 7
    match.refresh_from_db()  # the run queued after commit, and those it queued, played on
    assert match.is_over
    assert match.move_count > 100
    assert _waiting_runs() == []


@pytest.mark.django_db
def test_the_lock_reads_who_moved_last_and_how_many_times_in_a_row(bots):
    match = _bot_match(bots)
    reading = Batch()
    nothing_yet = read_last_move(match.pk, reading)
    locked(match.pk, then_read=reading)
    assert (nothing_yet.seat, nothing_yet.at, nothing_yet.in_a_row) == (None, None, 0)
    for seq, seat in enumerate([0, 1, 2, 2, 1, 1, 1]):
        Move.objects.create(match=match, seq=seq, seat=seat, payload={}, events=[])
    reading = Batch()
    last = read_last_move(match.pk, reading)
    locked(match.pk, then_read=reading)
    assert (last.seat, last.in_a_row) == (1, 3)
    assert last.at == Move.objects.get(match=match, seq=6).created_at


@pytest.mark.django_db
def test_a_bot_moving_in_a_row_beyond_the_bound_is_stopped_with_an_error(
    bots, settings, caplog, django_capture_on_commit_callbacks
):
    settings.BOT_MOVES_PER_RUN = 1
    settings.BOT_MOVES_IN_A_ROW = 2
    match = _bot_match(bots)
    with caplog.at_level(logging.ERROR), django_capture_on_commit_callbacks(execute=True):
        services.play_bot_turns(match_id=match.pk)
    match.refresh_from_db()
    assert not match.is_over
    assert _in_a_row(match) == 2, "the runs counted the moves in a row across each other"
    stuck = Move.objects.filter(match=match).order_by("-seq").first().seat
    assert stuck in engine.to_act(match.state)
    [record] = [r for r in caplog.records if r.name == "games.services.bots"]
    assert record.levelno == logging.ERROR
    assert f"match {match.pk}" in record.getMessage()
    assert f"seat {stuck}" in record.getMessage()
    caplog.clear()
    with caplog.at_level(logging.ERROR), django_capture_on_commit_callbacks(execute=True) as again:
        assert services.play_bot_turns(match_id=match.pk) == 0
    assert again == [], "a stopped bot is not queued again"
    assert _waiting_runs() == []
    assert [r.levelno for r in caplog.records if r.name == "games.services.bots"] == [logging.ERROR]
