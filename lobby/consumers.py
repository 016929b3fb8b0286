"""The live lobby: the list of open tables, and each table's waiting room, re-rendered when a
table changes. Read-only, like every consumer."""

import contextlib
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils import timezone, translation
from redis.exceptions import RedisError

from accounts.models import User
from accounts.sockets import PlayerSocket, SessionBoundSocket, SettlingRegion
from games.live import csrf_token_for
from games.services import my_games_group
from lobby.models import Table
from lobby.selectors import TableFilter, may_see_table
from lobby.services import LOBBY_GROUP, table_group
from lobby.views import HOME, MY_GAMES, ROOM, home_context, my_games_context, room_context
from tournaments.services import TOURNAMENTS_GROUP

LOBBY_SETTLE_SECONDS = 0.25
"""How long a lobby socket waits after hearing of a change before it renders: the changes heard
meanwhile (a table filling up, a flood of joins and leaves) are shown by the same render."""


class LobbyConsumer(SettlingRegion, SessionBoundSocket, AsyncWebsocketConsumer):
    """A lobby page's list of tables or a waiting room, shown again when a table changes
    (`SettlingRegion`: a burst of changes costs each page a render or two). The home page's
    socket also shows again the tournaments about to start when a tournament is listed anew,
    starts or ends: each render shows the regions whose changes it heard."""

    settle_seconds = LOBBY_SETTLE_SECONDS
    unreadable = "A lobby page's table list could not be read"

    async def connect(self) -> None:
        self.table_id = self.scope["url_route"]["kwargs"].get("table_id")
        self.csrf_token = csrf_token_for(self.scope)
        self.stale_regions: set[str] = set()
        if self.table_id is not None and not await self._may_see():
            await self.close(code=4404)
            return
        if self.table_id is None:
            await self.channel_layer.group_add(TOURNAMENTS_GROUP, self.channel_name)
        await self.open_region(LOBBY_GROUP if self.table_id is None else table_group(self.table_id))

    async def disconnect(self, code: int) -> None:
        if self.table_id is None:
            with contextlib.suppress(OSError, RedisError):  # entries expire on their own
                await self.channel_layer.group_discard(TOURNAMENTS_GROUP, self.channel_name)
        await super().disconnect(code)

    async def lobby_changed(self, message: dict[str, Any]) -> None:
        self.stale_regions.add("open-tables")
        await self.region_stale(message)

    async def tournaments_changed(self, message: dict[str, Any]) -> None:
        self.stale_regions.add("tournaments-soon")
        await self.region_stale(message)

    async def layer_reconnected(self, message: dict[str, Any]) -> None:
        """Redis is back: the pushes told while it was away are lost (`config.channel_layer`)."""
        self.stale_regions.update(("open-tables", "tournaments-soon"))
        await self.region_stale(message)

    @database_sync_to_async
    def _may_see(self) -> bool:
        return may_see_table(self.table_id, self.scope.get("user"))

    async def render_region(self) -> str | None:
        regions, self.stale_regions = self.stale_regions or {"open-tables"}, set()
        return await self._render(regions)

    @database_sync_to_async
    def _render(self, regions: set[str]) -> str | None:
        user = self.scope.get("user")
        signed_in = getattr(user, "is_authenticated", False)
        language = user.language if signed_in else None
        zone = user.zone if signed_in else timezone.get_current_timezone()
        with translation.override(language or translation.get_language()), timezone.override(zone):
            # `user` as the page's context processor gives it: "Sit down", "Take over this seat".
            live = {"oob": True, "csrf_token": self.csrf_token, "user": user}
            if self.table_id is None:
                narrow = TableFilter.from_query(QueryDict(self.scope.get("query_string", b"")))
                return "".join(
                    render_to_string(HOME + "#" + region, {**home_context(user, narrow), **live})
                    if region == "open-tables"
                    else render_to_string(HOME + "#" + region, live)
                    for region in sorted(regions)
                )
            if not may_see_table(self.table_id, user):
                return None
            table = Table.objects.select_related("host", "match").get(pk=self.table_id)
            return render_to_string(ROOM + "#room", {**room_context(table, user), **live})


class MyGamesConsumer(PlayerSocket):
    """The player's "My games" page, re-rendered when one of their matches changes for them: a
    turn comes or goes, a match starts or ends, a seat is left or handed over."""

    group_of = staticmethod(my_games_group)
    my_games_changed = PlayerSocket.region_changed

    def render(self, user: User) -> str:
        with translation.override(user.language), timezone.override(user.zone):
            context = {**my_games_context(user), "oob": True}
            return render_to_string(MY_GAMES + "#my-matches", context)
