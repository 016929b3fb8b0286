"""The table pushed to each socket after a move: the match loaded once per announcement in a
process, each viewer's regions rendered once, and only what changed sent."""

from __future__ import annotations

import asyncio
import functools
import secrets
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from games.consumers.socket import Phase, TableSocket, awaited, off_the_loop
from games.live import stored
from games.models import Match
from games.regions import changes, render_region, render_regions
from games.selectors import (
    LOG_LENGTH,
    TABLE_REGIONS,
    AtTable,
    load_table,
    seat_of,
    seen_at,
    table_for,
)

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

Rendered = tuple[int, Mapping[str, str], str | None]
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
            return await awaited(self.loading)
        except Exception:
            self.loading = None
            raise

    async def seen(self, match: Match) -> AtTable:
        """Who is at the table, read once for every socket of this announcement (not at all
        where this process stored the move: its move service read it)."""
        if self.seeing is None:
            self.seeing = asyncio.ensure_future(off_the_loop(seen_at)(match))
        try:
            return await awaited(self.seeing)
        except Exception:
            self.seeing = None
            raise

    def rendered(self, viewer: tuple[Any, ...], render: Callable[[], Rendered]) -> Rendered:
        """`render()` once for every socket of this `viewer` (a failed one is not kept)."""
        if viewer not in self.renders:
            self.renders[viewer] = render()
        return self.renders[viewer]


_announced: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, OrderedDict[str, Announcement]] = (
    weakref.WeakKeyDictionary()
)
"""Each event loop's announcements (daphne has one loop; tests make many, and a loop's futures
must never be awaited from another, which a key of `id(loop)`, reused once a loop is gone,
allowed)."""


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


def _phase(match: Match, user: Any) -> Phase:
    """What the footer, the result and the log's lines of no move follow: whether the match is
    over or started, then what the log follows (`_same_log`): the viewer's seat, the seats whose
    players left, let a bot play for them or asked to end the match early, who holds each seat
    (a seat handed on), and whether it was ended early."""
    departures = tuple(
        (s.number, s.left, s.wants_end, s.handed)
        for s in match.seat_list
        if s.left or s.wants_end or s.handed
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


class Pushes(TableSocket):
    """The table for this socket's viewer, when a move or a change of seats is announced."""

    async def match_moved(self, message: dict[str, Any]) -> None:
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

    async def layer_reconnected(self, message: dict[str, Any]) -> None:
        """Redis is back: the pushes told while it was away are lost (`config.channel_layer`)."""
        await self._send_table()

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
        changed = self._changed(shared, regions, log_since, unchanged)
        if news:
            changed.append(news)
        if changed and page_seq != seq:
            await self.send(text_data=self._with_token("".join(changed)))

    def _changed(
        self,
        shared: Announcement | None,
        rendered: Mapping[str, str],
        log_since: int | None,
        unchanged: frozenset[str],
    ) -> list[str]:
        """What of the `rendered` regions differs from what the socket was sent, as it goes on
        the wire (`_changes`); the regions not rendered (the log that only grew, those
        `unchanged`) stay as sent. Remembers the new regions and their fragments."""
        regions = dict(rendered)
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
        return changed

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
