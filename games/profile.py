"""Running and finished matches in "Meine Partien"."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from accounts.identity import Player
from accounts.models import User
from accounts.profile import register_profile_provider
from games.analysis import accuracy_trend
from games.models import Match, Seat
from games.registry import BY_SLUG
from games.running import running_games


@register_profile_provider
def running(user: User) -> dict[str, list[Any]]:
    """„Laufend“: the person's running matches, with „weiter“ (``games.running``)."""
    return {"running": running_games(Player(user=user))}


@register_profile_provider
def history(user: User) -> dict[str, list[Any]]:
    seats = (
        Seat.objects.filter(user=user, is_human=True, match__status=Match.Status.FINISHED)
        .select_related("match")
        .order_by("-match__finished")[:30]
    )
    return {
        "history": [
            {
                "game": BY_SLUG[s.match.game].name,
                "finished": s.match.finished,
                "place": s.place,
                "score": s.score,
                "url": reverse("games:match", args=[s.match_id]),
            }
            for s in seats
        ]
    }


@register_profile_provider
def accuracy(user: User) -> dict[str, list[Any]]:
    """„Genauigkeit“: the trend of the post-game analysis's accuracy per game (issue 47)."""
    seats = (
        Seat.objects.filter(user=user, is_human=True, match__status=Match.Status.FINISHED)
        .select_related("match")
        .order_by("-match__finished")[:200]
    )
    return {"accuracy": accuracy_trend(list(seats))}
