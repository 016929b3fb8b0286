"""The notifications a player can receive, and where; stored per player, used by notifications."""

from django.utils.translation import gettext_lazy as _

NOTIFICATION_KINDS = {
    "your_turn": _("It is your turn"),
    "invitation": _("You were invited to a table"),
    "table_started": _("A table you sit at has started"),
    "match_ended": _("A match has ended"),
    "replaced_by_bot": _("You were replaced by a bot"),
    "turn_reminder": _("Your time for a move runs out soon"),
    "seat_offer": _("A player offers you their seat"),
}
NOTIFICATION_CHANNELS = {
    "site": _("On the site"),
    "browser": _("Browser notification"),
    "email": _("E-mail"),
}


def default_notification_preferences() -> dict[str, dict[str, bool]]:
    """Everything on, except desktop notifications, which the browser must allow first."""
    return {
        kind: {channel: channel != "browser" for channel in NOTIFICATION_CHANNELS}
        for kind in NOTIFICATION_KINDS
    }
