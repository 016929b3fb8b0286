"""A push sends only the fragments of a region that changed (`games.regions.changes`)."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import translation

from games import services
from games.consumers import TableConsumer
from games.regions import changes, fragments, render_region
from games.selectors import load_table, table_for
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
