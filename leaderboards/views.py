from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import social
from accounts.identity import current_player
from games.actions import ActionRejected
from games.definition import GameDef
from games.kinds.correspondence import fern_board
from games.registry import BY_SLUG, GAMES
from leaderboards import daily, player, tables
from leaderboards.models import ALL_TIME
from leaderboards.rating import rating_table

#: how many of the day's list a game's lobby shows (plus the visitor's own row)
LOBBY_TOP = 10


def _game_or_404(slug: str):  # noqa: ANN202
    game = BY_SLUG.get(slug)
    if game is None:
        raise Http404(_("Dieses Spiel gibt es nicht."))
    return game


def overview(request: HttpRequest) -> HttpResponse:
    period = tables.current_period()
    boards = [
        {
            "game": g,
            "month": tables.table(g.slug, period, request.user, limit=5),
            "all_time": tables.table(g.slug, ALL_TIME, request.user, limit=5),
        }
        for g in GAMES
    ]
    return render(
        request,
        "leaderboards/overview.html",
        {"boards": boards, "month": tables.month_date(period)},
    )


def game_board(request: HttpRequest, game: str, fern: bool = False) -> HttpResponse:
    """A game's boards: the monthly and all-time points and the rating; ``fern``: those of its
    Fernpartien (their own board and rating, ``MatchKind.board``)."""
    info = _game_or_404(game)
    if fern and not info.turn_based:
        raise Http404(info.turn_based_refusal)
    slug, game = game, fern_board(game) if fern else game
    current = tables.current_period()
    period = tables.parse_period(request.GET.get("monat")) or current
    if period > current:
        period = current
    months = tables.periods(game)
    if period not in months:
        months = sorted({*months, period}, reverse=True)
    return render(
        request,
        "leaderboards/game.html",
        {
            "game": info,
            "fern": fern,
            "other_board": reverse(
                "leaderboards:game" if fern else "leaderboards:game_fern", args=[slug]
            ),
            "period": period,
            "month": tables.month_date(period),
            "months": [(p, tables.month_date(p)) for p in months],
            "previous": tables.shift(period, -1),
            "next": tables.shift(period, 1) if period < current else None,
            "monthly": tables.table(game, period, request.user),
            "all_time": tables.table(game, ALL_TIME, request.user),
            "top": tables.TOP,
            "rating": rating_table(game, request.user),
        },
    )


def daily_page(request: HttpRequest) -> HttpResponse:
    player = current_player(request)
    user = request.user if request.user.is_authenticated else None
    day = daily.today()
    yesterday = day - timedelta(days=1)
    daily.ensure_all(day)
    cards = []
    for g in GAMES:
        challenge = daily.ensure_challenge(g.slug, day)
        before = daily.ensure_challenge(g.slug, yesterday)
        rows = daily.standings(challenge)
        attempt = daily.attempt_of(challenge, user)
        mine = next((r for r in rows if user and r["user_id"] == user.pk), None)
        cards.append(
            {
                "game": g,
                "live": g.live,
                "challenge": challenge,
                "rules": daily.describe_options(g.slug, challenge.options),
                "rows": rows,
                "attempt": attempt,
                "mine": mine,
                "yesterday": before,
                "yesterday_rules": daily.describe_options(g.slug, before.options),
                "yesterday_rows": daily.standings(before),
                "yesterday_mine": daily.attempt_of(before, user),
            }
        )
    return render(
        request,
        "leaderboards/daily.html",
        {
            "cards": cards,
            "day": day,
            "yesterday": yesterday,
            "player": player,
            "guests_refused": daily.GUESTS_REFUSED,
        },
    )


def lobby_daily_box(request: HttpRequest, game: GameDef) -> str:
    """Today's daily game in the game's lobby (``lobby.views.room_panels``): its name and rules,
    the start button and the day's list – the best ``LOBBY_TOP`` plus the visitor's own row."""
    user = request.user if request.user.is_authenticated else None
    challenge = daily.ensure_challenge(game.slug)
    rows = daily.standings(challenge, limit=0)
    mine = next((r for r in rows if user and r["user_id"] == user.pk), None)
    top = rows[:LOBBY_TOP]
    return render_to_string(
        "leaderboards/_daily_box.html",
        {
            "game": game,
            "day": challenge.day,
            "rules": daily.describe_options(game.slug, challenge.options),
            "rows": top,
            "extra": mine if mine is not None and mine not in top else None,
            "attempt": daily.attempt_of(challenge, user),
            "player": current_player(request),
            "guests_refused": daily.GUESTS_REFUSED,
        },
        request=request,
    )


@require_POST
def daily_start(request: HttpRequest, game: str) -> HttpResponse:
    _game_or_404(game)
    player = current_player(request)
    if player is None:
        messages.info(request, _("Bitte melde dich an, um zu spielen."))
        return redirect(f"{reverse('accounts:login')}?next={reverse('leaderboards:daily')}")
    if not BY_SLUG[game].live:
        messages.error(request, _("Dieses Spiel kann man noch nicht live spielen."))
        return redirect("leaderboards:daily")
    try:
        match, counted = daily.start_daily(player, game)
    except ActionRejected as exc:
        messages.error(request, exc.message)
        return redirect("leaderboards:daily")
    if counted:
        # "while-running": the match page takes it away when the game ends (static/js/match.js)
        messages.info(
            request,
            _("Dein Tagesspiel läuft – diese Partie zählt für die Tagesliste."),
            extra_tags="while-running",
        )
    else:
        messages.info(
            request,
            _("Übungspartie: Für die Tagesliste zählt nur deine erste Partie des Tages."),
        )
    return redirect("games:match", match_id=match.pk)


def player_page(request: HttpRequest, name: str) -> HttpResponse:
    """The public profile of a registered person; a German 404 page for anyone else."""
    person = player.public_user(name)
    if person is None:
        return render(
            request,
            "accounts/message_page.html",
            {
                "title": _("Spieler nicht gefunden"),
                "text": _(
                    "Einen Spieler mit diesem Namen gibt es nicht. Gäste und Computer haben "
                    "kein Profil."
                ),
            },
            status=404,
        )
    viewer = request.user if request.user.is_authenticated else None
    standings = player.standings(person)
    return render(
        request,
        "leaderboards/player.html",
        {
            "person": person,
            "standings": standings,
            # the Fernpartie column only for someone who has a Fernpartie rating
            "fern_ratings": any(s["fern"] for s in standings),
            "graph": player.rating_graph(person),
            "recent": player.recent_matches(person, viewer=current_player(request)),
            "achievements": player.earned_achievements(person),
            "relation": social.relation(viewer, person) if viewer is not None else None,
        },
    )
