"""The Händlerreise's pages: the map of the seven stations and one station's page."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from accounts.identity import Player, current_player
from games import registry
from games.actions import ActionRejected
from games.speedbasar.journey import stations as journey


def _require_player(request: HttpRequest) -> Player | HttpResponse:
    player = current_player(request)
    if player is None:
        messages.info(request, _("Bitte melde dich an, um zu spielen."))
        return redirect(f"{reverse('accounts:login')}?next={request.path}")
    return player


def _back(request: HttpRequest, url: str) -> HttpResponse:
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


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
        player = _require_player(request)
        if isinstance(player, HttpResponse):
            return player
        try:
            match = journey.start_station(player, slug)
        except ActionRejected as exc:
            messages.error(request, exc.message)
            return _back(request, reverse("journey:map"))
        return _back(request, reverse("games:match", args=[match.pk]))
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
