import zoneinfo

from allauth.account import forms as allauth_forms
from django import forms
from django.conf import settings
from django.contrib.auth import password_validation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from accounts.models import User
from accounts.names import check_name
from accounts.preferences import NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, offered

LABEL_ENDINGS = gettext_noop(":?.!")
"""Django's forms put no colon after a label that ends in one of these, as translated. Django's
own Czech catalog leaves out the full stop, so a label ending a sentence read "smazány.:"; the
site's catalog gives the whole list back (listed here so that makemessages keeps it)."""


def _time_zone_choices() -> list[tuple[str, str]]:
    zones = sorted(z for z in zoneinfo.available_timezones() if "/" in z and "Etc" not in z)
    return [(zone, zone.replace("_", " ")) for zone in ["UTC", *zones]]


class ProfileForm(forms.ModelForm):
    """The profile page: name, language, time zone and a grid of notification switches."""

    time_zone = forms.ChoiceField(label=_("Time zone"), choices=_time_zone_choices)

    class Meta:
        model = User
        fields = [
            "display_name",
            "language",
            "time_zone",
            "quiet_hours_start",
            "quiet_hours_end",
            "email_digest",
            "bot_pace_ms",
        ]
        widgets = {
            "quiet_hours_start": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "quiet_hours_end": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }
        help_texts = {
            "display_name": _("Shown to other players instead of your username."),
            "quiet_hours_start": _("No e-mails are sent between these times (your time zone)."),
            "bot_pace_ms": _(
                "When bots make several moves in a row at a table you have open, each waits "
                "this long, so you can follow them."
            ),
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["bot_pace_ms"].required = False
        for kind in NOTIFICATION_KINDS:
            for channel in self.channels():
                if offered(kind, channel):
                    self.fields[self.switch_name(kind, channel)] = forms.BooleanField(
                        required=False,
                        initial=self.instance.wants(kind, channel),
                        label=f"{NOTIFICATION_KINDS[kind]}: {NOTIFICATION_CHANNELS[channel]}",
                    )

    @staticmethod
    def switch_name(kind: str, channel: str) -> str:
        return f"notify_{kind}_{channel}"

    @staticmethod
    def channels() -> list[str]:
        """The grid's columns: devices only when the site can push to them (a VAPID key)."""
        return [c for c in NOTIFICATION_CHANNELS if c != "push" or settings.VAPID_PRIVATE_KEY]

    def notification_rows(self) -> list[tuple[str, list[forms.BoundField | None]]]:
        """The grid as the template draws it: one row per kind, one switch per channel (None
        where the kind never goes that way)."""
        return [
            (
                label,
                [
                    self[self.switch_name(kind, channel)] if offered(kind, channel) else None
                    for channel in self.channels()
                ],
            )
            for kind, label in NOTIFICATION_KINDS.items()
        ]

    def clean_bot_pace_ms(self) -> int:
        """A form without the pace (an older page, a script) keeps the player's."""
        pace = self.cleaned_data.get("bot_pace_ms")
        return self.instance.bot_pace_ms if pace in (None, "") else int(pace)

    def clean_display_name(self) -> str:
        """No new display name that could pass for another player's or a bot's. The name a
        player already has is not checked again: a rule added later, or another player's name
        that turned out to look alike, must not stop them from saving their other settings."""
        name = self.cleaned_data["display_name"]
        if name and name != self.instance.display_name:
            check_name(name, user=self.instance)
        return name

    def clean(self) -> dict:
        cleaned = super().clean()
        start, end = cleaned.get("quiet_hours_start"), cleaned.get("quiet_hours_end")
        if (start is None) != (end is None):
            raise forms.ValidationError(_("Give both ends of the quiet hours, or neither."))
        return cleaned

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=False)
        user.notification_preferences = {
            kind: {
                channel: bool(self.cleaned_data[self.switch_name(kind, channel)])
                if self.switch_name(kind, channel) in self.fields
                else user.wants(kind, channel)
                for channel in NOTIFICATION_CHANNELS
                if offered(kind, channel)
            }
            for kind in NOTIFICATION_KINDS
        }
        if commit:
            user.save()
        return user


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    confirm = forms.BooleanField(
        label=_("I understand that my account and personal data will be erased for good.")
    )

    def __init__(self, *args, user: User, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("The password is not correct."))
        return password


class LoginForm(allauth_forms.LoginForm):
    """The sign-in field takes a name or an e-mail: browsers offer saved user names for it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["login"].widget.attrs["autocomplete"] = "username"


class SignupForm(allauth_forms.SignupForm):
    """The password rules as one sentence: allauth's `<ul>` inside the help text's `<span>`
    inside a `<p>` is invalid, the browser splits it and `aria-describedby` points at nothing."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if "password1" in self.fields:
            self.fields["password1"].help_text = " ".join(
                password_validation.password_validators_help_texts()
            )
