"""The Händlerschule: five short lessons with a Prüffrage; passed lessons are kept per account or
guest (without either, for the browser session)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from accounts.identity import current_player
from games import registry
from games.definition import GameDef
from games.speedtroedel.school.lessons import LESSONS, lesson
from games.speedtroedel.school.models import LessonPassed
from lobby.progress import owned_by

SESSION_KEY = "school_passed"
#: the game whose school this is (its lessons, the ``game`` of ``LessonPassed`` rows)
GAME = "speedtroedel"


def passed_lessons(request: HttpRequest, game: str) -> set[str]:
    player = current_player(request)
    if player is None:
        return set(request.session.get(SESSION_KEY, {}).get(game, []))
    # lessons passed as a guest count after registering (the account claims the guest)
    rows = LessonPassed.objects.filter(owned_by(player), game=game)
    return set(rows.values_list("lesson", flat=True))


def mark_passed(request: HttpRequest, game: str, slug: str) -> None:
    player = current_player(request)
    if player is None:
        data = dict(request.session.get(SESSION_KEY, {}))
        data[game] = sorted(set(data.get(game, [])) | {slug})
        request.session[SESSION_KEY] = data
        return
    LessonPassed.objects.get_or_create(user=player.user, guest=player.guest, game=game, lesson=slug)


def _game() -> GameDef:
    return registry.get(GAME)


def index(request: HttpRequest) -> HttpResponse:
    game = GAME
    g = _game()
    done = passed_lessons(request, game)
    lessons = [{"lesson": x, "passed": x.slug in done} for x in LESSONS[game]]
    return render(
        request,
        "school/index.html",
        {"game": g, "lessons": lessons, "passed": len(done), "total": len(lessons)},
    )


def show(request: HttpRequest, slug: str) -> HttpResponse:
    game = GAME
    g = _game()
    x = lesson(game, slug)
    if x is None:
        raise Http404(_("Diese Lektion gibt es nicht."))
    verdict = None
    chosen = None
    if request.method == "POST":
        raw = request.POST.get("answer", "")
        chosen = int(raw) if raw.isdigit() and int(raw) < len(x.choices) else None
        if chosen is None:
            verdict = "missing"
        elif chosen == x.answer:
            verdict = "right"
            mark_passed(request, game, slug)
        else:
            verdict = "wrong"
    order = [y.slug for y in LESSONS[game]]
    i = order.index(slug)
    nxt = LESSONS[game][i + 1] if i + 1 < len(order) else None
    return render(
        request,
        "school/lesson.html",
        {
            "game": g,
            "lesson": x,
            "number": i + 1,
            "total": len(order),
            "verdict": verdict,
            "chosen": chosen,
            "next": nxt,
            "passed": slug in passed_lessons(request, game),
        },
    )
