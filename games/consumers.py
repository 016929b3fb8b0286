"""The live table: one group per match; each client gets the table rendered for its own seat."""

import asyncio
from collections import OrderedDict
from urllib.parse import parse_qs

from channels.db import DatabaseSyncToAsync, database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone, translation

from games.live import csrf_token_for
from games.models import Match
from games.selectors import LOG_LENGTH, TABLE_REGIONS, load_table, table_for
from games.services import match_group

LOADED_PUSHES = 128
"""How many announcements' loaded matches a process keeps for its sockets to share (a socket
that comes later than that loads the match itself)."""
_loaded: OrderedDict[tuple[int, str], asyncio.Task[Match]] = OrderedDict()


def off_the_loop(work):
    """Run database and template work in the thread pool, not on the one thread that Channels
    otherwise shares between all consumers of a process: renders then wait for nothing but
    the processor, and one table's database round trip does not hold up the others."""
    return DatabaseSyncToAsync(work, thread_sensitive=False)


async def match_for(match_id: int, push: str | None) -> Match:
    """The match as loaded for one announcement: once per process, whatever the number of
    sockets at its table (`None`, a connecting socket, always loads afresh)."""
    if push is None:
        return await off_the_loop(load_table)(match_id)
    key = (id(asyncio.get_running_loop()), push)
    if key not in _loaded:
        _loaded[key] = asyncio.ensure_future(off_the_loop(load_table)(match_id))
        if len(_loaded) > LOADED_PUSHES:
            _loaded.popitem(last=False)
    loading = _loaded[key]
    try:
        return await asyncio.shield(loading)
    except Exception:
        _loaded.pop(key, None)
        raise


class TableConsumer(AsyncWebsocketConsumer):
    """Never writes: moves go through the HTTP move endpoint and the move service."""

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.sent: dict[str, str] = {}
        self.shown = -1
        self.csrf_token = csrf_token_for(self.scope)
        if not await self._exists():
            await self.close(code=4404)
            return
        self.group = match_group(self.match_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self._send_table(page_seq=self._page_seq())

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def match_moved(self, message: dict) -> None:
        """Pushes queue up when a process is busy; one that a newer push already covered is
        skipped, so a backlog shrinks instead of feeding itself."""
        announced = message.get("seq")
        if isinstance(announced, int) and announced < self.shown:
            return
        push = message.get("push")
        await self._send_table(push=push if isinstance(push, str) else None)

    def _page_seq(self) -> int | None:
        """The move number the page was rendered at (`?seq=` of the socket's URL)."""
        query = parse_qs(self.scope.get("query_string", b"").decode())
        try:
            return int(query["seq"][0])
        except (KeyError, ValueError):
            return None

    async def _send_table(self, *, page_seq: int | None = None, push: str | None = None) -> None:
        """Send the regions that changed since the last push; all of them on a reconnect.

        The player's half-assembled choice survives other players' moves this way, and a push
        stays small. The status region carries the move number, so it goes with every move;
        when nothing changed nothing is sent. The log grows by the lines of the new moves only,
        unless the socket missed more moves than the log holds. A page that connects already
        up to date gets nothing, so a click in its first moment is not lost.
        """
        match = await match_for(self.match_id, push)
        gap = match.move_count - self.shown
        log_since = self.shown if self.sent and self.shown > 0 and gap <= LOG_LENGTH else None
        seq, regions, news = await off_the_loop(self._render)(match, log_since)
        self.shown = seq
        if log_since is not None:
            regions["log"] = self.sent["log"]
        changed = [html for name, html in regions.items() if self.sent.get(name) != html]
        self.sent = regions
        if news:
            changed.append(news)
        if changed and page_seq != seq:
            await self.send(text_data="".join(changed))

    @database_sync_to_async
    def _exists(self) -> bool:
        return Match.objects.filter(pk=self.match_id).exists()

    def _render(
        self, match: Match, log_since: int | None
    ) -> tuple[int, dict[str, str], str | None]:
        """The regions for this socket's seat; with `log_since`, the log's new lines apart."""
        user = self.scope.get("user")
        with (
            translation.override(self._language(user)),
            timezone.override(user.zone if getattr(user, "is_authenticated", False) else None),
        ):
            table = table_for(match, user, log_since=log_since or 0)
            context = table.context(oob=True)
            context["csrf_token"] = self.csrf_token
            regions = {
                region: render_to_string(f"games/table.html#{region}", context)
                for region in TABLE_REGIONS
                if log_since is None or region != "log"
            }
            news = None
            if log_since is not None and table.log:
                news = render_to_string("games/table.html#log_news", context)
            return match.move_count, regions, news

    def _language(self, user) -> str:
        """The profile's language, else the language cookie, as pages choose it."""
        if getattr(user, "is_authenticated", False):
            return user.language
        cookies = self.scope.get("cookies", {})
        chosen = cookies.get(settings.LANGUAGE_COOKIE_NAME, "")
        return chosen if chosen in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE
