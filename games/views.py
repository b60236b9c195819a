from __future__ import annotations

import json
import logging
from functools import lru_cache

import markdown
from django.conf import settings
from django.contrib import messages
from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from accounts.identity import current_player
from games import actions, registry
from games.engines.base import get_engine
from games.models import Match, Seat
from games.presenters import action_json
from games.rendering import (
    advice_allowed,
    board_context,
    flash_html,
    frame_html,
    helps_available,
    render_board,
)

log = logging.getLogger("speedgames.games")


@lru_cache(maxsize=8)
def _rules_html(slug: str, mtime: float) -> SafeString:
    path = settings.BASE_DIR / "docs" / "rules" / f"{slug}.md"
    text = path.read_text(encoding="utf-8")
    # The rules docs are our own files in the repository, not user input.
    return mark_safe(markdown.markdown(text, extensions=["tables", "toc", "sane_lists"]))  # noqa: S308


def rules(request: HttpRequest, slug: str) -> HttpResponse:
    game = registry.game(slug)
    path = settings.BASE_DIR / "docs" / "rules" / f"{slug}.md"
    if game is None or not path.exists():
        raise Http404("Diese Spielregeln gibt es nicht.")
    html = _rules_html(slug, path.stat().st_mtime)
    return render(request, "games/rules.html", {"game": game, "rules_html": html})


def _seat(match: Match, request: HttpRequest) -> Seat | None:
    return match.seat_of(current_player(request))


def _live_match(match_id: int) -> Match:
    """The match, if its game has a screen: ``NotLive`` otherwise, which
    ``games.middleware`` answers with the German „wird gerade gebaut“ page (never a 500)."""
    try:
        match, _seats = actions.load_match(match_id)
    except Match.DoesNotExist as exc:
        raise Http404("Diese Partie gibt es nicht.") from exc
    registry.live_game(match.game)  # NotLive for a game without its screen
    return match


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _live_match(match_id)
    seat = _seat(match, request)
    _carry_prefs(request, seat)
    ctx = board_context(match, seat)
    ctx["board_html"] = frame_html(ctx)
    ctx["keys_help"] = registry.get(match.game).key_help
    return render(request, "games/match.html", ctx)


def board(request: HttpRequest, match_id: int) -> HttpResponse:
    """The board alone. The match page polls it with the version it shows (``?v=``): the answer is
    204 while that is current, else the current board – so a page whose pushed update was lost
    converges within seconds. The poll also counts as the person being present."""
    match = _live_match(match_id)
    seat = _seat(match, request)
    if seat is not None:
        actions.touch_seat(match.pk, seat.index)
    shown = request.GET.get("v", "")
    if shown.isascii() and shown.isdigit() and int(shown) == match.version:
        return HttpResponse(status=204)
    return HttpResponse(render_board(match, seat))


@require_POST
def act(request: HttpRequest, match_id: int) -> HttpResponse:
    """A move through an htmx POST: ``action`` is the action as JSON, ``version`` what the page
    showed. Answers with the seat's board (with a German message when the move was refused)."""
    match = _live_match(match_id)
    seat = _seat(match, request)
    message = ""
    if seat is None:
        message = _("Du sitzt nicht an diesem Tisch.")
    else:
        try:
            raw = json.loads(request.POST.get("action", ""))
            version = actions.parse_version(request.POST.get("version"))
            match = actions.play(match.pk, seat.index, actions.parse_action(raw), version=version)
        except (json.JSONDecodeError, RecursionError):
            message = _("Unbekannter Zug.")
        except actions.ActionRejected as exc:
            message = exc.message
            match.refresh_from_db()
        except DatabaseError:
            log.exception("database error during a move match=%s", match.pk)
            return _flash_only(request, match, actions.DB_TROUBLE)
    if not request.htmx:
        if message:
            messages.error(request, message)
        return redirect("games:match", match_id=match.pk)
    pushed = getattr(match, "pushed_boards", {}).get(seat.index) if seat and not message else None
    if pushed is not None:  # the board this move pushed to the seat, as an answer (not OOB)
        return HttpResponse(pushed.replace('hx-swap-oob="true"', ""))
    return HttpResponse(render_board(match, seat, message))


def _flash_only(request: HttpRequest, match: Match, message: str) -> HttpResponse:
    """Only the message, the board stays as it is (the database could not be asked for it)."""
    if not request.htmx:
        messages.error(request, message)
        return redirect("games:match", match_id=match.pk)
    html = flash_html(message, oob=True)
    return HttpResponse(html, headers={"HX-Reswap": "none"})


#: on/off preferences a seat may switch (with their defaults): Speedbasar's solo helps and its
#: "Basar-Geräusche"
PREF_SWITCHES = {"hilfen": True, "autoglauben": False, "geraeusche": False, "passt": True}
#: switches a person keeps from match to match (a registered person's in the account, so on every
#: device; a guest's in the session), copied to the seat of the next match when its page opens
REMEMBERED_PREFS = ("geraeusche",)


def _remembered(request: HttpRequest, pref: str) -> object:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and pref in user.prefs:
        return user.prefs[pref]
    return request.session.get(f"pref:{pref}")


def _remember(request: HttpRequest, pref: str, value: bool) -> None:
    request.session[f"pref:{pref}"] = value
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        user.prefs = {**user.prefs, pref: value}
        user.save(update_fields=["prefs"])


def _carry_prefs(request: HttpRequest, seat: Seat | None) -> None:
    """A remembered switch the seat has not set yet comes from the person's account or session."""
    if seat is None:
        return
    for pref in REMEMBERED_PREFS:
        value = _remembered(request, pref)
        if isinstance(value, bool) and pref not in seat.prefs:
            actions.set_pref(seat, pref, value)


@require_POST
def sort(request: HttpRequest, match_id: int) -> HttpResponse:
    """Cycle the hand sorting of the seat; the choice is remembered for the match. With
    ``pref=`` one of ``PREF_SWITCHES`` it switches that preference (Speedbasar's "Hilfen zeigen",
    "Nach 4 s automatisch glauben", "Basar-Geräusche", „passt“) instead;
    "Basar-Geräusche" is also kept for the person's next matches (``_remember``)."""
    match = _live_match(match_id)
    seat = _seat(match, request)
    pref = request.POST.get("pref", "")
    if seat is not None and pref in PREF_SWITCHES:
        actions.set_pref(seat, pref, not seat.prefs.get(pref, PREF_SWITCHES[pref]))
        if pref in REMEMBERED_PREFS:
            _remember(request, pref, seat.prefs[pref])
    elif seat is not None:
        actions.set_pref(seat, "sort", 2 if seat.prefs.get("sort", 1) == 1 else 1)
        request.session[f"sort:{match.game}"] = seat.prefs["sort"]
    if not request.htmx:
        return redirect("games:match", match_id=match.pk)
    # the state as it is now: a move since the request began must not make the page drop the
    # answer (older than its board) and keep showing the switch as it was
    match.refresh_from_db()
    return HttpResponse(render_board(match, seat))


@require_POST
def leave(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    seat = _seat(match, request)
    if seat is not None and match.status == Match.Status.RUNNING:
        actions.replace_with_bot(match.pk, seat.index, reason="left")
        messages.info(
            request, _("Du hast die Partie verlassen – der Computer spielt für dich weiter.")
        )
    target = reverse("lobby:room", args=[match.game])
    return HttpResponseClientRedirect(target) if request.htmx else redirect(target)


@require_POST
def reclaim(request: HttpRequest, match_id: int) -> HttpResponse:
    """„Ich bin wieder da“: take the seat back from the computer."""
    match = _live_match(match_id)
    seat = _seat(match, request)
    if seat is not None:
        actions.reclaim_seat(match.pk, seat.index)
        match.refresh_from_db()
    if not request.htmx:
        return redirect("games:match", match_id=match.pk)
    return HttpResponse(render_board(match, _seat(match, request)))


@require_POST
def advice(request: HttpRequest, match_id: int) -> HttpResponse:
    """Rat: the strong bot's suggestion for the seat, with its German reason (solo games only,
    never in a daily game). Answers the advice panel; the advised control is marked."""
    match = _live_match(match_id)
    seat = _seat(match, request)
    if not advice_allowed(match, seat):
        if helps_available(match, seat):  # only switched off
            text = _("Die Hilfen sind ausgeblendet – mit „Hilfen zeigen“ gibt es wieder Rat.")
        else:
            text = _("Rat gibt es nur in Solo-Partien gegen den Computer.")
        return render(request, "games/_advice.html", {"text": text})
    assert seat is not None
    engine = get_engine(match.game)
    state = engine.from_json(match.state)
    legal = engine.legal_actions(state, seat.index)
    if not legal:
        return render(request, "games/_advice.html", {"text": _("Du bist gerade nicht am Zug.")})
    tip = engine.explain(engine.view(state, seat.index), legal)
    return render(
        request,
        "games/_advice.html",
        {"text": tip.reason, "action": action_json(tip.action), "version": match.version},
    )
