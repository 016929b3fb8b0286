from typing import Any

from django import template
from django.template import Context

register = template.Library()


@register.filter
def clock(milliseconds: int) -> str:
    """A chess-clock reading: 4:05, or 1:02:03 past an hour."""
    seconds = max(int(milliseconds) // 1000, 0)
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"


@register.simple_tag(takes_context=True)
def fragment(context: Context, name: str, **extra: Any) -> str:
    """A game's fragment of the table (a Jinja2 template, `games.regions`) inside a Django
    page: the replay shows the board, panels and seats with the table's own fragments."""
    from games.regions import render_region

    return render_region(name, {**context.flatten(), **extra})
