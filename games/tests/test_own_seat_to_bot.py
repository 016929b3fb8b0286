"""A player lets a bot of the level they pick play their own seat and takes it back at any
moment (issue 35, item 3): the bot plays the seat's turns at that level in the worker, the
player's clock and turn notices rest meanwhile, the table says so to everyone, their hidden
cards stay theirs alone, a rated match against people refuses it, and a match a bot played for
someone never counts as their own win."""

import re
from datetime import timedelta
from unittest import mock

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.urls import reverse
from django.utils import timezone

from games import services, stats
from games.consumers import TableConsumer
from games.kosmopolis import engine
from games.models import Match, Move, PlayerStats, Seat
from games.services import MoveRefused
from games.tests.hidden import SECRETS, cards_shown
from games.tests.playing import play_first_legal_move
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def _seat(match: Match, number: int) -> Seat:
    return Seat.objects.get(match=match, number=number)


def _seats(match: Match) -> list[tuple]:
    """What handing a seat over may change, seat by seat."""
    return list(
        Seat.objects.filter(match=match)
        .order_by("number")
        .values_list("is_bot", "bot_level", "handed_at", "bot_helped", "turn_started_at")
    )


def _page(client, match: Match, user) -> str:
    client.force_login(user)
    return client.get(match.get_absolute_url()).content.decode()


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_a_bot_plays_my_seat_at_the_level_i_pick_until_i_take_it_back(
    people, bots, played, settings, level
):
    settings.BOT_MOVES_PER_RUN = 2
    calls, searches = played
    eva = people[0]
    match = services.play_against_bots(user=eva, game="kosmopolis", seats=2)
    legal = engine.legal_moves(match.state, 0)
    services.let_bot_play(match_id=match.pk, user=eva, level=level)
    assert services.play_bot_turns(match_id=match.pk) == 2
    assert sorted(calls) == [(0, level), (1, "normal")]
    assert searches == ([0] if level == "strong" else [])
    [bots_move] = Move.objects.filter(match=match, seat=0)
    assert bots_move.payload in legal

    services.take_seat_back(match_id=match.pk, user=eva)
    calls.clear()
    match.refresh_from_db()
    assert 0 in engine.to_act(match.state), "the next draft step is Eva's again"
    services.play_bot_turns(match_id=match.pk)
    assert all(seat != 0 for seat, _level in calls), "the bot has stopped"
    play_first_legal_move(match, eva, 0)
    assert Move.objects.filter(match=match, seat=0).count() == 2
    assert _seat(match, 0).bot_helped, "the match remembers that a bot played for Eva"


def test_while_a_bot_plays_for_me_my_own_move_is_refused_and_changes_nothing(people, bots):
    eva = people[0]
    match = services.play_against_bots(user=eva, game="kosmopolis", seats=2)
    services.let_bot_play(match_id=match.pk, user=eva, level=Seat.Level.STRONG)
    with pytest.raises(
        MoveRefused, match=re.escape("A bot plays for you now: take your seat back to move.")
    ):
        play_first_legal_move(match, eva, 0)
    assert not Move.objects.filter(match=match).exists()


def test_forged_levels_other_peoples_seats_and_finished_matches_are_refused(client, people):
    eva, jan, ota = people[:3]
    match = services.start_match(game="kosmopolis", players=[eva, jan])
    untouched = _seats(match)
    refusals = [
        (
            lambda: services.let_bot_play(match_id=match.pk, user=eva, level="grandmaster"),
            "Choose one of the bots' levels: easy, normal or strong.",
        ),
        (
            lambda: services.let_bot_play(match_id=match.pk, user=ota, level="strong"),
            "You do not sit at this table.",
        ),
        (
            lambda: services.take_seat_back(match_id=match.pk, user=eva),
            "No bot plays for you: your seat is already yours.",
        ),
        (
            lambda: services.take_seat_back(match_id=match.pk, user=ota),
            "You do not sit at this table.",
        ),
    ]
    for refused, message in refusals:
        with pytest.raises(MoveRefused, match=re.escape(message)):
            refused()
        assert _seats(match) == untouched
    client.force_login(ota)
    answer = client.post(reverse("match_let_bot_play", args=[match.pk]), {"bot_level": "easy"})
    assert answer.status_code == 302
    assert _seats(match) == untouched

    services.let_bot_play(match_id=match.pk, user=eva, level=Seat.Level.STRONG)
    handed = _seats(match)
    with pytest.raises(MoveRefused, match="A bot already plays for you; take your seat back first"):
        services.let_bot_play(match_id=match.pk, user=eva, level=Seat.Level.EASY)
    with pytest.raises(MoveRefused, match="No bot plays for you"):
        services.take_seat_back(match_id=match.pk, user=jan)
    assert _seats(match) == handed

    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    with pytest.raises(MoveRefused, match=re.escape("The game is over.")):
        services.take_seat_back(match_id=match.pk, user=eva)
    with pytest.raises(MoveRefused, match=re.escape("The game is over.")):
        services.let_bot_play(match_id=match.pk, user=jan, level=Seat.Level.EASY)
    assert _seats(match) == handed


def test_a_bot_never_plays_for_a_person_in_a_rated_match_against_people(client, people, bots):
    eva, jan = people[:2]
    match = services.start_match(game="kosmopolis", players=[eva, jan], rated=True)
    untouched = _seats(match)
    with pytest.raises(MoveRefused, match="In a rated match against other people no bot"):
        services.let_bot_play(match_id=match.pk, user=eva, level=Seat.Level.STRONG)
    assert _seats(match) == untouched
    footer = _page(client, match, eva).split('id="table-footer"')[1]
    assert "In a rated match against other people no bot may play for you." in footer
    assert reverse("match_let_bot_play", args=[match.pk]) not in footer

    # Rated or not, a match against bots only rates nobody: a bot may play for its person.
    alone = services.start_match(game="kosmopolis", players=[eva, bots[0]], rated=True)
    services.let_bot_play(match_id=alone.pk, user=eva, level=Seat.Level.EASY)
    assert _seat(alone, 0).handed


def test_the_table_tells_me_and_the_others_who_plays_my_seat(client, people):
    eva, jan = people[:2]
    match = services.start_match(game="kosmopolis", players=[eva, jan])
    client.force_login(eva)
    client.post(reverse("match_let_bot_play", args=[match.pk]), {"bot_level": "strong"})
    assert _seat(match, 0).handed
    mine = _page(client, match, eva)
    assert "A strong bot plays for you." in mine
    assert reverse("match_take_seat_back", args=[match.pk]) in mine
    assert 'data-my-turn="0"' in mine, "Eva must act, but the bot moves for her"
    theirs = _page(client, match, jan)
    assert "Bot for Eva (strong)" in theirs
    assert "plays for you" not in theirs
    eva.language = "cs"
    eva.save(update_fields=["language"])
    assert "Za vás hraje silný bot." in _page(client, match, eva)

    client.force_login(eva)
    client.post(reverse("match_take_seat_back", args=[match.pk]))
    assert not _seat(match, 0).handed
    mine = _page(client, match, eva)
    assert "plays for you" not in mine
    assert "A bot played (part of) this match for Eva." in _page(client, match, jan)


def test_my_clock_stops_while_a_bot_plays_for_me_and_runs_again_when_i_take_my_seat_back(people):
    eva, jan = people[:2]
    start = timezone.now()
    with mock.patch("django.utils.timezone.now", return_value=start):
        match = services.start_match(game="kosmopolis", players=[eva, jan], clock_seconds=600)
    with mock.patch("django.utils.timezone.now", return_value=start + timedelta(seconds=20)):
        services.let_bot_play(match_id=match.pk, user=eva, level=Seat.Level.NORMAL)
    seat = _seat(match, 0)
    assert (seat.time_left_ms, seat.turn_started_at) == (580_000, None)
    assert seat.deadline(match) is None
    later = start + timedelta(seconds=100)
    with mock.patch("django.utils.timezone.now", return_value=later):
        services.take_seat_back(match_id=match.pk, user=eva)
    seat = _seat(match, 0)
    assert seat.turn_started_at == later
    assert seat.deadline(match) == later + timedelta(seconds=580)


def test_my_turns_do_not_call_me_while_a_bot_plays_for_me(client, people):
    eva, jan = people[:2]
    match = services.start_match(
        game="kosmopolis", players=[eva, jan], pace=Match.Pace.TURN_BASED, move_hours=24
    )
    services.let_bot_play(match_id=match.pk, user=eva, level=Seat.Level.EASY)
    called = Notification.objects.filter(user=eva, kind="your_turn")
    called.update(read_at=timezone.now())  # the match's first turn called her; she looked
    assert services.play_bot_turns(match_id=match.pk) == 1
    play_first_legal_move(match, jan, 1)
    match.refresh_from_db()
    assert 0 in engine.to_act(match.state), "the next draft step is Eva's seat's turn"
    assert not called.filter(read_at__isnull=True).exists(), "a call would be unread again"
    client.force_login(eva)
    assert "my-match my-turn" not in client.get(reverse("my_games")).content.decode()


def test_my_solo_game_of_ostrov_kocek_played_by_a_strong_bot_against_the_sister(
    people, played, settings
):
    settings.BOT_MOVES_PER_RUN = 1
    calls, searches = played
    eva = people[0]
    match = services.play_against_bots(user=eva, game="isle_of_cats", seats=1)
    services.let_bot_play(match_id=match.pk, user=eva, level=Seat.Level.STRONG)
    assert services.play_bot_turns(match_id=match.pk) == 1
    assert calls == [(0, "strong")]
    assert searches == [0]
    assert Move.objects.filter(match=match, seat=0).count() == 1


def test_my_hidden_cards_are_still_shown_to_me_alone(client, people):
    eva, jan, ota = people[:3]
    match = services.start_match(game="kosmopolis", players=[eva, jan, ota])
    services.let_bot_play(match_id=match.pk, user=eva, level=Seat.Level.STRONG)
    match.refresh_from_db()
    for number, viewer in enumerate((eva, jan, ota)):
        hidden, own = (
            {str(card) for card in cards} for cards in SECRETS["kosmopolis"](match.state, number)
        )
        shown = cards_shown(_page(client, match, viewer))
        assert own, "every seat holds cards of its own in the draft"
        assert own <= shown
        assert not shown & hidden


def test_a_match_a_bot_played_for_me_is_never_my_own_win(client, people, settings):
    settings.BOT_MOVES_PER_RUN = 10_000
    eva = people[0]
    match = services.play_against_bots(user=eva, game="isle_of_cats", seats=1)
    services.let_bot_play(match_id=match.pk, user=eva, level=Seat.Level.EASY)
    services.play_bot_turns(match_id=match.pk)
    match.refresh_from_db()
    assert match.is_over
    # Whatever the bot scored, the seat's win would be Eva's, and it is not.
    Seat.objects.filter(match=match).update(rank=1)
    stats.rebuild()
    row = PlayerStats.objects.get(user=eva, game="isle_of_cats")
    assert (row.played, row.won, row.scored, row.current_streak) == (1, 0, 0, 0)
    Seat.objects.filter(match=match).update(bot_helped=False)
    stats.rebuild()
    assert PlayerStats.objects.get(user=eva, game="isle_of_cats").won == 1
    Seat.objects.filter(match=match).update(bot_helped=True)
    client.force_login(eva)
    assert "a bot played for you" in client.get(reverse("my_games")).content.decode()
    assert "A bot played (part of) this match for Eva." in _page(client, match, eva)


def test_resigning_while_a_bot_plays_for_me_leaves_the_seat_for_good(people, bots):
    eva = people[0]
    match = services.play_against_bots(user=eva, game="kosmopolis", seats=2)
    services.let_bot_play(match_id=match.pk, user=eva, level=Seat.Level.STRONG)
    services.leave_match(match_id=match.pk, user=eva, reason=Seat.Left.RESIGNED)
    seat = _seat(match, 0)
    assert (seat.left, seat.handed, seat.playing_level) == (Seat.Left.RESIGNED, False, "normal")
    with pytest.raises(MoveRefused, match=re.escape("You do not sit at this table.")):
        services.take_seat_back(match_id=match.pk, user=eva)


def test_while_a_bot_plays_for_me_i_still_have_a_say_in_ending_the_match_early(people):
    eva, jan, ota = people[:3]
    match = services.start_match(game="kosmopolis", players=[eva, jan, ota])
    services.leave_match(match_id=match.pk, user=ota, reason=Seat.Left.ABANDONED)
    services.let_bot_play(match_id=match.pk, user=eva, level=Seat.Level.EASY)
    with pytest.raises(MoveRefused, match="A bot plays for you now: take your seat back first"):
        services.offer_seat(match_id=match.pk, user=eva, substitute=people[3])
    assert not services.end_match_early(match_id=match.pk, user=jan), "Eva has not asked yet"
    assert services.end_match_early(match_id=match.pk, user=eva)
    match.refresh_from_db()
    assert match.result["ended_early"]


@pytest.mark.django_db(transaction=True)
def test_the_live_table_tells_me_and_the_others_at_once_and_keeps_my_cards_mine(people):
    eva, jan, ota = people[:3]
    match = services.start_match(game="kosmopolis", players=[eva, jan, ota])

    def socket(user) -> WebsocketCommunicator:
        communicator = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/")
        communicator.scope["user"] = user
        communicator.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
        return communicator

    async def pushed(communicator) -> str:
        frames = []
        while not await communicator.receive_nothing(timeout=0.5):
            frames.append(await communicator.receive_from())
        return "".join(frames)

    let, back = (
        database_sync_to_async(services.let_bot_play),
        database_sync_to_async(services.take_seat_back),
    )

    async def scenario() -> tuple[str, str, str]:
        mine, theirs = socket(eva), socket(jan)
        try:
            await mine.connect()
            await theirs.connect()
            await pushed(mine), await pushed(theirs)
            await let(match_id=match.pk, user=eva, level=Seat.Level.STRONG)
            handed_mine, handed_theirs = await pushed(mine), await pushed(theirs)
            await back(match_id=match.pk, user=eva)
            return handed_mine, handed_theirs, await pushed(mine)
        finally:
            await mine.disconnect()
            await theirs.disconnect()

    handed_mine, handed_theirs, taken_back = async_to_sync(scenario)()
    assert "A strong bot plays for you." in handed_mine
    assert reverse("match_take_seat_back", args=[match.pk]) in handed_mine
    assert "Bot for Eva (strong)" in handed_theirs
    assert "plays for you" not in handed_theirs
    hidden_from_jan = {str(card) for card in SECRETS["kosmopolis"](match.state, 1)[0]}
    assert not cards_shown(handed_theirs) & hidden_from_jan
    assert "Let a bot play for me" in taken_back


def test_a_place_a_bot_won_for_me_puts_me_ahead_of_nobody_head_to_head(people):
    eva, jan = people[:2]
    match = services.start_match(game="kosmopolis", players=[eva, jan])
    services.let_bot_play(match_id=match.pk, user=eva, level=Seat.Level.STRONG)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    ahead = {}
    for eva_rank, jan_rank in ((1, 2), (2, 1)):
        Seat.objects.filter(match=match, user=eva).update(rank=eva_rank)
        Seat.objects.filter(match=match, user=jan).update(rank=jan_rank)
        [rivalry], _recent = stats.head_to_head(eva, jan, eva)
        ahead[eva_rank] = (rivalry.first_ahead, rivalry.second_ahead)
    assert ahead == {1: (0, 0), 2: (0, 1)}
