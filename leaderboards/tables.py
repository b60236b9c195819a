"""The leaderboard tables: top N of a game and period, the viewer's own row, the months offered."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from leaderboards.booking import month_of, period_of
from leaderboards.models import ALL_TIME, LeaderboardTotal

TOP = 50


@dataclass
class Row:
    rank: int
    name: str
    points: int
    games: int
    me: bool = False


def parse_period(raw: str | None) -> str | None:
    """ "2026-11" -> "2026-11"; anything else -> None."""
    if not raw or len(raw) != 7 or raw[4] != "-":
        return None
    try:
        year, month = int(raw[:4]), int(raw[5:])
        date(year, month, 1)
    except ValueError:
        return None
    return raw


def current_period() -> str:
    return period_of(month_of())


def month_date(period: str) -> date:
    return date(int(period[:4]), int(period[5:]), 1)


def shift(period: str, months: int) -> str:
    d = month_date(period)
    index = d.year * 12 + d.month - 1 + months
    return f"{index // 12:04d}-{index % 12 + 1:02d}"


def table(game: str, period: str, viewer: Any = None, limit: int = TOP) -> dict[str, Any]:
    """``rows``: the top ``limit`` (rank shared by equal points, ties listed by fewer games);
    ``mine``: the viewer's row when it is not among them (else ``None``)."""
    base = LeaderboardTotal.objects.filter(game=game, period=period, games__gt=0)
    viewer_id = getattr(viewer, "pk", None) if getattr(viewer, "is_authenticated", False) else None
    top = list(
        base.order_by("-points", "games", "user_id").values_list(
            "user_id", "user__username", "points", "games"
        )[:limit]
    )
    rows: list[Row] = []
    rank = 0
    previous = None
    for i, (user_id, name, points, games) in enumerate(top, 1):
        if points != previous:
            rank, previous = i, points
        rows.append(Row(rank, name, points, games, me=user_id == viewer_id))
    mine = None
    if viewer_id is not None and not any(r.me for r in rows):
        own = base.filter(user_id=viewer_id).values_list("points", "games").first()
        if own is not None:
            above = base.filter(points__gt=own[0]).count()
            mine = Row(above + 1, viewer.username, own[0], own[1], me=True)
    return {"rows": rows, "mine": mine}


def periods(game: str) -> list[str]:
    """The months with bookings for ``game`` (newest first), always including the current one."""
    found = set(
        LeaderboardTotal.objects.filter(game=game)
        .exclude(period=ALL_TIME)
        .values_list("period", flat=True)
        .distinct()
    )
    found.add(current_period())
    return sorted(found, reverse=True)
