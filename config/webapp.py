"""The installable site: the service worker at the site's root (its scope is the folder it is
served from), the web app manifest, and the page the worker shows when the site cannot be
reached. A phone adds the site to its home screen from the manifest; it opens on "My games"."""

import functools
import hashlib

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import get_template, render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

THEME_COLOUR = "#2b5f8a"
"""The icons' blue: the browser's bar and the splash screen of the installed site."""
BACKGROUND_COLOUR = "#f6f5f2"
OFFLINE_FILES = ("css/site.css", "img/icon.svg")
"""What the offline page needs besides itself, kept by the worker when it installs."""


@functools.cache
def _offline_version(files: tuple[str, ...]) -> str:
    """Changes with the offline page and its files' addresses (hashed in production), so a
    changed page makes a changed worker, which browsers install again."""
    source = get_template("webapp/offline.html").template.source
    return hashlib.sha256("\n".join([source, *files]).encode()).hexdigest()[:16]


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    files = tuple(static(name) for name in OFFLINE_FILES)
    context = {"offline_files": files, "version": _offline_version(files)}
    response = HttpResponse(
        render_to_string("webapp/sw.js", context),
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    icon = static("img/icon.svg")
    data = {
        "id": "/",
        "name": settings.SITE_NAME,
        "short_name": settings.SITE_NAME,
        "description": _("Deskovky — board games to play online with friends."),
        "lang": get_language(),
        "start_url": reverse("my_games"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "categories": ["games"],
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": icon, "sizes": "any", "type": "image/svg+xml"},
            {
                "src": static("img/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    return JsonResponse(
        data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    return render(request, "webapp/offline.html")
