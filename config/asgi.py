"""ASGI entry point: HTTP through Django, WebSockets through Channels (session auth, origin check).

The garbage collector: everything loaded at start-up is frozen out of its scans (``gc.freeze``),
and a collection of the youngest generation waits for ``GC_THRESHOLD`` (default 100,000) new
container objects instead of 700. A server with a thousand open sockets holds a million objects;
with the defaults a move triggered several collections and now and then a full one that stopped
every socket of the process for a noticeable time (see docs/performance.md).

Database connections of HTTP requests: Django runs a request's sync code (middleware, view) in a
thread of its own that ends with the request (asgiref's ``ThreadSensitiveContext``). A persistent
connection (``CONN_MAX_AGE``) opened there is never used again, and it was closed only when the
collector freed the dead thread's ``DatabaseWrapper`` (it sits in reference cycles): with the
collector held back, a burst of page loads kept one idle PostgreSQL session per request and ran
into "too many clients". ``close_request_connections`` closes them as the request finishes. The
socket consumers' database threads (``games.consumers.db``) live on and keep theirs.

A socket handshake on a path without a socket (``/ws/``, ``/``, a typo) is closed before it is
accepted (``refuse_socket``: the server answers 403) instead of reaching the end of Channels'
``URLRouter``, whose ``ValueError("No route found")`` was a 500 with a traceback in the log.

Behind reverse proxies (``FORWARDED_ALLOW_IPS``) uvicorn checks ``X-Forwarded-For`` itself
(``config/serve_uvicorn.py``); daphne serves ``behind_proxies``, the same check (uvicorn's
``ProxyHeadersMiddleware``) for exactly those addresses – daphne's own ``--proxy-headers`` would
believe the header from every peer.
"""

import gc
import os
from collections.abc import Awaitable, Callable
from typing import Any

from django.core.asgi import get_asgi_application
from django.core.handlers.asgi import ASGIHandler
from django.core.signals import request_finished
from django.db import connections
from django.urls import re_path

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.routing import websocket_urlpatterns  # noqa: E402


def close_request_connections(**kwargs: object) -> None:
    """Sent in the request's own thread (``response.close()``); only for the real ASGI handler,
    not for the test client, whose requests run inside the tests' transactions."""
    connections.close_all()


request_finished.connect(
    close_request_connections, sender=ASGIHandler, dispatch_uid="config.asgi.close_request"
)


async def refuse_socket(
    scope: dict[str, Any],
    receive: Callable[[], Awaitable[dict[str, Any]]],
    send: Callable[[dict[str, Any]], Awaitable[None]],
) -> None:
    """The last socket route: a handshake on any other path is refused (closed before accept,
    which daphne and uvicorn answer with 403); nothing else is read from the socket."""
    message = await receive()
    if message["type"] == "websocket.connect":
        await send({"type": "websocket.close", "code": 4404})


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter([*websocket_urlpatterns, re_path(r"", refuse_socket)]))
        ),
    }
)


def _behind_proxies() -> object:
    """``application`` believing ``X-Forwarded-For`` from ``FORWARDED_ALLOW_IPS`` only (none
    when unset: then it is ``application`` itself)."""
    from django.conf import settings

    if not settings.FORWARDED_ALLOW_IPS:
        return application
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    return ProxyHeadersMiddleware(application, trusted_hosts=settings.FORWARDED_ALLOW_IPS)


behind_proxies = _behind_proxies()

gc.freeze()
gc.set_threshold(int(os.environ.get("GC_THRESHOLD") or 100_000), *gc.get_threshold()[1:])
