from django.core.management.base import BaseCommand

from games.ratings import rebuild


class Command(BaseCommand):
    help = "Recompute every rating from the stored matches."

    def handle(self, *args, **options) -> None:
        counted = rebuild()
        self.stdout.write(f"Ratings rebuilt from {counted} rated matches.")
