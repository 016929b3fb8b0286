from django import template

from games.registry import GAMES

register = template.Library()


@register.filter
def game_name(slug: str) -> str:
    """The game's name in the active language."""
    info = GAMES.get(slug)
    return str(info.name) if info else slug
