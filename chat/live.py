"""The talk over the table's socket (`games.consumers.TableConsumer`): a line comes in as the
chat form's field, apart from the move forms; a line said is told to the match's group as the
line itself, and each socket renders it for its viewer (muted authors left out), so no socket
touches the database for it, and no table region is rendered again."""

from __future__ import annotations

import functools
import json
from typing import Any

from django.utils.safestring import SafeString

from chat.selectors import Said, Talk, talk_for
from chat.services import ChatRefused, say
from games.regions import render_region

CHAT_FIELD = "chat_line"
"""The chat form's field; a move form has no field of that name."""
CHAT_SIZE_LIMIT = 4096
"""The longest chat message read: the form's line of at most 300 characters, however escaped,
fits well within it."""
CHAT_TOKEN = "chat-socket-csrf"
"""Stands for the socket's own CSRF token in a shared render of a line (each socket puts its own
in, as `games.consumers.SOCKET_CSRF` does for the table)."""


def chat_text(text_data: str | None) -> str | None:
    """The line, if the socket's message is the chat form (its fields as JSON, as the page
    sends them); None for anything else, which goes on as a move (and is refused as one if it
    cannot be read: too long, or nested deeper than the parser recurses)."""
    if not text_data or len(text_data) > CHAT_SIZE_LIMIT or f'"{CHAT_FIELD}"' not in text_data:
        return None
    try:
        fields = json.loads(text_data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(fields, dict) or CHAT_FIELD not in fields:
        return None
    line = fields[CHAT_FIELD]
    return line if isinstance(line, str) else ""


def say_over_socket(match_id: int, user: Any, text: str) -> SafeString:
    """Say the line; the answer for the sayer's socket is the cleared error line, or the
    reason it was refused (in the active language)."""
    try:
        say(match_id=match_id, user=user, text=text)
    except ChatRefused as refused:
        return refusal(refused.message)
    return render_region("chat/error.html", {"error": None, "oob": True})


def refusal(reason: str) -> SafeString:
    return render_region("chat/error.html", {"error": reason, "oob": True})


@functools.lru_cache(maxsize=1024)
def _line_html(
    match_id: int, message: str, viewer_id: int | None, language: str, zone: str
) -> SafeString:
    """One line for every socket of one kind of viewer (its author, another signed-in player,
    or a signed-out one) in one language and zone: a hundred spectators cost one render."""
    said = Said.told(json.loads(message))
    talk = Talk(match_id, lines=[], viewer_id=viewer_id, may_talk=False, why_not="", muted=[])
    return render_region("chat/said.html", {"talk": talk, "line": said, "csrf_token": CHAT_TOKEN})


def line_html(
    match_id: int, message: dict[str, Any], viewer_id: int | None, language: str, zone: Any
) -> str:
    """The line of a `chat.said` message as this viewer sees it (the mute and report forms
    for a line of someone else, to a signed-in viewer)."""
    line = {key: message[key] for key in ("id", "author_id", "author", "text", "said_at")}
    # Every signed-in viewer but the author sees the line alike (-1 stands for any of them).
    kind = None if viewer_id is None else (viewer_id if viewer_id == line["author_id"] else -1)
    return _line_html(match_id, json.dumps(line, sort_keys=True), kind, language, str(zone))


def lines_html(match_id: int, user: Any, csrf_token: str | None) -> str:
    """The panel's lines alone, pushed when they changed otherwise than by a new line (a line
    being typed stays in its input)."""
    context = {**talk_for(match_id, user).context(), "csrf_token": csrf_token, "lines_oob": True}
    return render_region("chat/lines.html", context)


def panel_html(match_id: int, user: Any, csrf_token: str | None, error: str | None = None) -> str:
    """The chat panel for the page, the HTTP fallback and a refused post."""
    context = talk_for(match_id, user).context(error=error)
    context["csrf_token"] = csrf_token
    return render_region("chat/panel.html", context)
