"""Moves made over the table's socket: read as the table's forms send them, recorded by the
move service in the thread pool, refused to this socket alone."""

from __future__ import annotations

import enum
import json
import logging
from typing import Literal

from django.contrib.auth.models import AnonymousUser
from django.db import Error as DatabaseFailure
from django.http import QueryDict
from django.utils import translation
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.sockets import SESSION_ENDED
from chat.live import chat_text
from config.guards import storable, within_limit
from games.consumers.pushes import Pushes
from games.consumers.socket import off_the_loop
from games.consumers.talk import Talk
from games.live import Pushes as Told
from games.live import pushes_batched, send_pushes
from games.regions import render_region
from games.selectors import load_table, table_for
from games.services import MoveRefused, SessionEnded, submit_move_form

MOVE_SIZE_LIMIT = 4096
"""The longest move message read (a move form's fields are a few hundred bytes)."""


class Limit(enum.Enum):
    TOO_MANY = "too many"
    """A move past the player's limit of messages (`Moves._play`)."""


TOO_MANY = Limit.TOO_MANY

Played = tuple[str | None, bool, Told]
"""A move's answer to its socket: the refusal, whether the page was stale, and the pushes."""

logger = logging.getLogger(__name__)


def move_form(text: str | None) -> QueryDict:
    """A move form's fields as the socket brings them: a JSON object of field names to a value
    or a list of values, as htmx's `ws-send` makes it (its `HEADERS` are left out). Refused: any
    other JSON, JSON nested deeper than the parser recurses, and text PostgreSQL cannot store
    (`config.guards.storable`), which no form of the table sends."""
    unreadable = MoveRefused(_("The move could not be read; reload the page."))
    if not text or len(text) > MOVE_SIZE_LIMIT:
        raise unreadable
    try:
        fields = json.loads(text)
    except (ValueError, RecursionError):
        raise unreadable from None
    if not isinstance(fields, dict):
        raise unreadable
    form = QueryDict(mutable=True)
    for name, value in fields.items():
        if name == "HEADERS":
            continue
        values = value if isinstance(value, list) else [value]
        if not all(isinstance(item, str | int) and not isinstance(item, bool) for item in values):
            raise unreadable
        texts = [str(item) for item in values]
        if not all(storable(text) for text in (name, *texts)):
            raise unreadable
        form.setlist(name, texts)
    return form


class Moves(Pushes, Talk):
    """A move, or a line of talk, from the table's forms."""

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """A move from the table's forms (`move_form`). An accepted move comes back as the push
        every seat gets (as this socket's own table if the push cannot be told); a refused one
        as the status region with the reason, and a stale page gets the whole table first.

        A socket that holds no seat (a spectator, a signed-out page, a script) is refused
        before the database is touched, and so is a player past the limit of messages
        (`within_limit`, counted in the move's thread); of a run of such refusals only the
        first is rendered, so a flood costs no work. A socket whose session ended is closed instead
        (`accounts.sockets`). A move the database could not take (it is away) is refused with
        a request to retry, and the socket stays open."""
        line = chat_text(text_data)
        if line is not None:
            await self._say(line)
            return
        seat = self.phase[2] if self.phase else None
        if seat is None:
            await self._refuse(gettext_noop("You do not sit at this table."))
            return
        try:
            played = await off_the_loop(self._play)(text_data)
        except DatabaseFailure:
            logger.warning(
                "A move on match %s failed in the database", self.match_id, exc_info=True
            )
            with translation.override(self._language(self.scope.get("user"))):
                reason = _("The move could not be saved just now; please make it again.")
            await self.send(
                text_data=format_html(
                    '<div hx-swap-oob="beforeend:#status">'
                    '<p class="status-error" role="alert">{}</p></div>',
                    reason,
                )
            )
            return
        if played is None:
            await self.close(code=SESSION_ENDED)
            return
        if played is TOO_MANY:
            await self._refuse(
                gettext_noop("Too many moves in a short time. Wait a moment and try again.")
            )
            return
        self.refused = False
        refusal, stale, pushes = played
        told = await send_pushes(pushes)
        if stale:
            self.sent = {}
        if stale or not told:
            await self._send_table()
        if refusal is not None:
            await self.send(text_data=refusal)

    async def _refuse(self, reason: str) -> None:
        if not self.refused:
            self.refused = True
            await self.send(text_data=await off_the_loop(self._refusal)(reason))

    def _refusal(self, reason: str) -> str:
        """The status region with `reason`, from the match as this socket last showed it if
        that is still in memory (a socket does not keep it alive)."""
        user = self.scope.get("user") or AnonymousUser()
        match = self.shown_match() or load_table(self.match_id)
        with self._viewer(user):
            context = table_for(match, user).context(error=_(reason), oob=True)
            return render_region("status", context)

    def _play(self, text: str | None) -> Played | Literal[Limit.TOO_MANY] | None:
        """The refusal, whether the page was stale, and the pushes; None if the socket's
        session ended (the move service checks it with the match: `session_signs_in`);
        TOO_MANY past the player's limit of messages, counted here (`within_limit`, on the
        same keys as the moves posted over HTTP) rather than on the event loop, where an
        asyncio Redis call cost more processor time than the move's thread does. A scope
        without a session (a test's) acts as its player."""
        user = self.scope.get("user") or AnonymousUser()
        if not within_limit(user):
            return TOO_MANY
        session = self.scope.get("session")
        session_key = None
        if user.is_authenticated and session is not None:
            session_key = session.session_key
            if not session_key:
                return None
        with pushes_batched() as pushes, self._viewer(user):
            try:
                submit_move_form(
                    match_id=self.match_id,
                    user=user,
                    form=move_form(text),
                    session_key=session_key,
                )
            except SessionEnded:
                return None
            except MoveRefused as refused:
                context = table_for(load_table(self.match_id), user).context(
                    error=_(refused.message), oob=True
                )
                status = render_region("status", context)
                return status, refused.stale, pushes
        return None, False, pushes
