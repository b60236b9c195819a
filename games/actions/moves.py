"""Playing a move: check it against the version the player saw, apply the engine, log it, keep its
public events for the ticker, and store the new state with the phase deadline.

Two ways to store, one decision (``apply_move``):

- the optimistic path (PostgreSQL, outside a caller's transaction): the match and its seats are
  read in one statement, the move is decided on that snapshot, and one conditional statement
  writes the match row at the next version only if it is still at the previous one, with the move
  log in the same statement. No lock is taken. A move that finished a round whose points are
  booked per round writes that statement and the booking (``round_finished``) in one
  transaction. A move that lost the race is decided again; one that ends the match returns
  ``None`` from ``apply_move`` and goes
- the locked path: one transaction that locks the match row (``select_for_update``) and saves the
  move log and the row (and, for the last move, the stakes, places and ``match_finished``).

Either way the move is announced after it is committed (``games.signals.match_changed``, sent by
``common.schedule``) and the bots' turns and the timer are handed to ``games.queue``.
"""

from __future__ import annotations

import enum
import json
import logging
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.actions.common import LATE, RECENT_MOVES, ROUND_PAUSE, ActionRejected, schedule
from games.actions.finish import finish_match
from games.actions.seats import load_match
from games.engines.base import Action, IllegalAction, get_engine
from games.models import Match, Move, Seat
from games.registry import game as game_def
from games.registry import say
from games.signals import round_finished

log = logging.getLogger("speedgames.games")


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
    statement). A move whose write lost a race for its version is decided again on a fresh
    read (``OPTIMISTIC_TRIES``); one that ends the match (stakes, places and ``match_finished``
    go with it), or one that kept losing, takes the locked path instead."""
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise ActionRejected(
            _("Dieser Zug kam ohne gültigen Spielstand – bitte lade die Seite neu.")
        )
    if _optimistic_ok():
        for _attempt in range(OPTIMISTIC_TRIES):
            played = _play_optimistic(match_id, seat_index, action, version=version, by=by)
            if isinstance(played, Match):
                return played
            if played is _Outcome.ENDS:
                break
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        try:
            apply_move(match, seat_index, action, version=version, by=by)
        except ActionRejected as exc:
            _log_rejected(match, seat_index, version, exc)
            raise
    return match


def _log_rejected(match: Match, seat_index: int, version: int, exc: ActionRejected) -> None:
    """Log a refused move and note on ``exc`` the version the match was at. A press that came too
    late in a simultaneous phase is routine (every doubt window has one per player but the
    first): DEBUG, not INFO, where a busy site wrote a line for a fifth of all presses."""
    exc.version = match.version
    log.log(
        logging.DEBUG if exc.message == LATE else logging.INFO,
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


#: how often a move whose conditional write lost a race is decided again on a fresh snapshot
#: before it takes the lock. A lost race is mostly a simultaneous phase's second press (a doubt
#: window): decided again, it is refused as late in one read, where the locked path's ORM read,
#: transaction and seat query cost about a tenth of a busy Speedbasar process.
OPTIMISTIC_TRIES = 3


class _Outcome(enum.Enum):
    ENDS = "ends"  # the move would end the match: the locked path finishes it
    RACE = "race"  # the conditional write lost to another move: decide again


def _play_optimistic(
    match_id: int, seat_index: int, action: Any, *, version: int, by: str
) -> Match | _Outcome:
    """The move without a lock: decided on one snapshot, stored by one conditional write.
    Returns ``ENDS`` when the locked path must do it (the match ends) and ``RACE`` when the
    write lost a race (the match moved on since the snapshot: decided again, on a new one)."""
    match, seats = load_match(match_id, cache_seats=False)
    try:
        done = apply_move(
            match, seat_index, action, version=version, by=by, seats=seats, store=False
        )
    except ActionRejected as exc:
        _log_rejected(match, seat_index, version, exc)
        raise
    if done is None:
        return _Outcome.ENDS
    rounds = match.finished_round  # type: ignore[attr-defined]
    if rounds is None:
        if not _store_move(match, seat_index, action, by):
            return _Outcome.RACE
    else:  # the round's booking commits with the move, or neither does
        with transaction.atomic():
            if not _store_move(match, seat_index, action, by):
                return _Outcome.RACE
            round_finished.send(sender=Match, match=match, seats=seats, points=rounds)
    _log_move(match, seat_index, by)
    done()  # committed (autocommit): announce the version, schedule the follow-ups
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
_STORED = (
    "version",
    "state",
    "updated",
    "deadline",
    "timer_due",
    "clock_left",
    "recent",
    "phase_key",
    "phase_since",
)


def _store_move(match: Match, seat_index: int, action: Any, by: str) -> bool:
    """One statement (PostgreSQL): the match row at its new version if it is still at the
    previous one and running, and the move log entry with it. Returns whether it was written."""
    params = [
        match.version,
        json.dumps(match.state),
        match.updated,
        match.deadline,
        match.timer_due,
        match.clock_left,
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


def apply_move(
    match: Match,
    seat_index: int,
    action: Any,
    *,
    version: int,
    by: str,
    seats: list[Seat] | None = None,
    store: bool = True,
) -> Callable[[], None] | None:
    """Check the move and apply it to ``match`` in memory. With ``store`` (the locked path, inside
    the caller's transaction that holds the match row) it also writes the move log and the match
    row, finishes the match when the engine reports a result, and the announcement and follow-ups
    run after the commit. Without, the caller stores the move itself and then calls the returned
    function (announcement and follow-ups); a move that would end the match returns ``None`` there
    and changes nothing."""
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
    engine = get_engine(match.game, match.rules_version)
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
        raise ActionRejected(say(match.game, exc.msg)) from exc
    result = engine.result(state)
    rounds = _round_points(match.game, events)
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
    # a finished round is booked in the move's transaction: here on the locked path, by the
    # caller on the optimistic one (which writes the move first)
    match.finished_round = None if store else rounds  # type: ignore[attr-defined]
    if rounds is not None and store:
        round_finished.send(sender=Match, match=match, seats=seats, points=rounds)
    if result is not None:
        finish_match(match, result.to_json())
    pause = ROUND_PAUSE if engine.ends_round(events) else 0.0
    done = schedule(
        match,
        engine,
        state,
        phase_changed=phase_changed,
        pause=pause,
        seats=seats,
        events=events,
        defer=store,
    )
    if store:
        match.save(update_fields=[*_STORED, "status", "result", "finished"])
    return done


def _round_points(game: str, events: list[Any]) -> list[int] | None:
    """The leaderboard points of the round these events finished, for a game that books each
    round when it ends (``GameDef.round_points``); ``None`` otherwise."""
    definition = game_def(game)
    rule = definition.round_points if definition is not None else None
    return rule(events) if rule is not None and events else None


def _lost_race(match: Match, version: int) -> bool:
    """Whether the move right after ``version`` was made inside a simultaneous phase: a choice
    sent with ``version`` was then a press in that phase that came too late."""
    following = next((e for e in match.recent or [] if e.get("v") == version + 1), None)
    return bool(following and following.get("phase"))


def parse_action(raw: Any) -> Action:
    """An action from a client: a dict of plain values (anything else is rejected). The engine
    decides legality; this only refuses shapes no engine accepts.

    Strings must be Unicode text: JSON may escape a lone surrogate (``"\\ud800"``), which Python
    decodes into a ``str`` that cannot be encoded as UTF-8. An engine's refusal quoting such a
    card could then neither be sent over the socket nor answered to a POST (a 500)."""
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
        if not _text(key) or not all(_text(v) for v in _strings(value)):
            raise ActionRejected(_("Unbekannter Zug: er enthält ungültige Zeichen."))
    return action


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _text(value: str) -> bool:
    """Unicode text: no lone surrogates (the only ``str`` UTF-8 cannot encode)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _plain(value: Any) -> bool:
    """A plain value, or a short list of plain strings and numbers (a game may lay several cards
    at once: ``"cards": ["K7"]``)."""
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
