"""The table as players see it: page, htmx fallback, moves over HTTP, pushes over websockets."""

import asyncio
import gc
import json
import re
import time

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from games import services
from games.consumers import PUSHED_LOG_MOVES, TableConsumer, announcement
from games.consumers import presence as presence_module
from games.consumers import pushes as pushes_module
from games.kosmopolis import engine
from games.kosmopolis.components import CARD_COLOR
from games.live import pushes_batched, send_pushes, stored
from games.models import Match, Move, Seat
from games.presence import arrive
from games.regions import changes, render_region, render_regions
from games.registry import GAMES
from games.selectors import TABLE_REGIONS, load_table, table_for
from games.tests.playing import play_first_legal_move

pytestmark = pytest.mark.django_db(transaction=True)


def _cards_shown(html: str) -> set[int]:
    return {int(card) for card in re.findall(r'data-card="(\d+)"', html)}


def _hidden_from(state: dict, viewer: int | None) -> set[int]:
    """Profession cards that only other seats (or nobody) may see now."""
    hidden = set(state["deck"])
    for seat in range(state["seats"]):
        if seat != viewer:
            hidden |= set(state["hands"][seat]) | set(state["packets"][seat])
            hidden |= set(state["kept"][seat])
    return hidden


def _post_move(client, match, move_form: dict, *, htmx: bool = True):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("match_move", args=[match.pk]), move_form, headers=headers)


def _draft_form(match: Match, seat: int) -> dict:
    move = engine.legal_moves(match.state, seat)[0]
    return {"type": "draft", "cards": move["cards"], "expected_seq": match.move_count}


@pytest.fixture
def match(people):
    return services.start_match(game="kosmopolis", players=people[:3])


def test_a_seat_sees_its_own_packet_and_no_one_elses(client, people, match):
    client.force_login(people[0])
    html = client.get(match.get_absolute_url()).content.decode()
    assert 'id="table"' in html
    assert set(match.state["packets"][0]) <= _cards_shown(html)
    assert not _cards_shown(html) & _hidden_from(match.state, 0)
    assert match.seed not in html
    assert match.seed_commitment in html


def test_a_spectator_sees_no_hidden_card(client, match):
    html = client.get(match.get_absolute_url()).content.decode()
    assert 'id="table"' in html
    assert not _cards_shown(html) & _hidden_from(match.state, None)


def test_a_move_over_htmx_returns_the_new_table(client, people, match):
    client.force_login(people[0])
    response = _post_move(client, match, _draft_form(match, 0))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-seq="1"' in html
    assert 'role="alert"' not in html
    assert Move.objects.filter(match=match, seat=0).count() == 1


def test_an_illegal_move_shows_the_reason_and_changes_nothing(client, people, match):
    client.force_login(people[0])
    not_in_the_packet = match.state["deck"][:2]  # cards 0 and 1 may be dealt to seat 0
    form = {"type": "draft", "cards": not_in_the_packet, "expected_seq": 0}
    response = _post_move(client, match, form)
    assert response.status_code == 200
    assert 'role="alert"' in response.content.decode()
    assert not Move.objects.exists()


def test_a_forged_form_is_refused_without_a_server_error(client, people, match):
    client.force_login(people[0])
    for form in [{}, {"type": "draft", "cards": ["x"]}, {"type": "x", "expected_seq": "zero"}]:
        response = _post_move(client, match, form)
        assert response.status_code == 200
        assert 'role="alert"' in response.content.decode()
    assert not Move.objects.exists()


def test_without_javascript_a_move_redirects_back_to_the_table(client, people, match):
    client.force_login(people[0])
    response = _post_move(client, match, _draft_form(match, 0), htmx=False)
    assert response.status_code == 302
    assert response.url == match.get_absolute_url()
    assert Move.objects.count() == 1


def test_a_spectator_cannot_move(client, people, match):
    client.force_login(people[3])
    response = _post_move(client, match, _draft_form(match, 0))
    assert 'role="alert"' in response.content.decode()
    assert not Move.objects.exists()


def test_the_fallback_poll_returns_only_the_table(client, people, match):
    client.force_login(people[1])
    response = client.get(match.get_absolute_url(), headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="table"')
    assert "<html" not in html


def test_the_record_is_published_only_when_the_match_is_over(client, bots):
    live = services.start_match(game="kosmopolis", players=bots[:2])
    live.refresh_from_db()
    assert live.is_over
    record = client.get(reverse("match_record", args=[live.pk])).json()
    assert record["seed"] == int(live.seed)
    assert len(record["moves"]) == live.move_count


def test_no_record_while_the_match_is_running(client, match):
    assert client.get(reverse("match_record", args=[match.pk])).status_code == 404


def test_play_record_command_replays_a_downloaded_match(client, bots, tmp_path, capsys):
    finished = services.start_match(game="kosmopolis", players=bots[:3])
    finished.refresh_from_db()
    path = tmp_path / "record.json"
    path.write_text(client.get(reverse("match_record", args=[finished.pk])).content.decode())
    call_command("play_record", str(path))
    outcome = json.loads(capsys.readouterr().out)
    assert outcome["is_over"] is True
    assert outcome["result"] == finished.result


def _connect(match: Match, user, *, seq: int | None = None) -> WebsocketCommunicator:
    """A table socket of `user`, opened by a page rendered at move `seq` (if given)."""
    path = f"/ws/matches/{match.pk}/" if seq is None else f"/ws/matches/{match.pk}/?seq={seq}"
    communicator = WebsocketCommunicator(TableConsumer.as_asgi(), path)
    communicator.scope["user"] = user
    communicator.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
    return communicator


_first_legal_move = database_sync_to_async(play_first_legal_move)


def test_every_client_gets_its_own_table_pushed_after_a_move(people, match):
    async def scenario():
        eva, jan = _connect(match, people[0]), _connect(match, people[1])
        try:
            assert (await eva.connect())[0]
            assert (await jan.connect())[0]
            first_eva, first_jan = await eva.receive_from(), await jan.receive_from()
            assert 'hx-swap-oob="true"' in first_eva
            assert 'data-seq="0"' in first_jan
            await _first_legal_move(match, people[1], 1)
            pushed_eva, pushed_jan = await eva.receive_from(), await jan.receive_from()
            return first_eva, first_jan, pushed_eva, pushed_jan
        finally:
            await eva.disconnect()
            await jan.disconnect()

    first_eva, first_jan, pushed_eva, pushed_jan = async_to_sync(scenario)()
    match.refresh_from_db()
    assert 'data-seq="1"' in pushed_eva
    assert 'data-seq="1"' in pushed_jan
    for html, viewer in [(first_eva, 0), (pushed_eva, 0), (first_jan, 1), (pushed_jan, 1)]:
        assert not _cards_shown(html) & _hidden_from(match.state, viewer)
    assert set(match.state["kept"][1]) <= _cards_shown(pushed_jan)
    assert not set(match.state["kept"][1]) & _cards_shown(pushed_eva)


def test_a_move_sent_over_the_socket_is_stored_once_and_every_seat_gets_its_table(people, match):
    """The page sends its move over the socket (table.js): the fields as htmx's ws-send makes
    them, lists as lists. The mover and the others get their own tables pushed; a resend after
    a dropped answer is applied once."""
    form = _draft_form(match, 0)
    sent = json.dumps({**form, "expected_seq": str(form["expected_seq"]), "HEADERS": {}})

    async def scenario():
        eva, jan = _connect(match, people[0], seq=0), _connect(match, people[1], seq=0)
        try:
            assert (await eva.connect())[0]
            assert (await jan.connect())[0]
            await eva.send_to(text_data=sent)
            pushed_eva, pushed_jan = await eva.receive_from(), await jan.receive_from()
            await eva.send_to(text_data=sent)
            assert await eva.receive_nothing(timeout=0.2)
            return pushed_eva, pushed_jan
        finally:
            await eva.disconnect()
            await jan.disconnect()

    pushed_eva, pushed_jan = async_to_sync(scenario)()
    match.refresh_from_db()
    assert match.move_count == 1
    assert Move.objects.get(match=match).payload == {"type": "draft", "cards": form["cards"]}
    assert 'data-seq="1"' in pushed_eva
    assert 'data-seq="1"' in pushed_jan
    assert set(form["cards"]) <= _cards_shown(pushed_eva)
    assert not set(form["cards"]) & _cards_shown(pushed_jan)
    assert 'role="alert"' not in pushed_eva


def test_a_refused_socket_move_answers_the_mover_alone_with_the_reason(people, match):
    """An illegal move, a move from a spectator's socket and a stale page's move are refused in
    the mover's language and change nothing; a stale page gets the whole table first."""
    people[2].language = "cs"
    people[2].save()
    spectator = people[3]
    play_first_legal_move(match, people[2], 2)

    async def answers(user, frame: dict) -> list[str]:
        socket, other = _connect(match, user, seq=1), _connect(match, people[1], seq=1)
        try:
            assert (await socket.connect())[0]
            assert (await other.connect())[0]
            await socket.send_to(text_data=json.dumps(frame))
            got = [await socket.receive_from()]
            while not await socket.receive_nothing(timeout=0.2):
                got.append(await socket.receive_from())
            assert await other.receive_nothing(timeout=0.1)
            return got
        finally:
            await socket.disconnect()
            await other.disconnect()

    illegal = async_to_sync(answers)(people[0], {"type": "draft", "cards": [], "expected_seq": 1})
    assert len(illegal) == 1
    assert illegal[0].lstrip().startswith('<div id="status"')
    assert 'role="alert"' in illegal[0]
    watcher = async_to_sync(answers)(spectator, _draft_form(match, 0))
    assert "You do not sit at this table." in watcher[0]
    stale = async_to_sync(answers)(people[2], {"type": "draft", "cards": [1, 2], "expected_seq": 0})
    assert 'id="mine"' in stale[0]
    assert 'role="alert"' not in stale[0]
    assert "Stránka nebyla aktuální" in stale[-1]
    assert 'role="alert"' in stale[-1]
    match.refresh_from_db()
    assert match.move_count == 1


def test_an_unknown_match_closes_the_socket(people):
    async def scenario():
        communicator = WebsocketCommunicator(TableConsumer.as_asgi(), "/ws/matches/999999/")
        communicator.scope["user"] = people[0]
        communicator.scope["url_route"] = {"kwargs": {"match_id": 999999}}
        connected, _code = await communicator.connect()
        await communicator.disconnect()
        return connected

    assert async_to_sync(scenario)() is False


def _replay(client, match: Match, step: int, *, htmx: bool = False) -> str:
    headers = {"HX-Request": "true"} if htmx else {}
    url = reverse("match_replay", args=[match.pk])
    return client.get(url, {"step": step}, headers=headers).content.decode()


def _state_after(match: Match, step: int) -> dict:
    state = engine.setup(match.seats.count(), {}, int(match.seed))
    for seat, payload in match.moves.order_by("seq").values_list("seat", "payload")[:step]:
        engine.apply_in_place(state, seat, payload)
    return state


def test_during_the_match_a_player_replays_only_from_their_own_seat(client, people, match):
    for seat in range(3):
        match.refresh_from_db()
        services.submit_move(
            match_id=match.pk,
            user=people[seat],
            move=engine.legal_moves(match.state, seat)[0],
            expected_seq=match.move_count,
        )
    client.force_login(people[0])
    state = _state_after(match, 2)
    html = _replay(client, match, 2)
    assert set(state["packets"][0]) <= _cards_shown(html)
    assert not _cards_shown(html) & _hidden_from(state, 0)
    client.logout()
    assert not _cards_shown(_replay(client, match, 2)) & _hidden_from(state, None)


def test_replay_steps_are_clamped_and_htmx_gets_the_fragment(client, bots):
    finished = services.start_match(game="kosmopolis", players=bots[:2])
    finished.refresh_from_db()
    assert 'data-step="0"' in _replay(client, finished, -5)
    assert f'data-step="{finished.move_count}"' in _replay(client, finished, 10_000)
    fragment = _replay(client, finished, 3, htmx=True)
    assert fragment.lstrip().startswith('<div id="replay"')


def test_a_page_that_is_up_to_date_gets_no_push_on_connect_and_a_stale_one_gets_all(people, match):
    async def first_message(seq: int) -> str | None:
        communicator = _connect(match, people[0], seq=seq)
        await communicator.connect()
        try:
            if await communicator.receive_nothing(timeout=0.3):
                return None
            return await communicator.receive_from()
        finally:
            await communicator.disconnect()

    assert async_to_sync(first_message)(0) is None
    stale = async_to_sync(first_message)(7)
    for region in ("status", "board", "players", "mine", "log"):
        assert f'id="{region}"' in stale


def test_a_live_page_gets_no_table_back_and_the_socket_brings_it(client, people, match):
    client.force_login(people[0])
    live = {"HX-Request": "true", "X-Table-Live": "1"}
    url = reverse("match_move", args=[match.pk])
    response = client.post(url, _draft_form(match, 0), headers=live)
    assert response.status_code == 204
    assert response["X-Move-Seq"] == "0"
    assert Move.objects.filter(match=match).count() == 1
    refused = client.post(url, {"type": "draft", "cards": [0, 1], "expected_seq": 1}, headers=live)
    html = refused.content.decode()
    assert refused["HX-Reswap"] == "none"
    assert html.lstrip().startswith('<div id="status"')
    assert 'role="alert"' in html
    assert 'id="mine"' not in html


def test_a_move_resent_after_a_dropped_socket_is_applied_once_and_the_socket_catches_up(
    client, people, match
):
    """The page's socket drops mid-move and the page resends the move: the repeat gets the same
    answer as the first send, and the socket that reconnects at the old move number gets the
    whole table at the new one."""
    client.force_login(people[0])
    live = {"HX-Request": "true", "X-Table-Live": "1"}
    url = reverse("match_move", args=[match.pk])
    form = _draft_form(match, 0)
    answers = [client.post(url, form, headers=live) for _send in range(2)]
    assert [(a.status_code, a["X-Move-Seq"]) for a in answers] == [(204, "0"), (204, "0")]
    plain = client.post(url, form, headers={"HX-Request": "true"})
    assert 'role="alert"' not in plain.content.decode()
    assert Move.objects.filter(match=match).count() == 1

    async def reconnect() -> str:
        communicator = _connect(match, people[0])
        communicator.path = f"/ws/matches/{match.pk}/?seq=0"
        communicator.scope["query_string"] = b"seq=0"
        assert (await communicator.connect())[0]
        try:
            return await communicator.receive_from()
        finally:
            await communicator.disconnect()

    table = async_to_sync(reconnect)()
    assert 'data-seq="1"' in table
    for region in ("status", "board", "players", "mine", "log"):
        assert f'id="{region}"' in table


def test_importing_a_record_recreates_the_same_final_state(client, bots, people, tmp_path):
    finished = services.start_match(game="kosmopolis", players=bots[:3])
    finished.refresh_from_db()
    path = tmp_path / "record.json"
    path.write_text(client.get(reverse("match_record", args=[finished.pk])).content.decode())
    call_command("import_record", str(path))
    copy = Match.objects.exclude(pk=finished.pk).get()
    assert copy.state == finished.state
    assert copy.result == finished.result
    assert copy.status == Match.Status.FINISHED
    assert [s.user for s in copy.seats.order_by("number")] == bots[:3]


def test_a_record_with_a_refused_move_is_not_imported(people):
    record = {
        "format": "boardgame-record/1",
        "game": "kosmopolis",
        "seats": ["a", "b"],
        "options": {},
        "seed": 5,
        "stack": None,
        "moves": [{"seat": 0, "move": {"type": "play", "card": 1, "to": "city"}}],
    }
    with pytest.raises(ValueError, match="Move 0"):
        services.import_record(record=record, players=people[:2])
    assert not Match.objects.exists()


def _play_until_seat_placed_a_modifier(match: Match, people, placer: int) -> dict:
    """Play first legal moves, the placer sending blue agents to Kosmopolis, until it has
    placed a modifier that still lies face down; return that modifier. (A modifier placed by
    the round's last move is revealed at once, for the tokens phase: rules §7.)"""
    for _turn in range(300):
        match.refresh_from_db()
        placed = [m for m in match.state["modifiers"] if m["seat"] == placer]
        if placed and match.state["phase"] == "play":
            return placed[0]
        seat = min(engine.to_act(match.state))
        moves = engine.legal_moves(match.state, seat)
        agents = [
            m for m in moves if m.get("to") == "kosmopolis" and CARD_COLOR[m["card"]] == "blue"
        ]
        move = agents[0] if seat == placer and agents else moves[-1]
        services.submit_move(
            match_id=match.pk, user=people[seat], move=move, expected_seq=match.move_count
        )
    raise AssertionError("no modifier was placed")


def test_a_face_down_modifier_is_known_to_its_owner_only(client, people, match):
    modifier = _play_until_seat_placed_a_modifier(match, people, placer=1)
    marker = f'data-modifier="{modifier["id"]}"'
    client.force_login(people[1])
    assert marker in client.get(match.get_absolute_url()).content.decode()
    for viewer in (people[0], people[2], people[3]):
        client.force_login(viewer)
        assert marker not in client.get(match.get_absolute_url()).content.decode()
    client.logout()
    assert marker not in client.get(match.get_absolute_url()).content.decode()

    async def pushed_to(user) -> str:
        communicator = _connect(match, user)
        await communicator.connect()
        try:
            return await communicator.receive_from()
        finally:
            await communicator.disconnect()

    assert marker not in async_to_sync(pushed_to)(people[0])
    assert marker in async_to_sync(pushed_to)(people[1])


def test_forms_pushed_over_the_websocket_carry_a_working_csrf_token(people, match):
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.force_login(people[0])
    browser.get(match.get_absolute_url())
    secret = browser.cookies["csrftoken"].value

    async def pushed() -> str:
        communicator = _connect(match, people[0])
        communicator.scope["cookies"] = {"csrftoken": secret}
        await communicator.connect()
        try:
            return await communicator.receive_from()
        finally:
            await communicator.disconnect()

    html = async_to_sync(pushed)()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    form = {**_draft_form(match, 0), "csrfmiddlewaretoken": token}
    response = browser.post(reverse("match_move", args=[match.pk]), form)
    assert response.status_code == 302
    assert Move.objects.filter(match=match).count() == 1


def test_the_replay_names_each_seat_instead_of_you(client, bots):
    finished = services.start_match(game="kosmopolis", players=bots[:2])
    finished.refresh_from_db()
    url = reverse("match_replay", args=[finished.pk])
    User.objects.filter(pk=bots[0].pk).update(language="en")
    client.force_login(bots[0])
    html = client.get(url, {"step": 12}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"City of {bots[0].public_name}" in html
    assert bots[1].public_name in html
    assert "Your city" not in html


@pytest.mark.parametrize("game", ["kosmopolis", "seven_dragons", "space_dragons"])
def test_one_loaded_match_renders_every_seat_as_its_own_load_would(people, game):
    """The live table loads a match once per move and process for all its sockets."""
    rules = GAMES[game].engine
    match = services.start_match(game=game, players=people[:3])
    for _move in range(12):
        match.refresh_from_db()
        seat = min(rules.to_act(match.state))
        move = rules.legal_moves(match.state, seat)[-1]
        services.submit_move(
            match_id=match.pk, user=people[seat], move=move, expected_seq=match.move_count
        )

    def regions(loaded, user) -> dict[str, str]:
        context = table_for(loaded, user).context(oob=True)
        return render_regions(TABLE_REGIONS, context)

    shared = load_table(match.pk)
    viewers = [*people[:3], people[3]]
    once = [regions(shared, user) for user in viewers]
    assert [regions(load_table(match.pk), user) for user in viewers] == once


def _consumer_without_socket(match: Match, user) -> tuple[TableConsumer, list[str]]:
    """A table consumer as `connect` sets it up, whose frames are collected in a list: the
    tests call its pushes one by one, in the order they choose."""
    consumer = TableConsumer()
    consumer.scope = {"user": user, "cookies": {}}
    consumer.match_id, consumer.csrf_token, consumer.sent, consumer.shown = match.pk, None, {}, -1
    consumer.phase = None
    frames: list[str] = []

    async def send(text_data: str) -> None:
        frames.append(text_data)

    consumer.send = send
    return consumer, frames


def test_a_socket_that_missed_more_moves_than_a_push_reads_gets_every_missed_log_line(
    people, match
):
    """A push's shared load reads the log of the last few moves only; a socket further behind
    (its pushes queued up and skipped) reloads, and its log loses no line."""
    play_first_legal_move(match, people[0], 0)
    consumer, frames = _consumer_without_socket(match, people[0])
    async_to_sync(consumer._send_table)()
    behind = consumer.shown
    for _move in range(PUSHED_LOG_MOVES + 3):
        match.refresh_from_db()
        seat = min(engine.to_act(match.state))
        play_first_legal_move(match, people[seat], seat)
    match.refresh_from_db()
    async_to_sync(consumer._send_table)(push="late", announced=match.move_count)
    fresh = table_for(load_table(match.pk), people[0], log_since=behind)
    assert 0 < behind < match.move_count - PUSHED_LOG_MOVES
    assert frames[-1].count('class="log-line') == len(fresh.log) > PUSHED_LOG_MOVES
    assert f'data-seq="{match.move_count}"' in frames[-1]


def test_pushes_resend_the_footer_and_result_only_when_the_match_starts_or_ends(people):
    """The footer (leave forms, the seed) and the result change only at the first move and at
    the end; pushes in between leave them out, and the end brings the seed and the scores."""
    match = services.start_match(game="kosmopolis", players=people[:2])
    consumer, frames = _consumer_without_socket(match, people[0])
    async_to_sync(consumer._send_table)()
    while not match.is_over:
        seat = min(engine.to_act(match.state))
        play_first_legal_move(match, people[seat], seat)
        match.refresh_from_db()
        async_to_sync(consumer._send_table)(push=f"p{match.move_count}", announced=match.move_count)
    with_footer = [n for n, frame in enumerate(frames) if 'id="table-footer"' in frame]
    with_result = [n for n, frame in enumerate(frames) if "result-panel" in frame]
    assert with_footer == [0, 1, len(frames) - 1]
    assert with_result == [len(frames) - 1]
    assert f'<code class="seed">{match.seed}</code>' in frames[-1]
    assert "?step=last" in frames[1]


def test_the_last_move_pushes_its_log_lines_and_the_rating_changes_a_fresh_page_shows(people):
    """The end of a rated match adds only its last move's lines to the log, and the players'
    panels carry the rating changes, pushed from the match as the move service stored it: the
    page then reads as a page opened after the end does."""
    match = services.start_match(game="kosmopolis", players=people[:2], rated=True)
    consumer, frames = _consumer_without_socket(match, people[0])
    async_to_sync(consumer._send_table)()
    log: list[str] = []
    while not match.is_over:
        seat = min(engine.to_act(match.state))
        with pushes_batched() as pushes:
            play_first_legal_move(match, people[seat], seat)
        told = next(message for _group, message in pushes if "push" in message)
        async_to_sync(consumer._send_table)(push=told["push"], announced=told["seq"])
        match.refresh_from_db()
        whole = 'id="log"' in frames[-1]
        log = _log_lines(frames[-1]) + ([] if whole else log)
    assert stored(match.pk, told["push"], told["seq"]) is not None, "pushed as stored"
    assert 'id="log"' not in frames[-1]
    fresh, fresh_frames = _consumer_without_socket(match, people[0])
    async_to_sync(fresh._send_table)()
    assert log == _log_lines(fresh_frames[0])
    assert frames[-1].count('class="rating-change"') == 2
    for change in re.findall(r'<p class="rating-change">[^<]*</p>', fresh_frames[0]):
        assert change in frames[-1]


def _log_lines(html: str) -> list[str]:
    return re.findall(r'<li class="log-line[^>]*>[^<]*</li>', html)


def test_the_process_that_stored_a_move_pushes_who_its_service_saw_at_the_table(
    people, match, monkeypatch
):
    """The move service reads who is at the table for its notices; this process's pushes of
    the move show the same, without asking the cache again."""
    consumer, frames = _consumer_without_socket(match, people[1])
    async_to_sync(consumer._send_table)()
    arrive(match.pk, people[2].pk, "ota-socket")
    asked: list[int] = []
    monkeypatch.setattr(pushes_module, "seen_at", lambda match: asked.append(match.pk))
    with pushes_batched() as pushes:
        play_first_legal_move(match, people[0], 0)
    told = next(message for _group, message in pushes if "push" in message)
    async_to_sync(consumer._send_table)(push=told["push"], announced=told["seq"])
    assert asked == []
    assert '<span id="presence-2" class="presence here">' in frames[-1]
    assert '<span id="presence-0" class="presence">' in frames[-1]


def test_a_seat_handed_over_is_pushed_at_an_unchanged_move_number(people, match):
    """Sockets share one load per announcement, never one per move number; the handover's log
    line reaches the other seats at once."""

    @database_sync_to_async
    def hand_over():
        offer = services.offer_seat(match_id=match.pk, user=people[2], substitute=people[3])
        services.accept_seat_offer(offer_id=offer.pk, user=people[3])

    async def scenario():
        eva, jan = _connect(match, people[0]), _connect(match, people[1])
        try:
            await eva.connect()
            await jan.connect()
            await eva.receive_from(), await jan.receive_from()
            await _first_legal_move(match, people[1], 1)
            after_move = await eva.receive_from(), await jan.receive_from()
            await hand_over()
            after_handover = await eva.receive_from(), await jan.receive_from()
            return after_move, after_handover
        finally:
            await eva.disconnect()
            await jan.disconnect()

    after_move, after_handover = async_to_sync(scenario)()
    ida = people[3].get_absolute_url()
    for html in after_move:
        assert 'data-seq="1"' in html
        assert ida not in html
    for html in after_handover:
        assert ida in html
        assert "Ota handed the seat to Ida." in html, "the log's line of the handover, live"


def test_a_push_that_a_newer_one_covered_sends_nothing_more(people, match):
    """A busy process's queued announcements do not each cost a frame."""

    @database_sync_to_async
    def two_moves():
        """Both announcements leave after both moves are stored, as a request's pushes do, so
        the first is read when the match shows both moves."""
        with pushes_batched() as pushes:
            play_first_legal_move(match, people[0], 0)
            play_first_legal_move(match, people[1], 1)
        async_to_sync(send_pushes)(pushes)

    async def scenario():
        ida = _connect(match, people[3])
        try:
            await ida.connect()
            await ida.receive_from()
            await two_moves()
            first = await ida.receive_from()
            nothing_more = await ida.receive_nothing(timeout=0.5)
            return first, nothing_more
        finally:
            await ida.disconnect()

    first, nothing_more = async_to_sync(scenario)()
    assert 'data-seq="2"' in first
    assert nothing_more


def test_the_log_grows_by_the_new_lines_and_a_stale_socket_gets_it_whole(people, match):
    """A push carries the log lines of the moves the socket has not shown, not the whole log."""

    async def scenario():
        ida = _connect(match, people[3])
        try:
            await ida.connect()
            await ida.receive_from()
            await _first_legal_move(match, people[0], 0)
            first = await ida.receive_from()
            await _first_legal_move(match, people[1], 1)
            second = await ida.receive_from()
        finally:
            await ida.disconnect()
        stale = _connect(match, people[3], seq=1)
        try:
            await stale.connect()
            whole = await stale.receive_from()
        finally:
            await stale.disconnect()
        return first, second, whole

    first, second, whole = async_to_sync(scenario)()
    match.refresh_from_db()
    for html in (first, second, whole):  # Ida watches: the new lines name no hidden card
        assert not _cards_shown(html) & _hidden_from(match.state, None)
    assert 'id="log"' in first  # the first move replaces "No moves yet."
    assert 'id="log"' not in second
    news = second[second.index('hx-swap-oob="afterbegin:#log-lines"') :]
    logged = first[first.index('id="log"') :].count('class="log-line')
    assert logged >= 1
    assert news.count('class="log-line') >= 1
    assert 'id="log"' in whole
    assert whole.count('class="log-line') == logged + news.count('class="log-line')


def test_the_sockets_of_one_viewer_share_a_push_render_and_keep_their_own_csrf_token(
    people, match, monkeypatch
):
    """Spectators reading in one language are one viewer, and so are a player's two tabs: a
    push renders once for each viewer. Each socket's forms still carry its own browser's token,
    and a spectator reading Czech gets Czech."""
    czech = User.objects.create_user("Ema", "ema@example.com", "heslo-123-abc", language="cs")
    english = User.objects.create_user("Max", "max@example.com", "heslo-123-abc", language="en")
    sockets = {
        "tab 1": (people[0], "a" * 64),
        "tab 2": (people[0], "b" * 64),
        "Jan": (people[1], "c" * 64),
        "Ida": (people[3], "d" * 64),
        "Max": (english, "e" * 64),
        "Ema": (czech, "f" * 64),
    }
    consumers = {}
    for name, (user, token) in sockets.items():
        consumer, frames = _consumer_without_socket(match, user)
        consumer.csrf_token = token
        async_to_sync(consumer._send_table)()
        consumers[name] = consumer, frames
    play_first_legal_move(match, people[1], 1)
    match.refresh_from_db()
    rendered: list[str] = []
    render = TableConsumer._render

    def counted(consumer, *args):
        rendered.append(consumer.scope["user"].username)
        return render(consumer, *args)

    monkeypatch.setattr(TableConsumer, "_render", counted)
    compared: list[tuple[str | None, str]] = []

    def diffed(before, after, splits=None):
        compared.append((before, after))
        return changes(before, after, splits)

    monkeypatch.setattr(pushes_module, "changes", diffed)

    async def push() -> None:
        await asyncio.gather(
            *(
                consumer._send_table(push="shared", announced=match.move_count)
                for consumer, _frames in consumers.values()
            )
        )

    async_to_sync(push)()
    assert len(rendered) == 4
    assert compared
    assert len(compared) == len(set(compared)), "a viewer's regions compared once"
    assert {"Eva", "Jan", "Ema"} < set(rendered) < {"Eva", "Jan", "Ema", "Ida", "Max"}
    for name, (_consumer, frames) in consumers.items():
        assert f'data-seq="{match.move_count}"' in frames[-1]
        tokens = set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', frames[-1]))
        assert tokens <= {sockets[name][1]}
    assert re.search(r'name="csrfmiddlewaretoken" value="a{64}"', consumers["tab 1"][1][-1])
    assert re.search(r'name="csrfmiddlewaretoken" value="b{64}"', consumers["tab 2"][1][-1])
    assert consumers["tab 1"][1][-1].replace("a" * 64, "b" * 64) == consumers["tab 2"][1][-1]
    assert consumers["Ida"][1][-1] == consumers["Max"][1][-1]
    for name, language in (("Max", "en"), ("Ema", "cs")):
        user = sockets[name][0]
        with translation.override(language):
            context = table_for(load_table(match.pk), user).context(oob=True)
            status = render_region("status", context)
        assert status in consumers[name][1][-1]


@pytest.mark.parametrize("game", ["kosmopolis", "seven_dragons", "space_dragons"])
def test_the_process_that_stored_a_move_pushes_the_match_as_a_load_would_show_it(
    people, game, django_capture_on_commit_callbacks, django_assert_num_queries
):
    """The move service hands the match it stored to its own process's sockets, which then
    render it without a query, exactly as they would render it loaded afresh."""
    rules = GAMES[game].engine
    match = services.start_match(game=game, players=people[:3], clock_seconds=600)
    viewers = [*people[:3], people[3]]
    for _move in range(10):
        match.refresh_from_db()
        seat = min(rules.to_act(match.state))
        with pushes_batched() as pushes, django_capture_on_commit_callbacks(execute=True):
            services.submit_move(
                match_id=match.pk,
                user=people[seat],
                move=rules.legal_moves(match.state, seat)[-1],
                expected_seq=match.move_count,
            )
        (announced,) = [message for _group, message in pushes if message["type"] == "match.moved"]
        kept = stored(match.pk, announced["push"], announced["seq"])
        assert kept is not None
        assert kept.move_count == announced["seq"]
        since = announced["seq"] - 1
        with django_assert_num_queries(0):
            pushed = [_regions(kept, user, since) for user in viewers]
        loaded = load_table(match.pk, log_from=since)
        assert pushed == [_regions(loaded, user, since) for user in viewers]


def _regions(table: Match, user, log_since: int) -> dict[str, str]:
    context = table_for(table, user, log_since=log_since).context(oob=True)
    return render_regions(TABLE_REGIONS, context)


def test_a_stored_move_and_a_table_load_leave_no_match_to_the_garbage_collector(people, match):
    """A match in a reference cycle (seats or moves pointing back at it, its whole state
    hanging from it) is freed only by the collector's full passes, which paused a busy
    server for a tenth of a second; a move and a push must free theirs as they go."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for _move in range(3):
            match.refresh_from_db()
            seat = min(engine.to_act(match.state))
            with pushes_batched():
                play_first_legal_move(match, people[seat], seat)
            loaded = load_table(match.pk, log_from=match.move_count)
            for user in people:
                _regions(loaded, user, match.move_count)
            del loaded
        gc.collect()
        kept = [o for o in gc.garbage if isinstance(o, Match | Move | Seat | User)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert kept == []


def test_a_push_whose_load_is_older_than_the_socket_shows_sends_nothing(people, match):
    """Loads of two announcements may finish in either order: a socket handed a load older
    than the table it shows keeps its table, and its log never repeats a line."""
    play_first_legal_move(match, people[0], 0)
    consumer, frames = _consumer_without_socket(match, people[3])

    async def scenario() -> None:
        await consumer._send_table()
        late = announcement(match.pk, "late", 1)
        await late.loaded()
        await database_sync_to_async(play_first_legal_move)(match, people[1], 1)
        await consumer._send_table(push="newer", announced=2)
        await consumer._send_table(push="late", announced=2)

    async_to_sync(scenario)()
    assert consumer.shown == 2
    assert len(frames) == 2
    assert 'data-seq="2"' in frames[-1]


def test_a_seats_table_reads_the_active_language_once(people, match, monkeypatch):
    """Django reads the active language from asgiref's `Local` at every call: a table that asked
    for it for every label (133 times a seat) spent 44 % of building its context there."""
    for _move in range(8):
        match.refresh_from_db()
        seat = min(engine.to_act(match.state))
        play_first_legal_move(match, people[seat], seat)
    loaded = load_table(match.pk)
    with translation.override("cs"):
        table_for(loaded, people[1])  # the first table of a process fills the URL resolver
    asked = []
    read = translation._trans.get_language
    monkeypatch.setattr(translation._trans, "get_language", lambda: asked.append(1) or read())
    with translation.override("cs"):
        table = table_for(loaded, people[2])
    assert table.status
    assert table.log
    assert len(asked) <= 2


def test_the_last_rounds_scoring_is_written_once_for_every_seat(people, match, monkeypatch):
    """Every seat reads the same scoring text of the last round: a push writes it once for all
    of them, and the next move's push writes it afresh."""
    from games.kosmopolis import context

    while not match.state["last_round"]:
        seat = min(engine.to_act(match.state))
        play_first_legal_move(match, people[seat], seat)
        match.refresh_from_db()
    written = []
    write = context.evaluation_sentences
    monkeypatch.setattr(
        context, "evaluation_sentences", lambda *args: written.append(1) or write(*args)
    )
    loaded = load_table(match.pk)
    texts = {table_for(loaded, person).extra["last_round"]["text"] for person in people[:3]}
    assert len(texts) == 1
    assert texts.pop()
    assert len(written) == 1
    seat = min(engine.to_act(match.state))
    play_first_legal_move(match, people[seat], seat)
    table_for(load_table(match.pk), people[0])
    assert len(written) == 2


def test_the_table_is_not_told_a_player_who_left_went_away(people, match):
    """Eva left the match (a bot plays her seat) and then closes her table: the others' panels
    show the bot there, with no mark of presence, so nothing is pushed about her seat (the
    mark sent before had no place on their page)."""

    def socket(user) -> WebsocketCommunicator:
        communicator = WebsocketCommunicator(
            TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/?presence=1"
        )
        communicator.scope["user"] = user
        communicator.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
        return communicator

    async def pushed(communicator) -> list[str]:
        frames = []
        while not await communicator.receive_nothing(timeout=0.3):
            frames.append(await communicator.receive_from())
        return frames

    leave = database_sync_to_async(services.leave_match)

    async def scenario() -> tuple[list[str], list[str]]:
        eva, jan = socket(people[0]), socket(people[1])
        try:
            await eva.connect()
            await jan.connect()
            await pushed(eva), await pushed(jan)
            await leave(match_id=match.pk, user=people[0], reason=Seat.Left.ABANDONED)
            after_leaving = await pushed(jan)
            await eva.disconnect()
            return after_leaving, await pushed(jan)
        finally:
            await jan.disconnect()

    after_leaving, after_closing = async_to_sync(scenario)()
    assert any("a bot plays the seat" in frame for frame in after_leaving)
    assert not any('id="presence-0"' in frame for frame in after_closing)


def test_sockets_opened_together_refresh_their_presence_at_moments_of_their_own(
    people, match, monkeypatch
):
    """After a restart every open table reconnects at once. Had each socket refreshed its
    presence a whole period after it opened, they would all refresh together every period: a
    burst of cache writes in the thread pool that the moves of that moment wait behind. Each
    socket's first refresh comes at a moment of its own within the period."""
    monkeypatch.setattr(presence_module, "REFRESH_SECONDS", 3.0)
    calls: dict[str, list[float]] = {}
    real_arrive = presence_module.arrive

    def arrive(match_id: int, user_id: int, socket: str) -> bool:
        calls.setdefault(socket, []).append(time.monotonic())
        return real_arrive(match_id, user_id, socket)

    monkeypatch.setattr(presence_module, "arrive", arrive)

    def socket(user) -> WebsocketCommunicator:
        communicator = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/")
        communicator.scope["user"] = user
        communicator.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
        return communicator

    async def scenario() -> None:
        sockets = [socket(people[n % 3]) for n in range(10)]
        for communicator in sockets:
            assert (await communicator.connect())[0]
        await asyncio.sleep(3.5)
        for communicator in sockets:
            await communicator.disconnect()

    async_to_sync(scenario)()
    assert len(calls) == 10
    first_refresh_after = [times[1] - times[0] for times in calls.values()]
    assert max(first_refresh_after) - min(first_refresh_after) > 1.0
