from __future__ import annotations

import json
import logging
import re
from functools import lru_cache
from pathlib import Path

import markdown
from django.conf import settings
from django.contrib import messages
from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect
from markdown.extensions.toc import TocExtension

from accounts.identity import current_player
from games import actions, analysis, registry, replay, spectators
from games.engines.base import get_engine
from games.models import Match, Seat
from games.presenters import action_json
from games.presenters.base import ui_icon
from games.rendering import (
    advice_refusal,
    board_context,
    decision_key,
    flash_html,
    frame_html,
    render_board,
)

log = logging.getLogger("speedgames.games")


#: a tier of stars in a rules text („1★ Schuppen“): drawn, not the font's glyph
_STARS = re.compile(r"(\d+)★")


def _drawn_stars(m: re.Match[str]) -> str:
    n = m.group(1)
    word = _("Stern") if n == "1" else _("Sterne")
    return f'{n}{ui_icon("star")}<span class="sr-only"> {word}</span>'


@lru_cache(maxsize=16)
def _document_html(path: Path, mtime: float, language: str | None = None) -> SafeString:
    """A page from one of our Markdown documents (a game's rules, the player manual): every
    heading with its anchor (a „#“ link to it) and, after the title and the introduction, the
    table of contents of its sections. ``mtime`` keys the cache, so an edited file is read anew;
    ``language`` too (the contents' title and the anchors' words are in the page's language)."""
    text = path.read_text(encoding="utf-8")
    toc = TocExtension(
        toc_depth="2-2", permalink="#", permalink_title=_("Link zu diesem Abschnitt")
    )
    md = markdown.Markdown(extensions=["tables", "sane_lists", toc])
    body = md.convert(text)
    nav = (
        '<nav class="rules-toc" aria-labelledby="rules-toc-title">'
        f'<h2 id="rules-toc-title">{_("Inhalt")}</h2>{md.toc}</nav>'  # type: ignore[attr-defined]
    )
    first = body.find("<h2")
    first = len(body) if first < 0 else first
    body = _STARS.sub(_drawn_stars, body)
    # The documents are our own files in the repository, not user input.
    return mark_safe(body[:first] + nav + body[first:])  # noqa: S308


def _in_language(folder: Path, stem: str) -> Path:
    """``<folder>/<stem>.<language>.md`` for the page's language (issue 46: ``speedone.en.md``),
    else the German ``<stem>.md``."""
    language = get_language() or settings.LANGUAGE_CODE
    if language != settings.LANGUAGE_CODE:
        translated = folder / f"{stem}.{language}.md"
        if translated.exists():
            return translated
    return folder / f"{stem}.md"


def rules(request: HttpRequest, slug: str) -> HttpResponse:
    game = registry.game(slug)
    path = _in_language(settings.BASE_DIR / "docs" / "rules", slug)
    if game is None or not path.exists():
        raise Http404(_("Diese Spielregeln gibt es nicht."))
    html = _document_html(path, path.stat().st_mtime, get_language())
    return render(request, "games/rules.html", {"game": game, "rules_html": html})


def manual(request: HttpRequest) -> HttpResponse:
    """„So spielst du“: how the site works, for players (``docs/manual/<language>.md``, German
    where the visitor's language has none yet)."""
    folder = settings.BASE_DIR / "docs" / "manual"
    path = folder / f"{get_language() or settings.LANGUAGE_CODE}.md"
    if not path.exists():
        path = folder / f"{settings.LANGUAGE_CODE}.md"
    html = _document_html(path, path.stat().st_mtime, get_language())
    return render(request, "games/manual.html", {"manual_html": html})


def _seat(match: Match, request: HttpRequest) -> Seat | None:
    return match.seat_of(current_player(request))


def _live_match(match_id: int) -> Match:
    """The match, if its game has a screen: ``NotLive`` otherwise, which
    ``games.middleware`` answers with the German „wird gerade gebaut“ page (never a 500)."""
    try:
        match, _seats = actions.load_match(match_id)
    except Match.DoesNotExist as exc:
        raise Http404(_("Diese Partie gibt es nicht.")) from exc
    registry.live_game(match.game)  # NotLive for a game without its screen
    return match


def _may_watch(request: HttpRequest) -> bool:
    """Whether the page may show the match to this visitor: people with an account or a guest
    identity, everyone with ``SPECTATORS_ANONYMOUS`` (the socket asks the same)."""
    return spectators.may_watch(current_player(request))


def _watch_refusal(match: Match, request: HttpRequest) -> spectators.WatchRefusal | None:
    """Why this visitor, without a seat, may not see the match (``spectators.watch_refusal``:
    today's daily deal); a seated person always sees their own match."""
    player = current_player(request)
    if match.seat_of(player) is not None:
        return None
    return spectators.watch_refusal(match, player)


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _live_match(match_id)
    if not _may_watch(request):
        ctx = {"game": registry.get(match.game), "match": match, "next": request.path}
        ctx["message"] = spectators.anonymous_refused()
        return render(request, "games/watch_refused.html", ctx, status=403)
    refusal = _watch_refusal(match, request)
    if refusal is not None:
        ctx = {"game": registry.get(match.game), "match": match, "next": request.path}
        ctx.update(message=refusal.message, way_on=refusal)
        return render(request, "games/watch_refused.html", ctx, status=403)
    if REPLAY_PARAMS & request.GET.keys():
        if match.status not in replay.ENDED:  # nothing of a running match is revealed
            return redirect("games:match", match_id=match.pk)
        return replay_page(request, match)
    seat = _seat(match, request)
    _carry_prefs(request, seat)
    ctx = board_context(match, seat)
    ctx["board_html"] = frame_html(ctx)
    # the game's own switches in the gear menu (Speedbasar's Ansicht, Speedone's „Sortieren“)
    if seat is not None:
        ctx["settings_html"] = registry.presenter_of(match.game).settings_html(ctx)
    # what the page shows when the server refuses its socket (close codes 4403, 4429)
    ctx["refused"] = {"anonymous": spectators.anonymous_refused(), "full": spectators.no_place()}
    return render(request, "games/match.html", ctx)


#: the query parameters of a replay (``?zug=N``, ``&blatt=seat``)
REPLAY_PARAMS = frozenset({"zug", "blatt"})


def replay_page(request: HttpRequest, match: Match) -> HttpResponse:
    """The replay of an ended match at move ``?zug=N`` (``games.replay``); a move number out of
    range or no number shows the nearest position with a German note, never an error."""
    seats = list(match.seats.all())
    moves = replay.stored_moves(match)
    n, note = replay.parse_position(request.GET.get("zug"), len(moves))
    mine = _seat(match, request)
    raw = request.GET.get("blatt", "")
    board_seat = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 3 else -1
    if not 0 <= board_seat < match.players:
        board_seat = mine.index if mine is not None else 0
    try:
        ctx = replay.position_context(match, seats, n, board_seat, moves)
    except replay.NoReplay as exc:
        ctx = {"game": registry.get(match.game), "match": match, "failed": str(exc)}
        return render(request, "games/replay.html", ctx)
    ctx.update(analysis.replay_context(match, seats, n))
    marks = ctx.get("marks") or {}
    ctx["step_rows"] = [(step, marks.get(step.number)) for step in ctx["steps"]]
    ctx["note"] = note
    ctx["blatt_q"] = f"&blatt={board_seat}" if raw else ""  # the step links keep the choice
    base = reverse("games:match", args=[match.pk])
    # „Link zu diesem Zug“: the position as shown, the chosen seat's board included
    ctx["share_url"] = request.build_absolute_uri(f"{base}?zug={n}{ctx['blatt_q']}")
    return render(request, "games/replay.html", ctx)


def why(request: HttpRequest, match_id: int) -> HttpResponse:
    """„Warum?“ on a move of a replay (``?zug=N``, htmx): the strong bot's comparison of the
    moves the person could make there (``games.analysis.why``: stored, or computed for that one
    decision). Only for a finished match, under the replay's own rules of who may see it."""
    match = _live_match(match_id)
    if not _may_watch(request) or _watch_refusal(match, request) is not None:
        return render(request, "games/_why.html", {"text": _("Diese Partie ist nicht zu sehen.")})
    if match.status != Match.Status.FINISHED:
        text = _("Analysiert wird nur eine beendete Partie.")
        return render(request, "games/_why.html", {"text": text})
    raw = request.GET.get("zug", "")
    number = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 7 else 0
    try:
        found = analysis.why(match, number)
    except replay.NoReplay as exc:
        return render(request, "games/_why.html", {"text": str(exc)})
    if found is None:
        text = _("Dieser Zug war keine Entscheidung eines Menschen – dazu gibt es keine Analyse.")
        return render(request, "games/_why.html", {"text": text})
    return render(request, "games/_why.html", {"why": found, "number": number})


def board(request: HttpRequest, match_id: int) -> HttpResponse:
    """The board alone. The match page polls it with the version it shows (``?v=``): the answer is
    204 while that is current, else the current board – so a page whose pushed update was lost
    converges within seconds. The poll also counts as the person being present."""
    match = _live_match(match_id)
    if not _may_watch(request):
        return HttpResponse(flash_html(spectators.anonymous_refused()), status=403)
    refusal = _watch_refusal(match, request)
    if refusal is not None:
        return HttpResponse(flash_html(refusal.message), status=403)
    seat = _seat(match, request)
    if seat is not None and actions.waits_for_its_person(match):
        # a page without its socket: present, and a clock stopped meanwhile runs on (checked
        # under the lock, not by the clock read above)
        if actions.person_back(match.pk, seat.index):
            match = _live_match(match_id)
    elif seat is not None:
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
        if getattr(match, "delivery_trouble", False):  # stored, but Redis is out of reach
            message = actions.OUTAGE
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
#: "Basar-Geräusche"; the frame's „Bewegung“ and „Ton bei deinem Zug“
PREF_SWITCHES = {
    "hilfen": True,
    "autoglauben": False,
    "geraeusche": False,
    "passt": True,
    "bewegung": True,
    "zugton": False,
}
#: switches a person keeps from match to match (a registered person's in the account, so on every
#: device; a guest's in the session), copied to the seat of the next match when its page opens
REMEMBERED_PREFS = ("geraeusche", "bewegung", "zugton")


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
    """Set the hand sorting of the seat to ``sort=`` (1 or 2; without it: the next one); the
    choice is remembered for the match. With
    ``pref=`` one of ``PREF_SWITCHES`` it switches that preference (Speedbasar's "Hilfen zeigen",
    "Nach 4 s automatisch glauben", "Basar-Geräusche", „passt“, the frame's „Bewegung“ and
    „Ton bei deinem Zug“) instead; the ``REMEMBERED_PREFS`` are also kept for the person's next
    matches (``_remember``)."""
    match = _live_match(match_id)
    seat = _seat(match, request)
    pref = request.POST.get("pref", "")
    if seat is not None and pref in PREF_SWITCHES:
        actions.set_pref(seat, pref, not seat.prefs.get(pref, PREF_SWITCHES[pref]))
        if pref in REMEMBERED_PREFS:
            _remember(request, pref, seat.prefs[pref])
    elif seat is not None:
        # ``sort=`` the chosen sorting (the gear menu's radio buttons); without one the next
        chosen = request.POST.get("sort", "")
        if chosen in ("1", "2"):
            actions.set_pref(seat, "sort", int(chosen))
        else:
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
        said = _("Du hast die Partie verlassen – der Computer spielt für dich weiter.")
        if match.table_id and not match.solo:  # the table lets them go at the end (41.19)
            said = _(
                "Du hast die Partie verlassen – der Computer spielt für dich weiter. Nach dieser "
                "Partie sitzt du nicht mehr am Tisch: „Nochmal“ spielen die anderen ohne dich."
            )
        messages.info(request, said)
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
    never in a daily game). Answers the advice panel (a German sentence also when there is no
    Rat, or it failed); the page marks the advised control and keeps the answer while the
    seat's decision (``decision``) stays the same."""
    match = _live_match(match_id)
    seat = _seat(match, request)
    refusal = advice_refusal(match, seat)
    if refusal:
        return render(request, "games/_advice.html", {"text": refusal, "refused": True})
    assert seat is not None
    engine = get_engine(match.game, match.rules_version)
    state = engine.from_json(match.state)
    legal = engine.legal_actions(state, seat.index)
    if not legal:
        return render(request, "games/_advice.html", {"text": _("Du bist gerade nicht am Zug.")})
    try:
        tip = engine.explain(engine.view(state, seat.index), legal)
    except Exception:  # a bot's bug must not leave the person without an answer
        log.exception("Rat failed match=%s seat=%s", match.pk, seat.index)
        text = _("Der Rat ist gerade nicht zu haben – versuch es gleich noch einmal.")
        return render(request, "games/_advice.html", {"text": text, "refused": True})
    return render(
        request,
        "games/_advice.html",
        {
            "text": registry.say(match.game, tip.reason),
            "action": action_json(tip.action),
            "version": match.version,
            "decision": decision_key(engine, state, legal),
        },
    )
