"""Fuzzed moves against every engine, the HTTP move endpoint and the live socket: always a clear
refusal, never a server error, never a changed state. Seeds are fixed (`derandomize`), so a run
in CI tries exactly what it tried here."""

import copy
import json
import random
from functools import cache
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chat.models import ChatLine
from games import services
from games.consumers import TableConsumer
from games.models import Match, Move
from games.registry import playable_games
from games.rules import IllegalMove

GAMES = [game.slug for game in playable_games()]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)
small_numbers = st.integers(min_value=-3, max_value=130)
lone_surrogates = st.text(st.characters(categories=["Cs"]), max_size=3).map(
    lambda text: "\udc00" + text
)
"""Text with half of a surrogate pair (a low half first pairs with nothing), as JSON's `\\u`
escapes carry it and UTF-8 cannot."""
deeply_nested = st.integers(1000, 1900).map(lambda depth: "[" * depth + "]" * depth)
"""JSON nested deeper than Python's parser recurses, and short enough to be read."""


@cache
def _states(slug: str) -> list[tuple[int, dict[str, Any]]]:
    """Positions from the start to the end of a few bot games, at every player count."""
    info = next(game for game in playable_games() if game.slug == slug)
    states = []
    for seats in info.seat_choices:
        rng = random.Random(seats)
        state = info.engine.setup(seats, {}, seats)
        for step in range(400):
            if step % 7 == 0 or info.engine.is_over(state):
                states.append((seats, json.loads(json.dumps(state))))
            if info.engine.is_over(state):
                break
            seat = min(info.engine.to_act(state))
            state, _events = info.engine.apply(state, seat, info.bot.choose_move(state, seat, rng))
    return states


@st.composite
def mutated_moves(draw, seats: int, state: dict[str, Any], engine) -> tuple[int, Any]:
    """A seat and a legal move of some seat, broken: a field dropped, retyped, pushed out of
    range or taken from another seat's move; or no move at all, just any JSON."""
    acting = sorted(engine.to_act(state)) or [0]
    seat = draw(st.sampled_from([*acting, *range(seats)]))
    legal = [m for s in acting for m in engine.legal_moves(state, s)]
    if not legal or draw(st.integers(0, 4)) == 0:
        return seat, draw(json_values)
    move = dict(draw(st.sampled_from(legal)))
    key = draw(st.sampled_from(sorted(move)))
    how = draw(st.sampled_from(["drop", "json", "number", "other", "extra"]))
    if how == "drop":
        del move[key]
    elif how == "json":
        move[key] = draw(json_values)
    elif how == "number":
        move[key] = draw(small_numbers | st.lists(small_numbers, max_size=4))
    elif how == "other":
        move[key] = draw(st.sampled_from(legal)).get(key)
    else:
        move[draw(st.text(max_size=6))] = draw(json_values)
    return seat, move


@pytest.mark.parametrize("slug", GAMES)
@settings(
    max_examples=200,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_an_engine_refuses_any_broken_move_and_leaves_the_state_untouched(slug, data):
    info = next(game for game in playable_games() if game.slug == slug)
    seats, state = copy.deepcopy(data.draw(st.sampled_from(_states(slug))))
    seat, move = data.draw(mutated_moves(seats, state, info.engine))
    before = json.dumps(state, sort_keys=True)
    refusal = None
    try:
        info.engine.apply(state, seat, move)
    except IllegalMove as refused:
        refusal = refused.message
    assert refusal is None or refusal.strip()
    assert json.dumps(state, sort_keys=True) == before
    try:
        info.engine.apply_in_place(state, seat, move)
    except IllegalMove:
        assert json.dumps(state, sort_keys=True) == before


FORM_FIELDS = ["type", "card", "cards", "to", "take", "take_required", "column", "columns"]
FORM_FIELDS += ["at", "option", "expected_seq"]
form_values = st.one_of(
    st.text(max_size=10),
    st.integers(-5, 130).map(str),
    st.sampled_from(["draft", "play", "play_dragon", "play_action", "save", "place_modifier"]),
    st.sampled_from(["city", "kosmopolis", "top", "bottom:x=1", "0,0,0", "1,x,2", "9" * 30]),
    st.sampled_from(["²", "٣", "３", "1,²,2", "bottom:x=²"]),  # `str.isdigit()` takes them
)
forms = st.dictionaries(
    st.sampled_from(FORM_FIELDS) | st.text(max_size=5),
    st.lists(form_values, min_size=1, max_size=3),
    max_size=5,
)


@pytest.fixture
def matches(people):
    return {
        slug: services.start_match(
            game=slug,
            players=people[
                : max(3, next(g for g in playable_games() if g.slug == slug).min_players)
            ],
        )
        for slug in GAMES
    }


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_the_move_endpoint_refuses_any_forged_form_clearly(client, people, matches, slug):
    match = matches[slug]
    url = reverse("match_move", args=[match.pk])
    client.force_login(people[0])

    @settings(
        max_examples=50,
        derandomize=True,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(form=forms, live=st.booleans())
    def post(form: dict, live: bool) -> None:
        headers = {"HX-Request": "true", "X-Table-Live": "1" if live else "0"}
        savepoint = transaction.savepoint()
        try:
            response = client.post(url, form, headers=headers)
            body = response.content.decode()
            if Move.objects.filter(match=match).exists():  # a legal move by chance: stored right
                assert response.status_code in (200, 204)
                return
            if response.status_code == 400:  # a NUL character: refused before any view
                assert any("\x00" in name + "".join(values) for name, values in form.items())
            else:
                assert response.status_code == 200, body
            assert 'role="alert"' in body
            fresh = Match.objects.get(pk=match.pk)
            assert (fresh.move_count, fresh.state) == (0, match.state)
        finally:
            transaction.savepoint_rollback(savepoint)

    post()


@pytest.mark.django_db(transaction=True)
def test_the_live_socket_refuses_anything_but_a_move_clearly_and_changes_nothing(people, request):
    """Any frame: text, bytes, forged move forms, JSON nested too deep and text with half a
    surrogate pair (as a move's field or a line of talk). Each gets a refusal, the move's status
    or the talk's error line, and the socket stays open."""
    # Over a hundred frames in a few seconds: past the messages' limit, which has tests of its
    # own (`test_socket_limits.py`) and answers a flood once.
    django_settings = request.getfixturevalue("settings")
    django_settings.PLAY_RATE_LIMITS = {
        **django_settings.PLAY_RATE_LIMITS,
        "socket_message": "1000/second",
    }
    match = services.start_match(game="kosmopolis", players=people[:2])

    @settings(max_examples=20, derandomize=True, deadline=None)
    @given(
        frames=st.lists(
            st.text(min_size=1, max_size=40)
            | st.binary(min_size=1, max_size=40)
            | st.dictionaries(
                st.sampled_from(["type", "cards", "card", "to", "expected_seq", "HEADERS"]),
                json_values,
            ).map(json.dumps)
            | deeply_nested
            | deeply_nested.map(lambda deep: f'{{"chat_line": {deep}}}')
            | st.dictionaries(
                st.sampled_from(["type", "cards", "card", "to", "expected_seq"]) | lone_surrogates,
                lone_surrogates | st.lists(lone_surrogates, max_size=2),
                min_size=1,
            ).map(json.dumps)
            | lone_surrogates.map(lambda line: json.dumps({"chat_line": line})),
            min_size=1,
            max_size=8,
        )
    )
    def send(frames: list) -> None:
        async def scenario() -> list[str]:
            communicator = WebsocketCommunicator(
                TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/?seq=0"
            )
            communicator.scope["user"] = people[0]
            communicator.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
            assert (await communicator.connect())[0]
            answers = []
            try:
                for frame in frames:
                    if isinstance(frame, str):
                        await communicator.send_to(text_data=frame)
                    else:
                        await communicator.send_to(bytes_data=frame)
                    answers.append(await communicator.receive_from())
                assert await communicator.receive_nothing(timeout=0.05)
                return answers
            finally:
                await communicator.disconnect()

        for answer in async_to_sync(scenario)():
            assert answer.lstrip().startswith(('<div id="status"', '<p id="chat-error"'))
            assert 'role="alert"' in answer
        fresh = Match.objects.get(pk=match.pk)
        assert (fresh.move_count, fresh.state) == (0, match.state)
        assert not ChatLine.objects.exists()

    send()
