"""The tournament pages: the lists, the create form and its rate limit, a tournament's page
with sign-up, withdrawal, the round's tables and the standings, kept live over a websocket;
tournaments on the home page, in "My games" and on profiles."""

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.urls import reverse
from django.utils import timezone

from games import services as game_services
from games.models import Match
from tournaments import services
from tournaments.models import Pairing, Participant, Round, Tournament
from tournaments.routing import websocket_urlpatterns
from tournaments.tests.conftest import settings_for


def _form(**changed):
    starts = (timezone.localtime() + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M")
    return {
        "name": "Sunday Swiss",
        "kind": "swiss",
        "duration_minutes": "60",
        "seats": "2",
        "starts_at": starts,
        "rounds": "4",
        "max_players": "12",
        "pace": "live",
        "clock_minutes": "3",
        "clock_increment": "2",
        "move_hours": "24",
        "round_days": "7",
        "rated": "on",
        **changed,
    }


@pytest.mark.django_db
def test_a_player_creates_a_tournament_and_lands_on_its_page(client, people):
    client.force_login(people[0])
    page = client.get(reverse("tournament_create", args=["seven_dragons"]))
    assert page.status_code == 200
    assert "Players at a table" in page.content.decode()
    answer = client.post(reverse("tournament_create", args=["seven_dragons"]), _form())
    tournament = Tournament.objects.get()
    assert answer.url == tournament.get_absolute_url()
    assert (tournament.game, tournament.seats, tournament.rounds) == ("seven_dragons", 2, 4)
    assert (tournament.clock_minutes, tournament.clock_increment) == (3, 2)
    assert tournament.created_by == people[0]


@pytest.mark.django_db
def test_creating_is_rate_limited_and_bad_settings_change_nothing(client, people, settings):
    settings.PLAY_RATE_LIMITS = {**settings.PLAY_RATE_LIMITS, "new_tournament": "2/h"}
    client.force_login(people[0])
    url = reverse("tournament_create", args=["seven_dragons"])
    past = (timezone.localtime() - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    refused = client.post(url, _form(starts_at=past))
    assert "A tournament starts in the future." in refused.content.decode()
    assert client.post(url, _form()).status_code == 302
    assert client.post(url, _form()).status_code == 429
    assert Tournament.objects.count() == 1


@pytest.mark.django_db
def test_the_list_shows_public_tournaments_by_game_and_hides_private_ones(
    client, people, make_tournament
):
    make_tournament(name="Dragons open")
    make_tournament(name="Cats open", game="isle_of_cats")
    make_tournament(name="Secret cup", private=True)
    listed = client.get(reverse("tournaments")).content.decode()
    assert "Dragons open" in listed
    assert "Cats open" in listed
    assert "Secret cup" not in listed
    cats = client.get(reverse("tournaments"), {"game": "isle_of_cats"}).content.decode()
    assert "Cats open" in cats
    assert "Dragons open" not in cats
    client.force_login(people[0])
    assert "Secret cup" in client.get(reverse("tournaments")).content.decode(), "its creator"
    secret = Tournament.objects.get(name="Secret cup")
    for person in people[1:3]:
        services.sign_up(tournament_id=secret.pk, user=person, token=secret.invite_token)
    client.force_login(people[1])
    mine = client.get(reverse("tournaments")).content.decode()
    assert "2 players" in mine.split("Secret cup")[1].split("</li>")[0], "all who signed up"


@pytest.mark.django_db
def test_a_private_tournament_is_reached_by_its_link_only(client, people, make_tournament):
    tournament = make_tournament(private=True)
    client.force_login(people[1])
    assert client.get(tournament.get_absolute_url()).status_code == 404
    assert (
        client.post(reverse("tournament_action", args=[tournament.pk, "join"])).status_code == 302
    )
    assert not tournament.participants.exists()
    client.post(tournament.invite_url())
    assert tournament.participants.get().user == people[1]
    assert client.get(tournament.get_absolute_url()).status_code == 200


@pytest.mark.django_db
def test_signing_up_and_withdrawing_on_the_page(client, people, make_tournament):
    tournament = make_tournament()
    client.force_login(people[1])
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Sign up" in page
    client.post(reverse("tournament_action", args=[tournament.pk, "join"]))
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert 'data-player="Jan"' in page
    assert "Withdraw" in page
    client.post(reverse("tournament_action", args=[tournament.pk, "withdraw"]))
    assert not tournament.participants.exists()
    assert (
        client.post(reverse("tournament_action", args=[tournament.pk, "cheat"])).status_code == 404
    )


@pytest.mark.django_db
def test_the_page_shows_the_round_tables_watchable_and_the_standings(
    client, people, make_tournament
):
    tournament = make_tournament()
    for person in people[1:4]:
        services.sign_up(tournament_id=tournament.pk, user=person)
    services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    match = Match.objects.get()
    client.force_login(people[1])
    page = client.get(tournament.get_absolute_url()).content.decode()
    round_part = page.split('id="current-round"')[1].split("</section>")[0]
    assert match.get_absolute_url() in round_part
    assert "your table: play" in round_part
    assert "Bye this round" in round_part
    assert "Ida" in round_part
    client.force_login(people[0])
    watcher = client.get(tournament.get_absolute_url()).content.decode()
    assert ">watch<" in watcher
    standings = watcher.split('id="standings"')[1]
    assert standings.index('data-player="Ida"') < standings.index('data-player="Jan"')


@pytest.mark.django_db
def test_tournaments_show_on_home_my_games_and_profiles(client, people, make_tournament):
    soon = make_tournament(name="Tonight's cup")
    make_tournament(name="Next month", starts_at=timezone.now() + timedelta(days=30))
    services.sign_up(tournament_id=soon.pk, user=people[1])
    home = client.get(reverse("home")).content.decode()
    assert "Tonight&#x27;s cup" in home
    assert "Next month" not in home
    profile = client.get(reverse("player_profile", args=["Jan"])).content.decode()
    assert "Tonight&#x27;s cup" in profile
    client.force_login(people[1])
    assert "Tonight&#x27;s cup" in client.get(reverse("my_games")).content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_standings_change_live_when_a_player_signs_up(people):
    tournament = services.create_tournament(creator=people[0], now=timezone.now(), **settings_for())
    app = URLRouter(websocket_urlpatterns)

    async def scenario() -> str:
        page = WebsocketCommunicator(app, f"/ws/tournaments/{tournament.pk}/")
        page.scope["user"] = people[2]
        assert (await page.connect())[0]
        try:
            await database_sync_to_async(services.sign_up)(
                tournament_id=tournament.pk, user=people[1]
            )
            return await page.receive_from(timeout=5)
        finally:
            await page.disconnect()

    pushed = async_to_sync(scenario)()
    assert 'id="tournament-live"' in pushed
    assert 'hx-swap-oob="true"' in pushed
    assert 'data-player="Jan"' in pushed


@pytest.mark.django_db
def test_an_arena_page_shows_its_matches_and_lets_a_player_pause(client, bots, people, seeds):
    tournament = services.create_tournament(
        creator=people[0], now=timezone.now(), **settings_for(kind="arena", duration_minutes=45)
    )
    for player in (people[1], *bots[:3]):
        services.sign_up(tournament_id=tournament.pk, user=player)
    services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    client.force_login(people[1])
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "45 minutes, until" in page
    assert "Being played" in page
    assert 'data-stat="matches"' in page
    assert "data-my-match=" in page, "a real-time page knows the player's table"
    client.post(reverse("tournament_action", args=[tournament.pk, "pause"]))
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "You are pausing" in page
    client.post(reverse("tournament_action", args=[tournament.pk, "resume"]))
    assert not tournament.participants.get(user=people[1]).paused


@pytest.mark.django_db
def test_the_pages_read_in_czech(client, people, make_tournament):
    tournament = make_tournament(name="Páteční turnaj")
    services.sign_up(tournament_id=tournament.pk, user=people[1])
    people[1].language = "cs"
    people[1].save(update_fields=["language"])
    client.force_login(people[1])
    listed = client.get(reverse("tournaments"), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "Chystané" in listed
    assert "3 kola" in listed
    page = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "Odstoupit" in page
    assert "Pořadí" in page
    form = client.get(reverse("tournament_create", args=["kosmopolis"]), HTTP_ACCEPT_LANGUAGE="cs")
    assert "Hráčů u stolu" in form.content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_private_tournament_s_socket_turns_strangers_away(people):
    tournament = services.create_tournament(
        creator=people[0], now=timezone.now(), **settings_for(private=True)
    )
    app = URLRouter(websocket_urlpatterns)

    async def connects(user) -> bool:
        page = WebsocketCommunicator(app, f"/ws/tournaments/{tournament.pk}/")
        page.scope["user"] = user
        connected, _code = await page.connect()
        await page.disconnect()
        return connected

    assert async_to_sync(connects)(people[0]), "its creator"
    assert not async_to_sync(connects)(people[1])


@pytest.mark.django_db
def test_an_arena_page_marks_the_points_a_streak_doubled(client, bots, make_tournament):
    tournament = make_tournament(kind="arena", duration_minutes=30)
    entries = [Participant.objects.create(tournament=tournament, user=bot) for bot in bots[:3]]
    first, second, third = entries
    # The first wins against the second, the third, and the second again: the third match
    # comes after two wins in a row, so its point counts twice.
    for number, (winner, loser) in enumerate([(first, second), (first, third), (first, second)]):
        seated = Round.objects.create(tournament=tournament, number=number + 1)
        match = game_services.start_match(game="seven_dragons", players=[winner.user, loser.user])
        Pairing.objects.create(round=seated, participant=winner, match=match, seat=0, rank=1)
        Pairing.objects.create(round=seated, participant=loser, match=match, seat=1, rank=2)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    page = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    row = page[page.index(f'data-player="{first.user.username}"') :]
    row = row[: row.index("</tr>")]
    assert '<td data-stat="points">4</td>' in row, "1 + 1 + 1 doubled"
    assert row.count('class="arena-result won"') == 2
    assert row.count('class="arena-result won streak"') == 1
    assert '1<span class="streak-mark">×2</span>' in row
    assert "doubled: on a streak of two wins" in row
    assert "count twice (×2)" in page
    assert "H2H" not in page, "an arena has no head-to-head to break ties"


@pytest.mark.django_db
def test_an_arena_player_left_waiting_is_told_so(client, people, seeds):
    tournament = services.create_tournament(
        creator=people[0], now=timezone.now(), **settings_for(kind="arena", duration_minutes=45)
    )
    for player in (people[2], people[3], people[1]):  # the last to sign up waits
        services.sign_up(tournament_id=tournament.pk, user=player)
    services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    client.force_login(people[1])
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "You wait for a table: you are seated as soon as others finish." in page
    assert "A bot plays your running match on" not in page, "they have none"
    client.force_login(people[2])
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "You wait for a table" not in page
    assert "A bot plays your running match on" in page


@pytest.mark.django_db
def test_the_round_table_says_who_left_not_the_place_their_bot_took(
    client, people, bots, make_tournament, django_capture_on_commit_callbacks
):
    tournament = make_tournament(rounds=1)
    for player in (people[1], bots[0]):
        services.sign_up(tournament_id=tournament.pk, user=player)
    services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    with django_capture_on_commit_callbacks(execute=True):
        game_services.leave_match(
            match_id=Match.objects.get().pk, user=people[1], reason="resigned"
        )
    client.force_login(people[2])
    page = client.get(tournament.get_absolute_url()).content.decode()
    table = page[page.index('class="round-table') :]
    table = table[: table.index("</li>")]
    assert 'Jan</span> <span class="muted">(left the match)</span>' in table
