"""Who is online: a Redis sorted set of player keys scored by their last heartbeat.

A player counts as online while at least one of their pages holds a socket open (lobby, table or
match); connections are counted per key so a second tab does not drop the first."""

from __future__ import annotations

import asyncio
import time
import weakref

import redis
import redis.asyncio as aredis
from django.conf import settings

ONLINE = f"{settings.CACHES['default'].get('KEY_PREFIX', 'sg')}:online"
NAMES = f"{ONLINE}:names"
CONNS = f"{ONLINE}:conns"
#: key → when the player was last connected (set on connect and on disconnect)
SEEN = f"{ONLINE}:seen"
#: key → the page the player opened last: "lobby:<game>", "table:<id>" or "match:<id>" (the
#: friends list says where a friend is; ``where_of``)
WHERE = f"{ONLINE}:where"
TTL = 3600

#: keyed by the loop object itself: an ``id()`` may be reused by a new loop after the old one closed
_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, aredis.Redis] = (
    weakref.WeakKeyDictionary()
)


def redis_client() -> aredis.Redis:
    """One async client per event loop (daphne has one; test communicators make their own)."""
    loop = asyncio.get_running_loop()
    client = _clients.get(loop)
    if client is None:
        client = _clients[loop] = aredis.Redis.from_url(settings.REDIS_URL, decode_responses=True)
    return client


async def mark_online(key: str, name: str, where: str = "") -> None:
    try:
        r = redis_client()
        pipe = r.pipeline()
        pipe.hincrby(CONNS, key, 1)
        pipe.zadd(ONLINE, {key: time.time()})
        pipe.hset(NAMES, key, name)
        if where:
            pipe.hset(WHERE, key, where)
        pipe.zadd(SEEN, {key: time.time()})
        await pipe.execute()
    except (redis.RedisError, RuntimeError):
        # presence is a convenience: never let it break a game socket
        pass


async def mark_offline(key: str) -> None:
    try:
        r = redis_client()
        left = await r.hincrby(CONNS, key, -1)
        pipe = r.pipeline()
        pipe.zadd(SEEN, {key: time.time()})
        if left <= 0:
            pipe.hdel(CONNS, key)
            pipe.zrem(ONLINE, key)
        await pipe.execute()
    except (redis.RedisError, RuntimeError):
        pass


def online_users(limit: int = 50) -> list[dict[str, str]]:
    """Registered users online now (guests are not invited by name)."""
    r = redis.Redis.from_url(settings.REDIS_URL, decode_responses=True)
    try:
        r.zremrangebyscore(ONLINE, 0, time.time() - TTL)
        keys = r.zrevrange(ONLINE, 0, limit - 1)
        names = r.hmget(NAMES, keys) if keys else []
    finally:
        r.close()
    return [
        {"key": k, "id": k[1:], "name": n or "?"}
        for k, n in zip(keys, names, strict=False)
        if k.startswith("u")
    ]


def where_of(keys: list[str]) -> dict[str, str]:
    """The players among ``keys`` online now, each with the page they opened last ("" when not
    known); an empty answer when Redis cannot tell."""
    if not keys:
        return {}
    try:
        r = redis.Redis.from_url(settings.REDIS_URL, decode_responses=True, socket_timeout=2)
        try:
            pipe = r.pipeline()
            for key in keys:
                pipe.zscore(ONLINE, key)
            pipe.hmget(WHERE, keys)
            *scores, places = pipe.execute()
        finally:
            r.close()
    except redis.RedisError:
        return {}
    cutoff = time.time() - TTL
    return {
        key: place or ""
        for key, score, place in zip(keys, scores, places, strict=True)
        if score is not None and score >= cutoff
    }


def _scores(lookups: list[tuple[str, str]]) -> list[float | None] | None:
    """The score of each (sorted set, member) in one round trip; None when Redis cannot tell."""
    try:
        r = redis.Redis.from_url(settings.REDIS_URL, decode_responses=True, socket_timeout=2)
        try:
            pipe = r.pipeline()
            for zset, key in lookups:
                pipe.zscore(zset, key)
            return pipe.execute()
        finally:
            r.close()
    except redis.RedisError:
        return None


def last_seen(keys: list[str], within: float = TTL) -> dict[str, float]:
    """When each of ``keys`` last had a page with a socket open (its opening or its closing,
    ``SEEN``: written by the sockets anyway, no write per request), for those seen within
    ``within`` seconds; an empty answer when Redis cannot tell."""
    if not keys:
        return {}
    scores = _scores([(SEEN, key) for key in keys])
    if scores is None:
        return {}
    cutoff = time.time() - within
    return {
        key: score for key, score in zip(keys, scores, strict=True) if score and score >= cutoff
    }


def present(keys: set[str], grace: float) -> set[str] | None:
    """The players among ``keys`` who are online or were connected within ``grace`` seconds;
    None when Redis cannot tell (callers then assume everyone is present)."""
    if not keys:
        return set()
    ordered = sorted(keys)
    scores = _scores([(ONLINE, key) for key in ordered] + [(SEEN, key) for key in ordered])
    if scores is None:
        return None
    online, seen = scores[: len(ordered)], scores[len(ordered) :]
    cutoff = time.time() - grace
    return {
        key
        for key, on, last in zip(ordered, online, seen, strict=True)
        if on is not None or (last is not None and last >= cutoff)
    }
