"""The replay of a finished match shows each viewer what the rules let them know, at every step.

A seat's player sees that seat's own cards; everyone else (another player, a logged-out
visitor) sees the public view and the game's end-of-game reveals; the seed stays published.
"""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from accounts.models import User
from games import services
from games.models import Match
from games.registry import GAMES
from games.selectors import visible_events
from games.tests.example import every_game
from games.tests.hidden import SECRETS, cards_shown

pytestmark = pytest.mark.django_db(transaction=True)

SEATS = 3
SAMPLES = 14


def _replay(client, match: Match, step: int) -> str:
    url = reverse("match_replay", args=[match.pk])
    response = client.get(url, {"step": step}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return response.content.decode()


def _finished(game: str, players: list[User]) -> Match:
    """A match of people played to its end, each acting seat making its first legal move."""
    match = services.start_match(game=game, players=players)
    engine = GAMES[game].engine
    while True:
        match.refresh_from_db()
        if match.is_over:
            return match
        seat = min(engine.to_act(match.state))
        services.submit_move(
            match_id=match.pk,
            user=players[seat],
            move=engine.legal_moves(match.state, seat)[0],
            expected_seq=match.move_count,
        )


def _steps(
    match: Match, viewer: int | None, names: list[str]
) -> list[tuple[int, dict, list[dict], set[str]]]:
    """Samples of (step, state after it, the events of its move, the log lines the viewer
    has been entitled to so far), the last step included."""
    engine = GAMES[match.game].engine
    describe = GAMES[match.game].table.describe
    state = engine.setup(SEATS, match.options, int(match.seed), match.stack)
    moves = list(match.moves.order_by("seq").values_list("seat", "payload", "events"))
    every = max(len(moves) // SAMPLES, 1)
    wanted = {*range(0, len(moves), every), len(moves)}
    entitled: set[str] = set()
    samples = [(0, json.loads(json.dumps(state)), [], set())]
    for step, (seat, payload, events) in enumerate(moves, start=1):
        engine.apply_in_place(state, seat, payload)
        entitled |= {describe(e, names, viewer) or "" for e in visible_events(events, viewer)}
        if step in wanted:
            samples.append((step, json.loads(json.dumps(state)), events, set(entitled)))
    return samples


@pytest.fixture
def viewers(db) -> list[User]:
    return [
        User.objects.create_user(
            name, f"{name}@example.com", "heslo-123-abc", display_name=name, language="en"
        )
        for name in ("Eva", "Jan", "Ota", "Ida")
    ]


@pytest.mark.parametrize("game", every_game())
@pytest.mark.parametrize("viewer", ["seat 0", "seat 1", "seat 2", "other user", "logged out"])
def test_the_replay_of_a_finished_match_shows_each_viewer_only_what_the_rules_allow(
    client, viewers, game, viewer
):
    match = _finished(game, viewers[:SEATS])
    seat: int | None = None
    if viewer.startswith("seat"):
        seat = int(viewer.split()[1])
        client.force_login(viewers[seat])
    elif viewer == "other user":
        client.force_login(viewers[SEATS])
    names = [u.public_name for u in viewers[:SEATS]]
    describe = GAMES[game].table.describe
    secrets = SECRETS[game]
    for step, state, events, entitled in _steps(match, seat, names):
        html = _replay(client, match, step)
        hidden, own = ({str(card) for card in cards} for cards in secrets(state, seat))
        shown = cards_shown(html)
        assert not shown & hidden, (step, sorted(shown & hidden))
        assert own <= shown, (step, sorted(own - shown))
        # The move's log lines meant for other seats stay out, in any wording, unless the
        # viewer was told the very same words (twin cards share a name).
        for event in events:
            if event in visible_events(events, seat):
                continue
            public = {k: v for k, v in event.items() if k != "visible_to"}
            for reader in (None, *event["visible_to"]):
                text = describe(public, names, reader)
                assert not text or text in entitled or text not in html, (step, text)


def test_the_finished_replay_shows_the_seed_and_says_it_lets_anyone_recompute_the_deal(
    client, viewers
):
    match = _finished("space_dragons", viewers[:SEATS])
    html = _replay(client, match, match.move_count)
    assert match.seed in html
    assert "anyone can recompute the deal" in html
    assert reverse("match_record", args=[match.pk]) in html
