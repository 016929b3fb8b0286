"""The Isle of Cats table as players see it: the page and the socket's pushes show a seat its own
cards and nobody else's, through drafting, buying, selecting and rescuing; the solo option is
refused at a table for several."""

import random
import re

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games import services
from games.consumers import TableConsumer
from games.isle_of_cats import bot, engine
from games.models import Match
from lobby.services import LobbyRefused, open_table

pytestmark = pytest.mark.django_db(transaction=True)


def _cards_shown(html: str) -> set[str]:
    return set(re.findall(r'data-card="(\d+)"', html))


def _hidden_from(state: dict, viewer: int | None) -> tuple[set[str], set[str]]:
    """(cards the viewer may not see now, the viewer's own private cards)."""
    hidden = set(state["deck"]) | set(state["discard"])
    own: set[str] = set()
    for seat, player in enumerate(state["players"]):
        private = set(player["hand"]) | set(player["aside"]) | set(player["draft"])
        private |= set(player["picks"]) | set(player["lessons"])
        if player["look"] is not None:
            private |= set(player["look"]["cards"])
        if seat == viewer:
            own = private
        else:
            hidden |= private
    return hidden, own


@pytest.fixture
def match(people):
    return services.start_match(game="isle_of_cats", players=people[:2], seed=424242)


def test_the_page_shows_a_seat_its_draft_and_a_spectator_no_card(client, people, match):
    client.force_login(people[0])
    html = client.get(match.get_absolute_url()).content.decode()
    hidden, own = _hidden_from(match.state, 0)
    assert set(match.state["players"][0]["draft"]) <= _cards_shown(html)
    assert not _cards_shown(html) & hidden
    client.logout()
    html = client.get(match.get_absolute_url()).content.decode()
    assert not _cards_shown(html) & (hidden | own)
    assert 'class="ioc-boat"' in html


def _connect(match: Match, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/")
    communicator.scope["user"] = user
    communicator.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
    return communicator


def _bot_move(match: Match, people, rng: random.Random) -> None:
    """The first seat that must act moves as the bot would, through the move service."""
    match.refresh_from_db()
    seat = min(engine.to_act(match.state))
    services.submit_move(
        match_id=match.pk,
        user=people[seat],
        move=bot.choose_move(match.state, seat, rng),
        expected_seq=match.move_count,
    )


def test_every_push_shows_each_seat_its_own_cards_and_nobody_elses(people, match):
    rng = random.Random(7)
    move = database_sync_to_async(_bot_move)
    state_now = database_sync_to_async(lambda: Match.objects.get(pk=match.pk).state)

    async def scenario() -> list[tuple[dict, list[str], list[str]]]:
        sockets = [_connect(match, people[0]), _connect(match, people[1])]
        seen = []
        try:
            for socket in sockets:
                assert (await socket.connect())[0]
                await socket.receive_from()
            for _move in range(60):
                await move(match, people, rng)
                pushed: list[list[str]] = [[], []]
                for seat, socket in enumerate(sockets):
                    pushed[seat].append(await socket.receive_from())
                    while not await socket.receive_nothing(timeout=0.05):
                        pushed[seat].append(await socket.receive_from())
                seen.append((await state_now(), *pushed))
        finally:
            for socket in sockets:
                await socket.disconnect()
        return seen

    phases = set()
    for state, *pushes in async_to_sync(scenario)():
        phases.add(state["phase"])
        for seat in (0, 1):
            hidden, _own = _hidden_from(state, seat)
            shown = _cards_shown("".join(pushes[seat]))
            assert not shown & hidden, (state["phase"], seat, sorted(shown & hidden))
            if 'id="mine"' in "".join(pushes[seat]):
                assert set(state["players"][seat]["hand"]) <= shown
    assert {"draft", "buy", "rescue"} <= phases


def test_the_sisters_difficulty_is_only_for_a_table_of_one(people):
    with pytest.raises(LobbyRefused):
        open_table(host=people[0], game="isle_of_cats", seats=2, options={"solo_hard_lessons": 2})
    table = open_table(
        host=people[0], game="isle_of_cats", seats=1, options={"solo_hard_lessons": 2}
    )
    assert table.options == {"solo_hard_lessons": 2}


def test_the_lesson_sets_chosen_in_the_lobby_leave_the_other_sets_out_of_the_deck(people):
    from games.forms import GameChoicesForm
    from games.registry import GAMES

    game = GAMES["isle_of_cats"]
    offered = dict(GameChoicesForm(game=game).fields["option_lesson_sets"].choices)
    assert len(offered) == 8
    chosen = next(i for i, (value, _label) in enumerate(game.options[1].choices) if value == ["A"])
    form = GameChoicesForm(data={"seats": "2", "option_lesson_sets": str(chosen)}, game=game)
    assert form.is_valid(), form.errors
    table = open_table(host=people[0], game="isle_of_cats", seats=2, options=form.game_options())
    assert table.options == {"lesson_sets": ["A"]}
    state = engine.setup(2, table.options, 7)
    left_out = engine.LESSON_SET_CARDS["B"] | engine.LESSON_SET_CARDS["C"]
    cards = set(state["deck"]).union(*(p["draft"] for p in state["players"]))
    assert engine.LESSON_SET_CARDS["A"] & cards
    assert not left_out & cards


def test_finished_matches_add_their_facts_to_the_games_statistics_page(client, bots):
    from django.urls import reverse

    from games.isle_of_cats import stats
    from games.models import GameStats

    solo = services.start_match(game="isle_of_cats", players=bots[:1], seed=11)
    pair = services.start_match(game="isle_of_cats", players=bots[:2], seed=12)
    facts: dict[str, int] = {}
    for match in (solo, pair):
        match.refresh_from_db()
        assert match.is_over
        for key, value in stats.match_facts(match.state, match.result).items():
            facts[key] = facts.get(key, 0) + value
    assert GameStats.objects.get(game="isle_of_cats").facts == facts
    url = reverse("game_statistics", args=["isle_of_cats"])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    families = facts["families"] / facts["boats"]
    assert "Families per boat" in html
    assert f"{families:.1f}" in html
    assert "Solo matches the sister won" in html


def test_a_match_ended_early_shows_nobody_on_turn(client, people, match):
    """The match stopped in the middle of a rescue turn: the turn order and the panels no longer
    say whose turn it is (the result is there instead)."""
    rng = random.Random(3)
    while match.state["phase"] != "rescue":
        _bot_move(match, people, rng)
        match.refresh_from_db()
    client.force_login(people[0])
    assert ">on turn<" in client.get(match.get_absolute_url()).content.decode()
    services.leave_match(match_id=match.pk, user=people[1], reason="abandoned")
    services.end_match_early(match_id=match.pk, user=people[0])
    html = client.get(match.get_absolute_url()).content.decode()
    assert "The match was ended early" in html
    assert ">on turn<" not in html
