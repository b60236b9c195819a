"""The live part of a tournament page (standings, running games, the podium and every game
at the end), rendered once for every viewer (pages and the socket's push)."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone

from games.models import Match
from tournaments import services
from tournaments.models import GamePoints, Tournament, TournamentGame


def live_context(t: Tournament) -> dict[str, Any]:
    """What the live part of the page shows: standings, running games, and at the end the
    podium and every game with its replay."""
    rows = services.standings(t)
    running = list(
        TournamentGame.objects.filter(tournament=t, booked=False, match__status="running")
        .select_related("match")
        .order_by("-created")[:30]
    )
    seats: dict[int, list[str]] = {}
    matches = [g.match for g in running]
    finished_games: list[dict[str, Any]] = []
    if t.status == Tournament.Status.FINISHED:
        done = list(
            TournamentGame.objects.filter(tournament=t, booked=True)
            .select_related("match")
            .order_by("round", "created")
        )
        matches += [g.match for g in done]
        points: dict[int, list[GamePoints]] = {}
        for gp in GamePoints.objects.filter(game__tournament=t).select_related("entry__user"):
            points.setdefault(gp.game_id, []).append(gp)
        for g in done:
            finished_games.append(
                {
                    "game": g,
                    "points": sorted(points.get(g.pk, []), key=lambda p: p.place or 99),
                }
            )
    for match in matches:
        seats[match.pk] = []
    for match_id, name in (
        Match.objects.filter(pk__in=list(seats))
        .values_list("pk", "seats__name")
        .order_by("pk", "seats__index")
    ):
        seats[match_id].append(name)
    return {
        "t": t,
        "rows": rows,
        "podium": rows[:3] if t.status == Tournament.Status.FINISHED else [],
        "running": [{"game": g, "names": seats.get(g.match_id, [])} for g in running],
        "finished_games": finished_games,
        "past_end": t.is_arena and timezone.now() >= t.ends,
    }


def render_live(tournament_id: int, oob: bool = True) -> str:
    t = Tournament.objects.filter(pk=tournament_id).first()
    if t is None:
        return ""
    return render_to_string("tournaments/_live.html", {**live_context(t), "oob": oob})
