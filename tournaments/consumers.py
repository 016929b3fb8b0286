"""A tournament's page kept live: the standings and the current round re-rendered when a
match of it ends, a round is seated or a player signs up or withdraws. Read-only."""

import asyncio
import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import Error as DatabaseFailure
from django.template.loader import render_to_string
from django.utils import timezone, translation

from accounts.sockets import SessionBoundSocket
from games.live import csrf_token_for
from tournaments.models import Tournament
from tournaments.services import tournament_group
from tournaments.views import PAGE, may_see, page_context

logger = logging.getLogger(__name__)

SETTLE_SECONDS = 0.25
"""A round's matches ending together are shown by one render."""


class TournamentConsumer(SessionBoundSocket, AsyncWebsocketConsumer):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.stale = False
        self.showing: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        self.tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        self.csrf_token = csrf_token_for(self.scope)
        if not await self._visible():
            await self.close(code=4404)
            return
        self.group = tournament_group(self.tournament_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.bind_to_session()
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.showing is not None:
            self.showing.cancel()
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.unbind_from_session()

    async def tournament_changed(self, message: dict) -> None:
        self.stale = True
        if self.showing is None:
            self.showing = asyncio.ensure_future(self._show())

    layer_reconnected = tournament_changed

    async def _show(self) -> None:
        try:
            while self.stale:
                await asyncio.sleep(SETTLE_SECONDS)
                self.stale = False
                html = await self._render()
                if html is None:
                    await self.close(code=4404)
                    return
                await self.send(text_data=html)
        except DatabaseFailure:
            logger.warning("A tournament's standings could not be read", exc_info=True)
        finally:
            self.showing = None

    @database_sync_to_async
    def _visible(self) -> bool:
        tournament = Tournament.objects.filter(pk=self.tournament_id).first()
        return tournament is not None and may_see(tournament, self.scope.get("user"))

    @database_sync_to_async
    def _render(self) -> str | None:
        user = self.scope.get("user")
        signed_in = getattr(user, "is_authenticated", False)
        tournament = Tournament.objects.filter(pk=self.tournament_id).first()
        if tournament is None or not may_see(tournament, user):
            return None
        language = user.language if signed_in else None
        zone = user.zone if signed_in else timezone.get_current_timezone()
        with translation.override(language or translation.get_language()), timezone.override(zone):
            live = {"oob": True, "csrf_token": self.csrf_token, "user": user}
            return render_to_string(PAGE + "#live", {**page_context(tournament, user), **live})
