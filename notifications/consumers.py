"""The bell: one group per user, re-rendered when that user's notifications change."""

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import translation

from accounts.sockets import SessionBoundSocket
from notifications.context_processors import bell_context
from notifications.services import user_group


class BellConsumer(SessionBoundSocket, AsyncWebsocketConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        if not getattr(user, "is_authenticated", False):
            await self.close(code=4401)
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.bind_to_session()
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.unbind_from_session()

    async def bell_changed(self, message: dict) -> None:
        await self.send(text_data=await self._render())

    layer_reconnected = bell_changed
    """Redis is back: the pushes told while it was away are lost (`config.channel_layer`)."""

    @database_sync_to_async
    def _render(self) -> str:
        user = self.scope["user"]
        with translation.override(user.language):
            context = {**bell_context(user), "oob": True}
            return render_to_string("notifications/bell.html", context)
