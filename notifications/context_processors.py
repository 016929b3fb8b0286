from typing import Any

from django.http import HttpRequest

from notifications.selectors import latest_unread_sentence, unread_count


def bell(request: HttpRequest) -> dict[str, Any]:
    """The bell in the header of every page."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return bell_context(user)


def bell_context(user: Any) -> dict[str, Any]:
    """The count, and the newest notice's sentence when the player wants it on the desktop
    (the browser shows it only with the player's permission, and only in a background tab)."""
    count = unread_count(user)
    latest = latest_unread_sentence(user, channel="browser") if count else ""
    return {"unread_notifications": count, "latest_notification": latest}
