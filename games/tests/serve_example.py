"""`manage.py serve` with the guide's example game on the site, for the browser tests that play
it through the whole site (`games.tests.browser.serve_site(example=True)`): its app installed
(`games.tests.example_settings`), then registered as the `example_game` fixture registers it
in the test's own process. The site itself never offers it."""

import os
import sys

import django
from django.core.management import execute_from_command_line


def main() -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "games.tests.example_settings"
    django.setup()
    from games.registry import GAMES
    from games.tests.example import EXAMPLE

    GAMES[EXAMPLE.slug] = EXAMPLE
    execute_from_command_line(["manage.py", "serve", *sys.argv[1:]])


if __name__ == "__main__":
    main()
