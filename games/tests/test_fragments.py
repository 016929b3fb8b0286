"""A push sends only the fragments of a region that changed (`games.regions.changes`)."""

import random

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import translation

from games import services
from games.consumers import TableConsumer
from games.live import csrf_token_for
from games.models import Match, Seat
from games.regions import changes, fragments, render_region
from games.registry import GAMES
from games.selectors import load_table, table_for
from games.tests.example import every_game
from games.tests.frames import TopLevel, applied
from games.tests.playing import play_first_legal_move

REGION = (
    '<aside id="players" hx-swap-oob="true"><ol>'
    '<!--fragment--><li id="seat-panel-0" class="to-act">Eva 3</li><!--/fragment-->'
    '<!--fragment--><li id="seat-panel-1">Jan 5</li><!--/fragment-->'
    "</ol></aside>"
)


def test_only_the_changed_fragment_is_sent_swapped_in_by_its_id():
    after = REGION.replace("Jan 5", "Jan 7")
    assert changes(REGION, after) == '<li hx-swap-oob="true" id="seat-panel-1">Jan 7</li>'


def test_a_change_outside_the_fragments_sends_the_whole_region():
    after = REGION.replace("<ol>", '<ol class="over">').replace("Jan 5", "Jan 7")
    assert changes(REGION, after) == after
    assert changes(None, REGION) == REGION


def test_a_fragment_appearing_or_going_sends_the_whole_region():
    fewer = REGION.replace('<!--fragment--><li id="seat-panel-1">Jan 5</li><!--/fragment-->', "")
    assert changes(REGION, fewer) == fewer
    assert changes(fewer, REGION) == REGION


def test_a_fragment_without_an_id_is_refused():
    with pytest.raises(ValueError, match="needs an id"):
        fragments("<ol><!--fragment--><li>Eva</li><!--/fragment--></ol>")


@pytest.mark.django_db(transaction=True)
def test_a_move_pushes_the_other_seat_the_changed_panels_as_a_fresh_page_shows_them(people):
    match = services.start_match(game="kosmopolis", players=people[:3])

    async def scenario() -> str:
        jan = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/")
        jan.scope["user"] = people[1]
        jan.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
        try:
            assert (await jan.connect())[0]
            await jan.receive_from()
            await database_sync_to_async(play_first_legal_move)(match, people[0], 0)
            return await jan.receive_from()
        finally:
            await jan.disconnect()

    pushed = async_to_sync(scenario)()
    assert 'id="players"' not in pushed
    with translation.override("en"):
        table = table_for(load_table(match.pk), people[1])
        _rest, panels = fragments(render_region("players", table.context(oob=True)))
    # Eva has chosen her cards in the draft: her panel says so, and is sent as it now is.
    assert "has chosen" in panels["seat-panel-0"]
    assert panels["seat-panel-0"].replace("<li ", '<li hx-swap-oob="true" ', 1) in pushed


def _fresh_page(match_id: int, user) -> dict[str, str]:
    """The regions a socket opened now is sent, by id."""
    frames: list[str] = []
    socket = TableConsumer()
    socket.scope = {"user": user, "cookies": {}}
    socket.match_id = match_id
    socket.csrf_token = csrf_token_for(socket.scope)
    socket.sent, socket.shown, socket.phase = {}, -1, None

    async def send(*, text_data: str) -> None:
        frames.append(text_data)

    socket.send = send  # type: ignore[method-assign]
    async_to_sync(socket._send_table)()
    return {name: html for name, html in TopLevel(frames[0]).elements if name}


@pytest.mark.parametrize("game", every_game())
@pytest.mark.django_db(transaction=True)
def test_the_others_moves_push_a_seat_only_changed_fragments_that_make_a_fresh_page(game, people):
    """Along the first moves of a match, each push to Jan's socket, applied to what his page
    showed, gives exactly the board and own area a page opened now shows; and another seat's
    move sends him only the board's fragments that changed, not the whole board."""
    match = services.start_match(game=game, players=people[:3], seed=7)
    info = GAMES[game]
    rng = random.Random(7)
    jan = people[1]
    fragments_only = []

    async def scenario() -> None:
        socket = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/")
        socket.scope["user"] = jan
        socket.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
        try:
            assert (await socket.connect())[0]
            first = await socket.receive_from()
            page = {name: html for name, html in TopLevel(first).elements if name}
            for _move in range(30):
                mover = await database_sync_to_async(_bot_moves)(match, info, rng, skip=1)
                if mover is None:
                    break
                frame = await socket.receive_from()
                while 'id="status"' not in frame:  # presence news, not the move's push
                    frame = await socket.receive_from()
                swapped = applied(page, frame)
                fresh = await database_sync_to_async(_fresh_page)(match.pk, jan)
                assert page["board"] == fresh["board"]
                assert page["mine"] == fresh["mine"]
                if mover != 1 and 'id="board"' not in frame:
                    fragments_only.append(swapped)
        finally:
            await socket.disconnect()

    with translation.override("en"):
        async_to_sync(scenario)()
    board = set(fragments(_fresh_page(match.pk, jan)["board"])[1])
    assert any(board & set(swapped) for swapped in fragments_only)


def _bot_moves(match: Match, info, rng: random.Random, skip: int) -> int | None:
    """The game's bot plays a seat to act (another than `skip` when it can); which (None: the
    match is over)."""
    match.refresh_from_db()
    acting = sorted(info.engine.to_act(match.state))
    if not acting:
        return None
    seat = next((s for s in acting if s != skip), acting[0])
    user = Seat.objects.select_related("user").get(match=match, number=seat).user
    services.submit_move(
        match_id=match.pk,
        user=user,
        move=info.bot.choose_move(match.state, seat, rng),
        expected_seq=match.move_count,
    )
    return seat
