"""Set-up snags of a first evening (issue 19): where links lead, keyless commands."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders

ROOT = Path(settings.BASE_DIR)


def _settings_value(name: str, **env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k not in {"SITE_URL", "ADDRESS"}}
    code = f"from django.conf import settings; print(settings.{name})"
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.strip()


def test_links_lead_to_the_address_the_site_is_served_at():
    assert _settings_value("SITE_URL", ADDRESS="127.0.0.1:8101") == "http://127.0.0.1:8101"
    assert _settings_value("SITE_URL", ADDRESS="0.0.0.0:8102") == "http://127.0.0.1:8102"
    assert _settings_value("SITE_URL") == "http://127.0.0.1:8000"
    chosen = {"ADDRESS": "127.0.0.1:8101", "SITE_URL": "https://hry.example.com"}
    assert _settings_value("SITE_URL", **chosen) == "https://hry.example.com"


def test_the_readme_names_address():
    assert "| `ADDRESS` |" in (ROOT / "README.md").read_text()


def test_play_record_runs_without_a_secret_key(tmp_path):
    record = {
        "format": "boardgame-record/1",
        "game": "kosmopolis",
        "seed": 7,
        "seats": [{"name": "a"}, {"name": "b"}],
        "moves": [],
    }
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    env = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG"}}
    done = subprocess.run(
        [sys.executable, "manage.py", "play_record", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["is_over"] is False


def test_the_site_has_a_favicon(client, db):
    page = client.get("/").content.decode()
    icon = re.search(r'<link rel="icon" href="([^"]+)"', page).group(1)
    assert finders.find(icon.removeprefix(settings.STATIC_URL))
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response.url == icon


def test_htmx_indicators_are_styled_by_the_sites_stylesheet(client, db):
    page = client.get("/").content.decode()
    assert '"includeIndicatorStyles": false' in page
    css = (ROOT / "static" / "css" / "site.css").read_text()
    assert re.search(r"\.htmx-indicator\s*\{[^}]*opacity:\s*0", css)
    assert ".htmx-request .htmx-indicator" in css
