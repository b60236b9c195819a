"""What a finished match is worth on the leaderboard, per seat (the rules in ``docs/rules/``).

The game definition says it (``games.definition.GameDef``): ``points(result, seat)`` – by default
place points against the table (+3 for every player you finish ahead of, −3 for every player ahead
of you, tied players count nothing), or the engine's own ``Result.leaderboard`` where a game's
rules count differently – and ``leave_penalty(match, seat, seats)`` for a person who left the
running match (by default −10 after more than two minutes).
"""

from __future__ import annotations

from typing import Any

from games import registry
from games.definition import LATE_LEAVE, LEAVE_PENALTY, PLACE_STEP
from games.definition import place_points as _place_points

__all__ = ["LATE_LEAVE", "LEAVE_PENALTY", "PLACE_STEP", "place_points", "seat_points"]


def place_points(places: list[int], seat: int, step: int = PLACE_STEP) -> int:
    """+``step`` for each seat with a worse place, −``step`` for each seat with a better one."""
    return _place_points({"places": places}, seat, step)


def seat_points(match: Any, seat: Any, seats: list[Any], result: dict[str, Any]) -> tuple[int, int]:
    """``(points, penalty)`` of one seat; ``points`` already includes the penalty."""
    game = registry.get(match.game)
    penalty = game.leave_penalty(match, seat, seats)
    return game.points(result, seat.index) + penalty, penalty
