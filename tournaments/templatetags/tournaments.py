from django import template
from django.utils import timezone

from accounts.models import User
from tournaments import selectors

register = template.Library()


@register.inclusion_tag("tournaments/_list.html")
def about_to_start(empty_text: str = "") -> dict:
    """Public tournaments starting within a day, for the lobby and home page."""
    return {"tournaments": selectors.about_to_start(timezone.now()), "empty_text": empty_text}


@register.inclusion_tag("tournaments/_list.html", takes_context=True)
def tournaments_of(context: template.Context, player: User, empty_text: str = "") -> dict:
    """A player's tournaments, those the viewer may see: on the profile and in "My games"."""
    viewer = context.get("user")
    return {"tournaments": selectors.tournaments_of(player, viewer), "empty_text": empty_text}
