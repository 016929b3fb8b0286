"""The choices a player makes before a match: how many sit, and the game's own options."""

from typing import Any, cast

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.models import Seat
from games.registry import GameInfo, GameOption, OwnChoice


class BotLevelForm(forms.Form):
    """How well the bots a player seats play."""

    bot_level = forms.ChoiceField(
        label=_("Bots' level"),
        choices=Seat.Level.choices,
        initial=Seat.Level.NORMAL,
        error_messages={
            "invalid_choice": _("Choose one of the bots' levels: easy, normal or strong."),
            "required": _("Choose one of the bots' levels: easy, normal or strong."),
        },
    )


class GameChoicesForm(forms.Form):
    """The number of players and the game's options from its registry entry, as the lobby's
    table form and the match against bots both ask them.

    An option's fixed choices are one select (their positions as values); an option a player
    may put together (`GameOption.own`) adds a last choice, "own", with its fields after it:
    checkboxes for a choice of some items, or one select per place for an order. They count
    only when "own" is chosen, and are checked against the number of players."""

    seats = forms.TypedChoiceField(label=_("Players"), coerce=int)

    def __init__(self, *args: Any, game: GameInfo, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        seats = cast(forms.TypedChoiceField, self.fields["seats"])
        seats.choices = [(n, n) for n in game.seat_choices]
        seats.initial = game.default_seats
        for option in game.options:
            choices = [(str(i), label) for i, (_value, label) in enumerate(option.choices)]
            if option.own is not None:
                choices.append((str(len(option.choices)), option.own.label))
            self.fields[f"option_{option.key}"] = forms.TypedChoiceField(
                label=option.label,
                choices=choices,
                coerce=int,
                initial=str(
                    next(
                        i for i, (value, _l) in enumerate(option.choices) if value == option.default
                    )
                ),
                required=False,
                empty_value=None,
            )
            if option.own is not None:
                self._own_fields(option.key, option.own)

    def _own_fields(self, key: str, own: OwnChoice) -> None:
        if own.count is None:
            for place, (item, _label) in enumerate(own.items, start=1):
                self.fields[f"option_{key}_own_{place}"] = forms.ChoiceField(
                    label=gettext("%(order)s, place %(place)d")
                    % {"order": own.prompt, "place": place},
                    choices=own.items,
                    initial=item,
                    required=False,
                )
            return
        counts = [
            ngettext(
                "%(count)d with %(players)d player",
                "%(count)d with %(players)d players",
                seats,
            )
            % {"count": own.count(seats), "players": seats}
            for seats in self.game.seat_choices
        ]
        self.fields[f"option_{key}_own"] = forms.MultipleChoiceField(
            label=own.prompt,
            choices=own.items,
            widget=forms.CheckboxSelectMultiple,
            required=False,
            help_text=gettext("Used with “%(choice)s”: exactly %(counts)s.")
            % {"choice": own.label, "counts": ", ".join(counts)},
        )

    def clean(self) -> dict[str, Any]:
        """Each option chosen must fit the number of players; a problem is told at its field."""
        super().clean()
        cleaned = self.cleaned_data
        seats = cleaned.get("seats")
        if seats is None:
            return cleaned
        for option in self.game.options:
            value = self._chosen(option)
            if value is None:
                continue
            try:
                self.game.clean_options({option.key: value[0]}, seats=seats)
            except ValueError as problem:
                self.add_error(self._field_of(option), str(problem))
        return cleaned

    def _chosen(self, option: GameOption) -> tuple[object] | None:
        """`(value,)` as chosen (a value may itself be None), or None when left out: the
        game's default then."""
        index = self.cleaned_data.get(f"option_{option.key}")
        if index is None:
            return None
        own = option.own
        if own is None or index < len(option.choices):
            return (option.choices[index][0],)
        if own.count is None:
            places = range(1, len(own.items) + 1)
            return ([self.cleaned_data.get(f"option_{option.key}_own_{n}") for n in places],)
        ticked = self.cleaned_data.get(f"option_{option.key}_own", [])
        return ([item for item, _label in own.items if item in ticked],)

    def _field_of(self, option: GameOption) -> str:
        """Where a problem with the option's value is shown: at what the player put together."""
        index = self.cleaned_data.get(f"option_{option.key}")
        if option.own is None or index != len(option.choices):
            return f"option_{option.key}"
        return f"option_{option.key}_own" + ("_1" if option.own.count is None else "")

    def game_options(self) -> dict[str, object]:
        """The chosen options; one left out keeps the game's default."""
        chosen = {}
        for option in self.game.options:
            value = self._chosen(option)
            if value is not None:
                chosen[option.key] = value[0]
        return chosen
