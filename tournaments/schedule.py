"""The site's regular tournaments, created by the beat (``tasks.create_scheduled``, every
minute): an hourly arena rotating through the games and a weekly Swiss tournament per game.

Every regular tournament has a schedule slot; the unique constraint on (slot, game) makes two
beats (or a beat run twice) create it once: the second ``get_or_create`` finds the first's row."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.db import transaction
from django.utils import timezone

from games.engines.base import get_engine
from games.registry import GAMES
from tournaments.models import Tournament
from tournaments.names import BERLIN

#: the hourly arena: created this many hours ahead, this long, this Bedenkzeit
ARENA_AHEAD_HOURS = 2
ARENA_MINUTES = 50
ARENA_MOVE_SECONDS = 30
#: the weekly Swiss tournaments: Sunday at 19:00 (Berlin), rounds, Bedenkzeit
SWISS_WEEKDAY = 6
SWISS_HOUR = 19
SWISS_ROUNDS = 5
SWISS_MOVE_SECONDS = 60


def live_games() -> list[str]:
    return [g.slug for g in GAMES if g.live]


def table_size(game: str) -> int:
    """A tournament table's default size: four where the game allows it."""
    engine = get_engine(game)
    return max(engine.min_players, min(4, engine.max_players))


def hourly_arenas(now: datetime) -> list[tuple[str, str, datetime]]:
    """(slot, game, start) of the hourly arenas from this hour on: the games take turns."""
    games = live_games()
    hour = now.astimezone(ZoneInfo("UTC")).replace(minute=0, second=0, microsecond=0)
    out = []
    for ahead in range(ARENA_AHEAD_HOURS + 1):
        start = hour + timedelta(hours=ahead)
        game = games[int(start.timestamp() // 3600) % len(games)]
        out.append((f"arena:{start:%Y-%m-%dT%H}", game, start))
    return out


def weekly_swiss(now: datetime) -> list[tuple[str, str, datetime]]:
    """(slot, game, start) of this week's Swiss tournaments (next week's once this week's
    has begun)."""
    local = now.astimezone(BERLIN)
    day = local.date() + timedelta(days=(SWISS_WEEKDAY - local.weekday()) % 7)
    start = datetime(day.year, day.month, day.day, SWISS_HOUR, tzinfo=BERLIN)
    if start <= local:
        start += timedelta(days=7)
    year, week, _day = start.isocalendar()
    return [(f"swiss:{year}-W{week:02d}", game, start) for game in live_games()]


def create_scheduled(now: datetime | None = None) -> list[Tournament]:
    """Create the regular tournaments that do not exist yet; returns the new ones. They store
    no name: ``Tournament.title`` names them in each reader's language."""
    now = now or timezone.now()
    created: list[Tournament] = []
    wanted = [(s, g, t, Tournament.Kind.ARENA) for s, g, t in hourly_arenas(now)]
    wanted += [(s, g, t, Tournament.Kind.SWISS) for s, g, t in weekly_swiss(now)]
    for slot, game, start, kind in wanted:
        arena = kind == Tournament.Kind.ARENA
        with transaction.atomic():
            row, new = Tournament.objects.get_or_create(
                slot=slot,
                game=game,
                defaults={
                    "kind": kind,
                    "starts": start,
                    "minutes": ARENA_MINUTES,
                    "rounds": SWISS_ROUNDS,
                    "table_size": table_size(game),
                    "move_seconds": ARENA_MOVE_SECONDS if arena else SWISS_MOVE_SECONDS,
                },
            )
        if new:
            created.append(row)
    return created
