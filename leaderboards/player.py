"""The public profile of a registered person (/spieler/<name>/): ratings per game with their
history drawn as a graph, the monthly and all-time ranks, recent finished matches, Erfolge and the
date the person joined. Nothing private: no e-mail, no Taler, nothing a guest played."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils import timezone

from accounts.models import User
from games.kinds.correspondence import fern_board
from games.models import Match, Seat
from games.registry import BY_SLUG, GAMES
from leaderboards import achievements, tables
from leaderboards.models import ALL_TIME, LeaderboardTotal, Rating, RatingPoint
from leaderboards.scale import shown

RECENT = 10
#: the graph's drawing area in SVG units (scaled to the page width by its viewBox)
WIDTH, HEIGHT = 400, 220
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 10, 26
#: a history this short gets a dot on every match
DOTS = 30
#: the graph draws at most this many points per game (the newest)
MAX_POINTS = 200


def public_user(name: str) -> User | None:
    """The registered person with this display name (any case); None for bots, deactivated
    accounts and unknown names (guests have no account, so no profile), and for staff and
    system accounts that never sat at a match (an operator who plays has a profile)."""
    person = User.objects.filter(username__iexact=name, is_active=True, is_bot=False).first()
    if person is None:
        return None
    if (person.is_staff or person.is_superuser) and not Seat.objects.filter(user=person).exists():
        return None
    return person


def _rank(game: str, period: str, points: int) -> int:
    """The rank of ``points`` in a table, shared by equal points (``tables.table``)."""
    return (
        LeaderboardTotal.objects.filter(
            game=game, period=period, games__gt=0, points__gt=points
        ).count()
        + 1
    )


def _rating_rank(rating: Rating) -> int:
    """The place of ``rating`` among the people's ratings of its board."""
    return (
        Rating.objects.filter(
            game=rating.game, games__gt=0, user__is_bot=False, ordinal__gt=rating.ordinal
        ).count()
        + 1
    )


def standings(user: User) -> list[dict[str, Any]]:
    """Per game the person played: rating, its rank among people, the Fernpartie rating (its own
    per game, ``<game>:fern``) with its rank where the person has one, and the monthly and
    all-time points with their ranks (games without any of them left out)."""
    period = tables.current_period()
    totals = {
        (t.game, t.period): t
        for t in LeaderboardTotal.objects.filter(
            user=user, period__in=[period, ALL_TIME], games__gt=0
        )
    }
    ratings = {r.game: r for r in Rating.objects.filter(user=user, games__gt=0)}
    out = []
    for g in GAMES:
        rating = ratings.get(g.slug)
        fern = ratings.get(fern_board(g.slug))
        month = totals.get((g.slug, period))
        ever = totals.get((g.slug, ALL_TIME))
        if rating is None and fern is None and month is None and ever is None:
            continue
        out.append(
            {
                "game": g,
                "rating": rating,
                "rating_rank": _rating_rank(rating) if rating else None,
                "fern": fern,
                "fern_rank": _rating_rank(fern) if fern else None,
                "month": month,
                "month_rank": _rank(g.slug, period, month.points) if month else None,
                "all_time": ever,
                "all_time_rank": _rank(g.slug, ALL_TIME, ever.points) if ever else None,
            }
        )
    return out


@dataclass
class Line:
    """One game's rating history in the graph."""

    name: str
    colour: str
    points: str  # the polyline's "x,y x,y …"
    last: tuple[float, float]
    rows: list[tuple[datetime, float]] = field(default_factory=list)
    #: the points drawn as dots (all of a short history, else the newest)
    dots: list[tuple[float, float]] = field(default_factory=list)


def _ticks(low: float, high: float, count: int = 4) -> list[int]:
    """About ``count`` + 1 round, distinct Wertung labels between ``low`` and ``high``: the step
    is 1, 2 or 5 times a power of ten (at least 1), so no two ticks read the same."""
    span = max(high - low, 1.0)
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    step = next((m * power for m in (1, 2, 5, 10) if m * power >= raw), 10 * power)
    step = max(1, round(step))
    first = math.ceil(low / step) * step
    return list(range(int(first), int(math.floor(high)) + 1, int(step))) or [round(low)]


def rating_graph(user: User) -> dict[str, Any] | None:
    """The rating history (``RatingPoint``) as coordinates for the inline SVG: one line per game,
    the y axis in Wertungszahl, the x axis in time; None when there is nothing to draw."""
    by_game: dict[str, list[tuple[datetime, float]]] = {}
    for game in BY_SLUG:
        rows = list(
            RatingPoint.objects.filter(user=user, game=game)
            .order_by("-created", "-pk")
            .values_list("created", "ordinal")[:MAX_POINTS]
        )
        if rows:
            by_game[game] = rows[::-1]
    if not by_game:
        return None
    # x: the rated matches in order (games of one evening would crowd into one spot on a time
    # axis); y: the Wertungszahl
    every = sorted({t for rows in by_game.values() for t, _v in rows})
    order = {t: i for i, t in enumerate(every)}
    values = [shown(v) for rows in by_game.values() for _t, v in rows]
    low, high = min(values), max(values)
    if high - low < 60:  # one game or a flat line: a band of ±30 around it
        mid = (low + high) / 2
        low, high = mid - 30, mid + 30
    pad = (high - low) * 0.08
    low, high = low - pad, high + pad
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(t: datetime) -> float:
        if len(every) == 1:
            return LEFT + plot_w / 2
        return round(LEFT + order[t] / (len(every) - 1) * plot_w, 1)

    def y_of(v: float) -> float:
        return round(TOP + (high - v) / (high - low) * plot_h, 1)

    lines = []
    for slug, rows in by_game.items():
        coords = [(x_of(t), y_of(shown(v))) for t, v in rows]
        lines.append(
            Line(
                name=str(BY_SLUG[slug].name),
                colour=BY_SLUG[slug].accent,
                points=" ".join(f"{x},{y}" for x, y in coords),
                last=coords[-1],
                rows=[(t, shown(v)) for t, v in rows],
                dots=coords if len(coords) <= DOTS else coords[-1:],
            )
        )
    local = timezone.localtime
    first, last = local(every[0]), local(every[-1])
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "top": TOP,
        "bottom": HEIGHT - BOTTOM,
        "label_y": HEIGHT - 6,
        "matches": len(every),
        "middle": (LEFT + WIDTH - RIGHT) // 2,
        "lines": lines,
        "y_ticks": [(y_of(v), v) for v in _ticks(low, high)],
        "first": first,
        "last": last,
    }


def recent_matches(user: User, limit: int = RECENT, viewer: Any = None) -> list[dict[str, Any]]:
    """The person's last finished matches (their own seats, not as a guest): game, date, place,
    number of players, whether it was a solo game, and whether ``viewer`` (a ``Player`` or
    ``None``) may open its replay (``open``: not today's daily deal before the viewer's own
    counted attempt is over, ``daily.watchable``)."""
    from leaderboards.daily import watchable

    seats = (
        Seat.objects.filter(user=user, is_human=True, match__status=Match.Status.FINISHED)
        .select_related("match")
        .order_by("-match__finished", "-match_id")[:limit]
    )
    out = []
    for s in seats:
        game = BY_SLUG.get(s.match.game)
        out.append(
            {
                "match_id": s.match_id,
                "game": game.name if game else s.match.game,
                "finished": s.match.finished,
                "place": s.place,
                "players": s.match.players,
                "solo": s.match.solo,
                "open": watchable(s.match, viewer),
            }
        )
    return out


def earned_achievements(user: User) -> list[dict[str, Any]]:
    """The Erfolge the person earned (the open ones are their own business)."""
    return [a for a in achievements.overview(user) if a["earned"]]
