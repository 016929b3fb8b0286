"""A tournament's match leads back to its tournament: the table, the replay and "My games" say
"Part of <the tournament>, round N" (an arena has no rounds), linked to its page; a tournament by
invitation is named only to those who may see it."""

import pytest
from django.urls import reverse

from games import services as game_services
from games.models import Match, events_of
from tournaments import services

pytestmark = pytest.mark.django_db


def _first_table(tournament, people) -> Match:
    for player in people[1:3]:
        services.sign_up(tournament_id=tournament.pk, user=player, token=tournament.invite_token)
    services.start_tournament(tournament_id=tournament.pk, now=tournament.starts_at)
    return Match.objects.filter(tournament_pairings__round__tournament=tournament).distinct().get()


def test_a_swiss_match_names_its_tournament_and_round_on_the_table_replay_and_my_games(
    client, people, make_tournament
):
    tournament = make_tournament(name="Friday <Swiss>")
    match = _first_table(tournament, people)
    named = f'Part of <a href="{tournament.get_absolute_url()}">Friday &lt;Swiss&gt;</a>, round 1'
    client.force_login(people[1])
    assert named in client.get(match.get_absolute_url()).content.decode()
    assert named in client.get(reverse("my_games")).content.decode()
    for player in people[1:3]:
        game_services.leave_match(match_id=match.pk, user=player, reason="abandoned")
    assert named in client.get(reverse("match_replay", args=[match.pk])).content.decode()
    client.logout()  # a public tournament's match: anyone watching is shown it, here in Czech
    watched = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert (
        f'Turnaj <a href="{tournament.get_absolute_url()}">Friday &lt;Swiss&gt;</a>, 1. kolo'
        in watched
    )
    other = game_services.start_match(game="seven_dragons", players=people[1:3])
    assert "Part of" not in client.get(other.get_absolute_url()).content.decode()


def test_an_arena_match_names_its_arena_without_a_round(client, people, make_tournament):
    arena = make_tournament(name="Night arena", kind="arena")
    match = _first_table(arena, people)
    client.force_login(people[1])
    page = client.get(match.get_absolute_url()).content.decode()
    assert f'Part of <a href="{arena.get_absolute_url()}">Night arena</a></p>' in page


def test_a_tournament_by_invitation_is_named_only_to_its_people(people, make_tournament):
    tournament = make_tournament(private=True)
    match = _first_table(tournament, people)
    for person in (people[0], people[1]):  # its creator, a player
        assert events_of([match.pk], person)[match.pk].name == "Friday Swiss"
    assert events_of([match.pk], people[3]) == {}  # Ida, who has nothing to do with it
