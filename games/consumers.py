"""The live table: one group per match; each client gets the table rendered for its own seat."""

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone, translation

from games.models import Match
from games.selectors import table_for
from games.services import match_group


class TableConsumer(AsyncWebsocketConsumer):
    """Never writes: moves go through the HTTP move endpoint and the move service."""

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        if not await self._exists():
            await self.close(code=4404)
            return
        self.group = match_group(self.match_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self._send_table()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def match_moved(self, message: dict) -> None:
        await self._send_table()

    async def _send_table(self) -> None:
        await self.send(text_data=await self._render())

    @database_sync_to_async
    def _exists(self) -> bool:
        return Match.objects.filter(pk=self.match_id).exists()

    @database_sync_to_async
    def _render(self) -> str:
        user = self.scope.get("user")
        match = Match.objects.prefetch_related("seats__user").get(pk=self.match_id)
        with (
            translation.override(self._language(user)),
            timezone.override(user.zone if getattr(user, "is_authenticated", False) else None),
        ):
            table = table_for(match, user)
            return render_to_string("games/table.html#table", {"table": table, "oob": True})

    def _language(self, user) -> str:
        """The profile's language, else the language cookie, as pages choose it."""
        if getattr(user, "is_authenticated", False):
            return user.language
        cookies = self.scope.get("cookies", {})
        chosen = cookies.get(settings.LANGUAGE_COOKIE_NAME, "")
        return chosen if chosen in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE
