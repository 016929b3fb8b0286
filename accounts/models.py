import zoneinfo

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from accounts.names import name_keys
from accounts.preferences import default_notification_preferences

DEFAULT_BOT_PACE_MS = 700
BOT_PACES = [
    (0, _("none, at once")),
    (400, _("0.4 s")),
    (700, _("0.7 s")),
    (1000, _("1 s")),
    (1500, _("1.5 s")),
    (2500, _("2.5 s")),
]


class User(AbstractUser):
    """A player; a deleted account stays as an anonymous row so finished games keep their seats."""

    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(
        _("preferred language"),
        max_length=8,
        choices=settings.LANGUAGES,
        default=settings.LANGUAGE_CODE,
    )
    time_zone = models.CharField(_("time zone"), max_length=64, default=settings.TIME_ZONE)
    notification_preferences = models.JSONField(
        _("notification preferences"), default=default_notification_preferences
    )
    quiet_hours_start = models.TimeField(_("quiet hours from"), null=True, blank=True)
    quiet_hours_end = models.TimeField(_("quiet hours until"), null=True, blank=True)
    email_digest = models.BooleanField(_("daily digest instead of single e-mails"), default=False)
    is_bot = models.BooleanField(_("bot"), default=False)
    bot_pace_ms = models.PositiveIntegerField(
        _("pause between bots' moves"), choices=BOT_PACES, default=DEFAULT_BOT_PACE_MS
    )
    """How long bots wait before each further move of theirs in a row, so that this player can
    follow them (`games.services.play_bot_turns`); 0 plays them at once."""
    vacation_until = models.DateTimeField(_("on vacation until"), null=True, blank=True)
    deleted_at = models.DateTimeField(_("deleted"), null=True, blank=True)
    name_keys = ArrayField(models.CharField(max_length=600), default=list, editable=False)
    """What the username and the display name look like (`accounts.names.name_keys`): a new
    name may share no key with another player's."""

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        indexes = [GinIndex(fields=["name_keys"], name="user_name_keys")]

    def __str__(self) -> str:
        return str(self.public_name)

    def get_absolute_url(self) -> str:
        return reverse("player_profile", kwargs={"username": self.username})

    def save(self, *args, **kwargs) -> None:
        self.name_keys = sorted({*name_keys(self.username), *name_keys(self.display_name)})
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"username", "display_name"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "name_keys"}
        super().save(*args, **kwargs)

    @property
    def public_name(self) -> str:
        if self.deleted_at is not None:
            return str(_("Deleted player"))
        return self.display_name or self.username

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        try:
            return zoneinfo.ZoneInfo(self.time_zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return zoneinfo.ZoneInfo(settings.TIME_ZONE)

    def wants(self, kind: str, channel: str) -> bool:
        """Whether this player asked for notifications of this kind on this channel."""
        defaults = default_notification_preferences()
        chosen = {**defaults.get(kind, {}), **self.notification_preferences.get(kind, {})}
        return bool(chosen.get(channel, False))
