"""The Bedenkzeit of a match's current phase, given who is to act: the table's
``move_seconds``, halved (rounded up) when every person to act chose half the time – an arena
tournament's berserk (``Seat.prefs[HALF_CLOCK]``, set at the start; docs/tournaments.md). The
game's own clocks that are not the Bedenkzeit (Speedbasar's doubt window, Speedtrödel's
Nachfrist) stay as they are: ``Engine.phase_clock`` decides from the seconds it is given."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.engines.base import PhaseClock

#: the seat preference of a person who plays the match on half the Bedenkzeit
HALF_CLOCK = "berserk"


def move_seconds(match: Any, actors: Iterable[int], seats: Iterable[Any]) -> int | None:
    """The Bedenkzeit of a phase these seats act in (``None``/0: no clock)."""
    seconds: int | None = match.move_seconds
    if not seconds:
        return seconds
    acting = set(actors)
    people = [s for s in seats if s.index in acting and s.is_human and not s.bot_strength]
    if people and all(s.prefs.get(HALF_CLOCK) for s in people):
        return (seconds + 1) // 2
    return seconds


def phase_clock(engine: Any, state: Any, match: Any, seats: Iterable[Any]) -> PhaseClock | None:
    """``engine.phase_clock`` with the phase's Bedenkzeit (``move_seconds``)."""
    seconds = move_seconds(match, engine.actors(state), seats)
    clock: PhaseClock | None = engine.phase_clock(state, seconds, solo=match.solo)
    return clock
