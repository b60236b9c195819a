"""The tournament pages: ``/turniere/`` (schedule, running, finished, a private tournament of
one's own) and a tournament's page (registration, live standings, games to watch, the podium)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.actions import ActionRejected
from games.registry import BY_SLUG
from lobby.models import MOVE_SECONDS_CHOICES
from tournaments import push, schedule, services
from tournaments.models import Entry, Tournament
from tournaments.render import live_context, render_live

#: a private tournament's choices
MINUTES_CHOICES = (30, 45, 60, 90)
ROUNDS_CHOICES = (3, 4, 5, 6, 7)


def _may_see(request: HttpRequest, t: Tournament) -> bool:
    if not t.private:
        return True
    user = request.user
    if request.GET.get("einladung") == t.invite or request.POST.get("invite") == t.invite:
        return True
    if not user.is_authenticated:
        return False
    return bool(
        user.is_staff
        or t.created_by_id == user.pk
        or Entry.objects.filter(tournament=t, user=user).exists()
    )


def _get(request: HttpRequest, tournament_id: int) -> Tournament:
    t = get_object_or_404(Tournament, pk=tournament_id)
    if not _may_see(request, t):
        raise Http404
    return t


def index(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    public = Tournament.objects.filter(private=False)
    mine: list[Tournament] = []
    if request.user.is_authenticated:
        mine = list(
            Tournament.objects.filter(Q(entries__user=request.user) | Q(created_by=request.user))
            .exclude(status=Tournament.Status.FINISHED)
            .distinct()
        )
    ctx = {
        "running": list(public.filter(status=Tournament.Status.RUNNING)),
        "upcoming": list(
            public.filter(
                status=Tournament.Status.SCHEDULED, starts__lte=now + timedelta(days=8)
            ).order_by("starts")[:20]
        ),
        "finished": list(public.filter(status=Tournament.Status.FINISHED).order_by("-ended")[:10]),
        "mine": mine,
        "games": [g for g in BY_SLUG.values() if g.live],
        "tempi": [t for t in MOVE_SECONDS_CHOICES if t[0]],
        "minutes_choices": MINUTES_CHOICES,
        "rounds_choices": ROUNDS_CHOICES,
        "default_start": (now + timedelta(minutes=15)).astimezone(schedule.BERLIN),
    }
    return render(request, "tournaments/index.html", ctx)


@login_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    """A person's private tournament: joined only with its invite link."""
    data = request.POST
    try:
        t = _create_private(request.user, data)
    except ActionRejected as exc:
        messages.error(request, str(exc))
        return redirect("tournaments:index")
    services.join(t, request.user, t.invite)
    messages.success(request, _("Dein Turnier ist angelegt – teile den Einladungslink."))
    return redirect(_invite_url(t))


def _invite_url(t: Tournament) -> str:
    from django.urls import reverse

    return f"{reverse('tournaments:detail', args=[t.pk])}?einladung={t.invite}"


def _whole(value: Any, allowed: tuple[int, ...], error: str) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ActionRejected(error) from None
    if number not in allowed:
        raise ActionRejected(error)
    return number


def _create_private(user: Any, data: Any) -> Tournament:
    game = data.get("game", "")
    if game not in BY_SLUG or not BY_SLUG[game].live:
        raise ActionRejected(_("Dieses Spiel gibt es nicht."))
    kind = data.get("kind", "")
    if kind not in (Tournament.Kind.ARENA, Tournament.Kind.SWISS):
        raise ActionRejected(_("Wähle Arena oder Schweizer System."))
    name = (data.get("name") or "").strip()[:80]
    if not name:
        raise ActionRejected(_("Gib deinem Turnier einen Namen."))
    raw = parse_datetime(data.get("starts") or "")
    if raw is None:
        raise ActionRejected(_("Gib an, wann das Turnier beginnt."))
    if timezone.is_naive(raw):
        raw = raw.replace(tzinfo=schedule.BERLIN)
    now = timezone.now()
    if raw < now - timedelta(minutes=1) or raw > now + timedelta(days=30):
        raise ActionRejected(_("Der Beginn muss zwischen jetzt und 30 Tagen liegen."))
    tempi = tuple(t for t, _label in MOVE_SECONDS_CHOICES if t)
    move_seconds = _whole(data.get("move_seconds"), tempi, _("Diese Bedenkzeit gibt es nicht."))
    arena = kind == Tournament.Kind.ARENA
    minutes = (
        _whole(data.get("minutes"), MINUTES_CHOICES, _("Diese Dauer gibt es nicht."))
        if arena
        else 60
    )
    rounds = (
        5
        if arena
        else _whole(data.get("rounds"), ROUNDS_CHOICES, _("Diese Rundenzahl gibt es nicht."))
    )
    return Tournament.objects.create(
        name=name,
        game=game,
        kind=kind,
        starts=max(raw, now),
        minutes=minutes,
        rounds=rounds,
        table_size=schedule.table_size(game),
        move_seconds=move_seconds,
        created_by=user,
        private=True,
    )


def detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = _get(request, tournament_id)
    entry = None
    if request.user.is_authenticated:
        entry = Entry.objects.filter(tournament=t, user=request.user).first()
    game = BY_SLUG.get(t.game)
    ctx = {
        **live_context(t),
        "entry": entry,
        "game": game,
        "invite_url": request.build_absolute_uri(_invite_url(t)) if t.private else "",
        "invite": request.GET.get("einladung", ""),
        "tempo": dict(MOVE_SECONDS_CHOICES).get(t.move_seconds, t.move_seconds),
        "oob": False,
        "started": t.starts <= timezone.now(),
        "berserk_refusal": (
            game.berserk_refusal if t.is_arena and game is not None and not game.berserk else ""
        ),
    }
    return render(request, "tournaments/detail.html", ctx)


def live(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The live part alone (the page's fallback poll)."""
    t = _get(request, tournament_id)
    return HttpResponse(render_live(t.pk, oob=False))


def _act(request: HttpRequest, tournament_id: int, action: str) -> HttpResponse:
    t = _get(request, tournament_id)
    if not request.user.is_authenticated:
        messages.error(request, _("Turniere spielst du mit einem Konto – melde dich an."))
        return redirect("accounts:login")
    try:
        if action == "join":
            berserk = request.POST.get("berserk") == "1" if t.offers_berserk else None
            services.join(t, request.user, request.POST.get("invite", ""), berserk=berserk)
            messages.success(request, _("Du bist angemeldet."))
        elif action == "berserk":
            on = request.POST.get("berserk") == "1"
            services.set_berserk(t, request.user, on)
            messages.success(
                request,
                _("Berserk: ab deiner nächsten Partie mit halber Bedenkzeit.")
                if on
                else _("Berserk aus: ab deiner nächsten Partie mit voller Bedenkzeit."),
            )
        elif action == "leave":
            services.leave(t, request.user)
            messages.success(request, _("Du hast das Turnier verlassen."))
        else:
            paused = request.POST.get("paused") == "1"
            services.pause(t, request.user, paused)
            messages.success(
                request, _("Pause – du bekommst keinen neuen Tisch.") if paused else _("Weiter!")
            )
    except ActionRejected as exc:
        messages.error(request, str(exc))
    else:
        pk = t.pk
        transaction.on_commit(lambda: push.standings_changed(pk))
    url = _invite_url(t) if t.private else t.get_absolute_url()
    return redirect(url)


@require_POST
def join(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _act(request, tournament_id, "join")


@require_POST
def leave(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _act(request, tournament_id, "leave")


@require_POST
def pause(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _act(request, tournament_id, "pause")


@require_POST
def berserk(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _act(request, tournament_id, "berserk")
