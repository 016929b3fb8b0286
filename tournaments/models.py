"""A tournament's rows: its settings, who plays in it, its rounds, and where each player sat in
each round (a table's match, or a bye). The standings are worked out from these
(`tournaments.pairing.standings`), never stored twice."""

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.models import Match


def _invite_token() -> str:
    return secrets.token_urlsafe(16)


class Tournament(models.Model):
    class Kind(models.TextChoices):
        SWISS = "swiss", _("Swiss rounds")
        ARENA = "arena", _("arena")

    class Status(models.TextChoices):
        UPCOMING = "upcoming", _("upcoming")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        CANCELLED = "cancelled", _("cancelled")

    name = models.CharField(_("name"), max_length=80)
    game = models.CharField(_("game"), max_length=32)
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices, default=Kind.SWISS)
    seats = models.PositiveSmallIntegerField(_("players at a table"))
    options = models.JSONField(_("options"), default=dict, blank=True)
    pace = models.CharField(
        _("pace"), max_length=8, choices=Match.Pace.choices, default=Match.Pace.LIVE
    )
    clock_minutes = models.PositiveSmallIntegerField(_("minutes per player"), default=5)
    clock_increment = models.PositiveSmallIntegerField(_("seconds added per move"), default=5)
    move_hours = models.PositiveSmallIntegerField(_("hours per move"), default=24)
    round_days = models.PositiveSmallIntegerField(_("days per round (turn-based)"), default=7)
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=3)
    duration_minutes = models.PositiveSmallIntegerField(_("minutes (arena)"), default=60)
    rated = models.BooleanField(_("rated"), default=True)
    private = models.BooleanField(_("by invitation only"), default=False)
    invite_token = models.CharField(max_length=32, default=_invite_token, unique=True)
    max_players = models.PositiveSmallIntegerField(_("player limit"), default=32)
    starts_at = models.DateTimeField(_("starts"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="created_tournaments"
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.UPCOMING
    )
    current_round = models.PositiveSmallIntegerField(_("current round"), default=0)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        indexes = [models.Index(fields=["status", "private", "game"])]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament", kwargs={"tournament_id": self.pk})

    def invite_url(self) -> str:
        return reverse("tournament_invited", kwargs={"token": self.invite_token})

    @property
    def is_arena(self) -> bool:
        return self.kind == self.Kind.ARENA

    @property
    def ends_at(self) -> datetime:
        """An arena's end: no match is seated after it."""
        return self.starts_at + timedelta(minutes=self.duration_minutes)


class Participant(models.Model):
    """A player signed up; one who withdraws after the start keeps their results and is
    seated no more. In an arena a player may pause: not seated again until they come back."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="participants"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries"
    )
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    paused = models.BooleanField(_("pausing (arena)"), default=False)
    joined_at = models.DateTimeField(_("signed up"), auto_now_add=True)

    class Meta:
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        ordering = ["tournament", "joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="participant_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament}"


class Round(models.Model):
    """A Swiss round; in an arena, one seating of the players waiting at that moment."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("round"))
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class Pairing(models.Model):
    """Where a participant sat in a round: a seat of a match, or a bye (no match). `rank`
    is the game's once the match ended; `left` marks a player whose seat went to a bot or
    another person, who scores nothing."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="pairings")
    match = models.ForeignKey(
        Match,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournament_pairings",
    )
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)
    rank = models.PositiveSmallIntegerField(_("rank"), null=True, blank=True)
    left = models.BooleanField(_("left the match"), default=False)

    class Meta:
        verbose_name = _("pairing")
        verbose_name_plural = _("pairings")
        ordering = ["round", "match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["round", "participant"], name="pairing_once_a_round"),
        ]

    def __str__(self) -> str:
        return f"{self.participant} in {self.round}"

    @property
    def is_bye(self) -> bool:
        return self.match_id is None
