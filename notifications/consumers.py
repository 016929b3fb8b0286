"""The bell: one group per user, re-rendered when that user's notifications change."""

from django.template.loader import render_to_string
from django.utils import translation

from accounts.models import User
from accounts.sockets import PlayerSocket
from notifications.context_processors import bell_context
from notifications.services import user_group


class BellConsumer(PlayerSocket):
    group_of = staticmethod(user_group)
    bell_changed = PlayerSocket.region_changed

    def render(self, user: User) -> str:
        with translation.override(user.language):
            return render_to_string("notifications/bell.html", {**bell_context(user), "oob": True})
