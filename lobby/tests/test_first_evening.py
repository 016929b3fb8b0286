"""What new players hit in the lobby on a first evening (issue 19): finished tables, the rows'
terms, the filters, quick play's count, options against bots and the rematch."""

from importlib import import_module

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils import translation

from games import services as game_services
from games.models import Match
from games.registry import GAMES
from games.tests.playing import play_first_legal_move
from lobby import services
from lobby.forms import OpenTableForm
from lobby.models import Invitation, Table

pytestmark = pytest.mark.django_db(transaction=True)


def _play_to_the_end(match: Match, person) -> Match:
    for _turn in range(500):
        match.refresh_from_db()
        if match.is_over:
            return match
        seat = match.seats.get(user=person).number
        if seat in GAMES[match.game].engine.to_act(match.state):
            play_first_legal_move(match, person, seat)
    raise AssertionError("the match did not end")


def test_a_finished_match_leaves_just_started(client, people, bots):
    table = services.open_table(host=people[0], game="kosmopolis", seats=2)
    table = services.fill_with_bots(table_id=table.pk, host=people[0])
    assert f"lobby-table-{table.pk}" in client.get(reverse("home")).content.decode()
    _play_to_the_end(table.match, people[0])
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert f"lobby-table-{table.pk}" not in client.get(reverse("home")).content.decode()


def test_tables_left_in_progress_by_ended_matches_are_marked_finished(people, bots):
    ended = game_services.start_match(game="kosmopolis", players=bots[:2])
    running = game_services.start_match(game="kosmopolis", players=[people[0], bots[0]])
    for match in (ended, running):
        Table.objects.create(
            game="kosmopolis", host=people[0], seats=2, status="started", match=match
        )
    migration = import_module("lobby.migrations.0002_table_finished")
    migration.finish_ended_tables(apps, None)
    assert Table.objects.get(match=ended).status == Table.Status.FINISHED
    assert Table.objects.get(match=running).status == Table.Status.STARTED


def test_rows_show_the_pace_the_clock_and_whether_rated(client, people):
    services.open_table(host=people[0], game="kosmopolis", seats=3, clock_minutes=7)
    services.open_table(
        host=people[1], game="kosmopolis", seats=2, pace="turn", move_hours=48, rated=False
    )
    client.force_login(people[4])
    page = client.get(reverse("home")).content.decode()
    assert "real time, 7 min + 5 s a move · rated" in page
    assert "turn-based, 48 hours a move · unrated" in page


def test_the_filters_narrow_the_list_with_and_without_htmx(client, people):
    live = services.open_table(host=people[0], game="kosmopolis", seats=3)
    turn = services.open_table(host=people[1], game="kosmopolis", seats=2, pace="turn")
    dragons = services.open_table(host=people[2], game="seven_dragons", seats=2)
    page = client.get(reverse("home"), {"pace": "turn"}).content.decode()
    assert f"lobby-table-{turn.pk}" in page
    assert f"lobby-table-{live.pk}" not in page
    assert f"lobby-table-{dragons.pk}" not in page
    assert 'ws-connect="/ws/lobby/?pace=turn"' in page
    part = client.get(
        reverse("home"), {"game": "kosmopolis", "players": "3"}, headers={"HX-Request": "true"}
    ).content.decode()
    assert part.lstrip().startswith('<div id="live-tables"')
    assert f"lobby-table-{live.pk}" in part
    assert f"lobby-table-{turn.pk}" not in part
    assert f"lobby-table-{dragons.pk}" not in part
    nonsense = client.get(reverse("home"), {"game": "chess", "players": "x"}).content.decode()
    assert all(f"lobby-table-{t.pk}" in nonsense for t in (live, turn, dragons))


def test_quick_play_keeps_the_chosen_count_and_both_forms_start_alike(client, people):
    three = services.open_table(host=people[1], game="kosmopolis", seats=3)
    client.force_login(people[0])
    client.post(reverse("lobby_quick_play", args=["kosmopolis"]), {"seats": "2"})
    assert not three.sitting.filter(user=people[0]).exists()
    mine = Table.objects.get(sitting__user=people[0])
    assert mine.seats == 2
    page = client.get(reverse("home")).content.decode()
    quick = page.split('id="quick-seats-kosmopolis"')[1].split("</select>")[0]
    bots = page.split('id="seats-kosmopolis"')[1].split("</select>")[0]
    assert '<option value="3" selected>' in quick
    assert '<option value="3" selected>' in bots


def test_a_match_against_bots_takes_the_games_options(client, people, bots):
    client.force_login(people[0])
    dragons = GAMES["space_dragons"]
    draft = [o.key for o in dragons.options].index("draft")
    sides = [value for value, _label in dragons.options[1].choices]
    client.post(
        reverse("play_against_bots", args=["space_dragons"]),
        {"seats": "3", "option_draft": "1", f"option_{dragons.options[1].key}": sides.index("B")},
    )
    match = Match.objects.get(seats__user=people[0])
    assert match.options == {"draft": False, dragons.options[1].key: "B"}
    assert draft == 0
    page = client.get(reverse("home")).content.decode()
    assert 'id="space_dragons-option_crime_side"' in page


def test_the_open_table_form_speaks_the_pages_language():
    for language, hours in (("en", "12 hours"), ("cs", "12 hodin")):
        with translation.override(language):
            assert hours in str(OpenTableForm(game=GAMES["kosmopolis"])["move_hours"])


def test_a_rematch_against_bots_starts_at_once_with_the_seats_rotated(client, people, bots):
    first = game_services.start_match(
        game="space_dragons", players=[people[0], bots[0], bots[1]], options={"draft": False}
    )
    first = _play_to_the_end(first, people[0])
    client.force_login(people[0])
    response = client.post(reverse("lobby_rematch", args=[first.pk]))
    second = Match.objects.exclude(pk=first.pk).get(seats__user=people[0])
    assert response.url == second.get_absolute_url()
    assert second.options == first.options
    assert second.pace == first.pace
    assert [s.user for s in second.seats.order_by("number")] == [bots[0], bots[1], people[0]]


def test_a_rematch_with_people_invites_the_others_to_one_table(client, people, bots):
    table = services.open_table(host=people[0], game="kosmopolis", seats=3, pace="turn")
    services.join_table(table_id=table.pk, user=people[1])
    table = services.fill_with_bots(table_id=table.pk, host=people[0])
    first = table.match
    first.seats.filter(user=people[1]).update(is_bot=True)  # the bots play Jan's seat
    first = _play_to_the_end(first, people[0])
    first.seats.filter(user=people[1]).update(is_bot=False)
    client.force_login(people[1])
    refused = client.post(reverse("lobby_rematch", args=[first.pk + 1000]))
    assert refused.url == reverse("home")
    client.force_login(people[2])
    client.post(reverse("lobby_rematch", args=[first.pk]))
    assert not Table.objects.filter(rematch_of=first).exists()
    client.force_login(people[1])
    client.post(reverse("lobby_rematch", args=[first.pk]))
    offered = Table.objects.get(rematch_of=first)
    assert (offered.host, offered.game, offered.pace, offered.seats) == (
        people[1],
        "kosmopolis",
        "turn",
        3,
    )
    invitation = Invitation.objects.get(table=offered)
    assert invitation.invitee == people[0]
    client.force_login(people[0])
    client.post(reverse("lobby_rematch", args=[first.pk]))
    assert Table.objects.filter(rematch_of=first).count() == 1
    assert set(offered.sitting.values_list("user", flat=True)) == {people[0].pk, people[1].pk}


def test_the_my_games_tab_title_is_plain_text(client, people):
    client.force_login(people[0])
    page = client.get(reverse("my_games")).content.decode()
    title = page.split("<title>")[1].split("</title>")[0]
    assert title.startswith("My games · ")
    assert "<" not in title
    assert "csrf" not in title
    assert page.count('id="vacation-heading"') == 1


def test_the_result_offers_a_rematch_to_the_players_only(client, people, bots):
    match = game_services.start_match(game="kosmopolis", players=[people[0], bots[0]])
    match = _play_to_the_end(match, people[0])
    rematch = reverse("lobby_rematch", args=[match.pk])
    client.force_login(people[0])
    assert f'action="{rematch}"' in client.get(match.get_absolute_url()).content.decode()
    client.force_login(people[1])
    assert f'action="{rematch}"' not in client.get(match.get_absolute_url()).content.decode()
