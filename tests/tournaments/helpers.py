"""Simulated tournament players: people with a Wertung, matches finished through the services
with scripted places (``tests.leaderboards.helpers.finish_with``: the engine-shaped result the
last move would hand ``actions.finish_match``)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from accounts.models import User
from games import queue
from games.models import Match
from leaderboards.models import Rating
from leaderboards.scale import SHOWN_SCALE, SHOWN_START
from tests.leaderboards.helpers import finish_with, result_of
from tournaments import services
from tournaments.models import Entry, Tournament


def person(name: str, game: str, shown: int) -> User:
    user = User.objects.create_user(name, password="kartenglück-42")
    ordinal = (shown - SHOWN_START) / SHOWN_SCALE
    Rating.objects.create(user=user, game=game, mu=25, sigma=3, ordinal=ordinal, games=20)
    return user


def everyone(keys: set[str]) -> set[str]:
    return set(keys)


def tournament(kind: str, game: str = "speedwerk", size: int = 3, **kw: Any) -> Tournament:
    kw.setdefault("name", "Test")
    return Tournament.objects.create(
        game=game,
        kind=kind,
        starts=timezone.now() - timedelta(minutes=1),
        table_size=size,
        **kw,
    )


def step(t: Tournament, **kw: Any) -> list[Match]:
    kw.setdefault("connected", everyone)
    with queue.capturing():
        return services.step(t.pk, **kw)


def people_at(match: Match) -> list[str]:
    return sorted(match.seats.filter(is_human=True).values_list("name", flat=True))


def finish_in_order(match: Match, order: list[str]) -> Match:
    """End ``match`` with its seats placed by ``order`` (names, best first; seats not named –
    computers – after them, in seat order)."""
    seats = list(match.seats.order_by("index"))
    ranking = sorted(seats, key=lambda s: (order.index(s.name) if s.name in order else 99, s.index))
    places = [0] * len(seats)
    for place, seat in enumerate(ranking, start=1):
        places[seat.index] = place
    with queue.capturing():
        return finish_with(match, result_of(places, [0] * len(seats), [0] * len(seats)))


def entries(t: Tournament) -> dict[str, Entry]:
    return {e.user.username: e for e in Entry.objects.filter(tournament=t).select_related("user")}
