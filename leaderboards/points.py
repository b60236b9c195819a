"""What a finished match is worth on the leaderboard, per seat (the rules in ``docs/rules/``).

The game definition says it (``games.definition.GameDef``): ``points(result, seat)`` – by default
place points against the table (+3 for every player you finish ahead of, −3 for every player ahead
of you, tied players count nothing), or the engine's own ``Result.leaderboard`` where a game's
rules count differently – and ``leave_penalty(match, seat, seats)`` for a person who left the
running match (by default −10 after more than two minutes).

A seat the computer played to the end after its person left (``computer_finished``) is
worth its leaving penalty only: the computer's play is never booked to a person.
"""

from __future__ import annotations

from typing import Any

from games import registry


def computer_finished(seat: Any) -> bool:
    """The person left („Partie verlassen“) or was gone, and the computer still played the seat
    at the end (``bot_strength``; „Ich bin wieder da“ clears it). What the
    computer played is not the person's: no points but a leaving penalty, no rating, no personal
    best, no daily rank, no Erfolge."""
    return bool(seat.is_human and seat.bot_strength)


def seat_points(match: Any, seat: Any, seats: list[Any], result: dict[str, Any]) -> tuple[int, int]:
    """``(points, penalty)`` of one seat; ``points`` already includes the penalty (and is only the
    penalty where the computer finished the seat)."""
    game = registry.get(match.game)
    penalty = game.leave_penalty(match, seat, seats)
    if computer_finished(seat):
        return penalty, penalty
    return game.points(result, seat.index) + penalty, penalty
