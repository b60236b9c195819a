"""The Händlerreise's pages: the map of the seven stations and one station's page."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.identity import current_player
from games import registry
from games.actions import ActionRejected
from games.speedbasar.journey import stations as journey
from lobby.views import back_to, require_player


def journey_map(request: HttpRequest) -> HttpResponse:
    """The map: the seven stations along the route, passed / open / locked."""
    game = registry.live_game(journey.GAME)
    player = current_player(request)
    stations = journey.overview(player)
    return render(
        request,
        "journey/journey.html",
        {
            "game": game,
            "player": player,
            "stations": stations,
            "passed": sum(1 for s in stations if s["state"] == "passed"),
            "total": len(stations),
            "current": journey.current_station(player),
        },
    )


@require_http_methods(["GET", "POST"])
def journey_station(request: HttpRequest, slug: str) -> HttpResponse:
    """One station: its rule in a few sentences, the goal and the opponents (GET); the start of
    an attempt (POST, also from the end screen through htmx)."""
    game = registry.live_game(journey.GAME)
    target = journey.station(slug)
    if target is None:
        raise Http404(_("Diese Station gibt es nicht."))
    if request.method == "POST":
        player = require_player(request)
        if isinstance(player, HttpResponse):
            return player
        try:
            match = journey.start_station(player, slug)
        except ActionRejected as exc:
            messages.error(request, exc.message)
            return back_to(request, reverse("journey:map"))
        return back_to(request, reverse("games:match", args=[match.pk]))
    player = current_player(request)
    entry = next(s for s in journey.overview(player) if s["station"] == target)
    after = journey.next_station(target)
    before = journey.STATIONS[target.number - 2] if target.number > 1 else None
    return render(
        request,
        "journey/journey_station.html",
        {
            "game": game,
            "player": player,
            "entry": entry,
            "station": target,
            "next": after,
            "before": before,
            "login_next": request.path,
        },
    )
