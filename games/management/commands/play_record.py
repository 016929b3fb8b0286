import json
import sys

from django.core.management.base import BaseCommand, CommandError

from games.rules import play_record


class Command(BaseCommand):
    help = "Replay a game record through its engine (no database) and print the outcome as JSON."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser):
        parser.add_argument("file", help="a boardgame-record/1 JSON file ('-' for stdin)")

    def handle(self, *args, file: str, **options) -> None:
        try:
            if file == "-":
                data = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    data = json.load(handle)
        except (OSError, json.JSONDecodeError) as problem:
            raise CommandError(f"Cannot read {file}: {problem}") from problem
        record = data.get("record", data) if isinstance(data, dict) else data
        try:
            outcome = play_record(record)
        except (ValueError, KeyError, TypeError, ModuleNotFoundError) as problem:
            raise CommandError(f"Not a playable record: {problem}") from problem
        self.stdout.write(json.dumps(outcome))
