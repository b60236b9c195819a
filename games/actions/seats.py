"""Seats: who plays a seat (a person who left, a bot, the person back again), what follows from a
person being away – the match's kind decides (``MatchKind.away``): a computer takes the seat
after ``LEAVE_GRACE`` (a table), or the move clock stops until the person is back (a game alone
against the computer) –, the spectator count, the seat's switches, and ``load_match`` – the
one-query read of a match with its seats that every move and every socket push starts from.
Who is connected now is ``games.presence``'s business; the socket consumer reports there and
calls ``person_back`` here, it decides nothing.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from functools import lru_cache
from typing import Any

from django.db import connection, transaction
from django.db.models import F
from django.db.models.functions import Greatest
from django.utils import timezone

from games import presence
from games.actions.common import RECENT_MOVES, announce, arm_timer, schedule, schedule_followups
from games.clock import phase_clock
from games.engines.base import get_engine
from games.kinds import Away, kind_of
from games.models import PREFS_REVISION, Match, Seat
from games.presence import set_connected

log = logging.getLogger("speedgames.games")


def load_match(match_id: int, *, cache_seats: bool = True) -> tuple[Match, list[Seat]]:
    """The match and its seats in one query (one consistent snapshot); with ``cache_seats``
    ``match.seats.all()`` answers from them. Raises ``Match.DoesNotExist``.

    Every move and every socket push asks this, so on PostgreSQL the statement is built once per
    process (Django's SQL compiler would cost more than the query itself)."""
    if connection.vendor == "postgresql":
        sql, seat_fields, match_fields = _load_sql()
        with connection.cursor() as cursor:
            cursor.execute(sql, [match_id])
            rows = cursor.fetchall()
        if not rows:
            raise Match.DoesNotExist(f"match {match_id}")
        n = len(seat_fields)
        match = Match.from_db(connection.alias, None, _convert(match_fields, rows[0][n:]))
        seats = [Seat.from_db(connection.alias, None, _convert(seat_fields, r[:n])) for r in rows]
    else:
        seats = list(
            Seat.objects.select_related("match").filter(match_id=match_id).order_by("index")
        )
        if not seats:
            raise Match.DoesNotExist(f"match {match_id}")
        match = seats[0].match
    for seat in seats:
        seat.match = match
    if not cache_seats:  # the move itself passes the seats along
        return match, seats
    prefetched = Seat.objects.filter(match_id=match_id)
    prefetched._result_cache = seats
    prefetched._prefetch_done = True
    match._prefetched_objects_cache = {"seats": prefetched}
    return match, seats


@lru_cache(maxsize=1)
def _load_sql() -> tuple[str, list[Any], list[Any]]:
    q = connection.ops.quote_name
    seat_fields, match_fields = list(Seat._meta.concrete_fields), list(Match._meta.concrete_fields)
    columns = [f"s.{q(f.column)}" for f in seat_fields] + [f"m.{q(f.column)}" for f in match_fields]
    sql = (
        f"SELECT {', '.join(columns)} FROM {q(Seat._meta.db_table)} s"
        f" JOIN {q(Match._meta.db_table)} m ON m.{q(Match._meta.pk.column)} = s.{q('match_id')}"
        f" WHERE s.{q('match_id')} = %s ORDER BY s.{q('index')}"
    )
    return sql, seat_fields, match_fields


def _convert(fields: list[Any], values: tuple[Any, ...]) -> list[Any]:
    """Database values as the ORM would give them (JSON columns arrive as text)."""
    return [
        f.from_db_value(v, None, connection) if hasattr(f, "from_db_value") else v
        for f, v in zip(fields, values, strict=True)
    ]


def current_versions(match_ids: list[int]) -> dict[int, int]:
    """Each match's version, in one query – what the pages' sync checks compare (a web process
    asks once for all its pages that checked within a second, ``consumers.SyncChecks``)."""
    return dict(Match.objects.filter(pk__in=match_ids).values_list("id", "version"))


def replace_with_bot(match_id: int, seat_index: int, *, reason: str = "left") -> None:
    """A person left (``reason`` "left": „Partie verlassen“) or is gone too long ("gone"): a bot
    plays the seat until the person comes back (``reclaim_seat``) or to the end. Only pressing
    the button is leaving on the spot (``left_at``); who is gone and comes back before the end
    has not left (``Seat.left_time``)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        seat = match.seats.get(index=seat_index)
        if match.status != Match.Status.RUNNING or seat.bot_strength:
            return
        seat.bot_strength = match.table.bot_strength if match.table_id else "normal"
        if reason == "left":
            seat.left_at = timezone.now()
        seat.save(update_fields=["bot_strength", "left_at"])
        match.bot_seats = True  # the sweep looks after the computer from now on
        match.version += 1  # the seat list changed: clients re-render, old tasks are void
        _note_in_ticker(match, seat_index, "seat_left" if reason == "left" else "seat_gone")
        engine = get_engine(match.game, match.rules_version)
        schedule(match, engine, engine.from_json(match.state))
        match.save(
            update_fields=["version", "deadline", "timer_due", "clock_left", "recent", "bot_seats"]
        )
        log.info("seat left match=%s seat=%s reason=%s", match.pk, seat_index, reason)


def _note_in_ticker(match: Match, seat_index: int, kind: str) -> None:
    """A seat changing hands in „Letzte Züge“ (``games.rendering.SEAT_EVENTS`` says it): who left
    („Partie verlassen“, ``seat_left``), who lost the connection (``seat_gone``), who is back."""
    match.recent = [
        *(match.recent or [])[-(RECENT_MOVES - 1) :],
        {
            "v": match.version,
            "seat": seat_index,
            "by": "seat",
            "events": [{"type": kind, "seat": seat_index}],
            "phase": "",
        },
    ]


def reclaim_seat(match_id: int, seat_index: int) -> bool:
    """The person whose seat a bot took over is back („Ich bin wieder da“): from now on only the
    person plays the seat, and everyone sees a person there again. A pressed „Partie verlassen“
    stays on record (``left_at``: the seed's penalties for leaving apply as before); a lost
    connection leaves no trace. Returns whether the seat changed hands."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        seat = match.seats.get(index=seat_index)
        if match.status != Match.Status.RUNNING or not seat.is_human or not seat.bot_strength:
            return False
        seat.bot_strength = ""
        seat.disconnected_at = None
        seat.save(update_fields=["bot_strength", "disconnected_at"])
        match.bot_seats = match.seats.exclude(bot_strength="").exists()
        match.version += 1  # a bot task scheduled for the old version now does nothing
        _note_in_ticker(match, seat_index, "seat_back")
        engine = get_engine(match.game, match.rules_version)
        schedule(match, engine, engine.from_json(match.state))
        match.save(
            update_fields=["version", "deadline", "timer_due", "clock_left", "recent", "bot_seats"]
        )
        log.info("seat reclaimed match=%s seat=%s", match.pk, seat_index)
        return True


#: a resumed clock gives at least this many seconds (time to see the board again)
RESUME_AT_LEAST = 5.0


def waits_for_its_person(match: Match) -> bool:
    """The match's kind keeps the seat for its person while they are away (``Away.WAIT``)."""
    return kind_of(match).away == Away.WAIT


def pause_clock(match: Match, seats: list[Seat]) -> bool:
    """Inside the caller's transaction, ``match`` locked: stop the move clock of a match that
    waits for its person while a person to act is away, keeping the time that was left when
    they went (``Match.clock_left``). Returns whether it stopped."""
    if (
        match.status != Match.Status.RUNNING
        or match.deadline is None
        or not waits_for_its_person(match)
    ):
        return False
    engine = get_engine(match.game, match.rules_version)
    state = engine.from_json(match.state)
    actors = engine.actors(state)
    waiting = [s for s in seats if s.index in actors and s.is_human and not s.bot_strength]
    now = timezone.now()
    # under the match's lock: a page that opens reports itself first and then takes this lock
    # (``person_back``), so it either is seen here or finds the stopped clock and resumes it
    if not waiting or presence.anyone_connected(match.pk, waiting, now):
        return False
    since = min(presence.away_since(s) for s in waiting)
    left = max(0.0, (match.deadline - since).total_seconds())
    clock = phase_clock(engine, state, match, seats)
    if clock:  # gone before this phase began: at most the phase's whole clock
        left = min(left, clock.seconds + clock.grace)
    match.clock_left = left
    match.deadline = None
    match.timer_due = None
    match.version += 1  # the countdown disappears from the boards; queued timers are void
    match.save(update_fields=["clock_left", "deadline", "timer_due", "version"])
    transaction.on_commit(lambda: announce(match, seats, state, []), robust=True)
    log.info("clock paused match=%s left=%.1f", match.pk, match.clock_left)
    return True


def person_back(match_id: int, seat_index: int) -> bool:
    """The seat's person has the match open (a socket opened, the board poll, a socket's
    heartbeat found the clock stopped): presence says so, and a clock stopped while they were
    away runs on with the time that was left (at least ``RESUME_AT_LEAST``), never a fresh one.
    Returns whether a clock was resumed.

    Asked on every opening of a match that waits for its person, not only when the page saw a
    stopped clock: the presence record is written first and the match's lock taken after it –
    a clock stopping at that moment (``pause_clock``, under the same lock) either sees the page
    or is resumed here."""
    set_connected(match_id, seat_index, True)
    with transaction.atomic():
        # the lock by the key alone: a condition on ``clock_left`` would be judged on the
        # snapshot before a stopping clock's commit and skip the row without waiting for it
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.clock_left is None:
            return False
        left, match.clock_left = match.clock_left, None
        if match.status != Match.Status.RUNNING or match.deadline is not None:
            match.save(update_fields=["clock_left"])  # a move since then set its own clock
            return False
        match.deadline = timezone.now() + timedelta(seconds=max(left, RESUME_AT_LEAST))
        match.version += 1
        timer = arm_timer(match)
        match.save(update_fields=["clock_left", "deadline", "timer_due", "version"])
        seats = list(match.seats.all())
        engine = get_engine(match.game, match.rules_version)
        state = engine.from_json(match.state)
        match_id, version = match.pk, match.version

        def go() -> None:
            match.timer_unsent = False  # type: ignore[attr-defined]
            announce(match, seats, state, [])
            schedule_followups(match_id, version, timer, {})

        transaction.on_commit(go, robust=True)
        log.info("clock resumed match=%s left=%.1f", match_id, left)
        return True


def resume_where_present(seats: list[tuple[int, int]]) -> int:
    """A web process's heartbeat for the seats its sockets hold (``(match_id, index)``): a clock
    that stopped although one of them is open runs on – whatever made the stop miss the page
    (a Redis that lost its entries, a heartbeat that failed), an open page never waits longer
    than a beat. One query; returns how many clocks resumed."""
    if not seats:
        return 0
    held: dict[int, int] = dict(seats)
    stopped = Match.objects.filter(
        pk__in=list(held),
        status=Match.Status.RUNNING,
        deadline__isnull=True,
        clock_left__isnull=False,
    ).values_list("pk", flat=True)
    return sum(person_back(match_id, held[match_id]) for match_id in stopped)


def count_watcher(match_id: int, delta: int) -> None:
    """A spectator socket opened (+1) or closed (−1): moves publish the public board only while
    the count is above zero. A crashed server may leave it too high – that costs a publish, never
    a missed board – and it never goes below zero."""
    Match.objects.filter(pk=match_id).update(watchers=Greatest(F("watchers") + delta, 0))


def set_pref(seat: Seat, key: str, value: Any) -> None:
    """A switch of the seat (hand sorting, a game's helps …), kept for the match; each one
    counts up the seat's ``PREFS_REVISION``."""
    seat.prefs = {**seat.prefs, key: value, PREFS_REVISION: seat.prefs.get(PREFS_REVISION, 0) + 1}
    seat.save(update_fields=["prefs"])
