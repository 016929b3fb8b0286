"""The installable site: the service worker, the manifest and its icons, the offline page, and
a CSP that lets them in from the site's own origin and nothing more."""

import ast
import json
import struct

import pytest
from django.templatetags.static import static
from django.urls import reverse

from config.tests.test_site import _settings_under

pytestmark = pytest.mark.django_db


@pytest.fixture
def static_files(settings):
    """Static files served as `./dev run` serves them (WhiteNoise reading the app folders)."""
    settings.WHITENOISE_USE_FINDERS = True
    settings.WHITENOISE_AUTOREFRESH = True


def test_the_service_worker_is_served_from_the_root_for_the_whole_site(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/javascript; charset=utf-8"
    assert answer["Service-Worker-Allowed"] == "/"
    assert answer["Cache-Control"] == "no-cache", "browsers look for a new one at every visit"
    worker = answer.content.decode()
    assert f'"{reverse("offline")}"' in worker
    assert f'"{static("css/site.css")}"' in worker
    assert "notificationclick" in worker


def test_every_page_links_the_manifest_and_registers_the_worker(client):
    page = client.get(reverse("home")).content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert static("js/register-sw.js") in page


def test_the_manifest_installs_the_site_opening_on_my_games(client, static_files):
    answer = client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="cs")
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = json.loads(answer.content)
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == reverse("my_games")
    assert manifest["scope"] == "/"
    assert manifest["name"] == "Deskovky"
    assert manifest["description"] == "Deskovky — deskové hry k hraní online s přáteli."
    assert manifest["lang"] == "cs"
    assert manifest["theme_color"].startswith("#")
    kinds = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= kinds
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200, icon["src"]
        assert image["Content-Type"] == icon["type"]
        if icon["type"] == "image/png":
            data = b"".join(image.streaming_content)
            width, height = struct.unpack(">II", data[16:24])
            assert icon["sizes"] == f"{width}x{height}"


def test_the_apple_touch_icon_is_a_png(client, static_files):
    page = client.get(reverse("home")).content.decode()
    link = static("img/apple-touch-icon.png")
    assert f'<link rel="apple-touch-icon" href="{link}">' in page
    assert client.get(link)["Content-Type"] == "image/png"


@pytest.mark.parametrize(("language", "text"), [("cs", "Jste offline"), ("en", "You are offline")])
def test_the_offline_page_speaks_the_visitors_language(client, language, text):
    answer = client.get(reverse("offline"), HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200
    page = answer.content.decode()
    assert text in page
    assert "<script" not in page, "it must work with the site away"


def test_the_csp_lets_in_the_worker_and_the_manifest_from_the_site_only(client):
    header = client.get(reverse("home"), secure=True)["Content-Security-Policy"]
    assert "worker-src 'self'" in header
    assert "manifest-src 'self'" in header
    production = {"DEBUG": "0", "SITE_URL": "https://deskovky.example/", "SECRET_KEY": "x" * 50}
    sources = _settings_under(production, "settings.CONTENT_SECURITY_POLICY")
    directives = ast.literal_eval(sources)["DIRECTIVES"]
    assert directives["worker-src"] == ["'self'"]
    assert directives["manifest-src"] == ["'self'"]
    beyond = {
        (name, source)
        for name, allowed in directives.items()
        for source in allowed
        if source not in {"'self'", "'none'"}
    }
    assert beyond == {("img-src", "data:"), ("connect-src", "wss://deskovky.example")}
