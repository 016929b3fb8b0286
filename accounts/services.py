"""Writes on player accounts."""

import uuid

from allauth.account.models import EmailAddress
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from accounts.preferences import default_notification_preferences
from chat.services import author_deleted
from games.services import abandon_every_match
from notifications.models import PushSubscription


@transaction.atomic
def delete_account(*, user: User) -> None:
    """Erase a player's personal data but keep the row, so finished games keep their seats.

    The username is replaced by a random one, so the old name is free again and nothing
    links the row to the person. The unusable password also ends every open session, as
    Django checks a session against the password hash. Bots take the player's seats in the
    matches still on at once, and the player's lines at their tables show as the deleted
    player's.
    """
    abandon_every_match(user=user)
    author_deleted(user=user)
    user.username = f"deleted-{uuid.uuid4().hex[:12]}"
    user.email = ""
    user.first_name = ""
    user.last_name = ""
    user.display_name = ""
    user.set_unusable_password()
    user.is_active = False
    user.is_staff = False
    user.is_superuser = False
    user.notification_preferences = default_notification_preferences()
    user.quiet_hours_start = None
    user.quiet_hours_end = None
    user.deleted_at = timezone.now()
    user.save()
    EmailAddress.objects.filter(user=user).delete()
    PushSubscription.objects.filter(user=user).delete()
    user.groups.clear()
    user.user_permissions.clear()
