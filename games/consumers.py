"""The live table: one group per match; each client gets the table rendered for its own seat,
and sends its moves over the same socket."""

import asyncio
import contextlib
import functools
import json
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import parse_qs

from asgiref.sync import SyncToAsync
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import Error as DatabaseFailure
from django.db import connections
from django.http import QueryDict
from django.utils import timezone, translation
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from redis.exceptions import RedisError

from accounts.sockets import SESSION_ENDED, SessionBoundSocket, session_holds
from chat.live import CHAT_TOKEN, chat_text, line_html, lines_html, refusal, say_over_socket
from chat.selectors import muted_by
from config.guards import storable, whole_number, within_limit
from games.live import Pushes, csrf_token_for, pushes_batched, send_pushes, stored
from games.models import Match, Seat
from games.presence import (
    NOBODY,
    REFRESH_SECONDS,
    Watching,
    arrive,
    at_table,
    depart,
    share_spectators,
)
from games.regions import changes, environment, render_region, render_regions
from games.selectors import (
    LOG_LENGTH,
    TABLE_REGIONS,
    AtTable,
    load_table,
    may_watch,
    seat_of,
    seen_at,
    table_for,
)
from games.services import MoveRefused, SessionEnded, match_group, submit_move_form
from games.translated import reading

MOVE_SIZE_LIMIT = 4096
"""The longest move message read (a move form's fields are a few hundred bytes)."""

LOADED_PUSHES = 128
"""How many announcements a process keeps for its sockets to share (a socket that comes later
than that loads and renders the match itself)."""
PUSHED_LOG_MOVES = 4
"""How many of the newest moves' log lines a push's shared load reads: a socket that missed
more than that loads the match with its whole log itself."""
RARELY_CHANGED = frozenset({"result", "footer"})
"""Regions that change only when the match gets its first move or ends, or the viewer's seat
changes: a push renders them only then."""
SOCKET_CSRF = f"csrf-{secrets.token_hex(16)}"
"""Stands for the socket's own CSRF token in a render that sockets share: each socket puts its
own in (one browser's token does not pass another's check)."""

TOO_MANY = object()
"""A move past the player's limit of messages (`TableConsumer._play`)."""

Rendered = tuple[int, dict[str, str], str | None]
"""A render for one viewer: the move number, the regions by name, the log's new lines."""


class Announcement:
    """What the sockets of one process share for one announcement: the match, loaded once with
    the log of the last few moves only (not at all where this process stored the move), and each
    viewer's regions, rendered once. The players at a table are different viewers, but every
    spectator reading in one language and time zone is the same one, and so is a player's
    second tab. Their sockets also share the regions' fragments (`games.regions.changes`): a
    socket compares what it sent with the new regions before its CSRF token goes in, so a
    hundred spectators split a region once, not a hundred times."""

    def __init__(self, match_id: int, push: str, seq: int) -> None:
        self.match_id = match_id
        self.log_from = max(seq - PUSHED_LOG_MOVES, 0)
        self.loading: asyncio.Future[Match] | None = None
        self.renders: dict[tuple[Any, ...], Rendered] = {}
        self.splits: dict[str, tuple[str, dict[str, str]]] = {}
        self.diffs: dict[tuple[str | None, str], str] = {}
        self.seeing: asyncio.Future[AtTable] | None = None
        kept = stored(match_id, push, seq)
        if kept is not None:
            self.loading = asyncio.get_running_loop().create_future()
            self.loading.set_result(kept)
            if kept.seen is not None:  # read by the move service as it stored the move
                self.seeing = asyncio.get_running_loop().create_future()
                self.seeing.set_result(kept.seen)

    async def loaded(self) -> Match:
        if self.loading is None:
            load = off_the_loop(load_table)(self.match_id, log_from=self.log_from)
            self.loading = asyncio.ensure_future(load)
        try:
            return await _awaited(self.loading)
        except Exception:
            self.loading = None
            raise

    async def seen(self, match: Match) -> AtTable:
        """Who is at the table, read once for every socket of this announcement (not at all
        where this process stored the move: its move service read it)."""
        if self.seeing is None:
            self.seeing = asyncio.ensure_future(off_the_loop(seen_at)(match))
        try:
            return await _awaited(self.seeing)
        except Exception:
            self.seeing = None
            raise

    def rendered(self, viewer: tuple[Any, ...], render: Callable[[], Rendered]) -> Rendered:
        """`render()` once for every socket of this `viewer` (a failed one is not kept)."""
        if viewer not in self.renders:
            self.renders[viewer] = render()
        return self.renders[viewer]


async def _awaited(task: asyncio.Future[Any]) -> Any:
    """Await a task that other sockets await too: one socket's disconnect (its cancellation)
    must not cancel the work for the rest."""
    return await asyncio.shield(task)


_announced: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, OrderedDict[str, Announcement]] = (
    weakref.WeakKeyDictionary()
)
"""Each event loop's announcements (daphne has one loop; tests make many, and a loop's futures
must never be awaited from another, which a key of `id(loop)`, reused once a loop is gone,
allowed)."""


logger = logging.getLogger(__name__)


def off_the_loop(work):
    """Run database work in a thread of the pool, not on the one thread that Channels shares
    between all consumers of a process: one table's database round trip then does not hold up
    the others. Renders stay on the loop (`TableConsumer._send_table`).

    The thread's connection goes back to the pool when the work is done: Channels' own
    `close_old_connections` left some of them open (seen in tests, where the pool threads of
    each event loop end), and a thread that ends with its connection keeps it from the pool."""

    @functools.wraps(work)
    def returning_connections(*args: Any, **kwargs: Any) -> Any:
        try:
            return work(*args, **kwargs)
        finally:
            connections.close_all()

    return SyncToAsync(returning_connections, thread_sensitive=False)


def announcement(match_id: int, push: str, seq: int) -> Announcement:
    """The process's share of one announcement (of move number `seq`), whatever the number of
    its sockets at the table."""
    loop = asyncio.get_running_loop()
    known = _announced.get(loop)
    if known is None:
        known = _announced[loop] = OrderedDict()
    if push not in known:
        known[push] = Announcement(match_id, push, seq)
        if len(known) > LOADED_PUSHES:
            known.popitem(last=False)
    return known[push]


Phase = tuple[bool, bool, int | None, tuple[Any, ...], tuple[tuple[int, int], ...], bool]


def _phase(match: Match, user: Any) -> Phase:
    """What the footer, the result and the log's lines of no move follow: whether the match is
    over or started, then what the log follows (`_same_log`): the viewer's seat, the seats whose
    players left and those who asked to end the match early, who holds each seat (a seat
    handed on), and whether it was ended early."""
    departures = tuple(
        (s.number, s.left, s.wants_end) for s in match.seat_list if s.left or s.wants_end
    )
    holders = tuple(sorted((s.number, s.user_id) for s in match.seat_list))
    ended_early = bool(match.result and match.result.get("ended_early"))
    return (
        match.is_over,
        match.move_count > 0,
        seat_of(match, user),
        departures,
        holders,
        ended_early,
    )


def _same_log(phase: Phase, before: Phase | None) -> bool:
    """Whether a log shown in phase `before` grows into the log of `phase` by the new moves'
    lines alone: a seat that left or a match ended early adds lines of no move, and another
    seat sees other events. A match that ends by its last move adds only that move's lines."""
    return before is not None and phase[2:] == before[2:]


def move_form(text: str | None) -> QueryDict:
    """A move form's fields as the socket brings them: a JSON object of field names to a value
    or a list of values, as htmx's `ws-send` makes it (its `HEADERS` are left out). Refused: any
    other JSON, JSON nested deeper than the parser recurses, and text PostgreSQL cannot store
    (`config.guards.storable`), which no form of the table sends."""
    unreadable = MoveRefused(_("The move could not be read; reload the page."))
    if not text or len(text) > MOVE_SIZE_LIMIT:
        raise unreadable
    try:
        fields = json.loads(text)
    except (ValueError, RecursionError):
        raise unreadable from None
    if not isinstance(fields, dict):
        raise unreadable
    form = QueryDict(mutable=True)
    for name, value in fields.items():
        if name == "HEADERS":
            continue
        values = value if isinstance(value, list) else [value]
        if not all(isinstance(item, str | int) and not isinstance(item, bool) for item in values):
            raise unreadable
        texts = [str(item) for item in values]
        if not all(storable(text) for text in (name, *texts)):
            raise unreadable
        form.setlist(name, texts)
    return form


@functools.lru_cache(maxsize=256)
def _presence_html(seat: int | None, here: bool, watching: Watching, language: str) -> str:
    marks = environment().get_template("games/table/presence.html").module
    with translation.override(language), reading():
        if seat is not None:
            return str(marks.mark(seat, here, oob=True))  # type: ignore[attr-defined]
        return str(marks.watching(watching, oob=True))  # type: ignore[attr-defined]


def presence_html(message: dict[str, Any], language: str) -> str:
    """A presence change as the table shows it in `language`: rendered once for all sockets."""
    seat = message.get("seat")
    return _presence_html(
        seat if isinstance(seat, int) else None,
        bool(message.get("here")),
        Watching(*message.get("watching", NOBODY)),
        language,
    )


async def tell_presence(match_id: int, change: dict[str, Any]) -> None:
    """Cheaply: the change itself, which each socket at the table renders alone
    (`TableConsumer.presence_changed`)."""
    message = {"type": "presence.changed", **change}
    try:
        await get_channel_layer().group_send(match_group(match_id), message)
    except (OSError, RedisError):
        logger.warning("Presence at match %s not told: Redis is away", match_id)


class Spectators:
    """The sockets of this process (its one event loop) that watch tables without a seat: the
    signed-in spectators by account, the guests by socket. They change on the loop alone, where
    nothing runs at once, so sockets that open and close together lose nothing. One task per
    table (`_keep`) writes the process's share of its spectators to the cache
    (`presence.share_spectators`) one write at a time, each carrying every change made before it
    began, tells the table the count after a change, and writes the share again every
    REFRESH_SECONDS so that it does not expire: a hundred spectators leaving together cost a
    write or two, and refreshes hold no thread that moves need."""

    def __init__(self) -> None:
        self.process = secrets.token_hex(8)
        self.sockets: dict[int, dict[str, int | None]] = {}
        self.changed: dict[int, asyncio.Event] = {}
        self.written: dict[int, asyncio.Future[None]] = {}
        self.keepers: dict[int, asyncio.Task[None]] = {}

    def come(self, match_id: int, socket: str, user_id: int | None) -> asyncio.Future[None]:
        """A socket without a seat opened (`user_id` None for a guest); the write that tells."""
        self.sockets.setdefault(match_id, {})[socket] = user_id
        return self._change(match_id)

    def leave(self, match_id: int, socket: str) -> asyncio.Future[None]:
        """The socket closed; the write that tells."""
        self.sockets.get(match_id, {}).pop(socket, None)
        return self._change(match_id)

    def _change(self, match_id: int) -> asyncio.Future[None]:
        if match_id not in self.keepers:
            self.changed[match_id] = asyncio.Event()
            self.keepers[match_id] = asyncio.ensure_future(self._keep(match_id))
        if match_id not in self.written:
            self.written[match_id] = asyncio.get_running_loop().create_future()
        self.changed[match_id].set()
        return self.written[match_id]

    async def _keep(self, match_id: int) -> None:
        """Write the share when it changed, else every REFRESH_SECONDS, while the process has
        spectators of the table; the last write (of none) drops the share at once."""
        changed = self.changed[match_id]
        try:
            while True:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), REFRESH_SECONDS)
                changed.clear()
                written = self.written.pop(match_id, None)
                sockets = self.sockets.get(match_id, {})
                people = {user_id for user_id in sockets.values() if user_id is not None}
                guests = sum(1 for user_id in sockets.values() if user_id is None)
                try:
                    watching = await off_the_loop(share_spectators)(
                        match_id, self.process, people, guests
                    )
                    if written is not None:
                        await tell_presence(match_id, {"watching": watching})
                finally:
                    if written is not None and not written.done():
                        written.set_result(None)
                if not sockets and not changed.is_set():
                    return
        finally:
            del self.changed[match_id], self.keepers[match_id]
            if not self.sockets.get(match_id):
                self.sockets.pop(match_id, None)


_spectators: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Spectators] = (
    weakref.WeakKeyDictionary()
)


def spectators() -> Spectators:
    """This event loop's (this process's) spectators."""
    loop = asyncio.get_running_loop()
    if loop not in _spectators:
        _spectators[loop] = Spectators()
    return _spectators[loop]


class TableConsumer(SessionBoundSocket, AsyncWebsocketConsumer):
    """Moves come in over the socket as well as over HTTP: the socket spares a move the whole
    HTTP request (session, user and middleware), and both go through the same move service."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: dict[str, str] = {}
        self.splits: dict[str, tuple[str, dict[str, str]]] = {}
        self.shown = -1
        self.phase: Phase | None = None
        self.refused = False
        self.refused_talk = False
        self.shown_match: Callable[[], Match | None] = lambda: None

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.csrf_token = csrf_token_for(self.scope)
        if not await self._exists():
            await self.close(code=4404)
            return
        self.group = match_group(self.match_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.bind_to_session()
        await self.accept()
        came = await self._arrive()
        await self._send_table(page_seq=self._page_seq())
        self.muted = await off_the_loop(muted_by)(self.scope.get("user"))
        self.presence = self._keep_present(came)
        if self._shows_presence():
            await self.send(text_data=await off_the_loop(self._presence_now)())

    async def dispatch(self, message: dict[str, Any]) -> None:
        """As Channels dispatches, without closing stale database connections first: that is a
        hop to its one database thread for every message, and this consumer never uses a
        connection there (its work runs `off_the_loop`, which closes its own)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def disconnect(self, code: int) -> None:
        presence = getattr(self, "presence", None)
        if presence is not None:
            presence.cancel()
            await self._depart()
        if hasattr(self, "group"):
            try:
                await self.channel_layer.group_discard(self.group, self.channel_name)
            except (OSError, RedisError):
                # Redis is away: its group entries expire on their own (`group_expiry`).
                logger.warning("Socket of match %s left its group with Redis away", self.match_id)
        await self.unbind_from_session()

    async def _arrive(self) -> bool:
        """A signed-in viewer is at the table while the socket is open: the move service then
        tells them nothing about their turn, and their panel says so (`games.presence`).
        Whether they just came."""
        user = self.scope.get("user")
        if not getattr(user, "is_authenticated", False):
            return False
        return await off_the_loop(arrive)(self.match_id, user.pk, self.channel_name)

    def _keep_present(self, came: bool) -> asyncio.Task:
        """Tell the table who came (a player's panel, or the spectators' count through
        `Spectators`), then keep a signed-in viewer's entry fresh while the socket is open,
        and tell the table again if a refresh finds the player's entry gone. A seat is the one
        the socket opened at."""
        user = self.scope.get("user")
        signed_in = getattr(user, "is_authenticated", False)
        self.present_at = self.phase[2] if self.phase else None
        if self.present_at is None:
            spectators().come(self.match_id, self.channel_name, user.pk if signed_in else None)

        async def refresh() -> None:
            if self.present_at is not None and came:
                await self._tell_presence({"seat": self.present_at, "here": True})
            while signed_in:
                await asyncio.sleep(REFRESH_SECONDS)
                back = await off_the_loop(arrive)(self.match_id, user.pk, self.channel_name)
                if back and self.present_at is not None:
                    # A departure elsewhere took this socket's entry and told the table the
                    # player left: they are still here.
                    await self._tell_presence({"seat": self.present_at, "here": True})

        return asyncio.ensure_future(refresh())

    async def _depart(self) -> None:
        user = self.scope.get("user")
        gone = False
        if getattr(user, "is_authenticated", False):
            gone = await off_the_loop(depart)(self.match_id, user.pk, self.channel_name)
        if self.present_at is None:
            await _awaited(spectators().leave(self.match_id, self.channel_name))
        elif gone and await off_the_loop(self._still_seated)(user.pk):
            await self._tell_presence({"seat": self.present_at, "here": False})

    def _still_seated(self, user_id: int) -> bool:
        """Whether the seat the socket opened at is still its player's: one they left is a
        bot's (its panel shows no mark of presence), one they handed over another player's."""
        return Seat.objects.filter(
            match_id=self.match_id, number=self.present_at, user_id=user_id, is_bot=False
        ).exists()

    async def _tell_presence(self, change: dict[str, Any]) -> None:
        await tell_presence(self.match_id, {"socket": self.channel_name, **change})

    async def presence_changed(self, message: dict) -> None:
        """A player came or left (their panel's mark), or the spectators' count changed. A
        player's own socket needs no word of their coming: their page shows them at the table
        (`games.selectors`)."""
        if not self._shows_presence():
            return
        if "seat" in message and message.get("socket") == self.channel_name:
            return
        if "seat" in message and not self._shows_mark(message["seat"]):
            return
        language = self._language(self.scope.get("user"))
        await self.send(text_data=presence_html(message, language))

    def _shows_mark(self, seat: int) -> bool:
        """Whether this page's panel of `seat` has a presence mark: a seat handed to a bot (its
        player left) has none, and a mark sent for it would find no place on the page."""
        players = self.sent.get("players")
        return players is None or f'id="presence-{seat}"' in players

    async def match_moved(self, message: dict) -> None:
        """Pushes queue up when a process is busy; one that a newer push already covered is
        skipped, so a backlog shrinks instead of feeding itself."""
        announced = message.get("seq")
        if isinstance(announced, int) and announced < self.shown:
            return
        push = message.get("push")
        if isinstance(push, str) and isinstance(announced, int):
            await self._send_table(push=push, announced=announced)
        else:
            await self._send_table()

    async def layer_reconnected(self, message: dict) -> None:
        """Redis is back: the pushes told while it was away are lost (`config.channel_layer`)."""
        await self._send_table()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """A move from the table's forms (`move_form`). An accepted move comes back as the push
        every seat gets (as this socket's own table if the push cannot be told); a refused one
        as the status region with the reason, and a stale page gets the whole table first.

        A socket that holds no seat (a spectator, a signed-out page, a script) is refused
        before the database is touched, and so is a player past the limit of messages
        (`within_limit`, counted in the move's thread); of a run of such refusals only the
        first is rendered, so a flood costs no work. A socket whose session ended is closed instead
        (`accounts.sockets`). A move the database could not take (it is away) is refused with
        a request to retry, and the socket stays open."""
        line = chat_text(text_data)
        if line is not None:
            await self._say(line)
            return
        seat = self.phase[2] if self.phase else None
        if seat is None:
            await self._refuse(gettext_noop("You do not sit at this table."))
            return
        try:
            played = await off_the_loop(self._play)(text_data)
        except DatabaseFailure:
            logger.warning(
                "A move on match %s failed in the database", self.match_id, exc_info=True
            )
            with translation.override(self._language(self.scope.get("user"))):
                reason = _("The move could not be saved just now; please make it again.")
            await self.send(
                text_data=format_html(
                    '<div hx-swap-oob="beforeend:#status">'
                    '<p class="status-error" role="alert">{}</p></div>',
                    reason,
                )
            )
            return
        if played is None:
            await self.close(code=SESSION_ENDED)
            return
        if played is TOO_MANY:
            await self._refuse(
                gettext_noop("Too many moves in a short time. Wait a moment and try again.")
            )
            return
        self.refused = False
        refusal, stale, pushes = played
        told = await send_pushes(pushes)
        if stale:
            self.sent = {}
        if stale or not told:
            await self._send_table()
        if refusal is not None:
            await self.send(text_data=refusal)

    async def _say(self, text: str) -> None:
        """A line for the table's talk (`chat.live`), limited like a posted line
        (PLAY_RATE_LIMITS' `chat_line`); the line comes back to everyone as `chat_said`, and
        to this socket a refusal or the cleared error line. A signed-out page may not talk: its
        lines are refused before the database is touched, and of a run of them only the first
        is answered (the error line stays shown), so a flood costs no work."""
        user = self.scope.get("user")
        if not getattr(user, "is_authenticated", False):
            if not self.refused_talk:
                self.refused_talk = True
                with translation.override(self._language(user)):
                    await self.send(text_data=refusal(_("Sign in to talk at the table.")))
            return
        with pushes_batched() as pushes:
            answer = await off_the_loop(self._spoken)(text)
        await send_pushes(pushes)
        await self.send(text_data=answer)

    def _spoken(self, text: str) -> str:
        """The line said, counted toward PLAY_RATE_LIMITS' `chat_line` with the player's posted
        lines (`within_limit`, in this thread as a move is)."""
        user = self.scope.get("user") or AnonymousUser()
        with self._viewer(user):
            if not within_limit(user, "chat_line"):
                return refusal(_("You are talking too fast. Wait a moment and try again."))
            if not session_holds(self.scope):
                return refusal(_("Your session has ended; sign in again."))
            return say_over_socket(self.match_id, user, text)

    async def chat_said(self, message: dict) -> None:
        """A line said at the table, unless its author is one this viewer muted."""
        if message["author_id"] in self.muted:
            return
        user = self.scope.get("user")
        viewer_id = user.pk if getattr(user, "is_authenticated", False) else None
        language, zone = self._reader(user)
        with self._viewer(user):
            html = line_html(self.match_id, message, viewer_id, language, zone)
        await self.send(text_data=html.replace(CHAT_TOKEN, self.csrf_token or ""))

    async def chat_mutes(self, message: dict) -> None:
        """The viewer muted or unmuted a player: read the mutes again."""
        self.muted = await off_the_loop(muted_by)(self.scope.get("user"))

    async def chat_changed(self, message: dict) -> None:
        """The talk changed otherwise than by a new line (an author's account was deleted):
        its lines again, as this viewer reads them."""
        await self.send(text_data=await off_the_loop(self._talk)())

    def _talk(self) -> str:
        user = self.scope.get("user") or AnonymousUser()
        with self._viewer(user):
            return lines_html(self.match_id, user, self.csrf_token)

    async def _refuse(self, reason: str) -> None:
        if not self.refused:
            self.refused = True
            await self.send(text_data=await off_the_loop(self._refusal)(reason))

    def _refusal(self, reason: str) -> str:
        """The status region with `reason`, from the match as this socket last showed it if
        that is still in memory (a socket does not keep it alive)."""
        user = self.scope.get("user") or AnonymousUser()
        match = self.shown_match() or load_table(self.match_id)
        with self._viewer(user):
            context = table_for(match, user).context(error=_(reason), oob=True)
            return render_region("status", context)

    def _play(self, text: str | None) -> tuple[str | None, bool, Pushes] | object | None:
        """The refusal, whether the page was stale, and the pushes; None if the socket's
        session ended (the move service checks it with the match: `session_signs_in`);
        TOO_MANY past the player's limit of messages, counted here (`within_limit`, on the
        same keys as the moves posted over HTTP) rather than on the event loop, where an
        asyncio Redis call cost more processor time than the move's thread does. A scope
        without a session (a test's) acts as its player."""
        user = self.scope.get("user") or AnonymousUser()
        if not within_limit(user):
            return TOO_MANY
        session = self.scope.get("session")
        session_key = None
        if user.is_authenticated and session is not None:
            session_key = session.session_key
            if not session_key:
                return None
        with pushes_batched() as pushes, self._viewer(user):
            try:
                submit_move_form(
                    match_id=self.match_id,
                    user=user,
                    form=move_form(text),
                    session_key=session_key,
                )
            except SessionEnded:
                return None
            except MoveRefused as refused:
                context = table_for(load_table(self.match_id), user).context(
                    error=_(refused.message), oob=True
                )
                status = render_region("status", context)
                return status, refused.stale, pushes
        return None, False, pushes

    def _presence_now(self) -> str:
        """Every panel's mark and the spectators' count as they are now: who came or left
        between the page's render and the socket's opening was told to other sockets only."""
        seats = list(
            Seat.objects.filter(match_id=self.match_id, is_bot=False).values_list(
                "number", "user_id"
            )
        )
        here, watching = at_table(self.match_id, [user_id for _number, user_id in seats])
        language = self._language(self.scope.get("user"))
        marks = [
            presence_html({"seat": number, "here": user_id in here}, language)
            for number, user_id in seats
        ]
        return "".join([*marks, presence_html({"watching": watching}, language)])

    def _shows_presence(self) -> bool:
        """Whether the socket's page asked for presence changes (`?presence=1`, as the table page
        does): a client that draws no panels (a script, the benchmarks) is not sent them."""
        query = parse_qs(self.scope.get("query_string", b"").decode())
        return query.get("presence") == ["1"]

    def _page_seq(self) -> int | None:
        """The move number the page was rendered at (`?seq=` of the socket's URL)."""
        query = parse_qs(self.scope.get("query_string", b"").decode())
        return whole_number(query.get("seq", [None])[0])

    async def _send_table(
        self,
        *,
        page_seq: int | None = None,
        push: str | None = None,
        announced: int = 0,
    ) -> None:
        """Send the regions that changed since the last push, or of a region only the fragments
        that changed where nothing else in it did (`games.regions.changes`); all of them on a
        reconnect.

        The player's half-assembled choice survives other players' moves this way, and a push
        stays small. The status region carries the move number, so it goes with every move;
        when nothing changed nothing is sent. The log grows by the lines of the new moves only,
        unless the socket missed more moves than the log holds. A page that connects already
        up to date gets nothing, so a click in its first moment is not lost.
        """
        shared = announcement(self.match_id, push, announced) if push is not None else None
        match = await (shared.loaded() if shared else off_the_loop(load_table)(self.match_id))
        if match.move_count < self.shown:
            return  # loaded before a move this socket already shows: a newer push covered it
        gap = match.move_count - self.shown
        user = self.scope.get("user")
        phase = _phase(match, user)
        # A seat left or a match ended early adds log lines of no move: the log goes whole.
        log_since = (
            self.shown
            if self.sent and self.shown > 0 and gap <= LOG_LENGTH and _same_log(phase, self.phase)
            else None
        )
        if match.log_from > (log_since or 0):
            shared = None
            match = await off_the_loop(load_table)(self.match_id)
            phase = _phase(match, user)
            log_since = log_since if _same_log(phase, self.phase) else None
        unchanged = RARELY_CHANGED if self.sent and phase == self.phase else frozenset()
        seen = await (shared.seen(match) if shared else off_the_loop(seen_at)(match))
        render = functools.partial(self._render, match, log_since, unchanged, seen)
        if shared is None:
            seq, regions, news = render()
        else:
            viewer = (phase[2], *self._reader(user), log_since, unchanged, bool(self.csrf_token))
            seq, regions, news = shared.rendered(viewer, render)
        self.shown, self.phase, self.shown_match = seq, phase, weakref.ref(match)
        regions = dict(regions)
        if log_since is not None:
            regions["log"] = self.sent["log"]
        for region in unchanged:
            regions[region] = self.sent[region]
        splits = self.splits if shared is None else shared.splits
        for html, split in self.splits.items():
            splits.setdefault(html, split)
        changed = [
            self._changes(shared, self.sent.get(name), html, splits)
            for name, html in regions.items()
            if self.sent.get(name) != html
        ]
        self.sent = regions
        self.splits = {html: splits[html] for html in regions.values() if html in splits}
        if news:
            changed.append(news)
        if changed and page_seq != seq:
            await self.send(text_data=self._with_token("".join(changed)))

    @staticmethod
    def _changes(
        shared: Announcement | None,
        before: str | None,
        after: str,
        splits: dict[str, tuple[str, dict[str, str]]],
    ) -> str:
        """`games.regions.changes`, worked out once for every socket of an announcement that
        sent the same `before`."""
        if shared is None:
            return changes(before, after, splits)
        key = (before, after)
        if key not in shared.diffs:
            shared.diffs[key] = changes(before, after, splits)
        return shared.diffs[key]

    def _with_token(self, html: str) -> str:
        return html.replace(SOCKET_CSRF, self.csrf_token) if self.csrf_token else html

    async def _exists(self) -> bool:
        """The match exists and the socket's user may watch it (a private table's match)."""
        user = self.scope.get("user") or AnonymousUser()
        return await off_the_loop(may_watch)(self.match_id, user)

    def _render(
        self, match: Match, log_since: int | None, unchanged: frozenset[str], seen: AtTable
    ) -> Rendered:
        """The regions for this socket's viewer, except those `unchanged`; with `log_since`, the
        log's new lines apart. Any socket of the same viewer may be sent them (`SOCKET_CSRF`
        stands for its CSRF token).

        It runs on the event loop: a render reads no database and takes under a millisecond,
        and handing it to a thread and back cost more processor time than the render saves the
        loop (about 1.5-2 ms a 4-seat move, `bench/movecpu.py`); under the GIL the loop gained
        nothing from it running elsewhere."""
        user = self.scope.get("user")
        with self._viewer(user):
            table = table_for(match, user, log_since=log_since or 0, seen=seen)
            context = table.context(oob=True)
            context["csrf_token"] = SOCKET_CSRF if self.csrf_token else None
            regions = render_regions(
                [
                    region
                    for region in TABLE_REGIONS
                    if (log_since is None or region != "log") and region not in unchanged
                ],
                context,
            )
            news = None
            if log_since is not None and table.log:
                news = render_region("log_news", context)
            return match.move_count, regions, news

    @contextmanager
    def _viewer(self, user: Any) -> Iterator[None]:
        """The language and time zone the socket's viewer reads the table in."""
        language, zone = self._reader(user)
        with translation.override(language), timezone.override(zone):
            yield

    def _reader(self, user: Any) -> tuple[str, Any]:
        zone = user.zone if getattr(user, "is_authenticated", False) else None
        return self._language(user), zone

    def _language(self, user) -> str:
        """The profile's language, else the language cookie, as pages choose it."""
        if getattr(user, "is_authenticated", False):
            return user.language
        cookies = self.scope.get("cookies", {})
        chosen = cookies.get(settings.LANGUAGE_COOKIE_NAME, "")
        return chosen if chosen in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE
