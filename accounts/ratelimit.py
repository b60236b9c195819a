"""Counting hits per key in a fixed time window in the cache (Redis): failed logins, invitations."""

from __future__ import annotations

from django.core.cache import cache


def count_hit(key: str, window: int) -> int:
    """Count one hit on ``key`` and return the hits in its window: the first hit opens a window of
    ``window`` seconds, later hits do not extend it. The cache's error propagates when Redis does
    not answer (callers decide whether to fail open or closed)."""
    cache.add(key, 0, window)
    try:
        return cache.incr(key)
    except ValueError:  # the window ended between add and incr
        cache.set(key, 1, window)
        return 1
