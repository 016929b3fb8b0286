"""The choices a player makes before a match: how many sit, and the game's own options."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.registry import GameInfo


class GameChoicesForm(forms.Form):
    """The number of players and the game's options from its registry entry, as the lobby's
    table form and the match against bots both ask them."""

    seats = forms.TypedChoiceField(label=_("Players"), coerce=int)

    def __init__(self, *args, game: GameInfo, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["seats"].choices = [(n, n) for n in game.seat_choices]
        self.fields["seats"].initial = game.default_seats
        for option in game.options:
            self.fields[f"option_{option.key}"] = forms.TypedChoiceField(
                label=option.label,
                choices=[(str(i), label) for i, (_value, label) in enumerate(option.choices)],
                coerce=int,
                initial=str(
                    next(
                        i for i, (value, _l) in enumerate(option.choices) if value == option.default
                    )
                ),
                required=False,
                empty_value=None,
            )

    def game_options(self) -> dict[str, object]:
        """The chosen options; one left out keeps the game's default."""
        return {
            option.key: option.choices[self.cleaned_data[f"option_{option.key}"]][0]
            for option in self.game.options
            if self.cleaned_data.get(f"option_{option.key}") is not None
        }
