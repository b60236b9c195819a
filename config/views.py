from __future__ import annotations

import time

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from games.registry import GAMES


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"games": GAMES})


def healthz(request: HttpRequest) -> JsonResponse:
    """Checks the database and Redis; 200 when both answer, else 503."""
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
    return JsonResponse(
        {
            "status": "ok" if ok else "error",
            **checks,
            "ms": round((time.perf_counter() - t0) * 1000, 1),
        },
        status=200 if ok else 503,
    )
