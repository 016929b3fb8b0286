from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.http import HttpRequest, HttpResponseRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.decorators.http import require_safe

from config import webapp

# The admin's sign-in is the site's own (allauth's, with its limits per address and per
# account), not a second, unthrottled password form.
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]


@require_safe
def favicon(request: HttpRequest) -> HttpResponseRedirect:
    """Browsers ask for /favicon.ico whatever the page links to; the icon's static address
    (hashed in production) is looked up when asked, not at import."""
    return HttpResponseRedirect(static("img/favicon.svg"))


urlpatterns = [
    path("", include("lobby.urls")),
    path("", include("accounts.urls")),
    path("", include("games.urls")),
    path("", include("notifications.urls")),
    path("", include("chat.urls")),
    path("", include("tournaments.urls")),
    path("accounts/", include("allauth.urls")),
    path("admin/", admin.site.urls),
    path("favicon.ico", favicon),
    path("sw.js", webapp.service_worker, name="service_worker"),
    path("manifest.webmanifest", webapp.manifest, name="manifest"),
    path("offline/", webapp.offline, name="offline"),
]

handler400 = "config.guards.bad_request"
handler429 = "config.guards.too_many"  # allauth's answer to a login past its limits
