from django import forms
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from lobby.forms import PacedForm
from tournaments.models import Tournament


def _by_format(swiss: str, arena: str) -> str:
    """A help text of each format, the one of the format not chosen hidden by the page's
    stylesheet (`.follows-format`)."""
    return format_html(
        '<span data-format="swiss">{}</span><span data-format="arena">{}</span>', swiss, arena
    )


class TournamentForm(PacedForm):
    """A new tournament's settings; the game's own options come from its registry entry. The
    fields and texts of one format only are marked with it (`data-format`): the page shows
    those of the format chosen."""

    field_order = ["name", "kind", "starts_at", "seats", "rounds", "duration_minutes"]

    name = forms.CharField(label=_("Name"), max_length=80)
    kind = forms.ChoiceField(
        label=_("Format"),
        choices=Tournament.Kind.choices,
        widget=forms.RadioSelect,
        initial=Tournament.Kind.SWISS,
    )
    duration_minutes = forms.IntegerField(
        label=_("Minutes an arena lasts"),
        min_value=10,
        max_value=720,
        initial=60,
        widget=forms.NumberInput(attrs={"data-format": "arena"}),
    )
    starts_at = forms.DateTimeField(
        label=_("Starts"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    rounds = forms.IntegerField(
        label=_("Rounds"),
        min_value=1,
        max_value=15,
        initial=3,
        widget=forms.NumberInput(attrs={"data-format": "swiss"}),
    )
    max_players = forms.IntegerField(
        label=_("Player limit"), min_value=2, max_value=128, initial=16
    )
    round_days = forms.IntegerField(
        label=_("Days for a round (turn-based)"),
        min_value=1,
        max_value=30,
        initial=7,
        widget=forms.NumberInput(attrs={"data-format": "swiss"}),
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
        self.fields["move_hours"].widget.attrs["data-format"] = "swiss"  # an arena is live
        self.fields["starts_at"].help_text = _by_format(
            gettext("In the time zone of your settings; the first round is seated then."),
            gettext("In the time zone of your settings; the first tables are seated then."),
        )
        self.fields["pace"].help_text = _by_format(
            gettext(
                "Turn-based: a round ends when its matches do or its days are up. Real time:"
                " the next round is seated after a short break once the last match ends."
            ),
            gettext("An arena is played in real time."),
        )

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
