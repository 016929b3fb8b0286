"""ASGI entry point: Django for HTTP, Channels for websockets, served by daphne."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_http = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402 - needs the apps loaded
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from accounts.sockets import SessionRenewalGuard  # noqa: E402
from config.guards import SiteOriginValidator  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_http,
        "websocket": SiteOriginValidator(
            AuthMiddlewareStack(SessionRenewalGuard(URLRouter(websocket_urlpatterns)))
        ),
    }
)

# The collector's full passes paused a busy process for 90-140 ms each, every few seconds:
# what startup loaded is never garbage, so it leaves the collector's view, and a larger first
# generation lets a render's short-lived cycles die young instead of reaching the full passes.
gc.freeze()
gc.set_threshold(7000, 10, 10)
