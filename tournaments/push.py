"""The tournament page's live standings: after a booking, a join or a step the standings are
rendered once and pushed to every open tournament page (group ``tournament-<id>``, the lobby's
socket pattern: the partial swaps itself in by ``hx-swap-oob``) – at most once a second per
tournament (the beat's next step pushes again, so the last change always arrives)."""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache import cache
from redis.exceptions import RedisError

from lobby.services import _notify

log = logging.getLogger("speedgames.tournaments")


def group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def _first_this_second(key: str) -> bool:
    try:
        return bool(cache.add(key, 1, 1))
    except RedisError:
        return True


def standings_changed(tournament_id: int) -> None:
    from tournaments.render import render_live

    if not _first_this_second(f"tournament:push:{tournament_id}"):
        return
    html = render_live(tournament_id)
    if html:
        _notify(group(tournament_id), {"type": "notify.invite", "html": html})


def tell_seated(matches: list[Any]) -> None:
    """Every seated person's open pages (their ``user-<key>`` group: the tournament page's socket
    among them) get the way to their new table (the tournament page's ``#t-go``)."""
    from django.template.loader import render_to_string

    for match in matches:
        html = render_to_string("tournaments/_go.html", {"match_id": match.pk})
        for user_id in match.seats.filter(is_human=True).values_list("user_id", flat=True):
            _notify(f"user-u{user_id}", {"type": "notify.invite", "html": html})
