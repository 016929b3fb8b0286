"""A player picks how well the bots play (issue 35): the level is kept per bot seat, the bot's
turn is played at it, its name says it, and a seat taken over from a leaver plays normal."""

import random
from datetime import timedelta
from unittest import mock

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation

from config.batch import Batch
from games import bots as levels
from games import search, services
from games.kosmopolis import bot, engine
from games.models import Match, Move, Seat
from games.selectors import seat_name
from games.services.bots import read_last_move, thinkers, thinking_deadline
from games.services.locks import locked
from lobby import services as lobby_services


@pytest.mark.django_db
def test_a_strong_bot_seat_searches_for_a_legal_move_within_the_sites_budget(people, bots, played):
    calls, searches = played
    match = services.play_against_bots(
        user=people[0], game="kosmopolis", seats=2, level=Seat.Level.STRONG
    )
    assert [s.bot_level for s in match.seat_list] == ["normal", "strong"]
    legal = engine.legal_moves(match.state, 1)
    assert len(legal) > 1, "the draft's first pick is a real choice"
    assert services.play_bot_turns(match_id=match.pk) == 1
    assert calls == [(1, "strong")]
    assert searches == [1]
    [move] = Move.objects.filter(match=match)
    assert move.seat == 1
    assert move.payload in legal


@pytest.mark.django_db
def test_a_strong_bot_thinks_in_a_process_of_its_own_and_its_legal_move_is_stored(
    people, bots, settings
):
    settings.BOT_THINKING_PROCESSES = 1
    match = services.play_against_bots(
        user=people[0], game="kosmopolis", seats=2, level=Seat.Level.STRONG
    )
    legal = engine.legal_moves(match.state, 1)
    try:
        assert services.play_bot_turns(match_id=match.pk) == 1
        assert thinkers.cache_info().currsize == 1, "the thinking process was started"
    finally:
        thinkers(1).shutdown()
        thinkers.cache_clear()
    [move] = Move.objects.filter(match=match)
    assert (move.seat, move.payload in legal) == (1, True)


@pytest.mark.django_db
def test_a_strong_bot_whose_turn_came_long_ago_plays_the_normal_move_at_once(
    people, bots, monkeypatch
):
    """The worker got to it a minute late: its thinking time is gone, so it plays at once
    (no playout) the move the normal bot would, rather than make the person wait longer."""
    match = services.play_against_bots(
        user=people[0], game="kosmopolis", seats=2, level=Seat.Level.STRONG
    )
    Match.objects.filter(pk=match.pk).update(started_at=timezone.now() - timedelta(minutes=1))

    def no_playout(*args: object) -> float:
        raise AssertionError("a strong bot out of time played a playout")

    monkeypatch.setattr(search, "_playout", no_playout)
    assert services.play_bot_turns(match_id=match.pk) == 1
    [move] = Move.objects.filter(match=match)
    normal = bot.choose_move(match.state, 1, random.Random(f"{match.seed}/0/1"))
    assert (move.seat, move.payload) == (1, normal)


@pytest.mark.django_db
def test_a_strong_bots_thinking_ends_its_budget_after_its_turn_came(people, bots):
    """Counted from the last move stored, or from when the run was due at the watchers' pace
    if later; a clock ahead of this worker's gives no more than the budget from now."""
    match = services.play_against_bots(
        user=people[0], game="kosmopolis", seats=2, level=Seat.Level.STRONG
    )
    stored = timezone.now() - timedelta(seconds=30)
    Move.objects.create(match=match, seq=0, seat=1, payload={}, events=[])
    Move.objects.filter(match=match).update(created_at=stored)
    reading = Batch()
    last = read_last_move(match.pk, reading)
    with transaction.atomic():
        locked(match.pk, then_read=reading)
    assert last.at == stored
    budget = levels.STRONG_SECONDS
    assert thinking_deadline(match, stored) == pytest.approx(stored.timestamp() + budget)
    due = stored + timedelta(seconds=10)
    assert thinking_deadline(match, stored, due) == pytest.approx(due.timestamp() + budget)
    with mock.patch("games.services.bots.time.time", return_value=stored.timestamp() - 5):
        assert thinking_deadline(match, stored) == pytest.approx(stored.timestamp() - 5 + budget)


@pytest.mark.django_db
def test_a_seat_taken_over_from_a_leaver_plays_normal_beside_strong_bots(
    people, bots, played, settings
):
    settings.BOT_MOVES_PER_RUN = 2
    calls, searches = played
    match = services.play_against_bots(
        user=people[0], game="kosmopolis", seats=2, level=Seat.Level.STRONG
    )
    services.leave_match(match_id=match.pk, user=people[0], reason=Seat.Left.RESIGNED)
    assert services.play_bot_turns(match_id=match.pk) == 2
    assert sorted(calls) == [(0, "normal"), (1, "strong")]
    assert searches == [1], "only the strong seat searches"


@pytest.mark.django_db
def test_the_bots_name_says_its_level_in_english_and_czech(client, people, bots):
    match = services.play_against_bots(
        user=people[0], game="kosmopolis", seats=3, level=Seat.Level.EASY
    )
    services.leave_match(match_id=match.pk, user=people[0], reason=Seat.Left.RESIGNED)
    match = Match.objects.get(pk=match.pk)
    names = {"en": ["Bot for Eva (normal)", "Robot 0 (easy)", "Robot 1 (easy)"]}
    names["cs"] = ["Bot za hráče Eva (běžný)", "Robot 0 (snadný)", "Robot 1 (snadný)"]
    for language, expected in names.items():
        with translation.override(language):
            assert [seat_name(s) for s in match.seat_list] == expected
    client.force_login(people[1])
    html = client.get(match.get_absolute_url()).content.decode()
    assert "Robot 0 (easy)" in html
    assert "Bot for Eva (normal)" in html


@pytest.mark.django_db
def test_the_match_against_bots_offers_the_three_levels_and_refuses_a_forged_one(
    client, people, bots
):
    client.force_login(people[0])
    home = client.get(reverse("home")).content.decode()
    for value in ("easy", "normal", "strong"):
        assert f'<option value="{value}"' in home
    url = reverse("play_against_bots", args=["kosmopolis"])
    forged = client.post(url, {"seats": "2", "bot_level": "grandmaster"}, follow=True)
    assert "Choose one of the bots&#x27; levels: easy, normal or strong." in forged.content.decode()
    assert not Match.objects.exists()
    client.post(url, {"seats": "3", "bot_level": "strong"})
    [match] = Match.objects.all()
    assert [s.bot_level for s in match.seat_list] == ["normal", "strong", "strong"]


@pytest.mark.django_db
def test_a_lobby_tables_bots_play_at_the_level_the_host_picks(client, people, bots):
    table = lobby_services.open_table(host=people[0], game="kosmopolis", seats=3)
    client.force_login(people[0])
    page = client.get(table.get_absolute_url()).content.decode()
    for value in ("easy", "normal", "strong"):
        assert f'<option value="{value}"' in page
    url = reverse("lobby_table_action", args=[table.pk, "bots"])
    forged = client.post(url, {"bot_level": "grandmaster"}, follow=True)
    assert "Choose one of the bots&#x27; levels: easy, normal or strong." in forged.content.decode()
    assert not Match.objects.exists()
    client.post(url, {"bot_level": "easy"})
    [match] = Match.objects.all()
    assert [s.bot_level for s in match.seat_list] == ["normal", "easy", "easy"]


@pytest.mark.django_db
def test_a_rematch_against_bots_keeps_their_level_and_my_games_name_it(client, people, bots):
    match = services.play_against_bots(
        user=people[0], game="kosmopolis", seats=2, level=Seat.Level.STRONG
    )
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    again = lobby_services.rematch(match_id=match.pk, user=people[0])
    assert isinstance(again, Match)
    assert [s.bot_level for s in again.seat_list] == ["strong", "normal"]
    assert [s.is_bot for s in again.seat_list] == [True, False]
    client.force_login(people[0])
    assert "Robot 0 (strong), Eva" in client.get(reverse("my_games")).content.decode()
