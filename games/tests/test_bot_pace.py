"""Bots' moves in a row are spaced at the pace of the people watching, so they can be followed:
the next one is scheduled in the task queue, never slept for in a worker."""

from datetime import timedelta

import pytest
from django.utils import timezone
from procrastinate.contrib.django import app

from games import services
from games.kosmopolis import engine
from games.models import Move
from games.presence import arrive


def _waiting_runs() -> list[dict]:
    return app.connector.scheduled("games.services.run_bots")  # type: ignore[attr-defined]


def _draft_with_two_bots(person, bots):
    """The opening draft, where both bots must act at once. Outside a transaction test nothing
    commits, so the bots' first run has not happened yet."""
    match = services.start_match(game="kosmopolis", players=[person, bots[0], bots[1]])
    assert {1, 2} <= engine.to_act(match.state)
    return match


@pytest.mark.django_db
def test_a_second_bot_move_in_a_row_waits_the_watching_players_pace(
    people, bots, django_capture_on_commit_callbacks
):
    person = people[0]
    match = _draft_with_two_bots(person, bots)
    arrive(match.pk, person.pk, "socket-1")
    before = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        played = services.play_bot_turns(match_id=match.pk)
    assert played == 1, "the first bot move answers at once; the next one waits"
    assert Move.objects.filter(match=match).count() == 1
    [waiting] = _waiting_runs()
    assert waiting["args"] == {"match_id": match.pk}
    delay = waiting["scheduled_at"] - before
    assert timedelta(milliseconds=700) <= delay < timedelta(milliseconds=700 + 500)


@pytest.mark.django_db
def test_the_slowest_pace_of_the_people_at_the_table_counts(
    people, bots, django_capture_on_commit_callbacks
):
    person = people[0]
    person.bot_pace_ms = 2500
    person.save(update_fields=["bot_pace_ms"])
    match = _draft_with_two_bots(person, bots)
    arrive(match.pk, person.pk, "socket-1")
    before = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        services.play_bot_turns(match_id=match.pk)
    [waiting] = _waiting_runs()
    assert waiting["scheduled_at"] - before >= timedelta(milliseconds=2500)


@pytest.mark.django_db
def test_pace_zero_plays_the_bots_at_once(people, bots, django_capture_on_commit_callbacks):
    person = people[0]
    person.bot_pace_ms = 0
    person.save(update_fields=["bot_pace_ms"])
    match = _draft_with_two_bots(person, bots)
    arrive(match.pk, person.pk, "socket-1")
    with django_capture_on_commit_callbacks(execute=True):
        played = services.play_bot_turns(match_id=match.pk)
    assert played == 2
    assert _waiting_runs() == []


@pytest.mark.django_db
def test_nobody_at_the_table_means_nobody_to_follow_and_no_wait(
    people, bots, django_capture_on_commit_callbacks
):
    match = _draft_with_two_bots(people[0], bots)
    with django_capture_on_commit_callbacks(execute=True):
        played = services.play_bot_turns(match_id=match.pk)
    assert played == 2
    assert _waiting_runs() == []


@pytest.mark.django_db
def test_the_scheduled_run_plays_the_waiting_bot(people, bots, django_capture_on_commit_callbacks):
    person = people[0]
    match = _draft_with_two_bots(person, bots)
    arrive(match.pk, person.pk, "socket-1")
    with django_capture_on_commit_callbacks(execute=True):
        services.play_bot_turns(match_id=match.pk)
        played = services.play_bot_turns(match_id=match.pk)
    assert played == 1
    assert sorted(Move.objects.filter(match=match).values_list("seat", flat=True)) == [1, 2]
    assert 0 in engine.to_act(Move.objects.get(match=match, seat=2).match.state)
