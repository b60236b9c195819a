"""Schnellspiel's endpoints: press, heartbeat, cancel, accept, and the lobby's seek list."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import retarget

from accounts.identity import Player, current_player
from games import registry
from games.actions import ActionRejected
from games.engines.base import get_engine
from games.registry import BY_SLUG
from lobby.forms import whole_number
from lobby.models import MOVE_SECONDS_CHOICES
from lobby.views import back_to, require_player
from pairing import pool
from pairing.models import Seek


def panel_context(request: HttpRequest, game: str, error: str = "") -> dict[str, Any]:
    """The lobby's Schnellspiel panel: the form, or the wait of the person's waiting row."""
    player = current_player(request)
    engine = get_engine(game)
    seek = None
    if player is not None:
        seek = Seek.objects.filter(
            player_key=player.key, game=game, status=Seek.Status.WAITING
        ).first()
    ctx: dict[str, Any] = {
        "game": BY_SLUG[game],
        "player": player,
        "player_counts": range(engine.min_players, engine.max_players + 1),
        "tempi": MOVE_SECONDS_CHOICES,
        "default_tempo": pool.DEFAULT_TEMPO,
        "bot_fill_after": pool.BOT_FILL_AFTER,
        "error": error,
    }
    if seek is not None:
        ctx.update(pool.status_of(seek))
    return ctx


def render_panel(request: HttpRequest, game: str, error: str = "") -> str:
    return render_to_string(
        "pairing/_panel.html", panel_context(request, game, error), request=request
    )


def _panel_response(request: HttpRequest, game: str, error: str = "") -> HttpResponse:
    return retarget(HttpResponse(render_panel(request, game, error)), "#quick-panel")


def _to_match(request: HttpRequest, match_id: int) -> HttpResponse:
    return back_to(request, reverse("games:match", args=[match_id]))


def _choice(raw: Any, default: int) -> int:
    value = whole_number(raw)
    return default if value is None else value


def _answer(request: HttpRequest, seek: Seek) -> HttpResponse:
    if seek.status == Seek.Status.MATCHED and seek.match_id:
        return _to_match(request, seek.match_id)
    if not request.htmx:
        return redirect("lobby:room", game=seek.game)
    return _panel_response(request, seek.game)


@require_POST
def press(request: HttpRequest, game: str) -> HttpResponse:
    """„Schnellspiel“ in a lobby."""
    if game not in BY_SLUG:
        raise Http404(_("Dieses Spiel gibt es nicht."))
    registry.live_game(game)
    player = require_player(request)
    if isinstance(player, HttpResponse):
        return player
    raw_players = request.POST.get("players", "0")
    try:
        seek = pool.press(
            player,
            game,
            _choice(raw_players, -1) if raw_players != "egal" else 0,
            _choice(request.POST.get("move_seconds"), -1),
            fill_bots=request.POST.get("fill_bots") == "1",
            allow_guests=player.is_guest or request.POST.get("allow_guests") == "1",
        )
    except ActionRejected as exc:
        if request.htmx:
            return _panel_response(request, game, exc.message)
        messages.error(request, exc.message)
        return redirect("lobby:room", game=game)
    return _answer(request, seek)


def _own(request: HttpRequest, seek_id: int) -> tuple[Player, Seek] | HttpResponse:
    player = require_player(request)
    if isinstance(player, HttpResponse):
        return player
    seek = get_object_or_404(Seek, pk=seek_id, player_key=player.key)
    return player, seek


@require_POST
def wait(request: HttpRequest, seek_id: int) -> HttpResponse:
    """The waiting panel's heartbeat (every ``HEARTBEAT_SECONDS``): the row stays in the pool;
    the answer is the status line, or the way into the match."""
    found = _own(request, seek_id)
    if isinstance(found, HttpResponse):
        return found
    player, seek = found
    seek = pool.heartbeat(player, seek.pk) or seek
    if seek.status == Seek.Status.MATCHED and seek.match_id:
        return _to_match(request, seek.match_id)
    if seek.status != Seek.Status.WAITING:
        note = (
            _("Deine Suche ist abgelaufen: die Seite war zu lange nicht offen.")
            if seek.status == Seek.Status.EXPIRED
            else ""
        )
        return _panel_response(request, seek.game, note)
    return render(request, "pairing/_status.html", pool.status_of(seek))


@require_POST
def cancel(request: HttpRequest, seek_id: int) -> HttpResponse:
    """„Abbrechen“ (a button, or the closing page's beacon)."""
    found = _own(request, seek_id)
    if isinstance(found, HttpResponse):
        return found
    player, seek = found
    match = pool.cancel(player, seek.pk)
    if match is not None:
        return _to_match(request, match.pk)
    if not request.htmx:
        return redirect("lobby:room", game=seek.game)
    return _panel_response(request, seek.game)


@require_POST
def accept(request: HttpRequest, seek_id: int) -> HttpResponse:
    """„Mitspielen“ at a seek in the lobby's list."""
    target = get_object_or_404(Seek, pk=seek_id)
    player = require_player(request)
    if isinstance(player, HttpResponse):
        return player
    try:
        seek = pool.accept(player, target.pk)
    except ActionRejected as exc:
        if request.htmx:
            return _panel_response(request, target.game, exc.message)
        messages.error(request, exc.message)
        return redirect("lobby:room", game=target.game)
    return _answer(request, seek)


def seeks(request: HttpRequest, game: str) -> HttpResponse:
    """The lobby's list of open seeks (polled, and re-read when the pool changes)."""
    if game not in BY_SLUG:
        raise Http404(_("Dieses Spiel gibt es nicht."))
    return render(request, "pairing/_seeks.html", seeks_context(request, game))


def seeks_context(request: HttpRequest, game: str) -> dict[str, Any]:
    player = current_player(request)
    found = pool.open_seeks(game, player)
    for seek in found:
        seek.tempo_text = pool.tempo_text(seek.move_seconds)  # type: ignore[attr-defined]
    return {"game": BY_SLUG[game], "seeks": found, "player": player}
