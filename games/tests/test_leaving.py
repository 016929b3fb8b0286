"""Leaving a match: asked once and explained, logged for everyone, the players who stay may end
the match, clocks warn before they run out and vanish for a seat that left."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.kosmopolis import engine
from games.models import Match, PlayerStats, RatingChange, Seat
from games.registry import GAMES
from games.selectors import load_table, table_for
from games.tests.example import every_game
from games.tests.playing import play_first_legal_move
from notifications.models import Notification
from notifications.selectors import sentence

pytestmark = pytest.mark.django_db(transaction=True)


def _page(client, match: Match, user) -> str:
    client.force_login(user)
    return client.get(match.get_absolute_url()).content.decode()


def _footer(html: str) -> str:
    return html[html.index('id="table-footer"') :]


def test_resigning_and_abandoning_are_explained_and_asked_once(client, people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    footer = _footer(_page(client, match, people[0]))
    resign = re.search(
        r'<details class="confirm-leave">\s*<summary>Resign…</summary>(.*?)</details>', footer, re.S
    )
    abandon = re.search(
        r'<details class="confirm-leave">\s*<summary>Abandon…</summary>(.*?)</details>',
        footer,
        re.S,
    )
    assert resign, "resigning opens its own confirmation"
    assert abandon, "abandoning opens its own confirmation"
    assert "count the match as resigned" in resign.group(1)
    assert 'value="resigned"' in resign.group(1)
    assert "Yes, resign" in resign.group(1)
    assert "count the match as abandoned" in abandon.group(1)
    assert 'value="abandoned"' in abandon.group(1)
    outside = re.sub(r'<details class="confirm-leave">.*?</details>', "", footer, flags=re.S)
    assert 'value="resigned"' not in outside
    assert 'value="abandoned"' not in outside


def test_a_resignation_and_a_timeout_are_in_everyones_log(client, people):
    match = services.start_match(
        game="kosmopolis", players=people[:3], clock_seconds=300, increment_seconds=0
    )
    play_first_legal_move(match, people[0], 0)
    client.post(reverse("match_leave", args=[match.pk]), {"reason": "resigned"})
    services.leave_match(match_id=match.pk, user=people[1], reason=Seat.Left.RESIGNED)
    seat = Seat.objects.get(match=match, number=2)
    services.expire_clocks(match_id=match.pk, now=seat.deadline(match) + timedelta(seconds=1))
    for viewer in (people[0], people[2], people[3]):
        log = _page(client, match, viewer).split('id="log"')[1]
        assert "Jan resigned; a bot plays the seat." in log
        assert "Ota ran out of time; a bot plays the seat." in log
        assert log.index("Ota ran out of time") < log.index("Jan resigned"), "newest first"


def test_a_seat_handed_over_is_in_everyones_log_and_its_earlier_moves_keep_their_player(
    client, people
):
    """Eva hands her seat to Ida: the log says so where it happened, and the move Eva made
    before is still hers, not Ida's."""
    match = services.start_match(game="kosmopolis", players=people[:3])
    for seat in range(3):
        play_first_legal_move(match, people[seat], seat)
    offer = services.offer_seat(match_id=match.pk, user=people[0], substitute=people[3])
    services.accept_seat_offer(offer_id=offer.pk, user=people[3])
    for viewer in (people[1], people[2]):
        log = _page(client, match, viewer).split('id="log"')[1]
        assert "Eva handed the seat to Ida." in log
        assert "Eva sets 2 cards aside" in log
        assert "Ida sets 2 cards aside" not in log


def test_the_clock_of_a_seat_that_left_is_not_shown(client, people):
    match = services.start_match(game="kosmopolis", players=people[:2], clock_seconds=300)
    play_first_legal_move(match, people[0], 0)
    seat = Seat.objects.get(match=match, number=1)
    services.expire_clocks(match_id=match.pk, now=seat.deadline(match) + timedelta(seconds=1))
    match.refresh_from_db()
    assert not match.is_over
    html = _page(client, match, people[0])
    panel = html.split('class="player-panel seat-1')[1].split("</li>")[0]
    assert "ran out of time" in panel
    assert "Time left" not in panel


def _two_player_match_left_by(people, leaver: int, *, rated: bool = True) -> Match:
    match = services.start_match(
        game="kosmopolis", players=people[:2], rated=rated, clock_seconds=600
    )
    for _turn in range(8):
        match.refresh_from_db()
        acting = engine.to_act(match.state) - {leaver}
        if not acting:
            break
        seat = min(acting)
        play_first_legal_move(match, people[seat], seat)
    services.leave_match(match_id=match.pk, user=people[leaver], reason=Seat.Left.RESIGNED)
    return match


def test_the_player_who_stays_ends_the_match_and_it_counts(client, people):
    match = _two_player_match_left_by(people, 0)
    footer = _footer(_page(client, match, people[1]))
    assert "End the match now" in footer
    client.post(reverse("match_end_early", args=[match.pk]))
    match.refresh_from_db()
    assert match.is_over
    assert match.result["ended_early"]
    eva, jan = Seat.objects.get(match=match, number=0), Seat.objects.get(match=match, number=1)
    assert (eva.rank, jan.rank) == (2, 1)
    assert match.result["winners"] == [1]
    assert PlayerStats.objects.get(user=people[1], game="kosmopolis").won == 1
    assert PlayerStats.objects.get(user=people[0], game="kosmopolis").resigned == 1
    assert RatingChange.objects.get(match=match, user=people[1]).delta > 0
    for viewer in people[:2]:
        html = _page(client, match, viewer)
        assert "The match was ended early. Winner: Jan." in html
        assert "The players who stayed ended the match early." in html


def test_a_match_ends_early_only_when_everyone_who_stayed_asks(people):
    match = services.start_match(game="kosmopolis", players=people[:3])
    with pytest.raises(services.MoveRefused):
        services.end_match_early(match_id=match.pk, user=people[1])
    services.leave_match(match_id=match.pk, user=people[0], reason=Seat.Left.ABANDONED)
    assert services.end_match_early(match_id=match.pk, user=people[1]) is False
    html_context = table_for(load_table(match.pk), people[2])
    assert html_context.may_end_early
    assert html_context.end_waits_for == ["Ota"]
    with pytest.raises(services.MoveRefused):
        services.end_match_early(match_id=match.pk, user=people[0])
    assert services.end_match_early(match_id=match.pk, user=people[2]) is True
    match.refresh_from_db()
    ranks = dict(Seat.objects.filter(match=match).values_list("number", "rank"))
    assert ranks[0] == 3
    assert sorted([ranks[1], ranks[2]])[0] == 1


@pytest.mark.parametrize("game", every_game())
def test_every_game_ends_early_by_its_own_standing(client, people, game):
    """After a few moves one of three players resigns; the two who stay end the match from the
    table. The leaver is last, the others are placed by the engine's standing."""
    info = GAMES[game]
    match = services.start_match(game=game, players=people[:3])
    for _move in range(6):
        match.refresh_from_db()
        seat = min(info.engine.to_act(match.state))
        play_first_legal_move(match, people[seat], seat)
    client.force_login(people[0])
    client.post(reverse("match_leave", args=[match.pk]), {"reason": "resigned"})
    for stayer in people[1:3]:
        client.force_login(stayer)
        assert client.post(reverse("match_end_early", args=[match.pk])).status_code == 302
    match.refresh_from_db()
    assert match.is_over
    assert match.result["ended_early"]
    assert len(match.result["scores"]) == 3
    standing = info.engine.standing(match.state)["ranks"]
    ranks = match.result["ranks"]
    assert ranks[0] == 3
    assert (ranks[1] < ranks[2]) == (standing[1] < standing[2])
    assert (ranks[1] == ranks[2]) == (standing[1] == standing[2])
    assert match.result["winners"] == [s for s in (1, 2) if ranks[s] == 1]
    stored = dict(Seat.objects.filter(match=match).values_list("number", "rank"))
    assert stored == dict(enumerate(ranks))
    for viewer in people[:4]:
        html = _page(client, match, viewer)
        assert "The match was ended early. Winner:" in html
        assert "The players who stayed ended the match early." in html


def test_a_real_time_player_is_warned_before_the_clock_runs_out(client, people):
    match = services.start_match(game="kosmopolis", players=people[:2], clock_seconds=120)
    seat = Seat.objects.get(match=match, number=0)
    assert services.send_turn_reminder(
        match_id=match.pk, seat=0, since=seat.turn_started_at.isoformat()
    )
    notice = Notification.objects.get(user=people[0], kind="turn_reminder")
    assert sentence(notice) == f"Less than 30 seconds left on your clock in Kosmopolis #{match.pk}."
    html = _page(client, match, people[1])
    assert 'class="clock running"' in html.split("seat-0")[1]
    Seat.objects.filter(match=match).update(turn_started_at=timezone.now() - timedelta(seconds=100))
    html = _page(client, match, people[1])
    assert 'class="clock running low"' in html.split("seat-0")[1]
