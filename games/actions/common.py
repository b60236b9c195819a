"""What every action shares: the German refusal, the clock constants, and ``schedule`` – the
deadline of the new phase plus what follows the commit (the announcement that the match is at a
new version, then the bots' turns and the move timer).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import queue
from games.clock import phase_clock
from games.kinds import kind_of
from games.models import Match, Seat
from games.signals import match_changed

log = logging.getLogger("speedgames.games")

#: seconds after the deadline before the server plays the timeout action
TIMER_GRACE = float(getattr(settings, "TIMER_GRACE", 1.5))
#: a human whose connection is gone this long is replaced by a bot
LEAVE_GRACE = int(getattr(settings, "LEAVE_GRACE", 90))
#: after a round end the next deal waits this long, so everyone can read the round summary
ROUND_PAUSE = float(getattr(settings, "ROUND_PAUSE", 4.0))
#: a move timer due this close to now is the one that rings (``arm_timer``)
RING_SLACK = 1.0
#: how many moves the ticker keeps (their public events)
RECENT_MOVES = 8

#: what a player reads when the database failed during their move (nothing was played)
DB_TROUBLE = _(
    "Der Server hat gerade ein Problem – dein Zug wurde nicht gespielt. "
    "Bitte versuch es gleich noch einmal."
)
#: what the mover reads when the move is stored but Redis (pushes, bot turns, the move timer) is
#: out of reach: the others' pages catch up by their periodic check, the sweep re-arms the rest
OUTAGE = _("Verbindung zum Server gestört – dein Zug ist gespeichert.")
#: the answer to a choice sent from inside a simultaneous phase that has been decided meanwhile
#: (Speedbasar's doubt window: the first press wins)
LATE = _("Zu spät – jemand anderes war schneller. Du siehst jetzt, wie es ausging.")


class ActionRejected(Exception):
    """An action that changes nothing; ``message`` is German and shown to the player.
    ``version``: the match's version when the move was refused, where it got that far (``None``
    for a message refused before the match was read) – the socket uses it to tell whether the
    page has the current board already or only needs the message."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        self.version: int | None = None


def bot_seats(seats: Iterable[Seat]) -> dict[int, str]:
    """Seat index -> strength of every seat a computer plays."""
    return {s.index: s.bot_strength for s in seats if s.bot_strength}


def schedule(
    match: Match,
    engine: Any,
    state: Any,
    *,
    phase_changed: bool = True,
    pause: float = 0.0,
    seats: list[Seat] | None = None,
    events: list[Any] | None = None,
    defer: bool = True,
) -> Callable[[], None]:
    """Set the phase deadline (the clock runs while a person, not a bot, is to act; a
    simultaneous phase keeps the deadline it started with, or its stopped clock). Callers store
    ``deadline``, ``timer_due`` and ``clock_left``. Returns what announces the new
    version (``games.signals.match_changed``: the broadcast renders and pushes every seat's
    board) and schedules the bots' turns and the timer; with ``defer`` that also runs after the
    commit of the current transaction."""
    running = match.status == Match.Status.RUNNING
    if seats is None or not running:
        seats = list(match.seats.all())  # a finished match: the seats carry their places now
    bots = bot_seats(seats) if running else {}
    actors = engine.actors(state) if running else frozenset()
    humans_to_act = running and any(s not in bots for s in actors)
    if not humans_to_act:
        match.deadline = match.clock_left = None
    elif phase_changed or (match.deadline is None and match.clock_left is None):
        clock = phase_clock(engine, state, match, seats)
        match.deadline = (
            timezone.now() + timedelta(seconds=clock.seconds + clock.grace + pause)
            if clock
            else None
        )
        match.clock_left = None  # a new phase, a new clock: nothing stopped any more
    # else: the phase goes on with its deadline – or stays stopped (``clock_left``, its person
    # away: a bot's choice in a simultaneous phase starts no fresh clock)
    match_id, version = match.pk, match.version
    timer = arm_timer(match)
    bot_actors = sorted(s for s in actors if s in bots)
    delays = {
        s: max(match.bot_delay, engine.bot_earliest(state, s, solo=match.solo)) + pause
        for s in bot_actors
    }

    def go() -> None:
        if match.version != version:
            return  # a later change in the same transaction announces and schedules its own
        match.timer_unsent = False  # type: ignore[attr-defined]
        announce(match, seats, state, events or [])
        if not schedule_followups(match_id, version, timer, delays):
            match.delivery_trouble = True

    if defer:
        transaction.on_commit(go, robust=True)
    return go


def arm_timer(match: Match, *, ringing: bool = False) -> float | None:
    """The move timer for ``match.deadline``: the seconds until a new timer task should run, or
    ``None`` when none is needed – no deadline, or the timer task already sent runs before the
    deadline is due (``Match.timer_due``) and, finding it later, re-arms for it
    (``timers.run_timeout``). One pending timer per match instead of one task per move: with
    120 s to think, each move used to leave a task waiting in the worker's memory for two
    minutes (1,000 tables: tens of thousands), and sending it was a tenth of a move's CPU.
    ``ringing``: asked by the timer that rings now, which is not pending any more even if its
    due time is a moment ahead (another machine's clock)."""
    if match.deadline is None:
        return None
    if not kind_of(match).timer_task:  # a Fernpartie: the beat sweep finds the due deadline
        match.timer_due = None
        return None
    now = timezone.now()
    due = match.deadline + timedelta(seconds=TIMER_GRACE)
    pending = match.timer_due is not None and not getattr(match, "timer_unsent", False)
    soonest = now + timedelta(seconds=RING_SLACK) if ringing else now
    if pending and soonest <= match.timer_due <= due:  # type: ignore[operator]
        return None  # the pending timer runs in time and re-arms for this deadline
    match.timer_due = due
    # not sent before the commit: a later change in the same transaction must send its own
    match.timer_unsent = True  # type: ignore[attr-defined]
    return max(0.0, (due - now).total_seconds())


def announce(match: Match, seats: list[Seat], state: Any, events: list[Any]) -> None:
    """Tell the listeners that the committed match is at ``match.version``. A failing listener
    is logged (``match_changed``); the sockets catch up on their next update."""
    match_changed.send(match=match, seats=seats, state=state, events=events)


def schedule_followups(
    match_id: int, version: int, timer: float | None, bot_delays: dict[int, float]
) -> bool:
    """Hand the bots' turns of ``version`` and the move timer (in ``timer`` seconds, if one is to
    be sent: ``arm_timer``) to the worker (``games.queue``).
    Returns False when the broker (Redis) could not take them: the move is committed all the
    same, and the sweep (``timers.sweep``, every few seconds) re-arms waiting bots and overdue
    timers once Redis is back."""
    try:
        for seat, delay in bot_delays.items():
            queue.bot_turn(match_id, version, seat, delay)
        if timer is not None:
            queue.move_timeout(match_id, version, timer)
    except Exception as exc:  # noqa: BLE001 - kombu's OperationalError, redis errors: same answer
        log.warning("follow-ups of match=%s version=%s not queued: %s", match_id, version, exc)
        return False
    return True
