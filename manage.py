#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import secrets
import sys

KEYLESS_COMMANDS = {"play_record", "compilemessages", "makemessages"}
"""Commands that sign nothing and keep nothing signed: a throwaway key lets them run without
the site's secret."""


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if sys.argv[1:2] and sys.argv[1] in KEYLESS_COMMANDS:
        os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
