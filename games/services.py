"""The only code that changes a match (the "actions" layer).

Every change runs in one transaction that locks the match row, checks the version the client or
task saw (in a simultaneous phase any version from inside the phase, while the seat still has to
choose), applies the engine, appends the move log, keeps the move's public events for the ticker
and saves the state with the phase deadline. After the commit every person's seat is sent its own
rendered board and the follow-up tasks are handed to ``games.queue`` (bot turns, the timer).
Celery tasks carry the version they were scheduled for, so a late, repeated or stale task does
nothing. The round pause after a round end comes from the engine (``ends_round``).
"""

from __future__ import annotations

import json
import logging
import random
import secrets
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection, transaction
from django.db.models import F
from django.db.models.functions import Greatest
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import wallet
from accounts.models import Guest, User
from games import queue
from games.engines.base import Action, IllegalAction, InvalidOptions, get_engine, new_seed
from games.models import Match, Move, Seat
from games.signals import match_finished

log = logging.getLogger("speedgames.games")

#: seconds after the deadline before the server plays the timeout action
TIMER_GRACE = float(getattr(settings, "TIMER_GRACE", 1.5))
#: a human whose connection is gone this long is replaced by a bot
LEAVE_GRACE = int(getattr(settings, "LEAVE_GRACE", 90))
#: leaving after this long loses a paid stake (seed: "nach mehr als zwei Minuten")
LATE_LEAVE = timedelta(minutes=2)
#: after a round end the next deal waits this long, so everyone can read the round summary
ROUND_PAUSE = float(getattr(settings, "ROUND_PAUSE", 4.0))
#: how many moves the ticker keeps (their public events)
RECENT_MOVES = 8


#: what a player reads when the database failed during their move (nothing was played)
DB_TROUBLE = "Der Server hat gerade ein Problem – dein Zug wurde nicht gespielt. Bitte versuch es gleich noch einmal."


class ActionRejected(Exception):
    """An action that changes nothing; ``message`` is German and shown to the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class SeatSpec:
    """Who sits on a seat at the start: a person (user or guest) or a bot of a strength."""

    name: str
    user: User | None = None
    guest: Guest | None = None
    bot_strength: str = ""

    @property
    def is_human(self) -> bool:
        return not self.bot_strength


# -- starting -------------------------------------------------------------------------------------
def start_match(
    game: str,
    seats: list[SeatSpec],
    options: dict[str, Any] | None = None,
    *,
    table: Any = None,
    move_seconds: int | None = None,
    bot_delay: float = 1.0,
    stake: int = 0,
    solo: bool = False,
    seed: int | None = None,
    deck: list[str] | None = None,
) -> Match:
    """Create a running match; collect stakes from the registered humans (all or nothing)."""
    engine = get_engine(game)
    try:
        options = engine.validate_options(options, len(seats))
        seed = new_seed() if seed is None else seed
        state = engine.new_game(len(seats), options, seed, deck)
    except InvalidOptions as exc:
        raise ActionRejected(exc.message) from exc
    with transaction.atomic():
        match = Match.objects.create(
            game=game,
            table=table,
            players=len(seats),
            options=options,
            seed=seed,
            deck=deck,
            state=engine.to_json(state),
            move_seconds=move_seconds or None,
            bot_delay=bot_delay,
            stake=stake,
            solo=solo,
            phase_key=engine.simultaneous_key(state) or "",
        )
        for index, spec in enumerate(seats):
            seat = Seat.objects.create(
                match=match,
                index=index,
                user=spec.user,
                guest=spec.guest,
                name=spec.name,
                bot_strength=spec.bot_strength,
                is_human=spec.is_human,
            )
            if stake and spec.is_human:
                if spec.user is None:
                    raise ActionRejected(_("Gäste spielen nur an Tischen ohne Einsatz."))
                try:
                    wallet.hold(spec.user, stake, ref=f"match:{match.pk}")
                except wallet.InsufficientFunds as exc:
                    raise ActionRejected(
                        _("%(name)s hat nicht genug Taler für den Einsatz.") % {"name": spec.name}
                    ) from exc
                seat.stake_paid = stake
                seat.save(update_fields=["stake_paid"])
        _schedule(match, engine, state, phase_changed=True)
        match.save(update_fields=["deadline"])
        log.info("match start match=%s game=%s players=%s", match.pk, game, len(seats))
    return match


# -- playing --------------------------------------------------------------------------------------
def play(
    match_id: int,
    seat_index: int,
    action: Any,
    *,
    version: int,
    by: str = Move.By.HUMAN,
) -> Match:
    """Apply ``action`` for ``seat_index`` as seen at ``version``. Raises ``ActionRejected`` and
    changes nothing when the match is over, the version is stale, or the engine says the move is
    illegal. In a simultaneous phase a version from inside the phase is not stale while the seat
    still has to choose: another seat's choice does not invalidate this one.

    On PostgreSQL an ordinary move takes two statements: one read of the match with its seats and
    one conditional write (``UPDATE … WHERE version = …`` with the move log in the same
    statement). A move that lost a race for its version, or one that ends the match (stakes,
    places and leaderboard points are written with it), takes the locked path instead."""
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise ActionRejected(
            _("Dieser Zug kam ohne gültigen Spielstand – bitte lade die Seite neu.")
        )
    if _optimistic_ok():
        match = _play_optimistic(match_id, seat_index, action, version=version, by=by)
        if match is not None:
            return match
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        try:
            _apply(match, seat_index, action, version=version, by=by)
        except ActionRejected as exc:
            _log_rejected(match, seat_index, version, exc)
            raise
    return match


def _log_rejected(match: Match, seat_index: int, version: int, exc: ActionRejected) -> None:
    log.info(
        "rejected match=%s seat=%s version=%s/%s reason=%s",
        match.pk,
        seat_index,
        version,
        match.version,
        exc.message,
    )


def _log_move(match: Match, seat_index: int, by: str) -> None:
    # DEBUG: every move is on record in games_move; at INFO a busy site wrote hundreds of lines a
    # second, and the handler's lock was a measurable part of a move
    log.debug("move match=%s seat=%s version=%s by=%s", match.pk, seat_index, match.version, by)


def _optimistic_ok() -> bool:
    # inside a caller's transaction (a test, an atomic block) the caller's semantics stay
    return connection.vendor == "postgresql" and not connection.in_atomic_block


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


def _play_optimistic(
    match_id: int, seat_index: int, action: Any, *, version: int, by: str
) -> Match | None:
    """The move without a lock: decided on one snapshot, stored by one conditional write.
    Returns ``None`` when the locked path must do it (the write lost a race, or the match ends)."""
    match, seats = load_match(match_id, cache_seats=False)
    try:
        done = _apply(match, seat_index, action, version=version, by=by, seats=seats, store=False)
    except ActionRejected as exc:
        _log_rejected(match, seat_index, version, exc)
        raise
    if done is None or not _store_move(match, seat_index, action, by):
        return None
    _log_move(match, seat_index, by)
    done()
    return match


@lru_cache(maxsize=1)
def _store_sql() -> str:
    q = connection.ops.quote_name
    m, mv = Match._meta, Move._meta
    col = {f.name: q(f.column) for f in m.concrete_fields}
    mcol = {f.name: q(f.column) for f in mv.concrete_fields}
    sets = ", ".join(
        f"{col[f]} = %s" + ("::jsonb" if f in ("state", "recent") else "") for f in _STORED
    )
    return (
        f"WITH up AS (UPDATE {q(m.db_table)} SET {sets}"
        f" WHERE {col['id']} = %s AND {col['version']} = %s AND {col['status']} = %s"
        f" RETURNING {col['id']})"
        f" INSERT INTO {q(mv.db_table)} ({mcol['match']}, {mcol['number']}, {mcol['seat']},"
        f" {mcol['action']}, {mcol['by']}, {mcol['created']})"
        f" SELECT {col['id']}, %s, %s, %s::jsonb, %s, %s FROM up"
    )


#: what an ordinary (not finishing) move changes on the match row
_STORED = ("version", "state", "updated", "deadline", "recent", "phase_key", "phase_since")


def _store_move(match: Match, seat_index: int, action: Any, by: str) -> bool:
    """One statement (PostgreSQL): the match row at its new version if it is still at the
    previous one and running, and the move log entry with it. Returns whether it was written."""
    params = [
        match.version,
        json.dumps(match.state),
        match.updated,
        match.deadline,
        json.dumps(match.recent),
        match.phase_key,
        match.phase_since,
        match.pk,
        match.version - 1,
        Match.Status.RUNNING,
        match.version,
        seat_index,
        json.dumps(action),
        by,
        match.updated,
    ]
    with connection.cursor() as cursor:
        cursor.execute(_store_sql(), params)
        return cursor.rowcount == 1


def _apply(
    match: Match,
    seat_index: int,
    action: Any,
    *,
    version: int,
    by: str,
    seats: list[Seat] | None = None,
    store: bool = True,
) -> Callable[[], None] | None:
    """Check the move and apply it to ``match`` in memory. With ``store`` (the locked path) it
    also writes the move log and the match row, and the pushes follow the commit. Without, the
    caller stores the move itself and then calls the returned function (pushes and follow-ups);
    a move that would end the match returns ``None`` there and changes nothing."""
    if match.status != Match.Status.RUNNING:
        raise ActionRejected(_("Die Partie ist schon vorbei."))
    if not isinstance(seat_index, int) or not 0 <= seat_index < match.players:
        raise ActionRejected(_("Du sitzt nicht an diesem Tisch."))
    if seats is None:
        seats = list(match.seats.all())
    if by == Move.By.HUMAN and seats[seat_index].bot_strength:
        raise ActionRejected(
            _(
                "Der Computer spielt gerade für dich – drück „Ich bin wieder da“, um weiterzuspielen."
            )
        )
    engine = get_engine(match.game)
    state = engine.from_json(match.state)
    if version != match.version:
        in_phase = bool(match.phase_key) and match.phase_since <= version < match.version
        if not in_phase:
            if _lost_race(match, version):
                raise ActionRejected(LATE)
            raise ActionRejected(_("Das Spiel ist schon weiter – du siehst jetzt den neuen Stand."))
        if seat_index not in engine.actors(state):
            raise ActionRejected(_("Du hast in dieser Runde schon gewählt."))
    try:
        events = engine.apply(state, seat_index, action)
    except IllegalAction as exc:
        raise ActionRejected(exc.message) from exc
    result = engine.result(state)
    if result is not None and not store:
        return None  # the locked path finishes the match
    match.version += 1
    if store:
        Move.objects.create(
            match=match, number=match.version, seat=seat_index, action=action, by=by
        )
    match.state = engine.to_json(state)
    match.updated = timezone.now()
    match.recent = [
        *(match.recent or [])[-(RECENT_MOVES - 1) :],
        # "phase": the simultaneous phase the move was made in (to tell a lost race later)
        {
            "v": match.version,
            "seat": seat_index,
            "by": by,
            "events": events,
            "phase": match.phase_key,
        },
    ]
    key = engine.simultaneous_key(state) or ""
    phase_changed = key != match.phase_key or not key
    if phase_changed:
        match.phase_key = key
        match.phase_since = match.version
    if store:
        _log_move(match, seat_index, by)
    if result is not None:
        _finish(match, result.to_json())
    pause = ROUND_PAUSE if engine.ends_round(events) else 0.0
    done = _schedule(
        match, engine, state, phase_changed=phase_changed, pause=pause, seats=seats, defer=store
    )
    if store:
        match.save(update_fields=[*_STORED, "status", "result", "finished"])
    return done


#: the answer to a choice sent from inside a simultaneous phase that has been decided meanwhile
#: (Speedbasar's doubt window: the first press wins)
LATE = _("Zu spät – jemand anderes war schneller. Du siehst jetzt, wie es ausging.")


def _lost_race(match: Match, version: int) -> bool:
    """Whether the move right after ``version`` was made inside a simultaneous phase: a choice
    sent with ``version`` was then a press in that phase that came too late."""
    following = next((e for e in match.recent or [] if e.get("v") == version + 1), None)
    return bool(following and following.get("phase"))


def _schedule(
    match: Match,
    engine: Any,
    state: Any,
    *,
    phase_changed: bool = True,
    pause: float = 0.0,
    seats: list[Seat] | None = None,
    defer: bool = True,
) -> Callable[[], None]:
    """Set the phase deadline (the clock runs while a person, not a bot, is to act; a
    simultaneous phase keeps the deadline it started with). Returns what pushes every seat its
    new board and schedules the bots' turns and the timer; with ``defer`` that also runs after
    the commit of the current transaction."""
    running = match.status == Match.Status.RUNNING
    if seats is None or not running:
        seats = list(match.seats.all())  # a finished match: the seats carry their places now
    bots = _bot_seats(seats) if running else {}
    actors = engine.actors(state) if running else frozenset()
    humans_to_act = running and any(s not in bots for s in actors)
    if not humans_to_act:
        match.deadline = None
    elif phase_changed or match.deadline is None:
        clock = engine.phase_clock(state, match.move_seconds, solo=match.solo)
        match.deadline = (
            timezone.now() + timedelta(seconds=clock.seconds + clock.grace + pause)
            if clock
            else None
        )
    match_id, version, deadline = match.pk, match.version, match.deadline
    bot_actors = sorted(s for s in actors if s in bots)
    delays = {
        s: max(match.bot_delay, engine.bot_earliest(state, s, solo=match.solo)) + pause
        for s in bot_actors
    }

    def go() -> None:
        if match.version != version:
            return  # a later change in the same transaction pushes and schedules its own
        try:
            broadcast_match(match, seats, state)
        except Exception:  # the move is committed; the sockets catch up on their next update
            log.exception("broadcast failed match=%s version=%s", match_id, version)
        schedule_followups(match_id, version, deadline, delays)

    if defer:
        transaction.on_commit(go)
    return go


def _bot_seats(seats: Iterable[Seat]) -> dict[int, str]:
    """Seat index -> strength of every seat a computer plays."""
    return {s.index: s.bot_strength for s in seats if s.bot_strength}


def _finish(match: Match, result: dict[str, Any]) -> None:
    seats = list(match.seats.select_related("user").all())
    counts = not any(s.is_guest for s in seats)
    result["counts_for_leaderboard"] = counts
    match.status = Match.Status.FINISHED
    match.finished = timezone.now()
    match.deadline = None
    payouts = _settle_stakes(match, seats, result)
    result["payouts"] = {str(k): v for k, v in payouts.items()}
    match.result = result
    for seat in seats:
        seat.place = result["places"][seat.index]
        seat.score = result["scores"][seat.index]
        # only people get leaderboard points (a person who left and whose seat a bot finished
        # is still a person); bot seats get none
        scored = counts and seat.is_human
        seat.leaderboard_points = result["leaderboard"][seat.index] if scored else None
        seat.payout = payouts.get(seat.index, 0)
        seat.save(update_fields=["place", "score", "leaderboard_points", "payout"])
    match_finished.send(sender=Match, match=match, seats=seats)
    log.info("match end match=%s winners=%s", match.pk, result["winners"])


def _settle_stakes(match: Match, seats: list[Seat], result: dict[str, Any]) -> dict[int, int]:
    """The pot goes to the best-placed humans (split evenly, odd Taler to the first in seat order);
    a lone human gets the stake back; who left after two minutes loses it."""
    payers = [s for s in seats if s.stake_paid and s.user_id]
    if not payers:
        return {}
    ref = f"match:{match.pk}"
    if len(payers) == 1:
        wallet.refund(payers[0].user, payers[0].stake_paid, ref=ref)  # type: ignore[arg-type]
        return {payers[0].index: payers[0].stake_paid}
    pot = sum(s.stake_paid for s in payers)
    eligible = [s for s in payers if s.left_at is None or s.left_at - match.created <= LATE_LEAVE]
    if not eligible:
        eligible = payers
    best = min(result["places"][s.index] for s in eligible)
    winners = [s.index for s in eligible if result["places"][s.index] == best]
    shares = wallet.split_pot(pot, winners)
    by_index = {s.index: s for s in seats}
    for index, amount in shares.items():
        if amount:
            wallet.pay_out(by_index[index].user, amount, ref=ref)  # type: ignore[arg-type]
    return shares


# -- timers and bots ------------------------------------------------------------------------------
def run_timeout(match_id: int, version: int) -> bool:
    """The move timer of ``version`` ran out: play the timeout action for every person still to act.
    Returns whether anything was played (stale or early calls do nothing)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if (
            match.status != Match.Status.RUNNING
            or match.version != version
            or match.deadline is None
            or timezone.now() < match.deadline
        ):
            return False
        engine = get_engine(match.game)
        state = engine.from_json(match.state)
        bots = _bot_seats(match.seats.all())
        for seat in sorted(engine.actors(state)):
            if seat in bots or match.status != Match.Status.RUNNING:
                continue
            if match.version != version:
                # a simultaneous phase: refresh the state after the previous timeout move
                state = engine.from_json(match.state)
                if seat not in engine.actors(state):
                    continue
            action = engine.timeout_action(state, seat)
            _apply(match, seat, action, version=match.version, by=Move.By.TIMEOUT)
        return match.version != version


def run_bot(match_id: int, version: int, seat_index: int) -> bool:
    """A bot's turn: decide from the seat's view only (outside the lock), then play it if the
    match is still at ``version``."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.RUNNING or match.version != version:
        return False
    strength = _bot_seats(match.seats.all()).get(seat_index)
    if not strength:
        return False
    engine = get_engine(match.game)
    state = engine.from_json(match.state)
    if seat_index not in engine.actors(state):
        return False
    view = engine.view(state, seat_index)
    legal = engine.legal_actions(state, seat_index)
    action = engine.bot(strength).choose(view, legal, random.Random(secrets.randbits(64)))
    try:
        play(match_id, seat_index, action, version=version, by=Move.By.BOT)
    except ActionRejected:
        return False
    return True


def schedule_followups(
    match_id: int, version: int, deadline: Any, bot_delays: dict[int, float]
) -> None:
    for seat, delay in bot_delays.items():
        queue.bot_turn(match_id, version, seat, delay)
    if deadline is not None:
        wait = max(0.0, (deadline - timezone.now()).total_seconds()) + TIMER_GRACE
        queue.move_timeout(match_id, version, wait)


Broadcast = list[tuple[str, dict[str, Any]]]

_local = threading.local()


@contextmanager
def collecting_broadcasts() -> Iterator[Broadcast]:
    """Inside this block (in one thread) broadcasts are collected instead of sent: a consumer
    sends them itself from its event loop (``send_broadcasts``) rather than blocking a worker
    thread until the loop has time for them."""
    out: Broadcast = []
    _local.outbox = out
    try:
        yield out
    finally:
        _local.outbox = None


async def send_broadcasts(layer: Any, messages: Broadcast) -> None:
    for group, message in messages:
        await layer.group_send(group, message)


def broadcast_match(match: Match, seats: list[Seat], state: Any) -> None:
    """Push the new board: each person's seat gets its own rendering (from ``engine.view`` for that
    seat, so nobody receives another seat's cards), spectators are told to render theirs."""
    from games.rendering import render_seat_boards

    version = match.version
    boards = render_seat_boards(match, seats, state)
    match.pushed_boards = boards  # an HTTP move answers with the mover's board from here
    messages: Broadcast = []
    if boards:  # one publish per move: each seat's socket forwards only its own seat's board
        messages.append(
            (
                players_group(match.pk),
                {
                    "type": "match.boards",
                    "version": version,
                    "boards": {str(index): html for index, html in boards.items()},
                },
            )
        )
    if match.watchers:
        messages.append((watch_group(match.pk), {"type": "match.update", "version": version}))
    outbox = getattr(_local, "outbox", None)
    if outbox is not None:
        outbox.extend(messages)
        return
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(send_broadcasts)(layer, messages)


def players_group(match_id: int) -> str:
    """The sockets of the people at the table (spectators: ``watch_group``). A move publishes
    every seat's board in one message to it; Redis stays inside the server, and each socket
    sends on only the board of its own seat."""
    return f"match-{match_id}-seats"


def watch_group(match_id: int) -> str:
    return f"match-{match_id}-watch"


def sweep() -> dict[str, int]:
    """Re-arm what a worker restart may have lost: overdue timers, waiting bots, and seats whose
    person has been gone longer than ``LEAVE_GRACE``. Safe to run any time."""
    now = timezone.now()
    out = {"timers": 0, "bots": 0, "left": 0}
    overdue = Match.objects.filter(
        status=Match.Status.RUNNING, deadline__lt=now - timedelta(seconds=TIMER_GRACE + 2)
    )
    for match_id, version in overdue.values_list("id", "version"):
        queue.move_timeout(match_id, version, 0)
        out["timers"] += 1
    for seat in Seat.objects.filter(
        match__status=Match.Status.RUNNING,
        is_human=True,
        bot_strength="",
        last_seen__lt=now - timedelta(seconds=LEAVE_GRACE),
    ).select_related("match"):
        replace_with_bot(seat.match_id, seat.index, reason="gone")
        out["left"] += 1
    stale = Match.objects.filter(
        status=Match.Status.RUNNING,
        updated__lt=now - timedelta(seconds=5),
        seats__bot_strength__gt="",
    ).distinct()
    for match in stale.prefetch_related("seats"):
        bots = _bot_seats(match.seats.all())
        if not bots:
            continue
        engine = get_engine(match.game)
        for seat in engine.actors(engine.from_json(match.state)):
            if seat in bots and match.updated < now - timedelta(seconds=match.bot_delay + 5):
                queue.bot_turn(match.pk, match.version, seat, 0)
                out["bots"] += 1
    return out


# -- seats ----------------------------------------------------------------------------------------
def replace_with_bot(match_id: int, seat_index: int, *, reason: str = "left") -> None:
    """A person left (button or gone too long): a bot plays the seat to the end."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        seat = match.seats.get(index=seat_index)
        if match.status != Match.Status.RUNNING or seat.bot_strength:
            return
        seat.bot_strength = match.table.bot_strength if match.table_id else "normal"
        seat.left_at = timezone.now()
        seat.save(update_fields=["bot_strength", "left_at"])
        match.version += 1  # the seat list changed: clients re-render, old tasks are void
        engine = get_engine(match.game)
        _schedule(match, engine, engine.from_json(match.state))
        match.save(update_fields=["version", "deadline"])
        log.info("seat left match=%s seat=%s reason=%s", match.pk, seat_index, reason)


def reclaim_seat(match_id: int, seat_index: int) -> bool:
    """The person whose seat a bot took over is back („Ich bin wieder da“): from now on only the
    person plays the seat. The leaving stays on record (``left_at``: the seed's penalties for
    leaving apply as before). Returns whether the seat changed hands."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        seat = match.seats.get(index=seat_index)
        if match.status != Match.Status.RUNNING or not seat.is_human or not seat.bot_strength:
            return False
        seat.bot_strength = ""
        seat.disconnected_at = None
        seat.save(update_fields=["bot_strength", "disconnected_at"])
        match.version += 1  # a bot task scheduled for the old version now does nothing
        engine = get_engine(match.game)
        _schedule(match, engine, engine.from_json(match.state))
        match.save(update_fields=["version", "deadline"])
        log.info("seat reclaimed match=%s seat=%s", match.pk, seat_index)
        return True


#: how often an open match socket says its person is still there
HEARTBEAT_SECONDS = float(settings.HEARTBEAT_SECONDS)


def set_connected(match_id: int, seat_index: int, connected: bool) -> None:
    now = timezone.now()
    if connected:
        Seat.objects.filter(match_id=match_id, index=seat_index).update(
            disconnected_at=None, last_seen=now
        )
    else:
        Seat.objects.filter(match_id=match_id, index=seat_index).update(disconnected_at=now)


def count_watcher(match_id: int, delta: int) -> None:
    """A spectator socket opened (+1) or closed (−1): moves publish the public board only while
    the count is above zero. A crashed server may leave it too high – that costs a publish, never
    a missed board – and it never goes below zero."""
    Match.objects.filter(pk=match_id).update(watchers=Greatest(F("watchers") + delta, 0))


def touch_seat(match_id: int, seat_index: int) -> None:
    """The person's page is still open (socket heartbeat or board poll): presence by expiry, so a
    connection lost in any way – a crashed handler, a killed server – ends in a bot taking over
    after ``LEAVE_GRACE``. At most one write per seat every few seconds."""
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


def current_version(match_id: int) -> int | None:
    """The match's version (``None``: no such match) – what a page's sync check compares."""
    return Match.objects.filter(pk=match_id).values_list("version", flat=True).first()


def set_pref(seat: Seat, key: str, value: Any) -> None:
    seat.prefs = {**seat.prefs, key: value}
    seat.save(update_fields=["prefs"])


def parse_action(raw: Any) -> Action:
    """An action from a client: a dict of plain values (anything else is rejected). The engine
    decides legality; this only refuses shapes no engine accepts."""
    if not isinstance(raw, dict):
        raise ActionRejected(_("Unbekannter Zug."))
    action = {
        k: v for k, v in raw.items() if k not in {"HEADERS", "version", "csrfmiddlewaretoken", "op"}
    }
    if not isinstance(action.get("type"), str) or len(action) > 8:
        raise ActionRejected(_("Unbekannter Zug."))
    for key, value in action.items():
        if not isinstance(key, str) or not _plain(value):
            raise ActionRejected(_("Unbekannter Zug."))
    return action


def _plain(value: Any) -> bool:
    """A plain value, or a short list of plain strings and numbers (Speedbasar lays
    ``"cards": ["K7"]``)."""
    if isinstance(value, list):
        return len(value) <= 8 and all(
            isinstance(v, str | int) and not isinstance(v, bool) for v in value
        )
    return isinstance(value, str | int | bool | type(None))


def parse_version(raw: Any) -> int:
    """The board version a client sent with its move: a non-negative whole number (ASCII digits),
    anything else is refused – a move is never applied without knowing what the player saw."""
    if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0:
        return raw
    if isinstance(raw, str) and 0 < len(raw) < 12 and raw.isascii() and raw.isdigit():
        return int(raw)
    raise ActionRejected(_("Dieser Zug kam ohne gültigen Spielstand – bitte lade die Seite neu."))
