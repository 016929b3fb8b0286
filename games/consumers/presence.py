"""Who is at the table: a signed-in viewer's socket keeps them present (`games.presence`), the
table hears who came and left and how many watch, each socket rendering the change alone."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
import secrets
import weakref
from typing import Any
from urllib.parse import parse_qs

from channels.layers import get_channel_layer
from django.utils import translation
from redis.exceptions import RedisError

from games.consumers.socket import TableSocket, awaited, off_the_loop
from games.models import Seat
from games.presence import (
    NOBODY,
    REFRESH_SECONDS,
    Watching,
    arrive,
    at_table,
    depart,
    share_spectators,
)
from games.regions import environment
from games.services import match_group
from games.translated import reading

logger = logging.getLogger(__name__)


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


class Presence(TableSocket):
    """The socket's viewer at the table, and the marks of the others."""

    async def _arrive(self) -> bool:
        """A signed-in viewer is at the table while the socket is open: the move service then
        tells them nothing about their turn, and their panel says so (`games.presence`).
        Whether they just came."""
        user = self.scope.get("user")
        if not getattr(user, "is_authenticated", False):
            return False
        return await off_the_loop(arrive)(self.match_id, user.pk, self.channel_name)

    def _keep_present(self, came: bool) -> asyncio.Task[None]:
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
            # The first refresh at a random point of the period: sockets that open together (a
            # restart's reconnections) would otherwise refresh together every period, a burst
            # of cache writes in the thread pool that the moves of that moment wait behind.
            pause = random.uniform(0, REFRESH_SECONDS)
            while signed_in:
                await asyncio.sleep(pause)
                pause = REFRESH_SECONDS
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
            await awaited(spectators().leave(self.match_id, self.channel_name))
        elif gone and await off_the_loop(self._still_seated)(user.pk, self.present_at):
            await self._tell_presence({"seat": self.present_at, "here": False})

    def _still_seated(self, user_id: int, number: int) -> bool:
        """Whether the seat the socket opened at is still its player's: one they left is a
        bot's (its panel shows no mark of presence), one they handed over another player's."""
        return Seat.objects.filter(
            match_id=self.match_id, number=number, user_id=user_id, is_bot=False
        ).exists()

    async def _tell_presence(self, change: dict[str, Any]) -> None:
        await tell_presence(self.match_id, {"socket": self.channel_name, **change})

    async def presence_changed(self, message: dict[str, Any]) -> None:
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
