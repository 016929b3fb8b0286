"""A tournament by invitation's matches are its people's alone (its players, withdrawn ones
too, and its creator): the table page, its socket, a move, the replay, the record, the chat,
the analysis request, profiles and the lobby's volunteer list. A public tournament's stay open."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services as game_services
from games.consumers import TableConsumer
from games.models import Match
from lobby import selectors as lobby_selectors
from tournaments import services
from tournaments.tests.conftest import settings_for

pytestmark = pytest.mark.django_db(transaction=True)


def _started(people, *, private: bool) -> Match:
    """Eva's tournament (she does not play); Jan and Ota play its one table."""
    tournament = services.create_tournament(
        creator=people[0], now=timezone.now(), **settings_for(private=private)
    )
    for player in people[1:3]:
        services.sign_up(tournament_id=tournament.pk, user=player, token=tournament.invite_token)
    services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    return Match.objects.filter(tournament_pairings__round__tournament=tournament).distinct().get()


def _opens(match: Match, user) -> bool:
    """Whether the match's table socket lets the user in."""
    socket = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/")
    socket.scope["user"] = user
    socket.scope["url_route"] = {"kwargs": {"match_id": match.pk}}

    async def scenario() -> bool:
        connected, _code = await socket.connect()
        await socket.disconnect()
        return connected

    return async_to_sync(scenario)()


def _ended(match: Match, people) -> Match:
    for player in people[1:3]:
        game_services.leave_match(match_id=match.pk, user=player, reason="abandoned")
    match.refresh_from_db()
    assert match.is_over
    return match


def _clients(people) -> dict[str, Client]:
    """The creator, a player, a stranger (Ida) and an anonymous visitor."""
    clients = {name: Client() for name in ("creator", "player", "stranger", "anonymous")}
    clients["creator"].force_login(people[0])
    clients["player"].force_login(people[1])
    clients["stranger"].force_login(people[3])
    return clients


def test_a_private_tournaments_running_match_is_not_found_by_strangers(people):
    match = _started(people, private=True)
    clients = _clients(people)
    pages = [
        match.get_absolute_url(),
        reverse("match_replay", args=[match.pk]),
        reverse("chat_panel", args=[match.pk]),
    ]
    for page in pages:
        assert clients["stranger"].get(page).status_code == 404, page
        assert clients["anonymous"].get(page).status_code == 404, page
        assert clients["creator"].get(page).status_code == 200, page
        assert clients["player"].get(page).status_code == 200, page
    move = reverse("match_move", args=[match.pk])
    refused = clients["stranger"].post(move, {"expected_seq": "0"}, headers={"HX-Request": "true"})
    assert refused.status_code == 404
    assert not _opens(match, people[3])
    assert not _opens(match, AnonymousUser())
    assert _opens(match, people[0]), "the creator watches"
    assert _opens(match, people[2]), "a player plays"


def test_a_private_tournaments_match_asks_no_stranger_for_a_volunteer(people):
    match = _started(people, private=True)
    game_services.ask_for_substitute(match_id=match.pk, user=people[1])
    assert not lobby_selectors.seats_wanting_substitutes(people[3]).exists()
    assert not lobby_selectors.seats_wanting_substitutes(AnonymousUser()).exists()
    assert lobby_selectors.seats_wanting_substitutes(people[0]).exists(), "its creator may"


def test_a_private_tournaments_finished_match_stays_its_peoples(people):
    match = _ended(_started(people, private=True), people)
    clients = _clients(people)
    record = reverse("match_record", args=[match.pk])
    analysis = reverse("match_analysis", args=[match.pk])
    assert clients["stranger"].get(record).status_code == 404
    assert clients["anonymous"].get(record).status_code == 404
    assert clients["player"].get(record).status_code == 200
    assert clients["stranger"].post(analysis).status_code == 404
    assert clients["player"].post(analysis).status_code == 302
    profile = reverse("player_profile", args=[people[1].username])
    assert match.get_absolute_url() not in clients["stranger"].get(profile).content.decode()
    assert match.get_absolute_url() in clients["creator"].get(profile).content.decode()


def test_a_withdrawn_player_still_sees_the_private_tournaments_match(people):
    match = _started(people, private=True)
    tournament_id = match.tournament_pairings.first().round.tournament_id
    services.withdraw(tournament_id=tournament_id, user=people[1])
    client = Client()
    client.force_login(people[1])
    assert client.get(match.get_absolute_url()).status_code == 200


def test_a_public_tournaments_match_is_open_to_anyone(people):
    match = _started(people, private=False)
    clients = _clients(people)
    assert clients["stranger"].get(match.get_absolute_url()).status_code == 200
    assert clients["anonymous"].get(match.get_absolute_url()).status_code == 200
    assert _opens(match, AnonymousUser())
