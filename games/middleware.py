"""Turn ``registry.NotLive`` into the German "wird gerade gebaut" page wherever it is raised."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.registry import NotLive


class NotLiveMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, NotLive):
            return render(request, "lobby/coming_soon.html", {"game": exception.game}, status=404)
        return None
