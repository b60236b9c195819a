"""Who is online: a Redis sorted set of player keys scored by their last heartbeat.

A player counts as online while at least one of their pages holds a socket open (lobby, table or
match); connections are counted per key so a second tab does not drop the first. Every web
process renews the scores of the people its sockets hold once a minute (``Renewal``), and only a
score younger than ``FRESH_SECONDS`` counts: a person with one page open for hours stays online,
and the people of a process that was killed (its sockets never said goodbye, its counts stay up)
drop out within minutes instead of being shown online for an hour. The renewal also rebuilds
the set after Redis lost it."""

from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from collections import Counter

import redis
import redis.asyncio as aredis
from django.conf import settings

from accounts.loops import of_loop

ONLINE = f"{settings.CACHES['default'].get('KEY_PREFIX', 'sg')}:online"
NAMES = f"{ONLINE}:names"
CONNS = f"{ONLINE}:conns"
#: key → when the player was last connected (set on connect and on disconnect)
SEEN = f"{ONLINE}:seen"
#: key → the page the player opened last: "lobby:<game>", "table:<id>" or "match:<id>" (the
#: friends list says where a friend is; ``where_of``)
WHERE = f"{ONLINE}:where"
TTL = 3600
#: how often a web process renews the ONLINE scores of the people its sockets hold
RENEW_SECONDS = 20.0
#: an ONLINE score older than this has no live socket behind it any more
FRESH_SECONDS = 3 * RENEW_SECONDS

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


class Renewal:
    """The people this event loop's sockets hold (a count per key) and the task that renews
    their ONLINE scores every ``RENEW_SECONDS`` in one round trip, while any are held."""

    def __init__(self) -> None:
        self.held: Counter[str] = Counter()
        self.names: dict[str, str] = {}
        self.task: asyncio.Task[None] | None = None

    def hold(self, key: str, delta: int, name: str | None = None) -> None:
        self.held[key] += delta
        if name is not None:
            self.names[key] = name
        if self.held[key] <= 0:
            del self.held[key]
            self.names.pop(key, None)
        if self.held and (self.task is None or self.task.done()):
            self.task = asyncio.get_running_loop().create_task(self._renew())

    async def _renew(self) -> None:
        while self.held:
            await asyncio.sleep(RENEW_SECONDS)
            if not self.held:
                return
            # Redis away: the next round renews (and rebuilds what it lost)
            with contextlib.suppress(redis.RedisError, RuntimeError):
                pipe = redis_client().pipeline()
                pipe.zadd(ONLINE, dict.fromkeys(self.held, time.time()))
                if self.names:
                    pipe.hset(NAMES, mapping=self.names)
                await pipe.execute()


def renewal() -> Renewal:
    """This event loop's ``Renewal``."""
    return of_loop(Renewal)


async def mark_online(key: str, name: str, where: str = "") -> None:
    # held also when Redis fails now: the renewal adds the key once Redis is back
    renewal().hold(key, 1, name)
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
    renewal().hold(key, -1)
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
        r.zremrangebyscore(ONLINE, 0, time.time() - FRESH_SECONDS)
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
    cutoff = time.time() - FRESH_SECONDS
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
    now = time.time()
    return {
        key
        for key, on, last in zip(ordered, online, seen, strict=True)
        if (on is not None and on >= now - FRESH_SECONDS)
        or (last is not None and last >= now - grace)
    }
