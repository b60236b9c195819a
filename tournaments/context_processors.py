"""The header's announcement: a tournament the person registered for starts within
``SOON`` (or has just started and seats them: an arena's first minutes)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.http import HttpRequest
from django.utils import timezone

from tournaments.models import Entry, Tournament

SOON = timedelta(minutes=10)


def tournament_soon(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or getattr(request, "htmx", False):
        return {}
    now = timezone.now()
    entry = (
        Entry.objects.filter(
            user=user,
            active=True,
            tournament__status__in=(Tournament.Status.SCHEDULED, Tournament.Status.RUNNING),
            tournament__starts__lte=now + SOON,
            tournament__starts__gte=now - SOON,
        )
        .select_related("tournament")
        .order_by("tournament__starts")
        .first()
    )
    if entry is None:
        return {}
    return {
        "tournament_soon": entry.tournament,
        "tournament_started": entry.tournament.starts <= now,
    }
