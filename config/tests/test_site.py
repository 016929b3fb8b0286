"""Site-wide promises: security headers, error pages in both languages, deploy checks, i18n."""

import ast
import difflib
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse
from django.utils.translation.template import templatize
from django.utils.translation.trans_real import translation as translation_of

from games.management.commands.makemessages import EXAMPLE_GAME, jinja_blocks

pytestmark = pytest.mark.django_db

ROOT = Path(settings.BASE_DIR)


def test_pages_send_the_security_headers(client):
    response = client.get(reverse("home"), secure=True)
    csp = response["Content-Security-Policy"]
    assert "default-src 'self'" in csp
    assert "script-src 'self'" in csp
    assert "'unsafe-inline'" not in csp
    assert "frame-ancestors 'none'" in csp
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Strict-Transport-Security"].startswith("max-age=31536000")


def test_plain_http_is_redirected_to_https_in_production(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    response = client.get(reverse("home"))
    assert response.status_code == 301
    assert response.url.startswith("https://")


@pytest.mark.parametrize(
    ("language", "title"), [("cs", "Stránka nenalezena"), ("en", "Page not found")]
)
def test_the_404_page_speaks_the_visitors_language(client, language, title):
    response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    assert title in response.content.decode()
    assert response["Content-Language"] == language


def test_htmx_and_its_websocket_extension_are_served_by_the_site(client):
    page = client.get(reverse("home")).content.decode()
    assert "/static/vendor/htmx/htmx-2.0.11.min.js" in page
    assert "/static/vendor/htmx/ext-ws-2.0.4.min.js" in page
    assert "//cdn" not in page
    assert "unpkg" not in page
    for name in ["htmx-2.0.11.min.js", "ext-ws-2.0.4.min.js"]:
        assert (ROOT / "static" / "vendor" / "htmx" / name).stat().st_size > 1000


def test_production_settings_pass_the_deploy_check():
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DEBUG", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS"}
    }
    env.update(
        {
            "DEBUG": "0",
            "SECRET_KEY": "x7#Qm2!vR9pL4wZ8sT1yB6nC3dF5gH0jK2lM4nP6qR8sT0uV2wX4yZ6aB8cD0eF",
            "ALLOWED_HOSTS": "deskovky.example",
        }
    )
    completed = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "no issues" in completed.stdout


def test_the_test_command_runs_every_apps_tests():
    """`./dev test` runs pytest's `testpaths`: an app left out of it has tests that never run
    (the tournaments' did not, for a session)."""
    testpaths = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"][
        "ini_options"
    ]["testpaths"]
    folders = [path for path in ROOT.iterdir() if path.is_dir() and not path.name.startswith(".")]
    with_tests = {folder.name for folder in folders if any(folder.rglob("test_*.py"))}
    assert with_tests - set(testpaths) == set()


def test_every_model_change_has_its_migration():
    """A model changed without a migration breaks `./dev run` (migrate warns and the database
    lacks the change) while tests, which build the database from the models, still pass."""
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


GENDER_FREE_GAMES = ["isle_of_cats", "kosmopolis", "seven_dragons", "space_dragons"]
"""Space Bastards' log still guesses ("vybral(a)"): its texts are being reworked apart."""


def _messages(catalog) -> dict:
    return {
        (entry.msgctxt, entry.msgid): (entry.msgstr, dict(entry.msgstr_plural))
        for entry in catalog
        if entry.msgid and not entry.obsolete
    }


CATALOGS = [
    ROOT / "locale" / "cs" / "LC_MESSAGES" / "django.po",
    *sorted(ROOT.glob("games/*/locale/cs/LC_MESSAGES/django.po")),
]


def _sources(folder: str, names: list[str]) -> list[str]:
    """What a copy of the project leaves out: all but what makemessages reads (code,
    templates, catalogs)."""
    return [
        name
        for name in names
        if name.startswith(".")
        or name in {"__pycache__", "var"}
        or (
            os.path.isfile(os.path.join(folder, name))
            and Path(name).suffix not in {".py", ".html", ".txt", ".po"}
        )
    ]


def test_the_catalogs_are_what_makemessages_makes(tmp_path, settings, monkeypatch):
    """A catalog edited by hand (an entry added at the end, a location or wrapping of its
    own, a string the code no longer uses) is rewritten by the next engineer's makemessages:
    every catalog is what `makemessages -l cs` makes of the project as it stands."""
    copy = tmp_path / "project"
    shutil.copytree(ROOT, copy, ignore=_sources)
    settings.BASE_DIR = copy
    settings.LOCALE_PATHS = [copy / "locale"]
    monkeypatch.chdir(copy)
    call_command("makemessages", locale=["cs"], verbosity=0)
    drifted = []
    for po_path in CATALOGS:
        kept = po_path.read_text(encoding="utf-8").splitlines(keepends=True)
        made = (copy / po_path.relative_to(ROOT)).read_text(encoding="utf-8")
        drifted += difflib.unified_diff(
            kept, made.splitlines(keepends=True), str(po_path.relative_to(ROOT)), "makemessages"
        )
    assert not drifted, "run `python manage.py makemessages -l cs`:\n" + "".join(drifted[:60])


@pytest.mark.parametrize("po_path", CATALOGS, ids=lambda path: str(path.relative_to(ROOT)))
def test_czech_catalog_is_complete_and_compiled(po_path):
    po = polib.pofile(str(po_path))
    assert [entry.msgid for entry in po.untranslated_entries()] == []
    assert [entry.msgid for entry in po.fuzzy_entries()] == []
    mo = polib.mofile(str(po_path.with_suffix(".mo")))
    assert _messages(mo) == _messages(po), "the .mo is stale: run compilemessages"


@pytest.mark.parametrize(
    "catalog", ["locale", *(f"games/{slug}/locale" for slug in GENDER_FREE_GAMES)]
)
def test_the_czech_catalog_guesses_no_players_gender(catalog):
    """A player's gender is unknown: Czech says it without the "dostal(a)" slash forms."""
    po = polib.pofile(str(ROOT / catalog / "cs" / "LC_MESSAGES" / "django.po"))
    slashed = re.compile(r"\w\((?:a|i|y)\)")
    said = [
        text
        for entry in po
        for text in [entry.msgstr, *entry.msgstr_plural.values()]
        if slashed.search(text)
    ]
    assert said == []


STRING = r"""u?('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
EXTRACTED = re.compile(rf"\b(?:gettext|_)\({STRING}\)|\bngettext\({STRING}, {STRING}, count\)")


def test_every_string_of_the_jinja_templates_is_found_and_translated():
    """makemessages (with `jinja_blocks`) finds the tables' strings, and Czech has each."""
    czech = translation_of("cs")
    templates = sorted(
        path
        for path in [*ROOT.glob("games/**/jinja2/**/*.html"), *ROOT.glob("chat/jinja2/**/*.html")]
        if not path.is_relative_to(ROOT / EXAMPLE_GAME)  # never offered, never translated
    )
    assert templates
    missing = []
    found = 0
    for path in templates:
        with jinja_blocks():
            code = templatize(path.read_text(), origin=str(path))
        for match in EXTRACTED.finditer(code):
            for literal in filter(None, match.groups()[:2]):
                found += 1
                msgid = ast.literal_eval(literal)
                said = czech._catalog.get(msgid) or czech._catalog.get((msgid, 0))
                if not said:
                    missing.append((path.name, msgid))
    assert found > 200
    assert missing == []


def _settings_under(environment: dict[str, str], expression: str) -> str:
    """Evaluate a settings expression in a fresh process with this environment."""
    env = {k: v for k, v in os.environ.items() if k not in {"EMAIL_URL", "REDIS_URL"}}
    env.update(environment)
    completed = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "--no-imports",
            "-c",
            f"from django.conf import settings; print(repr(({expression})))",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return completed.stdout.strip()


def test_email_url_selects_a_real_smtp_server():
    configured = _settings_under(
        {"EMAIL_URL": "smtp+tls://mailer:tajne@smtp.example.com:587"},
        "settings.EMAIL_BACKEND, settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS",
    )
    assert configured == repr(
        ("django.core.mail.backends.smtp.EmailBackend", "smtp.example.com", 587, True)
    )
    assert "console" in _settings_under({}, "settings.EMAIL_BACKEND")


def test_redis_url_selects_the_redis_channel_layer():
    layer = "settings.CHANNEL_LAYERS['default']"
    with_redis = _settings_under({"REDIS_URL": "redis://127.0.0.1:6379/3"}, layer)
    assert "config.channel_layer.ResyncingPubSubLayer" in with_redis
    assert "redis://127.0.0.1:6379/3" in with_redis
    assert "InMemoryChannelLayer" in _settings_under({}, layer)
