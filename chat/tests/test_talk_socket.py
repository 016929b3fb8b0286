"""The talk and who is at the table, live over the table's socket: a line said by one socket
reaches the others (not those who muted its author), no chat push carries anything of the
table, and arrivals and departures reach the other pages as their marks alone."""

import asyncio
import json
import re
import threading
import time

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import connection, connections, transaction
from django.urls import reverse

from accounts.models import User
from accounts.services import delete_account
from chat import services
from chat.models import ChatLine
from games import presence
from games.consumers import TableConsumer
from games.consumers import presence as table_presence
from games.models import Match
from games.presence import arrive, depart

pytestmark = pytest.mark.django_db(transaction=True)


def _socket(match, user, *, presence: bool = True) -> WebsocketCommunicator:
    """A table socket as the table page opens it (up to date, asking for presence changes)."""
    query = f"?seq={match.move_count}" + ("&presence=1" if presence else "")
    communicator = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/{query}")
    communicator.scope["user"] = user
    communicator.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
    communicator.scope["cookies"] = {settings.LANGUAGE_COOKIE_NAME: "en"}  # signed out: English
    return communicator


def _line(text) -> str:
    return json.dumps({"chat_line": text})


def _cards(html: str) -> set[str]:
    return set(re.findall(r'data-card="(\d+)"', html))


def test_a_line_sent_by_one_socket_arrives_at_the_others_escaped_and_alone(people, match):
    eva, jan, ota = people[0], people[1], people[2]

    async def scenario():
        sockets = [_socket(match, person, presence=False) for person in (eva, jan, ota)]
        try:
            for socket in sockets:
                assert (await socket.connect())[0]
            await sockets[0].send_to(text_data=_line("<b>good luck</b> & have fun"))
            answer = await sockets[0].receive_from()
            own = await sockets[0].receive_from()
            at_jan, at_ota = await sockets[1].receive_from(), await sockets[2].receive_from()
            assert await sockets[1].receive_nothing(timeout=0.2)
            return answer, own, at_jan, at_ota
        finally:
            for socket in sockets:
                await socket.disconnect()

    answer, own, at_jan, at_ota = async_to_sync(scenario)()
    assert ChatLine.objects.get().text == "<b>good luck</b> & have fun"
    assert 'id="chat-error"' in answer
    assert "hidden" in answer, "no error for a line taken"
    for push in (own, at_jan, at_ota):
        assert push.startswith('<ol hx-swap-oob="beforeend:#chat-lines">')
        assert "&lt;b&gt;good luck&lt;/b&gt; &amp; have fun" in push
        assert 'class="chat-author">Eva<' in push
    assert "Mute Eva" in at_jan, "another player may mute or report the line"
    assert f'action="/matches/{match.pk}/chat/mute/"' in at_jan
    assert f'action="/matches/{match.pk}/chat/report/"' in at_jan
    assert "Mute Eva" not in own, "nobody mutes themself"
    # The table's hidden information stays out of every chat push, and no region comes along.
    for push in (own, at_jan, at_ota):
        assert not _cards(push)
        assert 'id="mine"' not in push
        assert 'id="status"' not in push
        assert match.seed not in push


def test_a_muted_players_lines_do_not_reach_the_muter(people, match):
    eva, jan, ota = people[0], people[1], people[2]

    async def scenario():
        jan_socket, ota_socket, eva_socket = (
            _socket(match, jan, presence=False),
            _socket(match, ota, presence=False),
            _socket(match, eva, presence=False),
        )
        try:
            for socket in (jan_socket, ota_socket, eva_socket):
                assert (await socket.connect())[0]
            # Muted while the table is open: the socket reads its mutes again.
            await database_sync_to_async(services.mute)(
                user=jan, match_id=match.pk, player_id=eva.pk
            )
            await eva_socket.send_to(text_data=_line("Jan cannot read this"))
            await eva_socket.receive_from()
            at_ota = await ota_socket.receive_from()
            nothing_for_jan = await jan_socket.receive_nothing(timeout=0.5)
            await database_sync_to_async(services.mute)(
                user=jan, match_id=match.pk, player_id=eva.pk, muted=False
            )
            await eva_socket.send_to(text_data=_line("now Jan reads again"))
            at_jan = await jan_socket.receive_from()
            return at_ota, nothing_for_jan, at_jan
        finally:
            for socket in (jan_socket, ota_socket, eva_socket):
                await socket.disconnect()

    at_ota, nothing_for_jan, at_jan = async_to_sync(scenario)()
    assert "Jan cannot read this" in at_ota
    assert nothing_for_jan
    assert "now Jan reads again" in at_jan


def test_a_mute_made_before_the_table_opened_holds_for_its_socket(people, match):
    eva, jan = people[0], people[1]
    services.mute(user=jan, match_id=match.pk, player_id=eva.pk)

    async def scenario():
        jan_socket, eva_socket = _socket(match, jan, presence=False), _socket(match, eva)
        try:
            assert (await jan_socket.connect())[0]
            assert (await eva_socket.connect())[0]
            await eva_socket.send_to(text_data=_line("hello"))
            await eva_socket.receive_from()
            return await jan_socket.receive_nothing(timeout=0.5)
        finally:
            await jan_socket.disconnect()
            await eva_socket.disconnect()

    assert async_to_sync(scenario)()
    assert ChatLine.objects.count() == 1


@pytest.mark.parametrize(
    ("who", "sent", "reason"),
    [
        (2, _line("may I?"), "spectators read along"),
        (None, _line("may I?"), "Sign in to talk"),
        (0, _line("   "), "Write something to say first."),
        (0, json.dumps({"chat_line": ["not", "text"]}), "Write something to say first."),
        (0, _line("x" * 301), "at most 300 characters"),
    ],
    ids=["spectator", "signed out", "whitespace", "not text", "too long"],
)
def test_a_refused_line_comes_back_to_its_socket_alone_and_changes_nothing(
    people, match, who, sent, reason
):
    sayer = AnonymousUser() if who is None else people[who]

    async def scenario():
        jan_socket = _socket(match, people[1], presence=False)
        sayer_socket = _socket(match, sayer, presence=False)
        try:
            assert (await jan_socket.connect())[0]
            assert (await sayer_socket.connect())[0]
            await sayer_socket.send_to(text_data=sent)
            answer = await sayer_socket.receive_from()
            return answer, await jan_socket.receive_nothing(timeout=0.3)
        finally:
            await jan_socket.disconnect()
            await sayer_socket.disconnect()

    answer, nothing_for_jan = async_to_sync(scenario)()
    assert 'id="chat-error"' in answer
    assert 'role="alert"' in answer
    assert reason in answer
    assert nothing_for_jan
    assert not ChatLine.objects.exists()


DEEP = "[" * 1500 + "]" * 1500
"""Nested deeper than Python's JSON parser recurses, and short enough to be read."""


@pytest.mark.parametrize("who", [None, 2, 0], ids=["signed out", "spectator", "player"])
@pytest.mark.parametrize(
    "sent", [f'{{"chat_line": {DEEP}}}', f'{{"chat_line": "hi", "x": {DEEP}}}', DEEP]
)
def test_a_deeply_nested_message_is_refused_and_the_socket_kept(people, match, who, sent):
    viewer = AnonymousUser() if who is None else people[who]

    async def scenario():
        socket = _socket(match, viewer, presence=False)
        try:
            assert (await socket.connect())[0]
            await socket.send_to(text_data=sent)
            answer = await socket.receive_from()
            return answer, await socket.receive_nothing(timeout=0.3)
        finally:
            await socket.disconnect()

    answer, nothing_more = async_to_sync(scenario)()
    assert 'role="alert"' in answer
    reason = "could not be read" if who == 0 else "You do not sit at this table."
    assert reason in answer
    assert nothing_more, "the socket stays open"
    assert not ChatLine.objects.exists()


@pytest.mark.parametrize("text", ["\ud800", "a\udfffb", "\udc00\ud800"])
def test_a_line_with_half_a_surrogate_pair_is_refused_and_the_socket_kept(people, match, text):
    """JSON's `\\ud800` escape carries a lone surrogate, which UTF-8 (and so PostgreSQL) cannot
    store."""

    async def scenario():
        socket = _socket(match, people[0], presence=False)
        try:
            assert (await socket.connect())[0]
            await socket.send_to(text_data=f'{{"chat_line": "{text}"}}')
            refused = await socket.receive_from()
            await socket.send_to(text_data=_line("still here"))
            return refused, await socket.receive_from(), await socket.receive_from()
        finally:
            await socket.disconnect()

    refused, cleared, said = async_to_sync(scenario)()
    assert 'role="alert"' in refused
    assert "The line contains a character that is not allowed." in refused
    assert 'role="alert"' not in cleared
    assert "still here" in said
    assert list(ChatLine.objects.values_list("text", flat=True)) == ["still here"]


class MatchesLocked:
    """Another connection holds the whole table of matches: any query that reads a match (who
    may watch or talk at it) waits until `release`."""

    def __init__(self) -> None:
        self.locked, self.released = threading.Event(), threading.Event()
        self.holder = threading.Thread(target=self._hold)

    def _hold(self) -> None:
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(f"LOCK TABLE {Match._meta.db_table} IN ACCESS EXCLUSIVE MODE")
                self.locked.set()
                self.released.wait(20)
        finally:
            connections.close_all()

    def lock(self) -> None:
        self.holder.start()
        assert self.locked.wait(10)

    def release(self) -> None:
        self.released.set()
        self.holder.join()


def test_a_signed_out_sockets_lines_are_refused_before_the_database_and_once(match):
    matches = MatchesLocked()

    async def flood():
        socket = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/")
        socket.scope["user"] = AnonymousUser()
        socket.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
        socket.scope["cookies"] = {settings.LANGUAGE_COOKIE_NAME: "en"}
        try:
            assert (await socket.connect())[0]
            await socket.receive_from()  # the table: the socket has read the match
            await database_sync_to_async(matches.lock)()
            for n in range(50):
                await socket.send_to(text_data=_line(f"line {n}"))
            answers = [await socket.receive_from(timeout=3)]
            while not await socket.receive_nothing(timeout=0.3):
                answers.append(await socket.receive_from())
            return answers
        finally:
            await database_sync_to_async(matches.release)()
            await socket.disconnect()

    answers = async_to_sync(flood)()
    assert len(answers) == 1, "one refusal for a flood"
    assert 'id="chat-error"' in answers[0]
    assert "Sign in to talk at the table." in answers[0]
    assert not ChatLine.objects.exists()


def test_too_many_lines_over_the_socket_are_refused(people, match, settings):
    settings.PLAY_RATE_LIMITS = {**settings.PLAY_RATE_LIMITS, "chat_line": "2/30second"}

    async def scenario():
        socket = _socket(match, people[0], presence=False)
        try:
            assert (await socket.connect())[0]
            answers = []
            for n in range(3):
                await socket.send_to(text_data=_line(f"line {n}"))
                answers.append(await socket.receive_from())
                if n < 2:
                    await socket.receive_from()  # the line itself
            return answers
        finally:
            await socket.disconnect()

    answers = async_to_sync(scenario)()
    assert "too fast" in answers[2]
    assert list(ChatLine.objects.values_list("text", flat=True)) == ["line 0", "line 1"]


def test_lines_posted_and_said_over_the_socket_count_toward_one_limit(
    client, people, match, settings
):
    settings.PLAY_RATE_LIMITS = {**settings.PLAY_RATE_LIMITS, "chat_line": "2/30second"}
    client.force_login(people[0])
    url = reverse("chat_say", args=[match.pk])
    assert "too fast" not in client.post(url, {"chat_line": "posted"}, follow=True).content.decode()

    async def scenario():
        socket = _socket(match, people[0], presence=False)
        try:
            assert (await socket.connect())[0]
            await socket.send_to(text_data=_line("over the socket"))
            taken = await socket.receive_from()
            await socket.receive_from()  # the line itself
            await socket.send_to(text_data=_line("one too many"))
            return taken, await socket.receive_from()
        finally:
            await socket.disconnect()

    taken, refused = async_to_sync(scenario)()
    assert "too fast" not in taken
    assert "too fast" in refused
    posted = client.post(url, {"chat_line": "and another"}, follow=True)
    assert "too fast" in posted.content.decode()
    assert list(ChatLine.objects.values_list("text", flat=True)) == ["posted", "over the socket"]


def test_a_players_arrival_and_departure_reach_the_other_pages_as_their_mark_alone(people, match):
    eva, jan = people[0], people[1]

    async def scenario():
        jan_socket = _socket(match, jan)
        eva_socket = _socket(match, eva)
        try:
            assert (await jan_socket.connect())[0]
            now = await jan_socket.receive_from()
            assert await jan_socket.receive_nothing(timeout=0.2), "no word of one's own coming"
            assert (await eva_socket.connect())[0]
            came = await jan_socket.receive_from()
            await eva_socket.disconnect()
            left = await jan_socket.receive_from()
            return now, came, left
        finally:
            await jan_socket.disconnect()

    now, came, left = async_to_sync(scenario)()
    # On opening, the socket brings every mark as it is now: someone may have come or left
    # between the page's render and the socket's opening.
    assert '<span id="presence-0" class="presence" hx-swap-oob="true">away</span>' in now
    assert '<span id="presence-1" class="presence here" hx-swap-oob="true">' in now
    assert "No spectators" in now
    assert came == (
        '<span id="presence-0" class="presence here" hx-swap-oob="true">at the table</span>'
    )
    assert left == '<span id="presence-0" class="presence" hx-swap-oob="true">away</span>'


def test_a_player_who_left_the_match_sends_no_mark_to_a_panel_that_no_longer_has_one(people, match):
    """Once Eva abandoned, her panel is a bot's (no mark): her tab closing afterwards tells
    Jan's page nothing, where a mark for a missing panel would be an htmx error."""
    from games.models import Seat
    from games.services import leave_match

    eva, jan = people[0], people[1]

    async def scenario():
        jan_socket = _socket(match, jan)
        eva_socket = _socket(match, eva)
        try:
            assert (await jan_socket.connect())[0]
            await jan_socket.receive_from()  # every mark as it is now
            assert (await eva_socket.connect())[0]
            await jan_socket.receive_from()  # Eva came
            await database_sync_to_async(leave_match)(
                match_id=match.pk, user=eva, reason=Seat.Left.ABANDONED
            )
            pushed = []  # the seat handed over, and the bot's move in it
            while not await jan_socket.receive_nothing(timeout=0.5):
                pushed.append(await jan_socket.receive_from())
            await eva_socket.disconnect()
            return "".join(pushed), await jan_socket.receive_nothing(timeout=0.5)
        finally:
            await jan_socket.disconnect()

    pushed, nothing_more = async_to_sync(scenario)()
    assert "Bot for Eva" in pushed
    assert nothing_more, "a mark pushed for a panel the page no longer shows"


def test_the_spectators_are_counted_once_each_and_the_count_is_pushed(people, match):
    jan, ota = people[1], people[2]

    async def scenario():
        jan_socket = _socket(match, jan)
        ota_tabs = [_socket(match, ota), _socket(match, ota)]
        visitor = _socket(match, AnonymousUser())
        quiet = _socket(match, people[3], presence=False)
        try:
            assert (await jan_socket.connect())[0]
            await jan_socket.receive_from()  # the marks as they are
            assert (await quiet.connect())[0]
            counts = [await jan_socket.receive_from()]
            for socket in (*ota_tabs, visitor):
                assert (await socket.connect())[0]
                counts.append(await jan_socket.receive_from())
            await visitor.disconnect()
            counts.append(await jan_socket.receive_from())
            return counts, await quiet.receive_nothing(timeout=0.2)
        finally:
            for socket in (jan_socket, *ota_tabs, quiet):
                await socket.disconnect()

    counts, quiet_heard_nothing = async_to_sync(scenario)()
    shown = [re.search(r">([^<]*)</p>", count).group(1) for count in counts]
    # Ida's socket asked for no presence changes but watches too; Ota's two tabs count once,
    # and a signed-out visitor is a guest.
    assert shown == [
        "1 spectator",
        "2 spectators",
        "2 spectators",
        "2 spectators, 1 guest",
        "2 spectators",
    ]
    assert quiet_heard_nothing, "a socket that draws no panels is sent no presence changes"


def _shown(push: str) -> str:
    return re.search(r'id="watching"[^>]*>([^<]*)</p>', push).group(1)


def test_signed_out_sockets_count_as_guests_and_only_up_to_a_bound(people, match):
    """Anyone can open sockets without an account: forty of them are no forty spectators."""

    async def scenario():
        jan_socket = _socket(match, people[1])
        visitors = [_socket(match, AnonymousUser(), presence=False) for _ in range(12)]
        ota = _socket(match, people[2], presence=False)
        try:
            assert (await jan_socket.connect())[0]
            await jan_socket.receive_from()  # the marks as they are
            shown = []
            for socket in (*visitors, ota):
                assert (await socket.connect())[0]
                shown.append(_shown(await jan_socket.receive_from()))
            return shown
        finally:
            for socket in (jan_socket, *visitors, ota):
                await socket.disconnect()

    shown = async_to_sync(scenario)()
    assert shown[:3] == ["1 guest", "2 guests", "3 guests"]
    assert shown[9:] == ["10 or more guests"] * 3 + ["1 spectator, 10 or more guests"]


class _LaggingCache:
    """The cache as a busy Redis answers: what a read returns is what was stored when the read
    began, and another write may have come since."""

    def __init__(self, cache):
        self.cache = cache

    def get(self, *args, **kwargs):
        value = self.cache.get(*args, **kwargs)
        time.sleep(0.05)
        return value

    def __getattr__(self, name):
        return getattr(self.cache, name)


def test_spectators_who_leave_together_leave_the_count_at_once(people, match, monkeypatch):
    """Sockets closing at the same moment, with a busy cache: none of them lingers in the count
    (it used to, until its entry expired a minute later)."""
    monkeypatch.setattr(presence, "cache", _LaggingCache(presence.cache))

    async def scenario():
        jan_socket = _socket(match, people[1])
        watchers = [_socket(match, AnonymousUser(), presence=False) for _ in range(6)]
        watchers += [_socket(match, people[2], presence=False), _socket(match, people[3])]
        try:
            assert (await jan_socket.connect())[0]
            for socket in watchers:
                assert (await socket.connect())[0]
            await asyncio.gather(*(socket.disconnect() for socket in watchers))
            pushes = []
            while not await jan_socket.receive_nothing(timeout=0.5):
                pushes.append(await jan_socket.receive_from())
            watching = await database_sync_to_async(presence.at_table)(match.pk, [])
            return pushes[-1], watching
        finally:
            await jan_socket.disconnect()

    last, (_here, watching) = async_to_sync(scenario)()
    assert _shown(last) == "No spectators"
    assert watching == (0, 0)


def test_an_open_spectators_socket_keeps_being_counted(people, match, monkeypatch):
    """The count's entries expire on their own (a crashed process's sockets are forgotten), so
    the open sockets keep theirs fresh."""
    monkeypatch.setattr(presence, "PRESENCE_SECONDS", 0.4)
    monkeypatch.setattr(table_presence, "REFRESH_SECONDS", 0.1)

    async def scenario():
        visitor = _socket(match, AnonymousUser(), presence=False)
        ota = _socket(match, people[2], presence=False)
        try:
            assert (await visitor.connect())[0]
            assert (await ota.connect())[0]
            await asyncio.sleep(1)
            return await database_sync_to_async(presence.at_table)(match.pk, [])
        finally:
            await visitor.disconnect()
            await ota.disconnect()

    _here, watching = async_to_sync(scenario)()
    assert watching == (1, 1)


def test_the_page_shows_who_is_at_the_table_and_how_many_watch(client, people, match):
    arrive(match.pk, people[0].pk, "socket-of-eva")
    client.force_login(people[1])
    html = client.get(reverse("match_table", args=[match.pk])).content.decode()
    assert 'id="presence-0" class="presence here"' in html
    assert 'id="presence-1" class="presence here"' in html, "the viewer is at the table"
    assert "No spectators" in html
    services.say(match_id=match.pk, user=people[0], text="hi")
    client.force_login(people[2])
    html = client.get(reverse("match_table", args=[match.pk])).content.decode()
    assert 'id="presence-1" class="presence">away' in html


class _SlowCache:
    """The cache as a busy Redis answers: every read takes a while, and so does a delete, so
    that two sockets' writes of one entry overlap."""

    def __init__(self, cache):
        self.cache = cache

    def get(self, *args, **kwargs):
        time.sleep(0.05)
        return self.cache.get(*args, **kwargs)

    def delete(self, *args, **kwargs):
        time.sleep(0.1)
        return self.cache.delete(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.cache, name)


def test_a_reload_leaves_the_player_at_the_table_while_its_old_socket_closes(
    people, match, monkeypatch
):
    """The old page's socket closes as the new page's opens, each in a thread of its own."""
    eva = people[0]
    arrive(match.pk, eva.pk, "old-page")
    monkeypatch.setattr(presence, "cache", _SlowCache(presence.cache))
    leaving = threading.Thread(target=depart, args=(match.pk, eva.pk, "old-page"))
    coming = threading.Thread(target=arrive, args=(match.pk, eva.pk, "new-page"))
    leaving.start()
    time.sleep(0.01)
    coming.start()
    leaving.join()
    coming.join()
    assert presence.present(match.pk, [eva.pk]) == {eva.pk}


def test_a_socket_whose_entry_was_lost_puts_it_back_and_tells_the_table(people, match, monkeypatch):
    """A departure in another process may write over an open socket's entry and tell the
    table that its player left: the socket's next refresh tells it they are here."""
    eva, jan = people[0], people[1]
    monkeypatch.setattr(table_presence, "REFRESH_SECONDS", 0.2)

    async def scenario():
        jan_socket = _socket(match, jan)
        eva_socket = _socket(match, eva)
        try:
            assert (await jan_socket.connect())[0]
            await jan_socket.receive_from()  # the marks as they are
            assert (await eva_socket.connect())[0]
            await jan_socket.receive_from()  # Eva came
            assert await jan_socket.receive_nothing(timeout=0.5), "refreshes tell nothing"
            await database_sync_to_async(presence.cache.delete)(presence._key(match.pk, eva.pk))
            told = await jan_socket.receive_from(timeout=2)
            here = await database_sync_to_async(presence.present)(match.pk, [eva.pk])
            return told, here
        finally:
            await eva_socket.disconnect()
            await jan_socket.disconnect()

    told, here = async_to_sync(scenario)()
    assert told == (
        '<span id="presence-0" class="presence here" hx-swap-oob="true">at the table</span>'
    )
    assert here == {eva.pk}


def test_an_open_table_shows_a_deleted_accounts_lines_as_the_deleted_players(people, match):
    """The lines stay (the moderators may need them), under the name the account has now."""
    eva, jan = people[0], people[1]
    services.say(match_id=match.pk, user=eva, text="see you")

    async def scenario():
        socket = _socket(match, jan, presence=False)
        assert (await socket.connect())[0]
        try:
            while not await socket.receive_nothing(timeout=0.3):
                await socket.receive_from()  # the table as it opens
            await database_sync_to_async(lambda: delete_account(user=User.objects.get(pk=eva.pk)))()
            pushes = []
            while not await socket.receive_nothing(timeout=0.5):
                pushes.append(await socket.receive_from())
            return pushes
        finally:
            await socket.disconnect()

    talk = [push for push in async_to_sync(scenario)() if 'id="chat-lines"' in push]
    assert len(talk) == 1
    assert 'hx-swap-oob="true"' in talk[0]
    assert 'id="chat-input"' not in talk[0], "a line being typed stays"
    assert 'class="chat-author">Deleted player<' in talk[0]
    assert "see you" in talk[0]
    assert "Eva" not in talk[0]
