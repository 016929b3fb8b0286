from typing import Any

from django.http import HttpRequest

from notifications.selectors import (
    device_tag,
    latest_unread,
    sentence,
    table_waiting,
    unread_state,
)


def bell(request: HttpRequest) -> dict[str, Any]:
    """The bell in the header of every page."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return bell_context(user)


def bell_context(user: Any) -> dict[str, Any]:
    """The count, and the newest notice's sentence when the player wants it on the desktop
    (the browser shows it only with the player's permission, and only in a background tab),
    with its place on the device and its link, as a push of it has them; and a real-time
    table the player was just seated at (`table_waiting`); the mark of it all that the bell's
    socket checks when it opens (`unread_state`)."""
    count, mark = unread_state(user)
    latest = latest_unread(user, channel="browser") if count else None
    waiting = {"table_waiting": table_waiting(user)} if count else {}
    if latest is None:
        return {
            "unread_notifications": count,
            "latest_notification": "",
            "bell_mark": mark,
            **waiting,
        }
    return {
        **waiting,
        "bell_mark": mark,
        "unread_notifications": count,
        "latest_notification": sentence(latest),
        "latest_notification_tag": device_tag(latest),
        "latest_notification_link": latest.link,
    }
