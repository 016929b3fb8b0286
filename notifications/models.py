from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.preferences import NOTIFICATION_KINDS


class Notification(models.Model):
    """Something a player should know: stored in the transaction that caused it, delivered
    after commit. `params` fill the kind's sentence in the reader's language when shown."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(
        _("kind"), max_length=24, choices=[(k, v) for k, v in NOTIFICATION_KINDS.items()]
    )
    params = models.JSONField(_("details"), default=dict)
    link = models.CharField(_("link"), max_length=200)
    match_id = models.PositiveIntegerField(_("match"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    read_at = models.DateTimeField(_("read"), null=True, blank=True)
    emailed_at = models.DateTimeField(_("e-mailed"), null=True, blank=True)
    pushed_at = models.DateTimeField(_("pushed"), null=True, blank=True)
    on_site = models.BooleanField(_("shown on the site"), default=True)

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["user", "read_at"])]
        constraints = [
            # "Your turn" is said once per match until read; the move service relies on it
            # to write the notice in one statement.
            models.UniqueConstraint(
                fields=["user", "kind", "match_id"],
                condition=models.Q(kind="your_turn", read_at__isnull=True),
                name="one_unread_turn_notice",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user}"


class PendingDigest(models.Model):
    """A daily digest already queued for a player, so each notice does not queue another."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pending_digest"
    )
    due_at = models.DateTimeField(_("due"))

    class Meta:
        verbose_name = _("pending digest")
        verbose_name_plural = _("pending digests")

    def __str__(self) -> str:
        return f"digest for {self.user} at {self.due_at}"


class PushSubscription(models.Model):
    """One browser on one device that asked to be told a player's notices (Web Push): the
    address its push service takes messages at, and its keys to encrypt them (RFC 8291). An
    address is one browser's, so it belongs to one player: the last who added it."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(_("push service address"), max_length=1000, unique=True)
    p256dh = models.CharField(_("public key"), max_length=100)
    auth = models.CharField(_("authentication secret"), max_length=50)
    device = models.CharField(_("device"), max_length=100, blank=True)
    created_at = models.DateTimeField(_("added"), auto_now_add=True)

    class Meta:
        verbose_name = _("notified device")
        verbose_name_plural = _("notified devices")
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.device or self.endpoint[:40]} of {self.user}"
