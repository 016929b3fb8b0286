"""The site's settings as the type checker loads them (django-stubs' mypy plugin reads the
installed apps and models): no secret and no database server needed, none is contacted."""

import os

os.environ.setdefault("SECRET_KEY", "type-checking-only-never-serves-a-request")
os.environ.setdefault("DATABASE_URL", "postgres://127.0.0.1:5432/type-checking-only")

from config.settings import *  # noqa: F403
