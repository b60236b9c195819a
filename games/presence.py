"""Presence: who is connected to a match now – nothing else. What follows from a person being
away (a computer takes the seat, or the clock stops) is the seat's business
(``games.actions.seats``), decided by the match's kind (``MatchKind.away``); the socket consumer
and the board poll only report here.

A seat's person is present while at least one of their pages is (two tabs, a phone and a
laptop: closing one leaves the seat present). Two records say so, both by expiry, so a
connection lost in any way – a crashed handler, a killed server – ends in absence:

- every open socket of the seat is an entry of its own in Redis (``seat_key``: a sorted set of
  the sockets' channel names, scored by when they expire; ``games.spectators.Admissions`` adds
  an entry when the socket opens, renews it every ``HEARTBEAT_SECONDS`` and removes it when the
  socket closes). ``open_sockets`` counts the live ones, across all web processes;
- the database's summary on the seat: ``Seat.last_seen``, refreshed by the sockets' heartbeat
  and the board poll (a page without a socket), and ``Seat.disconnected_at``, set when the
  seat's last open socket closed (the closing socket asks ``sockets_left``).

``anyone_connected`` asks both: a seat is away only when neither knows of a page. (Without
Redis the database alone answers – a closed socket then counts as gone even with a second tab
open, until that tab's next heartbeat.)"""

from __future__ import annotations

import time
from collections.abc import Iterable
from datetime import datetime, timedelta

import redis
from django.conf import settings
from django.db import connection
from django.utils import timezone

from accounts.presence import redis_client
from games.models import Seat

#: how often an open match socket says its person is still there
HEARTBEAT_SECONDS = float(settings.HEARTBEAT_SECONDS)
#: a page that has not said so for this long is gone (two missed heartbeats and a margin)
PRESENT_WINDOW = 2 * HEARTBEAT_SECONDS + 10
#: the sorted sets of open sockets in Redis (``games.spectators``: per client, per watched match,
#: per seat)
SOCKETS_PREFIX = f"{settings.CACHES['default'].get('KEY_PREFIX', 'sg')}:sockets"


def seat_key(match_id: int, seat_index: int) -> str:
    """The Redis sorted set of the seat's open sockets (members: channel names; scores: expiry)."""
    return f"{SOCKETS_PREFIX}:seat:{match_id}:{seat_index}"


def open_sockets(match_id: int, seat_indexes: Iterable[int]) -> dict[int, int] | None:
    """How many sockets of each seat are open now, across all web processes (entries not yet
    expired); ``None`` when Redis cannot tell."""
    indexes = list(seat_indexes)
    if not indexes:
        return {}
    try:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2)
        try:
            pipe = client.pipeline(transaction=False)
            for index in indexes:
                pipe.zcount(seat_key(match_id, index), f"({time.time()}", "+inf")
            counts = pipe.execute()
        finally:
            client.close()
    except (redis.RedisError, OSError):
        return None
    return {index: int(n) for index, n in zip(indexes, counts, strict=True)}


async def sockets_left(match_id: int, seat_index: int) -> int | None:
    """``open_sockets`` of one seat, asked from a socket's event loop (a socket of the seat has
    just closed: were there others?); ``None`` when Redis cannot tell."""
    try:
        return int(
            await redis_client().zcount(seat_key(match_id, seat_index), f"({time.time()}", "+inf")
        )
    except (redis.RedisError, OSError, RuntimeError):
        return None


def anyone_connected(match_id: int, seats: list[Seat], now: datetime | None = None) -> bool:
    """Whether the person of any of ``seats`` (of match ``match_id``) has the match open now: a
    page that spoke within ``PRESENT_WINDOW`` by the database's record (``is_present``), or an
    open socket by Redis's. Asked under the match's lock before the clock stops
    (``actions.pause_clock``)."""
    if any(is_present(s, now) for s in seats):
        return True
    counts = open_sockets(match_id, [s.index for s in seats])
    return bool(counts) and any(counts.values())


def set_connected(match_id: int, seat_index: int, connected: bool) -> None:
    """The database's record: a page of the seat opened (``connected``), or its last open socket
    closed (the consumer asks ``sockets_left`` first)."""
    now = timezone.now()
    if connected:
        Seat.objects.filter(match_id=match_id, index=seat_index).update(
            disconnected_at=None, last_seen=now
        )
    else:
        Seat.objects.filter(match_id=match_id, index=seat_index).update(disconnected_at=now)


def touch_seat(match_id: int, seat_index: int) -> None:
    """The person's page is still open (socket heartbeat or board poll). At most one write per
    seat every few seconds."""
    touch_seats([(match_id, seat_index)])


def touch_seats(seats: list[tuple[int, int]]) -> None:
    """``touch_seat`` for many ``(match_id, index)`` at once (a web process's heartbeat for every
    seat its sockets hold), a statement per 500 seats; a seat touched in the last 5 s is left
    alone."""
    now = timezone.now()
    q, ops = connection.ops.quote_name, connection.ops
    col = {f: q(Seat._meta.get_field(f).column) for f in ("match", "index", "last_seen")}
    times = [ops.adapt_datetimefield_value(t) for t in (now, now - timedelta(seconds=5))]
    with connection.cursor() as cursor:
        for start in range(0, len(seats), 500):
            chunk = seats[start : start + 500]
            # one row-value list, not 500 ORed Q objects: Django took 140 ms to build those
            cursor.execute(
                f"UPDATE {q(Seat._meta.db_table)} SET {col['last_seen']} = %s"
                f" WHERE {col['last_seen']} < %s AND ({col['match']}, {col['index']})"
                f" IN (VALUES {', '.join(['(%s, %s)'] * len(chunk))})",
                [*times, *(x for seat in chunk for x in seat)],
            )


def away_since(seat: Seat) -> datetime:
    """Since when the seat's person has not been seen (their last sign of life, or the closing
    of their socket if that came later)."""
    gone = seat.disconnected_at
    return gone if gone is not None and gone > seat.last_seen else seat.last_seen


def is_present(seat: Seat, now: datetime | None = None) -> bool:
    """Whether the seat's person is connected now by the database's record: a page that spoke
    within ``PRESENT_WINDOW`` and no closing of the last socket since (``anyone_connected`` asks
    Redis's record of the open sockets too)."""
    now = now or timezone.now()
    if seat.disconnected_at is not None and seat.disconnected_at >= seat.last_seen:
        return False
    return seat.last_seen > now - timedelta(seconds=PRESENT_WINDOW)


def gone_longer_than(seconds: float, now: datetime | None = None) -> dict[str, datetime]:
    """The lookup on ``Seat`` for people not seen for ``seconds`` (the sweep's query)."""
    now = now or timezone.now()
    return {"last_seen__lt": now - timedelta(seconds=seconds)}
