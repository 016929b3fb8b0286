import json

from django.core.management.base import BaseCommand, CommandError

from accounts.models import User
from games.services import import_record


class Command(BaseCommand):
    help = (
        "Store a game record as a match. Seats are the record's usernames where such players "
        "exist, otherwise bots."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a boardgame-record/1 JSON file")

    def handle(self, *args, file: str, **options) -> None:
        try:
            with open(file, encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, json.JSONDecodeError) as problem:
            raise CommandError(f"Cannot read {file}: {problem}") from problem
        record = data.get("record", data)
        bots = iter(User.objects.filter(is_bot=True).order_by("username"))
        players = []
        for name in record.get("seats", []):
            player = User.objects.filter(username=name, deleted_at__isnull=True).first()
            players.append(player or next(bots, None))
        if None in players:
            raise CommandError("Not enough bots to fill the seats of unknown players.")
        try:
            match = import_record(record=record, players=players)
        except (ValueError, KeyError, TypeError) as problem:
            raise CommandError(str(problem)) from problem
        self.stdout.write(f"Match {match.pk}: {match.move_count} moves, {match.status}.")
