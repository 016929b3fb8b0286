from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import Match
from games.registry import GameInfo
from lobby.services import MOVE_HOURS


class OpenTableForm(forms.Form):
    """The table's settings; the game's own options are added from its registry entry."""

    seats = forms.TypedChoiceField(label=_("Players"), coerce=int)
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
        choices=[(hours, _("%(hours)d hours") % {"hours": hours}) for hours in MOVE_HOURS],
        initial=24,
    )
    private = forms.BooleanField(
        label=_("Private: only players with the invitation link may join"), required=False
    )
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    bots_allowed = forms.BooleanField(
        label=_("Empty seats may be filled with bots"), required=False, initial=True
    )

    def __init__(self, *args, game: GameInfo, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["seats"].choices = [(n, n) for n in game.seat_choices]
        self.fields["seats"].initial = max(game.min_players, min(3, game.max_players))
        for option in game.options:
            self.fields[f"option_{option.key}"] = forms.TypedChoiceField(
                label=option.label,
                choices=[(str(i), label) for i, (_value, label) in enumerate(option.choices)],
                coerce=int,
                initial="0",
            )

    def game_options(self) -> dict[str, object]:
        return {
            option.key: option.choices[self.cleaned_data[f"option_{option.key}"]][0]
            for option in self.game.options
        }

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
            "options": self.game_options(),
        }
