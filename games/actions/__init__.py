"""The write path: every change to a match (the "actions" layer, after zulip's
``zerver/actions/``), one module per concern.

- ``start``: ``start_match`` (seats, first state, stakes held)
- ``moves``: ``play`` – the optimistic two-statement path and the locked path – and the parsing of
  what a client sent
- ``finish``: the end of a match (places, payouts, ``match_finished``)
- ``abort``: the staff aborts a running match (stakes back, nothing booked, ``match_aborted``)
- ``seats``: who plays a seat (leaving, „Ich bin wieder da“), what follows from a person being
  away (the match's kind: a bot after ``LEAVE_GRACE`` or the clock stops), spectators, switches,
  ``load_match``; who is connected now is ``games.presence``
- ``timers``: the worker's tasks (move timer, bot turns, sweep)

An action commits and then announces "match M is at version v" (``games.signals.match_changed``
with the seats, the state and the move's public events); it renders nothing. ``games.broadcast``
listens, renders each seat's board and publishes it. Callers write ``from games import actions``
and ``actions.play(...)``.
"""

from games.actions.abort import abort_match
from games.actions.common import (
    DB_TROUBLE,
    LATE,
    LEAVE_GRACE,
    OUTAGE,
    RECENT_MOVES,
    ROUND_PAUSE,
    TIMER_GRACE,
    ActionRejected,
    schedule_followups,
)
from games.actions.finish import finish_match
from games.actions.moves import parse_action, parse_version, play
from games.actions.seats import (
    count_watcher,
    current_versions,
    load_match,
    pause_clock,
    person_back,
    reclaim_seat,
    replace_with_bot,
    resume_where_present,
    set_pref,
    waits_for_its_person,
)
from games.actions.start import SeatSpec, start_match
from games.actions.timers import run_bot, run_timeout, sweep
from games.engines.base import Action
from games.presence import HEARTBEAT_SECONDS, set_connected, touch_seat, touch_seats

__all__ = [
    "DB_TROUBLE",
    "OUTAGE",
    "HEARTBEAT_SECONDS",
    "LATE",
    "LEAVE_GRACE",
    "RECENT_MOVES",
    "ROUND_PAUSE",
    "TIMER_GRACE",
    "Action",
    "ActionRejected",
    "SeatSpec",
    "abort_match",
    "count_watcher",
    "current_versions",
    "finish_match",
    "load_match",
    "parse_action",
    "parse_version",
    "pause_clock",
    "person_back",
    "play",
    "reclaim_seat",
    "replace_with_bot",
    "resume_where_present",
    "run_bot",
    "run_timeout",
    "schedule_followups",
    "set_connected",
    "set_pref",
    "start_match",
    "sweep",
    "touch_seat",
    "touch_seats",
    "waits_for_its_person",
]
