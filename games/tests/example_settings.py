"""The site's settings with the guide's example game installed (its fragments and static files
found as any game's are), for the server a browser test starts to play it
(`games.tests.serve_example`)."""

from config.settings import *  # noqa: F403
from config.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "games.tests.example_game"]
