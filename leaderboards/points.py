"""What a finished match is worth on the leaderboard, per seat (the rules in ``docs/rules/``).

- Speedone: per round, the winner +10, the others −6 at four, −5 at three, −4 at two; in partner
  mode the winning team +10 each, the losers −5 each (the engine's ``Result.leaderboard``). Leaving
  after more than two minutes: −10.
- Speedtrödel: the final points (never below 0) plus a place bonus 10/5/2 (the engine's
  ``Result.leaderboard``). Leaving a game with other people early: −10.
- Speedbasar and Speedwerk: place points against the table – +3 for every player you finish ahead
  of, −3 for every player ahead of you (tied players count nothing). Leaving after more than two
  minutes: −10.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

#: who leaves after this long is penalised (Speedone, Speedbasar, Speedwerk)
LATE_LEAVE = timedelta(minutes=2)
LEAVE_PENALTY = -10
#: Speedbasar and Speedwerk: points per opponent beaten (or lost to)
PLACE_STEP = 3

ENGINE_POINTS = ("speedone", "speedtroedel")


def place_points(places: list[int], seat: int, step: int = PLACE_STEP) -> int:
    """+``step`` for each seat with a worse place, −``step`` for each seat with a better one."""
    mine = places[seat]
    return step * sum((p > mine) - (p < mine) for i, p in enumerate(places) if i != seat)


def base_points(game: str, result: dict[str, Any], seat: int) -> int:
    if game in ENGINE_POINTS:
        return int(result["leaderboard"][seat])
    return place_points(list(result["places"]), seat)


def leave_penalty(game: str, match: Any, seat: Any, seats: list[Any]) -> int:
    """The penalty (0 or ``LEAVE_PENALTY``) for a seat whose person left the running match."""
    if seat.left_at is None:
        return 0
    if game == "speedtroedel":
        others = any(s.is_human and s.index != seat.index for s in seats)
        return LEAVE_PENALTY if others else 0
    return LEAVE_PENALTY if seat.left_at - match.created > LATE_LEAVE else 0


def seat_points(match: Any, seat: Any, seats: list[Any], result: dict[str, Any]) -> tuple[int, int]:
    """``(points, penalty)`` of one seat; ``points`` already includes the penalty."""
    penalty = leave_penalty(match.game, match, seat, seats)
    return base_points(match.game, result, seat.index) + penalty, penalty
