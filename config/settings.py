"""The one settings module, driven by environment variables.

Defaults are safe for production (DEBUG off, secure cookies, HSTS); the development command
turns DEBUG on. Without DATABASE_URL an embedded PostgreSQL is started; without REDIS_URL the
in-memory channel layer is used (one process only).
"""

import os
from email.utils import parseaddr
from pathlib import Path
from urllib.parse import urlsplit

import environ
from django.utils.translation import gettext_lazy as _
from redis.exceptions import ConnectionError as RedisConnectionError

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()

DEBUG = env.bool("DEBUG", default=False)
DEVELOPMENT_SECRET_KEY = "development-only-insecure-key-never-use-in-production"
SECRET_KEY = env.str("SECRET_KEY", default=DEVELOPMENT_SECRET_KEY if DEBUG else environ.Env.NOTSET)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
SITE_NAME = env.str("SITE_NAME", default="Deskovky")


def _served_at(address: str) -> str:
    """The address `./dev run` serves (`ADDRESS`, "host:port" or a port) as a URL: the
    links in mails and invitations lead where the site answers."""
    host, _colon, port = address.rpartition(":")
    if host in {"", "0.0.0.0", "[::]", "::"}:
        host = "127.0.0.1"
    return f"http://{host}:{port}"


SITE_URL = env.str("SITE_URL", default=_served_at(env.str("ADDRESS", default="127.0.0.1:8000")))
SITE_ORIGIN = "{0.scheme}://{0.netloc}".format(urlsplit(SITE_URL))
SITE_WEBSOCKET_ORIGIN = SITE_ORIGIN.replace("http", "ws", 1)
"""The site's own websocket address (`wss://` behind TLS), the only one its pages connect to."""

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "django_htmx",
    "template_partials",
    "csp",
    "procrastinate.contrib.django",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    "games.kosmopolis",
    "games.isle_of_cats",
    "games.seven_dragons",
    "games.space_dragons",
    "games.space_bastards",
    "lobby",
    "tournaments",
    "notifications",
    "chat",
]

# The frame and content policies come before everything that may answer without a view (a NUL
# refused), so that every page carries them; after WhiteNoise, the first middleware that runs
# only in the request's thread, so that they cost no hop from the event loop.
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "games.live.pushes_batched_middleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "config.guards.NulRefusingMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.PlayerPreferencesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django_ratelimit.middleware.RatelimitMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.tz",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "notifications.context_processors.bell",
            ],
        },
    },
    {
        # The game tables' regions (games/regions.py): the fast path of a live push.
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "APP_DIRS": True,
        "OPTIONS": {"environment": "config.jinja2.environment"},
    },
]

# Database: PostgreSQL only. Django's psycopg pool with CONN_MAX_AGE = 0, because persistent
# connections leak under daphne. Each pooled connection is checked before it is handed out, so
# one the database dropped (a restart, pg_terminate_backend) is replaced instead of failing a
# request.
if "DATABASE_URL" in env:
    DATABASES = {"default": env.db_url("DATABASE_URL")}
else:
    from config.embedded_db import database_settings

    DATABASES = {"default": database_settings()}
DATABASES["default"]["CONN_MAX_AGE"] = 0
# Health checks on a pool: psycopg_pool's check=ConnectionPool.check_connection.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {"min_size": 1, "max_size": 20}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


def redis_channel_layers(url: str, *, timeout: float = 10) -> dict:
    """Channels over Redis publish/subscribe (`config.channel_layer`). A connection that Redis
    closed (it restarted) is retried on a fresh one, so live pushes resume by themselves when
    Redis is back, and every socket then sends what it missed. A Redis that does not answer (a
    hung server, a lost network) costs a push at most `timeout` seconds, never a request
    forever."""
    host = {
        "address": url,
        "retry_on_error": [RedisConnectionError],
        "socket_connect_timeout": min(timeout, 2),
        "socket_timeout": timeout,
    }
    layer = "config.channel_layer.ResyncingPubSubLayer"
    return {"default": {"BACKEND": layer, "CONFIG": {"hosts": [host]}}}


if "REDIS_URL" in env:
    CHANNEL_LAYERS = redis_channel_layers(env.str("REDIS_URL"))
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# The cache holds the rate limits (allauth's logins, django-ratelimit's views, `limits` for
# the sockets), so every process must count in the same place: Django's own Redis cache when
# REDIS_URL is set. Without it the site is one process (see the channel layer above), and that
# process's local memory is the shared place: nothing to create, nothing to clean.
if "REDIS_URL" in env:
    CACHES = {
        "default": {
            "BACKEND": "config.cache.KeptClientRedisCache",
            "LOCATION": env.str("REDIS_URL"),
            "KEY_PREFIX": "deskovky",
        }
    }
    RATE_LIMIT_STORAGE = env.str("REDIS_URL")
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    RATE_LIMIT_STORAGE = "memory://"

# The client's address, for the per-address limits: behind the TLS proxy every request comes
# from the proxy, so the address is the one the trusted proxies add to X-Forwarded-For (the
# last TRUSTED_PROXY_COUNT-th from the end), or a header the proxy sets
# (TRUSTED_CLIENT_IP_HEADER, e.g. X-Real-IP); the client cannot forge either.
ALLAUTH_TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)
ALLAUTH_TRUSTED_CLIENT_IP_HEADER = env.str("TRUSTED_CLIENT_IP_HEADER", default=None)
RATELIMIT_IP_META_KEY = "config.guards.client_ip"
RATELIMIT_VIEW = "config.guards.too_many"

# Limits, generous for a person and tight for a script. allauth's logins: per address, and
# failed ones per account (given by its username or its e-mail, `accounts.adapter`), whatever
# address they come from.
ACCOUNT_RATE_LIMITS = {
    "login": env.str("LOGIN_RATE_LIMIT", default="30/m/ip"),
    "login_failed": env.str("LOGIN_FAILED_RATE_LIMIT", default="10/m/ip,5/5m/key"),
}
# The site's own (django-ratelimit's "count/period" per signed-in player; `limits`' syntax for
# what a player does over a socket and over HTTP alike): new tables and matches of any kind,
# new tournaments, invitations (and those to one player), offers of a seat to one player,
# joining, leaving and the other changes of a waiting table or a seat looking for a
# substitute, moves and lines of talk.
PLAY_RATE_LIMITS = {
    "new_table": env.str("NEW_TABLE_RATE_LIMIT", default="30/h"),
    "new_tournament": env.str("NEW_TOURNAMENT_RATE_LIMIT", default="5/h"),
    "invitation": env.str("INVITATION_RATE_LIMIT", default="60/h"),
    "invitation_to_one": env.str("INVITATION_TO_ONE_RATE_LIMIT", default="5/h"),
    "seat_offer_to_one": env.str("SEAT_OFFER_TO_ONE_RATE_LIMIT", default="5/h"),
    # Each of these re-renders every open lobby page.
    "lobby_action": env.str("LOBBY_ACTION_RATE_LIMIT", default="60/h"),
    "socket_message": env.str("SOCKET_MESSAGE_RATE_LIMIT", default="20/second;600/minute"),
    # Lines posted and said over the table's socket count together (`limits`).
    "chat_line": env.str("CHAT_LINE_RATE_LIMIT", default="10/30second"),
    # A match's analysis asked for again: minutes of a core each (issue 36).
    "analysis": env.str("ANALYSIS_RATE_LIMIT", default="5/h"),
}

# The in-memory layer reaches only its own process's websockets, so then the task worker (bots
# announce their moves) runs inside the web server (`manage.py serve`); with Redis it is its
# own process (`manage.py worker`).
TASK_WORKER_IN_WEB_PROCESS = "REDIS_URL" not in env

# Background work (bots, clocks, mails): procrastinate's queues in PostgreSQL, run by
# `manage.py worker` (config/worker.py).
PROCRASTINATE_IMPORT_PATHS = [
    "config.worker",
    "games.services",
    "notifications.mail",
    "notifications.push",
    "tournaments.services",
]
# A run of the bots plays at most this many moves of one match and queues the rest, so that a
# match of bots alone never holds a worker for long.
BOT_MOVES_PER_RUN = 20
# Strong bots think in this many processes beside the task worker (games/services/bots.py),
# one a core by default, each for at most games.bots.STRONG_SECONDS a move; 0 thinks in the
# worker's own threads (the tests do).
BOT_THINKING_PROCESSES = env.int("BOT_THINKING_PROCESSES", default=os.cpu_count() or 1)
# A finished match with a person at it is analysed in the worker's `analysis` queue (issue 36,
# games/services/analysis.py): each of the people's moves searched this long (process time;
# games.analysis.MOVE_SECONDS), or, where ANALYSIS_PLAYOUTS is set, so many playouts (tests).
ANALYSE_FINISHED_MATCHES = env.bool("ANALYSE_FINISHED_MATCHES", default=True)
ANALYSIS_MOVE_SECONDS = env.float("ANALYSIS_MOVE_SECONDS", default=0.5)
ANALYSIS_PLAYOUTS: int | None = env.int("ANALYSIS_PLAYOUTS", default=None)
# A bot seat that has moved this many times in a row (a game's longest turn is a few dozen
# moves) is stuck in a loop: its match's bots are stopped and an error is logged.
BOT_MOVES_IN_A_ROW = 500
# The pause between a real-time tournament's rounds, from its last match's end, in seconds.
TOURNAMENT_BREAK_SECONDS = env.int("TOURNAMENT_BREAK_SECONDS", default=30)

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_REDIRECT_URL = "home"
LOGIN_URL = "account_login"

ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_USERNAME_MIN_LENGTH = 3
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Deskovky] "
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "http" if DEBUG else "https"
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {"login": "accounts.forms.LoginForm", "signup": "accounts.forms.SignupForm"}
ACCOUNT_USERNAME_BLACKLIST = ["admin", "deleted", "bot", "system"]

# E-mail: EMAIL_URL (smtp+tls://user:password@host:587) selects a real server; without it
# mails are printed to the console.
vars().update(env.email_url("EMAIL_URL", default="consolemail://"))
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Deskovky <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Web Push (notifications.push): the site's VAPID key (`manage.py vapid_keys` makes one), and
# whom the push services may contact about the site's pushes. Without the key nothing is
# pushed and notices are mailed as they always were.
VAPID_PRIVATE_KEY = env.str("VAPID_PRIVATE_KEY", default="")
VAPID_SUBJECT = env.str("VAPID_SUBJECT", default="mailto:" + parseaddr(DEFAULT_FROM_EMAIL)[1])
# The push services a browser may name (its subscription's address, which the worker posts
# to): the big browsers' own, so that no one makes the worker post into the site's network.
PUSH_SERVICE_HOSTS = env.list(
    "PUSH_SERVICE_HOSTS",
    default=[
        "fcm.googleapis.com",  # Chrome, Chromium's kin, Samsung Internet
        "android.googleapis.com",  # Chrome's older subscriptions
        "push.services.mozilla.com",  # Firefox
        "notify.windows.com",  # Edge
        "push.apple.com",  # Safari
    ],
)

LANGUAGE_CODE = "cs"
LANGUAGES = [("cs", _("Czech")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "Europe/Prague"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "var" / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# Security: strict by default, relaxed only for plain-HTTP development.
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_SECURE = not DEBUG
SESSION_COOKIE_HTTPONLY = True
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", "ws:", "wss:"] if DEBUG else ["'self'", SITE_WEBSOCKET_ORIGIN],
        # The service worker (/sw.js: pushed notices, the offline page) and the web app
        # manifest, both the site's own.
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "level": env.str("LOG_LEVEL", default="WARNING"),
        }
    },
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
}
