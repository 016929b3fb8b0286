from django.core.management.base import BaseCommand

from games import ratings, stats


class Command(BaseCommand):
    help = "Recompute every rating and statistic from the stored matches."

    def handle(self, *args, **options) -> None:
        rated = ratings.rebuild()
        counted = stats.rebuild()
        self.stdout.write(
            f"Ratings rebuilt from {rated} rated matches, statistics from {counted} matches."
        )
