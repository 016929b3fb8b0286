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
    "tournament_round": _("A tournament round seats you"),
}
NOTIFICATION_CHANNELS = {
    "site": _("On the site"),
    "browser": _("Browser notification"),
    "push": _("Notification on your devices"),
    "email": _("E-mail"),
}
PUSHED_KINDS = (
    "your_turn",
    "invitation",
    "seat_offer",
    "table_started",
    "match_ended",
    "tournament_round",
)
"""The kinds told to a player's devices even with the site closed (`notifications.push`)."""


def offered(kind: str, channel: str) -> bool:
    """Whether notices of this kind can go this way at all."""
    return channel != "push" or kind in PUSHED_KINDS


def default_notification_preferences() -> dict[str, dict[str, bool]]:
    """Everything on, except desktop notifications, which the browser must allow first.
    Pushes reach only the devices a player added, so they are on too."""
    return {
        kind: {
            channel: channel != "browser"
            for channel in NOTIFICATION_CHANNELS
            if offered(kind, channel)
        }
        for kind in NOTIFICATION_KINDS
    }
