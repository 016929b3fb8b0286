"""The bell: one group per user, re-rendered when that user's notifications change."""

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.template.loader import render_to_string
from django.utils import translation

from accounts.models import User
from accounts.sockets import PlayerSocket
from notifications.context_processors import bell_context
from notifications.selectors import unread_state
from notifications.services import user_group


class BellConsumer(PlayerSocket):
    group_of = staticmethod(user_group)
    bell_changed = PlayerSocket.region_changed

    async def connect(self) -> None:
        """Joined the player's group, the bell is shown again if it changed since the page was
        made (`?seen=`, `unread_state`): a notice given meanwhile rang before the socket could
        hear it (a page reloaded as a live tournament's round seats its player)."""
        await super().connect()
        seen = parse_qs(self.scope.get("query_string", b"").decode()).get("seen")
        if not seen or not hasattr(self, "group"):
            return
        _count, mark = await database_sync_to_async(unread_state)(self.scope["user"])
        if mark != seen[0]:
            await self.region_changed({})

    def render(self, user: User) -> str:
        with translation.override(user.language):
            return render_to_string("notifications/bell.html", {**bell_context(user), "oob": True})
