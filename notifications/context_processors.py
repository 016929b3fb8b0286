from django.http import HttpRequest

from notifications.selectors import unread_count


def bell(request: HttpRequest) -> dict:
    """The unread count for the bell in the header of every page."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notifications": unread_count(user)}
