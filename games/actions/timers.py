"""What the worker runs (``games.tasks``): the move timer, the bots' turns, and the sweep that
re-arms what a worker restart may have lost. Every task carries the version it was scheduled for,
so a late, repeated or stale bot task does nothing; the move timer is one pending task per
match that plays the timeout once the match's current deadline has passed.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from games import kinds, presence, queue
from games.actions.common import (
    LEAVE_GRACE,
    TIMER_GRACE,
    ActionRejected,
    arm_timer,
    bot_seats,
)
from games.actions.moves import apply_move, play
from games.actions.seats import pause_clock, replace_with_bot
from games.engines.base import bot_rng, get_engine
from games.kinds import Away
from games.models import Match, Move, Seat


def run_timeout(match_id: int, version: int) -> bool:
    """The move timer (sent at ``version``) rang: if the match's current deadline has passed,
    play the timeout action for every person still to act. Moves since it was sent leave it
    alone (``common.arm_timer``: one pending timer per match), so a deadline still ahead re-arms
    it for that deadline unless another timer that runs in time is pending. Returns whether
    anything was played (early, repeated or finished calls play nothing)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:  # deleted meanwhile (staff, a benchmark's clean-up): nothing to time
            return False
        if match.status != Match.Status.RUNNING or match.deadline is None:
            return False
        if timezone.now() < match.deadline:
            _rearm(match)
            return False
        if pause_clock(match, list(match.seats.all())):
            return False  # the kind waits for its person, who is away: the clock stops
        version = match.version
        engine = get_engine(match.game, match.rules_version)
        state = engine.from_json(match.state)
        bots = bot_seats(match.seats.all())
        timed_out: list[int] = []
        for seat in sorted(engine.actors(state)):
            if seat in bots or match.status != Match.Status.RUNNING:
                continue
            if match.version != version:
                # a simultaneous phase: refresh the state after the previous timeout move
                state = engine.from_json(match.state)
                if seat not in engine.actors(state):
                    continue
            action = engine.timeout_action(state, seat)
            apply_move(match, seat, action, version=match.version, by=Move.By.TIMEOUT)
            timed_out.append(seat)
        played = match.version != version
    if played:
        _leave_after_timeouts(match, timed_out)
    return played


def _leave_after_timeouts(match: Match, seats: list[int]) -> None:
    """The seeds' leaving rule for whoever let the clock run out ``timeouts_to_leave`` times in
    a row (a Fernpartie): the computer plays the seat on, as if they had pressed „Partie
    verlassen“ (the leaving penalty counts)."""
    limit = kinds.kind_of(match).timeouts_to_leave
    if not limit:
        return
    for seat in seats:
        last = Move.objects.filter(match_id=match.pk, seat=seat).order_by("-number")[:limit]
        by = [m.by for m in last]
        if len(by) == limit and all(b == Move.By.TIMEOUT for b in by):
            replace_with_bot(match.pk, seat, reason="left")


def _rearm(match: Match) -> None:
    """The deadline moved on since this timer was sent: a timer for it, after the commit, unless
    one that runs in time is pending (``arm_timer``)."""
    wait = arm_timer(match, ringing=True)
    if wait is None:
        return
    match.save(update_fields=["timer_due"])
    match_id, version = match.pk, match.version
    transaction.on_commit(lambda: queue.move_timeout(match_id, version, wait), robust=True)


def run_bot(match_id: int, version: int, seat_index: int) -> bool:
    """A bot's turn: decide from the seat's view only (outside the lock), then play it if the
    match is still at ``version``."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.RUNNING or match.version != version:
        return False
    strength = bot_seats(match.seats.all()).get(seat_index)
    if not strength:
        return False
    engine = get_engine(match.game, match.rules_version)
    state = engine.from_json(match.state)
    if seat_index not in engine.actors(state):
        return False
    view = engine.view(state, seat_index)
    legal = engine.legal_actions(state, seat_index)
    rng = bot_rng(match.bot_seed, version, seat_index)
    action = engine.bot(strength).choose(view, legal, rng)
    try:
        play(match_id, seat_index, action, version=version, by=Move.By.BOT)
    except ActionRejected:
        return False
    return True


def gone_seats(now: datetime) -> QuerySet[Seat]:
    """The seats the sweep hands to a computer: people gone longer than ``LEAVE_GRACE`` in a
    running match whose kind says so (``Away.BOT``); a kind that waits for its person stops the
    clock instead (``run_timeout``), a Fernpartie keeps the seat and its clock (``Away.KEEP``).
    The running matches of those kinds first (index ``(status, kind)``), then their seats:
    thousands of Fernpartien whose people are away for days are never read."""
    of_kind = Q(kind__in=kinds.names(lambda k: k.away == Away.BOT))
    # a match without a stored kind: a solo game or a table by ``Match.solo``
    if kinds.TABLE.away == Away.BOT:
        of_kind |= Q(kind="", solo=False)
    if kinds.SOLO.away == Away.BOT:
        of_kind |= Q(kind="", solo=True)
    live = Match.objects.filter(of_kind, status=Match.Status.RUNNING).values("id")
    return Seat.objects.filter(
        match_id__in=live,
        is_human=True,
        bot_strength="",
        **presence.gone_longer_than(LEAVE_GRACE, now),
    )


def quiet_bot_matches(now: datetime) -> QuerySet[Match]:
    """The running matches where a computer plays a seat and nothing happened for 5 s (a bot's
    turn may have been lost): one query on the partial index ``games_match_running_bots``
    (``updated`` where running and ``bot_seats``), so the Fernpartien of people alone – however
    many – are never read."""
    return Match.objects.filter(
        status=Match.Status.RUNNING, bot_seats=True, updated__lt=now - timedelta(seconds=5)
    )


def sweep() -> dict[str, int]:
    """Re-arm what a worker restart may have lost: overdue timers, waiting bots, and seats whose
    person has been gone longer than ``LEAVE_GRACE`` in a match whose kind gives such a seat to
    a computer. Safe to run any time."""
    now = timezone.now()
    out = {"timers": 0, "bots": 0, "left": 0}
    overdue = Match.objects.filter(
        status=Match.Status.RUNNING, deadline__lt=now - timedelta(seconds=TIMER_GRACE + 2)
    )
    for match_id, version in overdue.values_list("id", "version"):
        queue.move_timeout(match_id, version, 0)
        out["timers"] += 1
    # a computer takes the seat of a person gone too long – where the match's kind says so
    for seat in gone_seats(now):
        replace_with_bot(seat.match_id, seat.index, reason="gone")
        out["left"] += 1
    for match in quiet_bot_matches(now).prefetch_related("seats"):
        bots = bot_seats(match.seats.all())
        if not bots:
            continue
        engine = get_engine(match.game, match.rules_version)
        for seat in engine.actors(engine.from_json(match.state)):
            if seat in bots and match.updated < now - timedelta(seconds=match.bot_delay + 5):
                queue.bot_turn(match.pk, match.version, seat, 0)
                out["bots"] += 1
    return out
