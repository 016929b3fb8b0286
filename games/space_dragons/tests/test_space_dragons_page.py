"""The Space Dragons table page: the cards of a trick in play show, a draft posts, and a finished
match replays (what each viewer may see: `games/tests/test_table_hidden.py`)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from accounts.models import User
from games import services
from games.models import Match, Move
from games.space_dragons import engine
from games.tests.hidden import SECRETS
from games.tests.playing import play_first_legal_move

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def match(people):
    return services.start_match(game="space_dragons", players=people[:3], seed=20261121)


def _cards_shown(html: str) -> set[int]:
    return {int(card) for card in re.findall(r'data-card="(\d+)"', html)}


def _hidden_from(state: dict, viewer: int | None) -> set[int]:
    hidden, _own = SECRETS["space_dragons"](state, viewer)
    return hidden


def test_in_the_hunt_a_seat_sees_its_hand_only(client, people, match):
    while match.state["phase"] == "draft":
        for seat in sorted(engine.to_act(match.state)):
            play_first_legal_move(match, people[seat], seat)
            match.refresh_from_db()
    for _ in range(2):
        turn = match.state["turn"]
        play_first_legal_move(match, people[turn], turn)
        match.refresh_from_db()
    for seat, person in enumerate(people[:3]):
        client.force_login(person)
        html = client.get(match.get_absolute_url()).content.decode()
        assert set(match.state["players"][seat]["hand"]) <= _cards_shown(html)
        assert not _cards_shown(html) & _hidden_from(match.state, seat)
        played = {p["card"] for p in match.state["trick_plays"]}
        assert played <= _cards_shown(html)


def test_a_draft_posted_over_htmx_is_stored(client, people, match):
    client.force_login(people[0])
    card = match.state["players"][0]["pack"][0]
    response = client.post(
        reverse("match_move", args=[match.pk]),
        {"type": "draft", "card": card, "expected_seq": 0},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-seq="1"' in html
    assert 'role="alert"' not in html
    stored = Move.objects.get(match=match, seat=0)
    assert stored.payload == {"type": "draft", "card": card}
    assert not _cards_shown(html) & _hidden_from(Match.objects.get(pk=match.pk).state, 0)


def test_a_card_not_in_the_pack_is_refused_with_a_reason(client, people, match):
    client.force_login(people[0])
    response = client.post(
        reverse("match_move", args=[match.pk]),
        {"type": "draft", "card": "abc", "expected_seq": 0},
        headers={"HX-Request": "true"},
    )
    assert 'role="alert"' in response.content.decode()
    assert not Move.objects.filter(match=match).exists()


def test_the_replay_of_a_finished_bots_match_renders(client, bots):
    finished = services.start_match(game="space_dragons", players=bots[:3], seed=7)
    finished.refresh_from_db()
    assert finished.status == Match.Status.FINISHED
    url = reverse("match_replay", args=[finished.pk])
    for step in (0, 5, finished.move_count):
        response = client.get(url, {"step": step})
        assert response.status_code == 200
        html = response.content.decode()
        assert f'data-step="{step}"' in html
    state = finished.state
    for player in state["players"]:
        assert not set(player["hand"]) & _cards_shown(html)
    table_html = client.get(finished.get_absolute_url()).content.decode()
    assert 'class="sd-result"' in table_html
    assert 'class="sd-winner"' in table_html


def test_the_score_leader_and_the_trick_leader_are_told_apart(client, people, match):
    while match.state["phase"] == "draft":
        for seat in sorted(engine.to_act(match.state)):
            play_first_legal_move(match, people[seat], seat)
            match.refresh_from_db()
    for _ in range(3):
        turn = match.state["turn"]
        play_first_legal_move(match, people[turn], turn)
        match.refresh_from_db()
    User.objects.filter(pk=people[0].pk).update(language="en")
    client.force_login(people[0])
    html = client.get(match.get_absolute_url()).content.decode()
    assert "ahead on points</" in html
    assert "led this trick" in html
    assert not re.search(r">\s*leads\s*<", html)
