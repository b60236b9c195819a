"""ASGI entry point: HTTP through Django, WebSockets through Channels (session auth, origin check).

The garbage collector: everything loaded at start-up is frozen out of its scans (``gc.freeze``),
and a collection of the youngest generation waits for ``GC_THRESHOLD`` (default 20,000) new
container objects instead of 700. A server with a thousand open sockets holds a million objects;
with the defaults a move triggered several collections and now and then a full one that stopped
every socket of the process for a noticeable time (see docs/performance.md).
"""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

gc.freeze()
gc.set_threshold(int(os.environ.get("GC_THRESHOLD") or 20_000), *gc.get_threshold()[1:])
