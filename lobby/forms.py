from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.forms import GameChoicesForm
from games.models import Match
from lobby.services import MOVE_HOURS


def _hours_now(hours: int) -> str:
    return gettext("%(hours)d hours") % {"hours": hours}


_hours = lazy(_hours_now, str)
"""Translated when shown, in the page's language, not once at import."""


class PacedForm(GameChoicesForm):
    """The pace of the matches a form starts, and their clocks: a table's, a tournament's."""

    pace = forms.ChoiceField(
        label=_("Pace"), choices=Match.Pace.choices, widget=forms.RadioSelect, initial="live"
    )
    clock_minutes = forms.IntegerField(
        label=_("Minutes per player"), min_value=1, max_value=60, initial=5
    )
    clock_increment = forms.IntegerField(
        label=_("Seconds added per move"), min_value=0, max_value=60, initial=5
    )
    move_hours = forms.TypedChoiceField(
        label=_("Time for one move (turn-based)"),
        coerce=int,
        choices=[(hours, _hours(hours)) for hours in MOVE_HOURS],
        initial=24,
    )


class OpenTableForm(PacedForm):
    """The table's settings; the game's own options are added from its registry entry."""

    private = forms.BooleanField(
        label=_("Private: only players with the invitation link may join"), required=False
    )
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    bots_allowed = forms.BooleanField(
        label=_("Empty seats may be filled with bots"), required=False, initial=True
    )
    spectators_chat = forms.BooleanField(
        label=_("Spectators may talk at the table (otherwise they read the talk only)"),
        required=False,
    )

    def table_settings(self) -> dict[str, object]:
        data = self.cleaned_data
        return {
            "seats": data["seats"],
            "pace": data["pace"],
            "clock_minutes": data["clock_minutes"],
            "clock_increment": data["clock_increment"],
            "move_hours": data["move_hours"],
            "private": data["private"],
            "rated": data["rated"],
            "bots_allowed": data["bots_allowed"],
            "spectators_chat": data["spectators_chat"],
            "options": self.game_options(),
        }
