"""The Seven Dragons table page: moves post from its forms, and a finished match replays with its
goals revealed (what each viewer may see: `games/tests/test_table_hidden.py`)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from games.models import Move
from games.seven_dragons import engine

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def match(people):
    return services.start_match(game="seven_dragons", players=people[:2])


def _form_of(move: dict, seq: int) -> dict:
    if move["type"] == "play_dragon":
        at = f"{move['x']},{move['y']},{move['rot']}"
        return {"type": "play_dragon", "card": move["card"], "at": at, "expected_seq": seq}
    option = move["place"]
    if move["action"]:
        option += ":" + ",".join(f"{k}={v}" for k, v in sorted(move["action"].items()))
    return {"type": "play_action", "card": move["card"], "option": option, "expected_seq": seq}


def test_a_move_posted_over_htmx_is_stored(client, people, match):
    client.force_login(people[0])
    move = engine.legal_moves(match.state, 0)[0]
    response = client.post(
        reverse("match_move", args=[match.pk]),
        _form_of(move, match.move_count),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-seq="1"' in html
    assert 'role="alert"' not in html
    stored = Move.objects.get(match=match, seat=0)
    assert stored.payload == move


def test_an_unreadable_form_shows_a_reason(client, people, match):
    client.force_login(people[0])
    response = client.post(
        reverse("match_move", args=[match.pk]),
        {"type": "play_dragon", "card": "1", "expected_seq": 0},
        headers={"HX-Request": "true"},
    )
    assert 'role="alert"' in response.content.decode()
    assert not Move.objects.exists()


def test_the_replay_of_a_finished_bots_match_renders(client, bots):
    finished = services.start_match(game="seven_dragons", players=bots[:3])
    finished.refresh_from_db()
    assert finished.is_over
    url = reverse("match_replay", args=[finished.pk])
    html = client.get(url, {"step": finished.move_count}).content.decode()
    assert f'data-step="{finished.move_count}"' in html
    assert "sd-grid" in html
    for seat in finished.seats.all():
        assert seat.user.public_name in html
    middle = client.get(url, {"step": finished.move_count // 2}).content.decode()
    assert '<form method="post"' not in middle
    table = client.get(finished.get_absolute_url()).content.decode()
    assert "result-panel" in table
    for goal in finished.state["slots"]:
        assert f'data-card="{goal}"' in table
