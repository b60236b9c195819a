"""A Fernpartie: a table of people played turn-based, a move every few hours or days.

The seat stays its person's while they are away (no computer takes it over after
``LEAVE_GRACE``), the move clock (``Table.move_seconds``: 12 hours, a day or three days) is the
match's stored deadline, which the beat sweep finds when it is due (no task waits days in the
broker), and at the deadline the rules' timeout move is played as at a live table. Whoever lets
the clock run out ``timeouts_to_leave`` times in a row has left the game (the seeds' leaving rule:
the computer plays the seat to the end, the leaving penalty counts)."""

from __future__ import annotations

from typing import Any

from games.kinds.base import Away
from games.kinds.table import Table

#: the time per move a table may choose for a Fernpartie: 12 hours, a day, three days
MOVE_SECONDS = (12 * 3600, 24 * 3600, 3 * 24 * 3600)
#: a Fernpartie's own leaderboard and rating per game (like lichess's correspondence rating)
BOARD_SUFFIX = ":fern"


def fern_board(game: str) -> str:
    """The key of ``game``'s Fernpartien board and rating (``speedone:fern``)."""
    return f"{game}{BOARD_SUFFIX}"


class Correspondence(Table):
    name = "fern"
    away = Away.KEEP
    timer_task = False
    timeouts_to_leave = 3
    turn_alerts = True

    def board(self, match: Any) -> str:
        return fern_board(match.game)
