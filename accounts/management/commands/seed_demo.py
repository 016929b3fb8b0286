from allauth.account.models import EmailAddress
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from accounts.models import User

DEMO_PASSWORD = "demo-heslo-2026"
DEMO_PLAYERS = [
    ("alice", "Alice", "en"),
    ("bob", "Bob", "en"),
    ("eva", "Eva", "cs"),
    ("jan", "Jan", "cs"),
]
BOTS = [
    ("robot-karel", "Robot Karel"),
    ("robot-ema", "Robot Ema"),
    ("robot-otto", "Robot Otto"),
    ("robot-zora", "Robot Zora"),
]


class Command(BaseCommand):
    help = "Create the demo players (development only) and the bot players."

    def add_arguments(self, parser):
        parser.add_argument(
            "--allow-production", action="store_true", help="Create demo players with DEBUG off."
        )

    def handle(self, *args, allow_production: bool = False, **options) -> None:
        if not settings.DEBUG and not allow_production:
            raise CommandError("Demo players have a public password: only with DEBUG on.")
        for username, name, language in DEMO_PLAYERS:
            user, created = User.objects.get_or_create(
                username=username,
                defaults={
                    "display_name": name,
                    "email": f"{username}@example.com",
                    "language": language,
                },
            )
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
                EmailAddress.objects.create(
                    user=user, email=user.email, verified=True, primary=True
                )
        for username, name in BOTS:
            User.objects.get_or_create(
                username=username,
                defaults={"display_name": name, "is_bot": True, "password": "!"},
            )
        names = ", ".join(username for username, _name, _language in DEMO_PLAYERS)
        self.stdout.write(f"Demo players: {names} (password {DEMO_PASSWORD!r}); bots ready.")
