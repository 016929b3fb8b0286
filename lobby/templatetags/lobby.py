from django import template
from django.templatetags.static import static

from games.forms import BotLevelForm, GameChoicesForm
from games.registry import GAMES, GameInfo
from lobby.models import Table

register = template.Library()


@register.filter
def game_name(slug: str) -> str:
    """The game's name in the active language."""
    info = GAMES.get(slug)
    return str(info.name) if info else slug


@register.filter
def game_emblem(slug: str) -> str:
    """The address of the game's emblem, drawn next to its name in the lobby's lists."""
    return static(GAMES[slug].emblem)


@register.filter
def choices_form(game: GameInfo) -> GameChoicesForm:
    """The game's options for the lobby's match against bots, with ids of its own."""
    return GameChoicesForm(game=game, auto_id=f"{game.slug}-%s")


@register.filter
def bot_level_form(key: object) -> BotLevelForm:
    """The bots' level to choose, with ids of its own (`key`: the game's slug, or "table")."""
    return BotLevelForm(auto_id=f"{key}-%s")


@register.filter
def chosen_options(table: Table) -> list[tuple[str, str]]:
    """The options the table sets apart from its game's defaults, as (option, choice)."""
    info = GAMES.get(table.game)
    return info.option_lines(table.options) if info else []


@register.filter
def score_in(score: int, slug: str) -> str:
    """A final score in its game's terms: Sedm draků counts the cards of an area, not points."""
    info = GAMES.get(slug)
    return info.score_text(score) if info else str(score)
