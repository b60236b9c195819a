"""``{% tournament_results person %}``: the public profile's tournament results (the profile
belongs to ``leaderboards``, which imports nothing of the tournaments)."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import render_to_string

from tournaments.models import Entry, Tournament

register = template.Library()


@register.simple_tag
def tournament_results(person: Any, limit: int = 10) -> str:
    rows = list(
        Entry.objects.filter(
            user=person,
            games__gt=0,
            tournament__status=Tournament.Status.FINISHED,
            tournament__private=False,
        )
        .select_related("tournament")
        .order_by("-tournament__ended")[:limit]
    )
    counts = dict.fromkeys((r.tournament_id for r in rows), 0)
    for tid in Entry.objects.filter(tournament_id__in=list(counts), games__gt=0).values_list(
        "tournament_id", flat=True
    ):
        counts[tid] += 1
    return render_to_string(
        "tournaments/_profile.html",
        {"rows": [(r, counts[r.tournament_id]) for r in rows]},
    )
