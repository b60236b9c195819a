"""The chat's htmx endpoints (``lobby.chat``): send, melden, stummschalten, wieder lesen – at a
table (``/tisch/<id>/chat/…``) and in a match (``/partie/<id>/chat/…``). Each answers with the
person's updated panel (a refusal: the panel with the German message, the typed text kept)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.identity import current_player
from games.actions import ActionRejected
from games.models import Match
from lobby import chat
from lobby.models import Table

OPS = ("", "melden", "stumm", "zeigen")


def _answer(request: HttpRequest, room: chat.Room, op: str) -> HttpResponse:
    player = current_player(request)
    extra: dict[str, object] = {"open": True}
    try:
        if op == "":
            chat.post(room, player, request.POST.get("text"), request.POST.get("phrase"))
        elif op == "melden":
            chat.flag(room, player, request.POST.get("message"))
            extra["notice"] = _("Danke – die Spielleitung sieht sich die Nachricht an.")
        elif op == "stumm":
            muted = chat.mute(room, player, request.POST.get("message"))
            extra["notice"] = _(
                "Du liest nichts mehr von %(name)s. Rückgängig: „wieder lesen“ unten."
            ) % {"name": muted.target_name}
        else:
            chat.unmute(player, request.POST.get("person"))
    except ActionRejected as exc:
        extra["error"] = exc.message
        if op == "":
            text = request.POST.get("text", "")
            extra["text"] = text[: chat.MAX_CHARS * 2] if _storable(text) else ""
    html = chat.panel_html(room, player, request, **extra)
    if not html:  # not one of the room's people (or a room without chat): nothing to show
        message = extra.get("error") or _("Den Chat sehen nur die Leute am Tisch.")
        return HttpResponse(message, status=403, content_type="text/plain; charset=utf-8")
    if not request.htmx:
        return redirect(request.path.split("chat/")[0])
    return HttpResponse(html)


def _storable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@require_POST
def table_chat(request: HttpRequest, table_id: int, op: str = "") -> HttpResponse:
    if op not in OPS:
        raise Http404
    table = get_object_or_404(Table, pk=table_id)
    return _answer(request, chat.table_room(table), op)


@require_POST
def match_chat(request: HttpRequest, match_id: int, op: str = "") -> HttpResponse:
    if op not in OPS:
        raise Http404
    match = get_object_or_404(Match.objects.select_related("table"), pk=match_id)
    return _answer(request, chat.match_room(match), op)
