from django import template

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
