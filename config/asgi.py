"""The ASGI application: Django's pages over HTTP, and the live games' websockets
(play/routing.py) for the players' own session, from this site's own pages only."""

import os

from django.conf import settings
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Django first: it sets up the apps that the websocket routes import.
django_application = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.settings import require_secret_key  # noqa: E402
from play.routing import websocket_urlpatterns  # noqa: E402

require_secret_key(settings)

# A websocket carries the session cookie like any request, so a page of another site could
# open one in the player's name: its Origin must be one of ALLOWED_HOSTS (CSRF for sockets).
application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
