from __future__ import annotations

import json
import os
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import gettext

from accounts.identity import current_player
from games.registry import GAMES
from games.running import MAX_FERN_LISTED, running_games


def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: Speedgames on a phone's home screen, in the site's colours."""
    icons = [
        {
            "src": static(f"icons/icon-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "any",
        }
        for size in (192, 512)
    ]
    # full bleed, the cards inside the safe circle: the phone's own mask shape cuts nothing off
    icons += [
        {
            "src": static(f"icons/icon-maskable-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "maskable",
        }
        for size in (192, 512)
    ]
    icons.append({"src": static("icons/favicon.svg"), "sizes": "any", "type": "image/svg+xml"})
    data = {
        "id": "/",
        "name": "Speedgames",
        "short_name": "Speedgames",
        "description": gettext("Vier Kartenspiele live im Browser"),
        "lang": "de",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f6f3ec",
        "theme_color": "#1d6b57",
        "icons": icons,
    }
    return JsonResponse(data, content_type="application/manifest+json")


def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico`` for clients that ask there instead of reading the page's icon link."""
    return HttpResponsePermanentRedirect(static("icons/favicon.svg"))


def home(request: HttpRequest) -> HttpResponse:
    player = current_player(request)
    running = running_games(player, fern=False)
    # the Fernpartien apart, the soonest deadline first (up to 30 a person)
    fern = running_games(player, limit=MAX_FERN_LISTED, fern=True)
    return render(request, "home.html", {"games": GAMES, "running": running, "fern": fern})


def supervisor_status() -> dict[str, Any] | None:
    """The supervisor's view of its children (``VAR_DIR/supervisor.json``, written every 2 s by
    ``config.launch``); None when the site does not run under it."""
    try:
        data = json.loads((settings.VAR_DIR / "supervisor.json").read_text())
    except (OSError, ValueError):
        return None
    try:
        pid = int(data.get("pid", 0))
        alive = pid > 0 and os.kill(pid, 0) is None
    except (OSError, ValueError):
        alive = False
    age = time.time() - float(data.get("updated", 0))
    return {
        "state": "ok" if alive and age < 10 else "stale",
        "age_s": round(age, 1),
        # pids only for developers: a public health check need not map the process tree
        "children": {
            name: {k: v for k, v in child.items() if settings.DEBUG or k != "pid"}
            for name, child in data.get("children", {}).items()
        },
    }


def healthz(request: HttpRequest) -> JsonResponse:
    """Checks the database and Redis (200 when both answer, else 503) and reports the
    supervisor's children; a child being restarted makes the status "degraded" (still 200)."""
    checks: dict[str, str] = {}
    t0 = time.perf_counter()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        checks["database"] = "ok"
    except Exception as exc:  # noqa: BLE001 - the answer reports any failure
        checks["database"] = f"error: {exc.__class__.__name__}"
    try:
        cache.set("healthz", "1", 10)
        checks["redis"] = "ok" if cache.get("healthz") == "1" else "error: no value"
    except Exception as exc:  # noqa: BLE001
        checks["redis"] = f"error: {exc.__class__.__name__}"
    ok = all(v == "ok" for v in checks.values())
    body: dict[str, Any] = {"status": "ok" if ok else "error", **checks}
    sup = supervisor_status()
    if sup is not None:
        body["supervisor"] = sup
        down = [n for n, c in sup["children"].items() if c.get("state") != "running"]
        if ok and (down or sup["state"] != "ok"):
            body["status"] = "degraded"
    body["ms"] = round((time.perf_counter() - t0) * 1000, 1)
    return JsonResponse(body, status=200 if ok else 503)
