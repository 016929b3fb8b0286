"""The talk at the table over its socket (`chat.live`): a line said, and the lines heard as
this viewer reads them, without the players they muted."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.sockets import session_holds
from chat.live import CHAT_TOKEN, line_html, lines_html, refusal, say_over_socket
from chat.selectors import muted_by
from config.guards import within_limit
from games.consumers.socket import TableSocket, off_the_loop
from games.live import pushes_batched, send_pushes


class Talk(TableSocket):
    """Lines said at the table and heard by this socket's viewer."""

    muted: set[int]

    async def _say(self, text: str) -> None:
        """A line for the table's talk (`chat.live`), limited like a posted line
        (PLAY_RATE_LIMITS' `chat_line`); the line comes back to everyone as `chat_said`, and
        to this socket a refusal or the cleared error line. A signed-out page may not talk: its
        lines are refused before the database is touched, and of a run of them only the first
        is answered (the error line stays shown), so a flood costs no work."""
        user = self.scope.get("user")
        if not getattr(user, "is_authenticated", False):
            if not self.refused_talk:
                self.refused_talk = True
                with translation.override(self._language(user)):
                    await self.send(text_data=refusal(_("Sign in to talk at the table.")))
            return
        with pushes_batched() as pushes:
            answer = await off_the_loop(self._spoken)(text)
        await send_pushes(pushes)
        await self.send(text_data=answer)

    def _spoken(self, text: str) -> str:
        """The line said, counted toward PLAY_RATE_LIMITS' `chat_line` with the player's posted
        lines (`within_limit`, in this thread as a move is)."""
        user = self.scope.get("user") or AnonymousUser()
        with self._viewer(user):
            if not within_limit(user, "chat_line"):
                return refusal(_("You are talking too fast. Wait a moment and try again."))
            if not session_holds(self.scope):
                return refusal(_("Your session has ended; sign in again."))
            return say_over_socket(self.match_id, user, text)

    async def chat_said(self, message: dict[str, Any]) -> None:
        """A line said at the table, unless its author is one this viewer muted."""
        if message["author_id"] in self.muted:
            return
        user = self.scope.get("user")
        viewer_id = user.pk if getattr(user, "is_authenticated", False) else None
        language, zone = self._reader(user)
        with self._viewer(user):
            html = line_html(self.match_id, message, viewer_id, language, zone)
        await self.send(text_data=html.replace(CHAT_TOKEN, self.csrf_token or ""))

    async def chat_mutes(self, message: dict[str, Any]) -> None:
        """The viewer muted or unmuted a player: read the mutes again."""
        self.muted = await off_the_loop(muted_by)(self.scope.get("user"))

    async def chat_changed(self, message: dict[str, Any]) -> None:
        """The talk changed otherwise than by a new line (an author's account was deleted):
        its lines again, as this viewer reads them."""
        await self.send(text_data=await off_the_loop(self._talk)())

    def _talk(self) -> str:
        user = self.scope.get("user") or AnonymousUser()
        with self._viewer(user):
            return lines_html(self.match_id, user, self.csrf_token)
