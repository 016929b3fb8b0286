"""A player who left a match is last, wherever the match is shown; the bot that took the seat
is credited with the seat's play, a win included."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from accounts.models import User
from games import services
from games.kosmopolis import engine
from games.models import Match, PlayerStats, RatingChange
from lobby.selectors import my_matches
from notifications.models import Notification

pytestmark = pytest.mark.django_db(transaction=True)

SEATS = 2


def _moves_where_a_bystander_ends_the_game() -> tuple[int, list[tuple[int, dict]], int]:
    """A seed whose first-legal-move game is won by one seat alone and ended by the other's
    move: (seed, the moves, the winner). The winner can then leave before the last move and
    their seat still wins, without the bot making a move."""
    for seed in range(1, 200):
        state = engine.setup(SEATS, {}, seed)
        moves = []
        while not engine.is_over(state):
            seat = min(engine.to_act(state))
            move = engine.legal_moves(state, seat)[0]
            moves.append((seat, move))
            engine.apply_in_place(state, seat, move)
        winners = engine.result(state)["winners"]
        if len(winners) == 1 and moves[-1][0] not in winners:
            return seed, moves, winners[0]
    raise AssertionError("no such seed")


@pytest.fixture
def players(db) -> list[User]:
    return [
        User.objects.create_user(
            name, f"{name}@example.com", "heslo-123-abc", display_name=name, language="en"
        )
        for name in ("Tomas", "Jana", "Olga")
    ]


@pytest.fixture
def finished(players) -> tuple[Match, int]:
    """A rated match whose winning seat's player resigned before the last move."""
    seed, moves, winner = _moves_where_a_bystander_ends_the_game()
    match = services.start_match(game="kosmopolis", players=players[:SEATS], seed=seed, rated=True)
    for index, (seat, move) in enumerate(moves):
        if index == len(moves) - 1:
            services.leave_match(match_id=match.pk, user=players[winner], reason="resigned")
        services.submit_move(match_id=match.pk, user=players[seat], move=move, expected_seq=index)
    match.refresh_from_db()
    assert match.is_over
    assert match.result["winners"] == [winner]
    return match, winner


def _page(client, url: str, user: User | None = None) -> str:
    if user is not None:
        client.force_login(user)
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return response.content.decode()


def test_the_table_names_the_bot_as_the_winner_and_the_player_who_left_last(
    client, players, finished
):
    match, winner = finished
    left, stayed = players[winner], players[1 - winner]
    for viewer in (None, left, stayed):
        html = _page(client, match.get_absolute_url(), viewer)
        assert f"Game over: {left.public_name} wins" not in html
        assert f"Game over: Bot for {left.public_name} (normal) wins." in html
        assert f"{left.public_name} resigned and is last; a bot plays the seat." in html
        client.logout()


def test_the_replay_credits_the_bot_with_the_win(client, players, finished):
    match, winner = finished
    left = players[winner]
    url = reverse("match_replay", args=[match.pk]) + f"?step={match.move_count}"
    html = _page(client, url)
    assert f"Bot for {left.public_name}" in html
    # The player's own moves, before they left, stay theirs.
    first = _page(client, url.replace(f"?step={match.move_count}", "?step=1"))
    assert f"Bot for {left.public_name}" not in first


def test_my_games_and_the_profile_show_the_player_who_left_last(client, players, finished):
    _match, winner = finished
    left = players[winner]
    mine = _page(client, reverse("my_games"), left)
    assert "place 1" not in mine
    assert "resigned, last place" in mine
    profile = _page(client, reverse("player_profile", args=[left.username]))
    assert "resigned, place 2 of 2" in profile
    assert "1. of 2" not in profile
    assert " points" not in profile.split('id="last-matches"')[1]


def test_statistics_ratings_and_notices_agree_the_player_who_left_is_last(players, finished):
    match, winner = finished
    left, stayed = players[winner], players[1 - winner]
    row = PlayerStats.objects.get(user=left, game="kosmopolis")
    assert (row.won, row.resigned, row.place_sum) == (0, 1, SEATS)
    assert PlayerStats.objects.get(user=stayed, game="kosmopolis").won == 0
    assert RatingChange.objects.get(match=match, user=left).delta < 0
    assert RatingChange.objects.get(match=match, user=stayed).delta > 0
    assert not Notification.objects.filter(user=left, kind="match_ended").exists()


def test_after_the_end_the_player_who_left_replays_from_their_own_seat(client, players, finished):
    match, winner = finished
    state = engine.setup(SEATS, {}, int(match.seed))
    for seat, payload in match.moves.order_by("seq").values_list("seat", "payload")[:1]:
        engine.apply_in_place(state, seat, payload)
    url = reverse("match_replay", args=[match.pk]) + "?step=1"
    shown = set(map(int, re.findall(r'data-card="(\d+)"', _page(client, url, players[winner]))))
    assert set(state["packets"][winner]) <= shown
    assert not shown & set(state["packets"][1 - winner])


def test_a_seat_left_to_a_bot_is_never_the_players_turn_in_my_games(players, queued_tasks):
    """Until the bot moves (its run waits in the queue), the seat acts, but the player who left
    has nothing to do there."""
    match = services.start_match(game="kosmopolis", players=players[:SEATS])
    services.leave_match(match_id=match.pk, user=players[0], reason="abandoned")
    match.refresh_from_db()
    assert 0 in engine.to_act(match.state)
    groups = my_matches(players[0])
    assert [entry.match.pk for entry in groups["waiting"]] == [match.pk]
    assert groups["my_turn"] == []
    assert [entry.match.pk for entry in my_matches(players[1])["my_turn"]] == [match.pk]
