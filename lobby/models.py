import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.models import Match


def _invite_token() -> str:
    return secrets.token_urlsafe(16)


class Table(models.Model):
    """A table in the lobby: players gather here, then the host or a full table starts a match."""

    class Status(models.TextChoices):
        OPEN = "open", _("waiting for players")
        STARTED = "started", _("in progress")
        FINISHED = "finished", _("finished")
        CLOSED = "closed", _("closed")

    game = models.CharField(_("game"), max_length=32)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hosted_tables"
    )
    seats = models.PositiveSmallIntegerField(_("seats"))
    options = models.JSONField(_("options"), default=dict, blank=True)
    pace = models.CharField(
        _("pace"), max_length=8, choices=Match.Pace.choices, default=Match.Pace.LIVE
    )
    clock_minutes = models.PositiveSmallIntegerField(_("minutes per player"), default=5)
    clock_increment = models.PositiveSmallIntegerField(_("seconds added per move"), default=5)
    move_hours = models.PositiveSmallIntegerField(_("hours per move"), default=24)
    private = models.BooleanField(_("private"), default=False)
    rated = models.BooleanField(_("rated"), default=True)
    bots_allowed = models.BooleanField(_("empty seats may be filled with bots"), default=True)
    spectators_chat = models.BooleanField(_("spectators may talk at the table"), default=False)
    invite_token = models.CharField(max_length=32, default=_invite_token, unique=True)
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.OPEN
    )
    match = models.OneToOneField(
        Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="table"
    )
    rematch_of = models.ForeignKey(
        Match,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rematch_tables",
        verbose_name=_("rematch of"),
    )
    created_at = models.DateTimeField(_("opened"), auto_now_add=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        indexes = [models.Index(fields=["status", "private", "game"])]

    def __str__(self) -> str:
        return f"{self.game} table #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("lobby_table", kwargs={"table_id": self.pk})

    def invite_url(self) -> str:
        return reverse("lobby_join_by_link", kwargs={"token": self.invite_token})


class TableSeat(models.Model):
    """A player sitting at a table before it starts; bots sit as their accounts too."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="sitting")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_seats"
    )
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)

    class Meta:
        verbose_name = _("seat at a table")
        verbose_name_plural = _("seats at tables")
        ordering = ["table", "joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["table", "user"], name="table_seat_user_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} at {self.table}"


class Invitation(models.Model):
    class Answer(models.TextChoices):
        PENDING = "pending", _("waiting for an answer")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="invitations")
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    answer = models.CharField(
        _("answer"), max_length=8, choices=Answer.choices, default=Answer.PENDING
    )
    created_at = models.DateTimeField(_("sent"), auto_now_add=True)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        constraints = [
            models.UniqueConstraint(fields=["table", "invitee"], name="invitation_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.invitee} to {self.table}"
