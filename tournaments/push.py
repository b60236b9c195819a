"""The tournament page's live standings: after a booking, a join or a step the standings are
pushed to every open tournament page (group ``tournament-<id>``, the lobby's socket pattern: the
partial swaps itself in by ``hx-swap-oob``) – **only when they changed**: ``version`` is a hash of
what the live part shows (one query, no rendering); the version last pushed is kept in the cache,
and an unchanged version renders and sends nothing. The beat calls this every 2 s for every
running tournament, so a change that came within the same second as the last push (at most one
push a second per tournament) arrives with its next sweep."""

from __future__ import annotations

import contextlib
import hashlib
import logging
from typing import Any

from django.core.cache import cache
from django.utils import timezone
from redis.exceptions import RedisError

from lobby.services import _notify

log = logging.getLogger("speedgames.tournaments")

#: how long the cache remembers the version last pushed (a longer quiet spell pushes again)
PUSHED_FOR = 3600


def group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def _first_this_second(key: str) -> bool:
    try:
        return bool(cache.add(key, 1, 1))
    except RedisError:
        return True


def version(tournament_id: int) -> str:
    """A hash of everything the live part shows (``render.live_context``): the tournament's
    status, round and whether an arena's time is up; every entry's standing figures and state
    (playing which match, paused, away, left, rank). A booked game changes its people's figures;
    a seated table their ``playing``. ``""`` for a tournament that does not exist."""
    from tournaments.models import Entry, Tournament

    t = (
        Tournament.objects.filter(pk=tournament_id)
        .values_list("status", "round", "starts", "minutes", "kind")
        .first()
    )
    if t is None:
        return ""
    status, round_no, starts, minutes, kind = t
    past_end = kind == Tournament.Kind.ARENA and (timezone.now() - starts).total_seconds() >= (
        minutes * 60
    )
    rows = (
        Entry.objects.filter(tournament_id=tournament_id)
        .order_by("pk")
        .values_list(
            "pk",
            "score",
            "games",
            "wins",
            "streak",
            "place_sum",
            "buchholz",
            "berserk",
            "paused",
            "away",
            "active",
            "playing_id",
            "rank",
        )
    )
    text = repr((status, round_no, past_end, list(rows)))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def _pushed_key(tournament_id: int) -> str:
    return f"tournament:pushed:{tournament_id}"


def standings_changed(tournament_id: int) -> bool:
    """Push the live part to the tournament's open pages if it changed since the last push;
    ``True`` if it was pushed."""
    from tournaments.render import render_live

    now = version(tournament_id)
    key = _pushed_key(tournament_id)
    with contextlib.suppress(RedisError):
        if not now or cache.get(key) == now:
            return False
    if not _first_this_second(f"tournament:push:{tournament_id}"):
        return False  # the next sweep finds the version still unpushed
    html = render_live(tournament_id)
    if not html:
        return False
    _notify(group(tournament_id), {"type": "notify.invite", "html": html})
    with contextlib.suppress(RedisError):
        cache.set(key, now, PUSHED_FOR)
    return True


def tell_seated(matches: list[Any]) -> None:
    """Every seated person's open pages (their ``user-<key>`` group: the tournament page's socket
    among them) get the way to their new table (the tournament page's ``#t-go``)."""
    from django.template.loader import render_to_string

    for match in matches:
        html = render_to_string("tournaments/_go.html", {"match_id": match.pk})
        for user_id in match.seats.filter(is_human=True).values_list("user_id", flat=True):
            _notify(f"user-u{user_id}", {"type": "notify.invite", "html": html})
