"""Make the site's VAPID key pair for Web Push (RFC 8292)."""

from typing import Any

from django.core.management.base import BaseCommand

from notifications.push import new_key_pair


class Command(BaseCommand):
    help = (
        "Print a new VAPID private key for Web Push, as the line to put into the site's "
        "environment (VAPID_PRIVATE_KEY). Browsers subscribe with its public key, so a new "
        "key makes every device be added again."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        private, public = new_key_pair()
        self.stdout.write(f"VAPID_PRIVATE_KEY={private}")
        self.stdout.write(f"# public key (browsers get it from the site): {public}")
