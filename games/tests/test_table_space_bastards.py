"""The Space Bastards table on the site: a planned card and a colonisation pick stay their
player's own on the page, in the socket's pushes and after a form posted over HTTP; a forged or
stale form is refused with a reason and changes nothing."""

import re

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.urls import reverse

from games import services
from games.consumers import TableConsumer
from games.models import Match, Move
from games.space_bastards import engine

pytestmark = pytest.mark.django_db(transaction=True)


def _shown(html: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', html))


def _connect(match: Match, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/")
    communicator.scope["user"] = user
    communicator.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
    return communicator


def _play_until(match: Match, people, phase: str) -> None:
    """Every acting seat plays its first legal move until the phase comes."""
    while True:
        match.refresh_from_db()
        if match.state["phase"] == phase:
            return
        seat = min(engine.to_act(match.state))
        services.submit_move(
            match_id=match.pk,
            user=people[seat],
            move=engine.legal_moves(match.state, seat)[0],
            expected_seq=match.move_count,
        )


def _post(client, match: Match, form: dict):
    return client.post(
        reverse("match_move", args=[match.pk]),
        {**form, "expected_seq": match.move_count},
        headers={"HX-Request": "true"},
    )


@pytest.fixture
def match(people):
    return services.start_match(game="space_bastards", players=people[:3])


def test_a_colonisation_pick_reaches_its_player_only(client, people, match):
    _play_until(match, people, "colonise_pick")
    client.force_login(people[1])
    response = _post(client, match, {"type": "pick", "race": "spud"})
    assert 'role="alert"' not in response.content.decode()
    assert "pick-1-spud" in _shown(response.content.decode())
    for viewer in (people[0], people[2], people[3]):
        client.force_login(viewer)
        assert "pick-1-spud" not in client.get(match.get_absolute_url()).content.decode()
    client.logout()
    assert "pick-1-spud" not in client.get(match.get_absolute_url()).content.decode()


def test_a_planned_card_is_pushed_to_its_planner_only(people, match):
    _play_until(match, people, "plan")
    plan = database_sync_to_async(services.submit_move)

    async def scenario():
        eva, jan, ida = (_connect(match, people[n]) for n in (0, 1, 3))
        try:
            for socket in (eva, jan, ida):
                assert (await socket.connect())[0]
                await socket.receive_from()
            await plan(
                match_id=match.pk,
                user=people[0],
                move={"type": "plan", "cards": ["shooting", "migration"]},
                expected_seq=match.move_count,
            )
            return [await socket.receive_from() for socket in (eva, jan, ida)]
        finally:
            for socket in (eva, jan, ida):
                await socket.disconnect()

    to_eva, to_jan, to_ida = async_to_sync(scenario)()
    mine = {"plan-0-shooting", "plan-0-migration"}
    assert mine <= _shown(to_eva)
    assert not mine & _shown(to_jan)
    assert not mine & _shown(to_ida)
    for html in (to_jan, to_ida):
        assert "has planned" in html


def test_a_forged_or_stale_form_is_refused_and_changes_nothing(client, people, match):
    _play_until(match, people, "colonise_place")
    placer = min(engine.to_act(match.state))
    client.force_login(people[placer])
    count = match.move_count
    forms = [
        {"type": "place", "pieces": ["0:spud:0", "1:toad:0"], "cells": ["0,0"]},
        {"type": "place", "pieces": [match.state["colonise"]["token"]], "cells": ["99,99"]},
        {"type": "shoot", "target": "P1|1"},
        {"type": "nonsense"},
    ]
    for form in forms:
        response = _post(client, match, form)
        assert response.status_code == 200
        assert 'role="alert"' in response.content.decode()
    stale = client.post(
        reverse("match_move", args=[match.pk]),
        {"type": "done", "expected_seq": count - 1},
        headers={"HX-Request": "true"},
    )
    assert 'role="alert"' in stale.content.decode()
    assert Move.objects.filter(match=match).count() == count


def test_the_match_form_offers_the_priority_order_and_flight_steps(people):
    from games.forms import GameChoicesForm
    from games.registry import GAMES

    info = GAMES["space_bastards"]
    form = GameChoicesForm(
        {"seats": "2", "option_priority": "3", "option_flight_steps": "1"}, game=info
    )
    assert form.is_valid(), form.errors
    options = info.clean_options(form.game_options(), seats=2)
    assert options == {"priority": "chaos", "flight_steps": [0, 4, 8]}
    match = services.start_match(game="space_bastards", players=people[:2], options=options)
    assert match.state["options"]["priority"][0] == "change"
    assert match.state["track"][0] == ["flight", 1]
