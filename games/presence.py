"""Presence: who is connected to a match now – nothing else. What follows from a person being
away (a computer takes the seat, or the clock stops) is the seat's business
(``games.actions.seats``), decided by the match's kind (``MatchKind.away``); the socket consumer
and the board poll only report here.

A seat's person is present while their page says so: ``Seat.last_seen`` is refreshed by the
socket's heartbeat and the board poll (presence by expiry, so a connection lost in any way – a
crashed handler, a killed server – ends in absence), and ``Seat.disconnected_at`` is set when a
socket closes."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection
from django.utils import timezone

from games.models import Seat

#: how often an open match socket says its person is still there
HEARTBEAT_SECONDS = float(settings.HEARTBEAT_SECONDS)
#: a page that has not said so for this long is gone (two missed heartbeats and a margin)
PRESENT_WINDOW = 2 * HEARTBEAT_SECONDS + 10


def set_connected(match_id: int, seat_index: int, connected: bool) -> None:
    """A seat's socket opened (``connected``) or closed."""
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
    """Whether the seat's person is connected now: a page that spoke within ``PRESENT_WINDOW``
    and no closed socket since."""
    now = now or timezone.now()
    if seat.disconnected_at is not None and seat.disconnected_at >= seat.last_seen:
        return False
    return seat.last_seen > now - timedelta(seconds=PRESENT_WINDOW)


def gone_longer_than(seconds: float, now: datetime | None = None) -> dict[str, datetime]:
    """The lookup on ``Seat`` for people not seen for ``seconds`` (the sweep's query)."""
    now = now or timezone.now()
    return {"last_seen__lt": now - timedelta(seconds=seconds)}
