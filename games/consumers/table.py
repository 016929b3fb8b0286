"""The live table's socket: one group per match; each client gets the table rendered for its
own seat, and sends its moves and its talk over the same socket."""

from __future__ import annotations

import logging
from urllib.parse import parse_qs

from django.contrib.auth.models import AnonymousUser
from redis.exceptions import RedisError

from chat.selectors import muted_by
from config.guards import whole_number
from games.consumers.moves import Moves
from games.consumers.presence import Presence
from games.consumers.socket import off_the_loop
from games.live import csrf_token_for
from games.selectors import may_watch
from games.services import match_group

logger = logging.getLogger(__name__)


class TableConsumer(Presence, Moves):
    """Moves come in over the socket as well as over HTTP: the socket spares a move the whole
    HTTP request (session, user and middleware), and both go through the same move service.
    Each concern is a class of its own: who is here (`Presence`), the talk (`Talk`), moves
    (`Moves`) and the table pushed after them (`Pushes`)."""

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

    async def _exists(self) -> bool:
        """The match exists and the socket's user may watch it (a private table's match)."""
        user = self.scope.get("user") or AnonymousUser()
        return await off_the_loop(may_watch)(self.match_id, user)

    def _page_seq(self) -> int | None:
        """The move number the page was rendered at (`?seq=` of the socket's URL)."""
        query = parse_qs(self.scope.get("query_string", b"").decode())
        return whole_number(query.get("seq", [None])[0])
