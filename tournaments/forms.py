from django import forms
from django.utils.translation import gettext_lazy as _

from lobby.forms import PacedForm
from tournaments.models import Tournament


class TournamentForm(PacedForm):
    """A new tournament's settings; the game's own options come from its registry entry."""

    field_order = ["name", "kind", "starts_at", "seats", "rounds", "duration_minutes"]

    name = forms.CharField(label=_("Name"), max_length=80)
    kind = forms.ChoiceField(
        label=_("Format"),
        choices=Tournament.Kind.choices,
        widget=forms.RadioSelect,
        initial=Tournament.Kind.SWISS,
    )
    duration_minutes = forms.IntegerField(
        label=_("Minutes an arena lasts"), min_value=10, max_value=720, initial=60
    )
    starts_at = forms.DateTimeField(
        label=_("Starts"),
        help_text=_("In the time zone of your settings."),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    rounds = forms.IntegerField(label=_("Rounds (Swiss)"), min_value=1, max_value=15, initial=3)
    max_players = forms.IntegerField(
        label=_("Player limit"), min_value=2, max_value=128, initial=16
    )
    round_days = forms.IntegerField(
        label=_("Days for a round (turn-based)"), min_value=1, max_value=30, initial=7
    )
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    private = forms.BooleanField(
        label=_("By invitation: only players with the link may sign up"), required=False
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        seats = self.fields["seats"]
        seats.label = _("Players at a table")
        seats.choices = [(n, n) for n in self.game.seat_choices if n >= 2]

    def settings(self) -> dict[str, object]:
        data = self.cleaned_data
        fields = [
            "name",
            "kind",
            "duration_minutes",
            "starts_at",
            "rounds",
            "max_players",
            "pace",
            "clock_minutes",
            "clock_increment",
            "move_hours",
            "round_days",
            "rated",
            "private",
            "seats",
        ]
        return {
            **{field: data[field] for field in fields},
            "game": self.game.slug,
            "options": self.game_options(),
        }
