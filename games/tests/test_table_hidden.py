"""Every game's live table shows each viewer only what the rules let them know: the page as each
seat, another player and a logged-out visitor open it, and every push of the socket to each
seat and to a spectator, along the first moves of a match (what each viewer may not see and
what is its own: `games.tests.hidden`; the replay: `test_replay_hidden.py`)."""

from __future__ import annotations

import random

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games import services
from games.consumers import TableConsumer
from games.models import Match
from games.registry import GAMES
from games.tests.example import every_game
from games.tests.frames import TopLevel, applied
from games.tests.hidden import SECRETS, cards_shown

pytestmark = pytest.mark.django_db(transaction=True)

PLAYABLE = every_game()
SEATS = 3
MOVES = 60
PAGE_EVERY = 5
"""The pages are opened by every viewer every this many moves."""
WAIT = 10
"""Seconds a socket may take to answer, on a machine busy with other tests."""
REACHED = {
    "isle_of_cats": {"draft", "buy", "rescue"},
    "kosmopolis": {"draft", "play"},
    "space_bastards": {"colonise_pick", "plan"},
    "space_dragons": {"draft", "hunt"},
}
"""Phases the first moves of a match reach, so that their secrets are checked."""


def _secrets(match: Match, state: dict, seat: int | None) -> tuple[set[str], set[str]]:
    hidden, own = SECRETS[match.game](state, seat)
    return {str(card) for card in hidden}, {str(card) for card in own}


def _random_move(match: Match, people, rng: random.Random) -> bool:
    """A seat to act plays a random legal move through the move service; False once the match
    is over."""
    match.refresh_from_db()
    engine = GAMES[match.game].engine
    acting = sorted(engine.to_act(match.state))
    if not acting:
        return False
    seat = rng.choice(acting)
    services.submit_move(
        match_id=match.pk,
        user=people[seat],
        move=rng.choice(engine.legal_moves(match.state, seat)),
        expected_seq=match.move_count,
    )
    return True


def _page(client, match: Match, viewer) -> str:
    if viewer is None:
        client.logout()
    else:
        client.force_login(viewer)
    response = client.get(match.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("game", PLAYABLE)
def test_the_page_shows_each_viewer_only_what_the_rules_allow(client, people, game):
    match = services.start_match(game=game, players=people[:SEATS], seed=11)
    rng = random.Random(11)
    phases = set()
    for step in range(MOVES):
        if step % PAGE_EVERY == 0:
            match.refresh_from_db()
            phases.add(match.state.get("phase"))
            viewers = [*enumerate(people[:SEATS]), (None, people[SEATS]), (None, None)]
            for seat, viewer in viewers:
                shown = cards_shown(_page(client, match, viewer))
                hidden, own = _secrets(match, match.state, seat)
                assert not shown & hidden, (step, seat, sorted(shown & hidden))
                assert own <= shown, (step, seat, sorted(own - shown))
        if not _random_move(match, people, rng):
            break
    assert REACHED.get(game, set()) <= phases


def _connect(match: Match, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/")
    communicator.scope["user"] = user
    communicator.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
    return communicator


async def _frames(socket: WebsocketCommunicator, seq: int) -> list[str]:
    """The frames a socket is sent up to the push of move `seq`: presence news may come first,
    never a move's cards."""
    frames = [await socket.receive_from(timeout=WAIT)]
    while f'data-seq="{seq}"' not in frames[-1]:
        frames.append(await socket.receive_from(timeout=WAIT))
    return frames


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_push_shows_each_seat_only_what_the_rules_allow(people, game):
    """Each socket's first frame is the whole table; every later frame, the whole table or only
    its changed fragments, shows nothing the viewer may not see, and the page it makes, as
    htmx applies it, shows the viewer's own cards."""
    match = services.start_match(game=game, players=people[:SEATS], seed=13)
    rng = random.Random(13)
    move = database_sync_to_async(_random_move)
    state_now = database_sync_to_async(lambda: Match.objects.get(pk=match.pk).state)
    viewers: list[int | None] = [*range(SEATS), None]

    async def scenario() -> list[tuple[dict, list[list[str]]]]:
        sockets = [_connect(match, person) for person in people[: SEATS + 1]]
        seen = []
        try:
            for socket in sockets:
                assert (await socket.connect(timeout=WAIT))[0]
            seen.append((await state_now(), [await _frames(socket, 0) for socket in sockets]))
            for seq in range(1, MOVES + 1):
                if not await move(match, people, rng):
                    break
                seen.append((await state_now(), [await _frames(socket, seq) for socket in sockets]))
        finally:
            for socket in sockets:
                await socket.disconnect()
        return seen

    (_start, first), *later = async_to_sync(scenario)()
    pages = [
        {name: html for name, html in TopLevel(frames[0]).elements if name} for frames in first
    ]
    phases = {state.get("phase") for state, _pushes in later}
    assert REACHED.get(game, set()) <= phases
    for step, (state, pushes) in enumerate([(_start, first), *later]):
        for seat, page, frames in zip(viewers, pages, pushes, strict=True):
            hidden, own = _secrets(match, state, seat)
            for index, frame in enumerate(frames):
                leaked = cards_shown(frame) & hidden
                assert not leaked, (step, seat, sorted(leaked))
                if step or index:
                    applied(page, frame)
            shown = cards_shown("".join(page.values()))
            assert own <= shown, (step, seat, sorted(own - shown))
