"""Talk at a match's table: the lines said, whom each player muted, and the lines reported to
the moderators. An app of its own: its tables, migrations and admin change apart from the
matches' (the games app's migrations are the move path's)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Match

LINE_LENGTH = 300
"""The longest line one may say, in characters: a sentence or two, no pasted walls of text."""


class ChatLine(models.Model):
    """One line said at a match's table, shown to everyone who may watch it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat_lines")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_lines"
    )
    text = models.CharField(_("text"), max_length=LINE_LENGTH)
    said_at = models.DateTimeField(_("said"), auto_now_add=True)

    class Meta:
        verbose_name = _("chat line")
        verbose_name_plural = _("chat lines")
        ordering = ["match", "said_at", "id"]
        indexes = [models.Index(fields=["match", "-id"], name="chat_line_newest")]

    def __str__(self) -> str:
        return f"{self.author}: {self.text}"


class ChatMute(models.Model):
    """A player who does not want to read another's lines, at any table."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes"
    )
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(_("muted"), auto_now_add=True)

    class Meta:
        verbose_name = _("muted player")
        verbose_name_plural = _("muted players")
        constraints = [
            models.UniqueConstraint(fields=["user", "muted"], name="chat_mute_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} mutes {self.muted}"


class ChatReport(models.Model):
    """A line a player reported to the moderators, who read it in the admin."""

    line = models.ForeignKey(ChatLine, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    reason = models.CharField(_("reason"), max_length=LINE_LENGTH, blank=True)
    created_at = models.DateTimeField(_("reported"), auto_now_add=True)
    handled = models.BooleanField(_("handled"), default=False)

    class Meta:
        verbose_name = _("chat report")
        verbose_name_plural = _("chat reports")
        ordering = ["handled", "-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["line", "reporter"], name="chat_report_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.reporter} reports {self.line}"
